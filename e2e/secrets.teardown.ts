import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test as teardown } from "@playwright/test";
import { AUTH_DIR, readFixtures } from "./support/fixtures";
import { FRESH_DESK_LOG_PREFIX } from "./support/fresh-desk";
import { keysIssuedInRun } from "./support/service";
import { expectNoKeys } from "./support/test";

/**
 * After every spec: no Alpha key in the server logs captured during the suite (the shared desk's and every fresh
 * desk's). Pages and responses are checked as each spec runs (the keyGuard fixture in e2e/support/test.ts).
 */
teardown("no Alpha key appears in a server log of the suite", async () => {
  const freshLogs = readdirSync(AUTH_DIR).filter((name) => name.startsWith(FRESH_DESK_LOG_PREFIX)).map((name) => join(AUTH_DIR, name));
  const logs = [...freshLogs, readFixtures().logFile].filter((p): p is string => !!p && existsSync(p));
  teardown.skip(logs.length === 0, "no server log was captured");
  const issued = await keysIssuedInRun();
  for (const path of logs) expectNoKeys(readFileSync(path, "utf8"), `the server log ${path}`, issued);
});
