import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { checkVerbSource } from "../../test/support/verb-signature";

const root = join(import.meta.dirname, "..", "..");

function serverModules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return serverModules(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("lib/server verbs: one object with an explicit context", () => {
  it("no exported function takes the context positionally or optionally, and only the edges call getDeskContext", () => {
    const files = serverModules(join(root, "lib", "server"));
    expect(files.length).toBeGreaterThan(40);
    const violations = files.flatMap((file) => {
      const rel = relative(root, file).replace(/\\/g, "/");
      return checkVerbSource(rel, readFileSync(file, "utf8")).map((v) => `${v.file}:${v.line} ${v.name}: ${v.detail}`);
    });
    expect(violations).toEqual([]);
  });
});

describe("the verb checker", () => {
  const at = "lib/server/money/example.ts";

  it("accepts a verb taking { ctx, user, input } and a pure helper", () => {
    const source = `
      import type { DeskContext } from "../core/context";
      export async function listThings({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: { page: number } }) { return ctx.db; }
      export function formatCredits(n: number): string { return String(n); }
      export const label = (name: string) => name;
      function internal(ctx: DeskContext) { return ctx; }`;
    expect(checkVerbSource(at, source)).toEqual([]);
  });

  it("finds a context passed positionally, by name or by type", () => {
    const source = `
      export async function a(ctx: DeskContext, userId: string) {}
      export async function b(userId: string, desk: DeskContext) {}
      export const c = async (user: SessionUser, context: DeskContext | undefined) => {};`;
    const found = checkVerbSource(at, source);
    expect(found.map((v) => [v.name, v.rule])).toEqual([
      ["a", "positional-ctx"],
      ["b", "positional-ctx"],
      ["c", "positional-ctx"],
    ]);
  });

  it("finds an optional context and parameters beside the verb object", () => {
    const source = `
      interface Options { ctx?: DeskContext; fresh?: boolean }
      export async function a({ user, ctx }: { user: SessionUser; ctx?: DeskContext }) {}
      export async function b({ ctx = fallback }: { ctx: DeskContext }) {}
      export async function c(user: SessionUser, options: Options) {}
      export async function d({ ctx, user }: { ctx: DeskContext; user: SessionUser }, extra: number) {}
      export async function e({ ctx }: { ctx: DeskContext } = defaults) {}`;
    const found = checkVerbSource(at, source);
    expect(found.map((v) => [v.name, v.rule])).toEqual([
      ["a", "optional-ctx"],
      ["b", "optional-ctx"],
      ["c", "optional-ctx"],
      ["d", "positional-ctx"],
      ["e", "optional-ctx"],
    ]);
  });

  it("lets only core/, http/ and identity/auth.ts call getDeskContext", () => {
    const source = `export async function load() { const ctx = await getDeskContext(); return ctx; }`;
    expect(checkVerbSource("lib/server/portfolio/watchlists.ts", source).map((v) => v.rule)).toEqual(["getDeskContext-outside-edge"]);
    expect(checkVerbSource("lib/server/http/prefetch.ts", source)).toEqual([]);
    expect(checkVerbSource("lib/server/core/default-context.ts", source)).toEqual([]);
    expect(checkVerbSource("lib/server/identity/auth.ts", source)).toEqual([]);
    expect(checkVerbSource("lib/server/identity/users.ts", source)).toHaveLength(1);
  });
});
