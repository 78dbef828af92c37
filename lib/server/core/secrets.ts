import "server-only";
/**
 * The desk's two server secrets: the session signing secret (next-auth) and the AES-256-GCM key of the key vault.
 * From the environment when set; otherwise generated once into `${dataDir}/secrets.json` (mode 0600) and reused.
 * Several desk instances on one PostgreSQL database must share them: set AUTH_SECRET and DESK_ENCRYPTION_KEY.
 */
import { createHmac, randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

export interface DeskSecrets {
  authSecret: string;
  encryptionKey: Buffer;
}

const secretsFileSchema = z.object({ authSecret: z.string().min(32), encryptionKey: z.string() });
type SecretsFile = z.infer<typeof secretsFileSchema>;

/** A 32-byte key from base64 (or base64url, or 64 hex characters). */
export function parseEncryptionKey(value: string): Buffer {
  const trimmed = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, "hex") : Buffer.from(trimmed, "base64");
  if (key.length !== 32) throw new Error("DESK_ENCRYPTION_KEY must be 32 bytes, base64-encoded (openssl rand -base64 32)");
  return key;
}

function readOrCreateSecretsFile(dataDir: string): SecretsFile {
  const path = join(dataDir, "secrets.json");
  const fresh: SecretsFile = { authSecret: randomBytes(32).toString("base64url"), encryptionKey: randomBytes(32).toString("base64") };
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    // "wx": when two processes race on a fresh data dir, exactly one writes and both read its secrets.
    writeFileSync(path, `${JSON.stringify(fresh, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    chmodSync(path, 0o600);
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const parsed = secretsFileSchema.safeParse(JSON.parse(readFileSync(path, "utf8")));
  if (!parsed.success) throw new Error(`${path} is damaged; delete it only if no key is stored yet (stored keys would be lost)`);
  return parsed.data;
}

/** Resolves both secrets; the file is touched only when one of them is not in the environment. */
export function loadDeskSecrets(input: { dataDir: string; authSecret?: string | undefined; encryptionKey?: string | undefined }): DeskSecrets {
  if (input.authSecret && input.encryptionKey) {
    return { authSecret: input.authSecret, encryptionKey: parseEncryptionKey(input.encryptionKey) };
  }
  const file = readOrCreateSecretsFile(input.dataDir);
  return {
    authSecret: input.authSecret ?? file.authSecret,
    encryptionKey: parseEncryptionKey(input.encryptionKey ?? file.encryptionKey),
  };
}

/**
 * The key Next.js encrypts server-action ids and closures with (NEXT_SERVER_ACTIONS_ENCRYPTION_KEY, read at build time):
 * derived from the desk's session secret, so every build of one desk, and so every instance, has the same one.
 */
export function deriveServerActionsKey(authSecret: string): string {
  return createHmac("sha256", authSecret).update("alpha-desk next server actions v1").digest("base64");
}
