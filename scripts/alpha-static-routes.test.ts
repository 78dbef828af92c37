import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ALPHA_ROUTES_DIR, GENERATED_MARK, alphaStaticRoutes, writeAlphaStaticRoutes } from "./alpha-static-routes";

describe("the static Alpha routes' generator", () => {
  it("writes every route once, removes a stale generated one with its empty folders, and leaves other files alone", () => {
    const root = mkdtempSync(join(tmpdir(), "alpha-static-routes-"));
    const stale = join(root, ALPHA_ROUTES_DIR, "v1", "gone", "deeper", "route.ts");
    mkdirSync(join(stale, ".."), { recursive: true });
    writeFileSync(stale, `${GENERATED_MARK}: old\n`);
    const own = join(root, ALPHA_ROUTES_DIR, "[...path]", "route.ts");
    mkdirSync(join(own, ".."), { recursive: true });
    writeFileSync(own, "export const GET = 1;\n");

    const first = writeAlphaStaticRoutes(root);
    expect(first.written.sort()).toEqual([...alphaStaticRoutes().keys()].sort());
    expect(first.removed).toEqual([`${ALPHA_ROUTES_DIR}/v1/gone/deeper/route.ts`]);
    expect(existsSync(join(root, ALPHA_ROUTES_DIR, "v1", "gone"))).toBe(false);
    expect(readFileSync(own, "utf8")).toBe("export const GET = 1;\n");
    expect(readFileSync(join(root, ALPHA_ROUTES_DIR, "v1", "news", "route.ts"), "utf8")).toContain('deskRoute("alphaGet", handleAlphaProxy)');

    expect(writeAlphaStaticRoutes(root)).toEqual({ written: [], removed: [] });
  });
});
