// Preloaded into `next start` (node --import): stamps every request with the address of the socket it came in on,
// under a header name random to this process, so the desk knows the real peer even when a client sends its own
// X-Forwarded-For (Next keeps a client's value rather than adding the peer). lib/server reads the name from the env.
import { randomBytes } from "node:crypto";
import http from "node:http";

const name = `x-alpha-desk-peer-${randomBytes(8).toString("hex")}`;
process.env.DESK_PEER_HEADER = name;
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function stampPeer(event, ...args) {
  const req = args[0];
  if ((event === "request" || event === "upgrade") && req && typeof req === "object" && req.headers) {
    req.headers[name] = req.socket?.remoteAddress ?? "";
  }
  return emit.call(this, event, ...args);
};
