import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressStatic } from "./precompress-static";
import { acceptsBrotli, readPrecompressedIndex } from "./precompressed-static.mjs";

describe("whether a client accepts Brotli", () => {
  it.each([
    ["gzip, deflate, br, zstd", true],
    ["br", true],
    ["BR;q=0.8, gzip;q=0.5", true],
    ["*", true],
    ["gzip, *;q=0.5", false],
    ["gzip;q=0.5, *", true],
    ["br;q=0, *", false],
    ["gzip, deflate", false],
    ["br;q=0.5, gzip", false],
    ["br;q=abc", false],
    ["", false],
    [undefined, false],
  ])("%s → %s", (header, expected) => {
    expect(acceptsBrotli(header)).toBe(expected);
  });
});

describe("npm start's answers with the Brotli copies (scripts/precompressed-static-preload.mjs in front of a server)", () => {
  let dist: string;
  let child: ChildProcess;
  let port: number;
  const chunk = () => readFileSync(join(dist, "static", "chunks", "page.js"));

  type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };
  const get = (path: string, headers: Record<string, string>, method = "GET") =>
    new Promise<Answer>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (part: Buffer) => parts.push(part));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      });
      req.on("error", reject);
      req.end();
    });

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), "precompressed-"));
    mkdirSync(join(dist, "static", "chunks"), { recursive: true });
    writeFileSync(join(dist, "static", "chunks", "page.js"), "function f(a){return a+1}\n".repeat(400));
    writeFileSync(join(dist, "static", "chunks", "gone.js"), "function g(a){return a+2}\n".repeat(400));
    writeFileSync(join(dist, "static", "chunks", "styles.css"), ".a{color:red}\n".repeat(200));
    writeFileSync(join(dist, "secret.txt"), "not static ".repeat(200));
    await precompressStatic(dist);
    // A server standing in for Next: it says that it answered, and what.
    const server = `const s = require("node:http").createServer((req, res) => { res.setHeader("x-answered-by", "next"); res.end("next " + req.method + " " + req.url); }); s.listen(0, "127.0.0.1", () => console.log(s.address().port));`;
    const preload = pathToFileURL(join(import.meta.dirname, "precompressed-static-preload.mjs")).href;
    child = spawn(process.execPath, ["--import", preload, "-e", server], { env: { ...process.env, NEXT_DIST_DIR: dist }, stdio: ["ignore", "pipe", "inherit"] });
    port = await new Promise<number>((resolve, reject) => {
      child.stdout?.once("data", (line: Buffer) => resolve(Number(line.toString().trim())));
      child.once("exit", (code) => reject(new Error(`the server exited (${code})`)));
    });
  });

  afterAll(() => {
    child?.kill();
    rmSync(dist, { recursive: true, force: true });
  });

  it("lists only the build's static files", () => {
    expect([...readPrecompressedIndex(dist)].sort()).toEqual(["/_next/static/chunks/gone.js", "/_next/static/chunks/page.js", "/_next/static/chunks/styles.css"]);
  });

  it("sends a static file's Brotli copy, with the headers of Next's answer for it, to a client that accepts Brotli", async () => {
    const answer = await get("/_next/static/chunks/page.js?dpl=build-1", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(answer.status).toBe(200);
    expect(answer.headers["x-answered-by"]).toBeUndefined();
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(chunk().length / 10);
    expect(brotliDecompressSync(answer.body)).toEqual(chunk());
    const css = await get("/_next/static/chunks/styles.css", { "accept-encoding": "br" });
    expect(css.headers["content-type"]).toBe("text/css; charset=UTF-8");
  });

  it("answers a HEAD with the headers only, and a request with the copy's tag with 304", async () => {
    const head = await get("/_next/static/chunks/page.js", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const etag = String(head.headers.etag);
    expect(etag).toMatch(/^W\/".+-br"$/);
    const again = await get("/_next/static/chunks/page.js", { "accept-encoding": "br", "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const other = await get("/_next/static/chunks/page.js", { "accept-encoding": "br", "if-none-match": 'W/"other"' });
    expect(other.status).toBe(200);
  });

  it("leaves to Next: a client without Brotli, a range, another method, a path not in the list, anything else", async () => {
    for (const [path, headers, method] of [
      ["/_next/static/chunks/page.js", { "accept-encoding": "gzip" }, "GET"],
      ["/_next/static/chunks/page.js", {}, "GET"],
      ["/_next/static/chunks/page.js", { "accept-encoding": "br", range: "bytes=0-99" }, "GET"],
      ["/_next/static/chunks/page.js", { "accept-encoding": "br" }, "POST"],
      ["/_next/static/chunks/page.js.br", { "accept-encoding": "br" }, "GET"],
      ["/_next/static/../secret.txt", { "accept-encoding": "br" }, "GET"],
      ["/_next/static/chunks/%2e%2e/%2e%2e/secret.txt", { "accept-encoding": "br" }, "GET"],
      ["/alerts", { "accept-encoding": "br" }, "GET"],
    ] as const) {
      const answer = await get(path, headers, method);
      expect(answer.headers["x-answered-by"], `${method} ${path}`).toBe("next");
      expect(answer.body.toString()).toBe(`next ${method} ${path}`);
    }
  });

  it("a file gone from disk since the build goes to Next, then and after", async () => {
    unlinkSync(join(dist, "static", "chunks", "gone.js.br"));
    for (let i = 0; i < 2; i++) {
      const answer = await get("/_next/static/chunks/gone.js", { "accept-encoding": "br" });
      expect(answer.headers["x-answered-by"]).toBe("next");
      expect(answer.body.toString()).toBe("next GET /_next/static/chunks/gone.js");
    }
  });
});
