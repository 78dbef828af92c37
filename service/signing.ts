import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { AlphaError } from "../lib/alpha/errors";
import type { ServiceContext } from "./context";
import type { Db } from "./store/db";
import { getMeta, setMeta } from "./store/db";

const SECRET_META_KEY = "signing_secret";

/** The HMAC secret: from config when set, else generated once and kept in the database so links survive restarts. */
export function resolveSigningSecret(db: Db, configured: string | undefined): string {
  if (configured) return configured;
  const stored = getMeta(db, SECRET_META_KEY);
  if (stored) return stored;
  const secret = randomBytes(32).toString("base64url");
  setMeta(db, SECRET_META_KEY, secret);
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
