import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { AlphaError } from "../lib/alpha/errors";
import type { ServiceContext } from "./context";
import type { Db } from "./store/db";
import { getMeta } from "./store/db";

const SECRET_META_KEY = "signing_secret";
export const SIGNING_SECRET_FILE = "service-signing.key";
const inMemory = new WeakMap<Db, string>();

/**
 * The HMAC secret: from config when set, else generated once into `service-signing.key` (0600) beside the database,
 * never in it, so links survive restarts and a copy of the database signs nothing. A secret an older version kept
 * in the database moves to the file. An in-memory database gets one for the process.
 */
export function resolveSigningSecret(db: Db, configured: string | undefined): string {
  if (configured) return configured;
  const legacy = getMeta(db, SECRET_META_KEY);
  if (db.memory) {
    if (!inMemory.has(db)) inMemory.set(db, legacy ?? randomBytes(32).toString("base64url"));
    return inMemory.get(db) as string;
  }
  const path = join(dirname(db.name), SIGNING_SECRET_FILE);
  try {
    // "wx": of two processes on a fresh folder exactly one writes; both then read the same secret.
    writeFileSync(path, `${legacy ?? randomBytes(32).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const secret = readFileSync(path, "utf8").trim();
  if (secret.length < 32) throw new Error(`${path} is damaged; delete it (signed links already handed out stop working)`);
  if (legacy) db.prepare("DELETE FROM meta WHERE key = ?").run(SECRET_META_KEY);
  return secret;
}

function signature(secret: string, path: string, expires: number): string {
  return createHmac("sha256", secret).update(`${path}\n${expires}`).digest("base64url");
}

export interface SignedUrl {
  url: string;
  expiresIn: number;
}

/**
 * A full URL for an asset path (`/v1/assets/...`) that the service serves without a key until it expires.
 * The HMAC covers the path and the expiry, so neither can be changed; the host is not covered.
 */
export function signAssetUrl(ctx: ServiceContext, path: string, ttlSeconds: number = ctx.config.assetUrlTtlSeconds): SignedUrl {
  const expires = Math.floor(ctx.clock.now().getTime() / 1000) + ttlSeconds;
  const query = `expires=${expires}&signature=${signature(ctx.signingSecret, path, expires)}`;
  return { url: `${ctx.publicUrl}${path}?${query}`, expiresIn: ttlSeconds };
}

/** Checks a signed link: a missing or altered signature is 403 `invalid_signature`, a stale one 410 `url_expired`. */
export function verifyAssetSignature(ctx: ServiceContext, path: string, expiresParam: string | undefined, signatureParam: string | undefined): void {
  if (!expiresParam || !signatureParam || !/^\d{1,12}$/.test(expiresParam)) {
    throw new AlphaError("invalid_signature", "This link is not signed; ask the API for a fresh one");
  }
  const expires = Number(expiresParam);
  const expected = Buffer.from(signature(ctx.signingSecret, path, expires));
  const given = Buffer.from(signatureParam);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AlphaError("invalid_signature", "The link's signature does not match; ask the API for a fresh one");
  }
  if (ctx.clock.now().getTime() / 1000 > expires) {
    throw new AlphaError("url_expired", "This link has expired; ask the API for a fresh one", { details: { expired_at: new Date(expires * 1000).toISOString() } });
  }
}
