import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "@playwright/test";
import { z } from "zod";

/**
 * Where the e2e server writes fixtures.json and the auth setup project keeps signed-in browser states and the users
 * it made. E2E_AUTH_DIR points a run at another folder (two suites running side by side on one machine).
 */
export const AUTH_DIR = process.env.E2E_AUTH_DIR ?? join(import.meta.dirname, "..", ".auth");
export const ADMIN_STATE = join(AUTH_DIR, "admin.json");
export const MEMBER_STATE = join(AUTH_DIR, "member.json");
export const USERS_FILE = join(AUTH_DIR, "users.json");
export const SCREENSHOT_DIR = join(import.meta.dirname, "..", "..", "test-results", "screenshots");

const laneSchema = z.object({
  deskUrl: z.string(),
  serviceUrl: z.string(),
  liveControlUrl: z.string(),
  dataDir: z.string(),
  logFile: z.string(),
  demo: z.object({ email: z.string(), password: z.string() }),
});
export type Lane = z.infer<typeof laneSchema>;

const accountSchema = z.object({ accountId: z.string(), key: z.string(), plan: z.string().optional() });

/**
 * What scripts/e2e-server.ts writes before the suite: every market of the run (the first the shared desk's: its desk,
 * service, control hook, data folder, log and demo login) and keys of helper accounts on the shared service.
 */
const fixturesSchema = z.object({
  accounts: z.record(z.string(), accountSchema),
  unknownKey: z.string(),
  lanes: z.array(laneSchema).min(1),
});
type FixturesFile = z.infer<typeof fixturesSchema>;
export type E2eFixtures = FixturesFile & Lane;

let cached: FixturesFile | undefined;
function fixturesFile(): FixturesFile {
  cached ??= fixturesSchema.parse(JSON.parse(readFileSync(join(AUTH_DIR, "fixtures.json"), "utf8")));
  return cached;
}

/** The desk a running test's project points at (its `baseURL`); none outside a test. */
function projectDesk(): string | undefined {
  try {
    return test.info().project.use.baseURL;
  } catch {
    return undefined;
  }
}

/**
 * What scripts/e2e-server.ts wrote, seen from the running test's lane (its project's desk; the shared desk's outside
 * a test or on another desk): a test of the `live-2` project gets its own market's desk, service, control hook, data
 * folder and demo admin; the helper accounts are the shared service's.
 */
export function readFixtures(): E2eFixtures {
  const file = fixturesFile();
  const desk = projectDesk();
  const [shared] = file.lanes as [Lane, ...Lane[]];
  return { ...file, ...(file.lanes.find((lane) => lane.deskUrl === desk) ?? shared) };
}

/** The signed-in admin's browser state on a lane's desk (the shared desk's is ADMIN_STATE). */
export function laneAdminState(deskUrl: string): string {
  return deskUrl === fixturesFile().lanes[0]?.deskUrl ? ADMIN_STATE : join(AUTH_DIR, `admin-${new URL(deskUrl).port}.json`);
}

/** The admin's browser state on the running test's desk: for a spec that may run on any lane. */
export function adminState(): string {
  return laneAdminState(readFixtures().deskUrl);
}

export function fixtureAccount(name: string): z.infer<typeof accountSchema> {
  const account = readFixtures().accounts[name];
  if (!account) throw new Error(`e2e fixtures have no account "${name}"`);
  return account;
}

/** Every Alpha key the suite knows: none may appear in a page, a response or a log line. */
export function knownKeys(): string[] {
  const f = readFixtures();
  return [...Object.values(f.accounts).map((a) => a.key), f.unknownKey];
}

const usersSchema = z.object({
  admin: z.object({ email: z.string(), password: z.string() }),
  member: z.object({ email: z.string(), password: z.string() }),
});
export type E2eUsers = z.infer<typeof usersSchema>;

export function readUsers(): E2eUsers {
  return usersSchema.parse(JSON.parse(readFileSync(USERS_FILE, "utf8")));
}

export function randomSuffix(): string {
  return Math.random().toString(36).slice(2, 10);
}
