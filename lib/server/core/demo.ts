import "server-only";
/**
 * The embedded default's demo team: scripts/start.ts creates it once and keeps its logins in demo.json (mode 0600; the
 * key lives in the vault). getDemoCredentials() gives them to the sign-in page, and only in DESK_DEMO_MODE.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { env } from "./env";

export const DEMO_EMAIL = "demo@alphadesk.local";
export const DEMO_NAME = "Demo trader";
/** The demo team's member: no key of their own, the organisation's key and a seat with a daily allowance. */
export const DEMO_MEMBER_EMAIL = "demo-member@alphadesk.local";
export const DEMO_MEMBER_NAME = "Demo analyst";

export const demoStateSchema = z.object({
  email: z.string(),
  password: z.string(),
  userId: z.string(),
  /** The Alpha account of the demo key in the embedded service. */
  accountId: z.string().optional(),
  /** The demo team's member (absent on a desk made before teams, or when the demo user is not an admin). */
  member: z.object({ email: z.string(), password: z.string(), userId: z.string() }).optional(),
  createdAt: z.string(),
});
export type DemoState = z.infer<typeof demoStateSchema>;

export function demoStatePath(dataDir: string): string {
  return join(dataDir, "demo.json");
}

export function readDemoState(dataDir: string): DemoState | null {
  try {
    const parsed = demoStateSchema.safeParse(JSON.parse(readFileSync(demoStatePath(dataDir), "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeDemoState(dataDir: string, state: DemoState): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = demoStatePath(dataDir);
  writeFileSync(path, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
}

export interface DemoCredentials {
  email: string;
  password: string;
  member?: { email: string; password: string };
}

export async function getDemoCredentials(): Promise<DemoCredentials | null> {
  if (!env.DESK_DEMO_MODE) return null;
  const state = readDemoState(env.DESK_DATA_DIR);
  if (!state) return null;
  return { email: state.email, password: state.password, ...(state.member ? { member: { email: state.member.email, password: state.member.password } } : {}) };
}
