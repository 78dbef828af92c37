import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test as teardown } from "@playwright/test";
import { AUTH_DIR, readFixtures } from "./support/fixtures";
import { FRESH_DESK_LOG_PREFIX } from "./support/fresh-desk";
import { keysIssuedInRun } from "./support/service";
import { expect, expectNoKeys } from "./support/test";

/**
 * After every spec: no Alpha key in the server logs captured during the suite (the shared desk's and every fresh
 * desk's). Pages and responses are checked as each spec runs (the keyGuard fixture in e2e/support/test.ts), all but
 * the build's static files, which are the same bytes for every page and are checked here once.
 */
teardown("no Alpha key appears in a server log of the suite", async () => {
  const freshLogs = readdirSync(AUTH_DIR).filter((name) => name.startsWith(FRESH_DESK_LOG_PREFIX)).map((name) => join(AUTH_DIR, name));
  const logs = [...freshLogs, ...readFixtures().lanes.map((lane) => lane.logFile)].filter((p) => existsSync(p));
  teardown.skip(logs.length === 0, "no server log was captured");
  const issued = await keysIssuedInRun();
  for (const path of logs) expectNoKeys(readFileSync(path, "utf8"), `the server log ${path}`, issued);
});

teardown("no Alpha key appears in a static file the desk serves", async () => {
  const dir = join(import.meta.dirname, "..", ".next", "static");
  teardown.skip(!existsSync(dir), "no build");
  const issued = await keysIssuedInRun();
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  expect(files.length, "the build's static files").toBeGreaterThan(0);
  for (const file of files) {
    const path = join(file.parentPath, file.name);
    expectNoKeys(readFileSync(path, "latin1"), `the static file ${path}`, issued);
  }
});
