// Preloaded into `next start` (node --import, scripts/embedded.ts): the build's static files go out as their Brotli
// copies when the client accepts Brotli (scripts/precompressed-static.mjs); every other request reaches Next as before.
import http from "node:http";
import { resolve } from "node:path";
import { precompressedStatic } from "./precompressed-static.mjs";

const take = precompressedStatic(resolve(process.env.NEXT_DIST_DIR ?? ".next"));
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function precompressedFirst(event, ...args) {
  if (event === "request" && take(args[0], args[1], () => emit.call(this, event, ...args))) return true;
  return emit.call(this, event, ...args);
};
