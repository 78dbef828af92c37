import { existsSync, readFileSync } from "node:fs";
import { test as teardown } from "@playwright/test";
import { readFixtures } from "./support/fixtures";
import { FRESH_DESK_LOG } from "./support/fresh-desk";
import { expectNoKeys } from "./support/test";

/**
 * After every spec: no Alpha key in the server logs captured during the suite. Pages and responses are checked
 * as each spec runs (the keyGuard fixture in e2e/support/test.ts).
 */
teardown("no Alpha key appears in a server log of the suite", async () => {
  const logs = [FRESH_DESK_LOG, readFixtures().logFile].filter((p): p is string => !!p && existsSync(p));
  teardown.skip(logs.length === 0, "no server log was captured");
  for (const path of logs) expectNoKeys(readFileSync(path, "utf8"), `the server log ${path}`);
});
