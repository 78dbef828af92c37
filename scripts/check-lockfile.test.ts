import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkLockFile, findMissingOptionals, type LockFile } from "./check-lockfile";

const repoLock = (): LockFile => JSON.parse(readFileSync(new URL("../package-lock.json", import.meta.url), "utf8"));

/** The repository's own lock with one package entry removed, as a mirror lacking that binary would write it. */
function without(name: string): LockFile {
  const lock = repoLock();
  expect(lock.packages[`node_modules/${name}`], `${name} is in the lock`).toBeDefined();
  delete lock.packages[`node_modules/${name}`];
  return lock;
}

describe("package-lock.json platform packages", () => {
  it("the repository's lock holds every platform's optional packages", () => {
    expect(findMissingOptionals(repoLock())).toEqual([]);
    expect(() => checkLockFile(repoLock())).not.toThrow();
  });

  it.each([
    ["next", "@next/swc-darwin-arm64"],
    ["next", "@next/swc-win32-x64-msvc"],
    ["@tailwindcss/oxide", "@tailwindcss/oxide-win32-x64-msvc"],
    ["@tailwindcss/oxide", "@tailwindcss/oxide-darwin-arm64"],
    ["unrs-resolver", "@unrs/resolver-binding-darwin-arm64"],
    ["unrs-resolver", "@unrs/resolver-binding-win32-x64-msvc"],
  ])("fails when %s's %s is missing", (parent, binary) => {
    const lock = without(binary);
    expect(findMissingOptionals(lock)).toEqual([expect.objectContaining({ parent, dependency: binary })]);
    expect(() => checkLockFile(lock)).toThrow(binary);
  });

  it("finds a binary nested under its parent too", () => {
    const lock = repoLock();
    const entry = lock.packages["node_modules/@next/swc-darwin-x64"];
    delete lock.packages["node_modules/@next/swc-darwin-x64"];
    lock.packages["node_modules/next/node_modules/@next/swc-darwin-x64"] = entry!;
    expect(findMissingOptionals(lock)).toEqual([]);
  });
});
