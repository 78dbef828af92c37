// In front of `next start`: a static file is answered with its Brotli copy when the client accepts Brotli, with the
// headers Next's own answer has (e2e/desk-shell.spec.ts compares them); anything else goes on to Next unchanged.
import { readFile, stat } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { extname, join } from "node:path";

/** The build's list of precompressed files, relative to its folder: `{ "files": ["static/chunks/….js", …] }`. */
export const MANIFEST_NAME = "precompressed-static.json";

const CONTENT_TYPES = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=UTF-8",
  ".txt": "text/plain; charset=UTF-8",
};

/** The file types the build compresses (and this preload knows the Content-Type of). */
export const COMPRESSIBLE_EXTENSIONS = Object.keys(CONTENT_TYPES);

/**
 * Whether an Accept-Encoding header lets the answer be Brotli: `br` named with a weight above 0 (or `*` and `br` not
 * refused), and gzip, the other coding the server sends, not preferred to it.
 */
export function acceptsBrotli(header) {
  if (typeof header !== "string" || header === "") return false;
  const weights = new Map();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split("=");
      if (key === "q") q = Number(value);
    }
    if (Number.isNaN(q)) continue;
    weights.set(name.trim(), q);
  }
  const br = weights.get("br") ?? weights.get("*") ?? 0;
  if (!(br > 0)) return false;
  return br >= (weights.get("gzip") ?? 0);
}

/** The build's precompressed files as a set of URL paths (`/_next/static/…`), or an empty set when there is none. */
export function readPrecompressedIndex(distDir) {
  try {
    const manifest = JSON.parse(readFileSync(join(distDir, MANIFEST_NAME), "utf8"));
    const files = Array.isArray(manifest?.files) ? manifest.files : [];
    return new Set(files.filter((f) => typeof f === "string" && f.startsWith("static/") && !f.includes("..")).map((f) => `/_next/${f}`));
  } catch {
    return new Set();
  }
}

/**
 * A request listener's front: `take(req, res, fallThrough)` returns true when it has taken the request (answered it,
 * or is reading the file to), false when the request is Next's. `fallThrough()` hands a taken request back to Next if
 * the file cannot be read.
 */
export function precompressedStatic(distDir) {
  const index = readPrecompressedIndex(distDir);
  /** @type {Map<string, Promise<{ body: Buffer; etag: string; lastModified: string } | null>>} */
  const loaded = new Map();
  const load = (urlPath) => {
    let entry = loaded.get(urlPath);
    if (!entry) {
      const file = join(distDir, urlPath.slice("/_next/".length));
      entry = Promise.all([readFile(`${file}.br`), stat(`${file}.br`), stat(file)]).then(
        ([body, brStat, sourceStat]) => ({
          body,
          // One tag per representation: the Brotli copy's is not the one Next gives the file's gzip answer.
          etag: `W/"${body.length.toString(16)}-${Math.floor(brStat.mtimeMs).toString(16)}-br"`,
          lastModified: sourceStat.mtime.toUTCString(),
        }),
        () => null,
      );
      loaded.set(urlPath, entry);
    }
    return entry;
  };
  const answer = (req, res, file, urlPath) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("Last-Modified", file.lastModified);
    res.setHeader("ETag", file.etag);
    res.setHeader("Vary", "Accept-Encoding");
    const match = req.headers["if-none-match"];
    if (typeof match === "string" && match.split(",").some((tag) => tag.trim() === file.etag || tag.trim() === "*")) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.statusCode = 200;
    res.setHeader("Content-Type", CONTENT_TYPES[extname(urlPath)] ?? "application/octet-stream");
    res.setHeader("Content-Encoding", "br");
    res.setHeader("Content-Length", file.body.length);
    res.end(req.method === "HEAD" ? undefined : file.body);
  };
  return function take(req, res, fallThrough) {
    if (index.size === 0 || (req.method !== "GET" && req.method !== "HEAD")) return false;
    const url = req.url ?? "";
    const query = url.indexOf("?");
    const urlPath = query === -1 ? url : url.slice(0, query);
    if (!index.has(urlPath) || req.headers.range !== undefined || !acceptsBrotli(req.headers["accept-encoding"])) return false;
    load(urlPath).then((file) => {
      if (file) answer(req, res, file, urlPath);
      else {
        // Gone from disk since the build (a folder being replaced): Next answers, and keeps answering.
        index.delete(urlPath);
        fallThrough();
      }
    });
    return true;
  };
}
