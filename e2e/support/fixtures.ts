import { readFileSync } from "node:fs";
import { join } from "node:path";
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

const accountSchema = z.object({ accountId: z.string(), key: z.string(), plan: z.string().optional() });

/** What scripts/e2e-server.ts writes before the suite: URLs, the demo login and keys of helper accounts. */
const fixturesSchema = z.object({
  deskUrl: z.string(),
  serviceUrl: z.string(),
  dataDir: z.string().optional(),
  demo: z.object({ email: z.string(), password: z.string(), accountId: z.string().optional() }).nullish(),
  accounts: z.record(z.string(), accountSchema),
  unknownKey: z.string(),
  /** The desk's stdout/stderr, when the e2e server writes it to a file. */
  logFile: z.string().optional(),
});
export type E2eFixtures = z.infer<typeof fixturesSchema>;

let cached: E2eFixtures | undefined;
export function readFixtures(): E2eFixtures {
  cached ??= fixturesSchema.parse(JSON.parse(readFileSync(join(AUTH_DIR, "fixtures.json"), "utf8")));
  return cached;
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
