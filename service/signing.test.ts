import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type AlphaError } from "../lib/alpha/errors";
import { ManualClock } from "./clock";
import { serviceConfigSchema } from "./config";
import type { ServiceContext } from "./context";
import { EventBus } from "./events";
import { resolveSigningSecret, SIGNING_SECRET_FILE, signAssetUrl, verifyAssetSignature } from "./signing";
import { getMeta, setMeta } from "./store/db";
import { openDatabase } from "./store/db";

function codeOf(fn: () => void): string | null {
  try {
    fn();
    return null;
  } catch (e) {
    return (e as AlphaError).code;
  }
}

describe("signed asset URLs", () => {
  const clock = new ManualClock("2026-05-15T04:30:00Z");
  const ctx: ServiceContext = {
    db: openDatabase(":memory:"),
    clock,
    config: serviceConfigSchema.parse({ assetUrlTtlSeconds: 600 }),
    bus: new EventBus(),
    signingSecret: "s3cret-s3cret-s3cret",
    publicUrl: "http://alpha.test",
  };

  it("signs path and expiry, verifies until expiry, refuses tampering", () => {
    const path = "/v1/assets/transcripts/ccl_1.txt";
    const signed = signAssetUrl(ctx, path);
    expect(signed.expiresIn).toBe(600);
    const url = new URL(signed.url);
    expect(url.origin + url.pathname).toBe(`http://alpha.test${path}`);
    const expires = url.searchParams.get("expires") ?? undefined;
    const signature = url.searchParams.get("signature") ?? undefined;
    expect(Number(expires)).toBe(Math.floor(clock.now().getTime() / 1000) + 600);

    expect(codeOf(() => verifyAssetSignature(ctx, path, expires, signature))).toBeNull();
    expect(codeOf(() => verifyAssetSignature(ctx, "/v1/assets/transcripts/ccl_2.txt", expires, signature))).toBe("invalid_signature");
    expect(codeOf(() => verifyAssetSignature(ctx, path, String(Number(expires) + 1), signature))).toBe("invalid_signature");
    expect(codeOf(() => verifyAssetSignature(ctx, path, expires, `${signature?.slice(0, -1)}A`))).toBe("invalid_signature");
    expect(codeOf(() => verifyAssetSignature(ctx, path, undefined, signature))).toBe("invalid_signature");

    clock.advance(600_000);
    expect(codeOf(() => verifyAssetSignature(ctx, path, expires, signature))).toBeNull();
    clock.advance(1_000);
    expect(codeOf(() => verifyAssetSignature(ctx, path, expires, signature))).toBe("url_expired");
  });

  it("keeps a generated secret in a 0600 file beside the database, never in it, and prefers the configured one", () => {
    const dir = mkdtempSync(join(tmpdir(), "alpha-signing-"));
    const path = join(dir, "service.db");
    const db = openDatabase(path);
    const first = resolveSigningSecret(db, undefined);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveSigningSecret(db, undefined)).toBe(first);
    expect(getMeta(db, "signing_secret")).toBeUndefined();
    expect(readFileSync(path).includes(first)).toBe(false);
    expect(statSync(join(dir, SIGNING_SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    db.close();
    // A restart signs with the same secret: links handed out before still verify.
    const reopened = openDatabase(path);
    expect(resolveSigningSecret(reopened, undefined)).toBe(first);
    expect(resolveSigningSecret(reopened, "configured-secret-value")).toBe("configured-secret-value");
    reopened.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("moves a secret an older version kept in the database into the file", () => {
    const dir = mkdtempSync(join(tmpdir(), "alpha-signing-"));
    const db = openDatabase(join(dir, "service.db"));
    const legacy = "a-legacy-secret-that-is-long-enough-000";
    setMeta(db, "signing_secret", legacy);
    expect(resolveSigningSecret(db, undefined)).toBe(legacy);
    expect(getMeta(db, "signing_secret")).toBeUndefined();
    expect(readFileSync(join(dir, SIGNING_SECRET_FILE), "utf8").trim()).toBe(legacy);
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
