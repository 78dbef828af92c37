/**
 * `npm test`'s first check: package-lock.json must hold every platform's optional native packages (next's SWC,
 * Tailwind's oxide, the ESLint resolver's bindings…), or `npm ci` on another OS installs a tree without its binary.
 * A lock written on one machine by a registry mirror that lacked some of them is the usual cause.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

const lockSchema = z.object({
  lockfileVersion: z.number().int().min(2),
  packages: z.record(
    z.string(),
    z.looseObject({ version: z.string().optional(), optionalDependencies: z.record(z.string(), z.string()).optional() }),
  ),
});
export type LockFile = z.infer<typeof lockSchema>;

/** Packages whose platform binaries the desk cannot build, lint or style without; named first in the report. */
export const NATIVE_PARENTS = ["next", "@tailwindcss/oxide", "unrs-resolver"] as const;

export interface MissingOptional {
  parent: string;
  dependency: string;
  range: string;
}

/** Where Node would find `name` from `from` (a lock key such as `node_modules/a/node_modules/b`), or null. */
function resolveIn(packages: LockFile["packages"], from: string, name: string): string | null {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const cut = base.lastIndexOf("/node_modules/");
    base = cut < 0 ? "" : base.slice(0, cut);
  }
}

/** Every optional dependency the lock names but holds no entry for. */
export function findMissingOptionals(lock: LockFile): MissingOptional[] {
  const missing: MissingOptional[] = [];
  for (const [key, entry] of Object.entries(lock.packages)) {
    for (const [dependency, range] of Object.entries(entry.optionalDependencies ?? {})) {
      if (!resolveIn(lock.packages, key, dependency)) missing.push({ parent: key.replace(/^.*node_modules\//, "") || "(root)", dependency, range });
    }
  }
  return missing;
}

/** Throws with a readable list when the lock lacks an optional binary; also insists the three native parents are present. */
export function checkLockFile(raw: unknown): void {
  const lock = lockSchema.parse(raw);
  const absent = NATIVE_PARENTS.filter((name) => !lock.packages[`node_modules/${name}`]);
  if (absent.length > 0) throw new Error(`package-lock.json does not hold ${absent.join(", ")}`);
  const missing = findMissingOptionals(lock);
  if (missing.length === 0) return;
  const lines = missing.map((m) => `  ${m.parent} → ${m.dependency}@${m.range}`);
  throw new Error(
    `package-lock.json lacks ${missing.length} optional platform package(s), so \`npm ci\` breaks on other systems:\n${lines.join("\n")}\n` +
      "Regenerate it where the registry has every platform's binaries: rm package-lock.json && npm install --package-lock-only",
  );
}

if (process.argv[1]?.endsWith("check-lockfile.ts")) {
  const path = join(process.cwd(), "package-lock.json");
  try {
    checkLockFile(JSON.parse(readFileSync(path, "utf8")));
    console.log("package-lock.json holds every platform's optional packages");
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
