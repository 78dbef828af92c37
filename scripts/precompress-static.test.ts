import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { firstLoadFilesWithoutBrotliCopy, MIN_BYTES, precompressStatic } from "./precompress-static";
import { MANIFEST_NAME } from "./precompressed-static.mjs";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Text that compresses, of about `bytes` bytes. */
const text = (label: string, bytes: number) => `/* ${label} */\n${"function f(a){return a+1}\n".repeat(Math.ceil(bytes / 26))}`;

/** A build folder with static files of each kind, and a page whose first load is `layout.js` and `page.js`. */
function fakeBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), "precompress-"));
  dirs.push(dist);
  mkdirSync(join(dist, "static", "chunks"), { recursive: true });
  mkdirSync(join(dist, "static", "media"), { recursive: true });
  mkdirSync(join(dist, "server", "app", "page"), { recursive: true });
  writeFileSync(join(dist, "build-manifest.json"), JSON.stringify({ rootMainFiles: ["static/chunks/layout.js"] }));
  writeFileSync(
    join(dist, "server", "app", "page", "page_client-reference-manifest.js"),
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {}; globalThis.__RSC_MANIFEST["/page"] = {"entryJSFiles":{"p":["static/chunks/page.js","static/chunks/tiny.js"]}};`,
  );
  writeFileSync(join(dist, "static", "chunks", "layout.js"), text("layout", 40_000));
  writeFileSync(join(dist, "static", "chunks", "page.js"), text("page", 5_000));
  writeFileSync(join(dist, "static", "chunks", "tiny.js"), "self.x=1;\n");
  writeFileSync(join(dist, "static", "chunks", "styles.css"), `.a{color:red}\n`.repeat(200));
  writeFileSync(join(dist, "static", "chunks", "page.js.map"), JSON.stringify({ mappings: "A".repeat(4000) }));
  writeFileSync(join(dist, "static", "media", "icons.svg"), `<svg xmlns="http://www.w3.org/2000/svg">${"<path d='M0 0h1'/>".repeat(100)}</svg>`);
  writeFileSync(join(dist, "static", "media", "font.woff2"), Buffer.alloc(4000, 7));
  return dist;
}

const manifestOf = (dist: string) => JSON.parse(readFileSync(join(dist, MANIFEST_NAME), "utf8")) as { files: string[] };

describe("Brotli copies of the build's static files", () => {
  it("writes a copy of every script, stylesheet and SVG of 1 kB or more, and lists them", async () => {
    const dist = fakeBuild();
    const result = await precompressStatic(dist);
    const expected = ["static/chunks/layout.js", "static/chunks/page.js", "static/chunks/styles.css", "static/media/icons.svg"];
    expect(result.files).toEqual(expected);
    expect(manifestOf(dist).files).toEqual(expected);
    for (const file of expected) expect(brotliDecompressSync(readFileSync(join(dist, `${file}.br`)))).toEqual(readFileSync(join(dist, file)));
    expect(result.brotliBytes).toBeLessThan(result.sourceBytes / 10);
    // Below the threshold, source maps and already-compressed files: none.
    expect(readFileSync(join(dist, "static", "chunks", "tiny.js")).length).toBeLessThan(MIN_BYTES);
    for (const file of ["chunks/tiny.js", "chunks/page.js.map", "media/font.woff2"]) expect(existsSync(join(dist, "static", `${file}.br`))).toBe(false);
  });

  it("gives the same files when run again, and removes the copy of a file the build no longer has", async () => {
    const dist = fakeBuild();
    await precompressStatic(dist);
    const first = readFileSync(join(dist, "static", "chunks", "layout.js.br"));
    unlinkSync(join(dist, "static", "chunks", "page.js"));
    writeFileSync(join(dist, "static", "chunks", "left.js.br.tmp"), "half");
    const again = await precompressStatic(dist);
    expect(again.files).toEqual(["static/chunks/layout.js", "static/chunks/styles.css", "static/media/icons.svg"]);
    expect(readFileSync(join(dist, "static", "chunks", "layout.js.br"))).toEqual(first);
    expect(existsSync(join(dist, "static", "chunks", "page.js.br"))).toBe(false);
    expect(existsSync(join(dist, "static", "chunks", "left.js.br.tmp"))).toBe(false);
  });

  it("a file that Brotli does not make smaller keeps no copy", async () => {
    const dist = fakeBuild();
    // Random bytes do not compress.
    writeFileSync(join(dist, "static", "chunks", "random.js"), randomBytes(3000));
    const result = await precompressStatic(dist);
    expect(result.files).not.toContain("static/chunks/random.js");
  });

  it("the build check names first-load files without a copy, or with a copy that is not the file as served", async () => {
    const dist = fakeBuild();
    expect(firstLoadFilesWithoutBrotliCopy(dist)).toEqual(["static/chunks/layout.js", "static/chunks/page.js", "static/chunks/styles.css"]);
    await precompressStatic(dist);
    expect(firstLoadFilesWithoutBrotliCopy(dist)).toEqual([]);
    // A chunk changed after its copy was made (a hook that ran in the wrong order).
    writeFileSync(join(dist, "static", "chunks", "page.js"), `//# allFunctionsCalledOnLoad\n${text("page", 5_000)}`);
    expect(firstLoadFilesWithoutBrotliCopy(dist)).toEqual(["static/chunks/page.js"]);
  });
});
