import { describe, expect, it } from "vitest";
import { PRODUCTS, STREAM_PRODUCTS } from "../lib/alpha/account";
import { AlphaError } from "../lib/alpha/errors";
import {
  addCredits,
  createAccount,
  findCallerByKey,
  getAccountOrThrow,
  hashApiKey,
  issueApiKey,
  listApiKeys,
  randomBase62,
  revokeApiKey,
  setAccountStatus,
} from "./accounts";
import { ManualClock } from "./clock";
import { serviceConfigSchema } from "./config";
import type { ServiceContext } from "./context";
import { EventBus } from "./events";
import { openDatabase } from "./store/db";

function makeContext(): ServiceContext {
  return {
    db: openDatabase(":memory:"),
    clock: new ManualClock("2026-05-15T04:30:00Z"),
    config: serviceConfigSchema.parse({ databasePath: ":memory:" }),
    bus: new EventBus(),
    signingSecret: "test-secret-test-secret",
    publicUrl: "http://alpha.test",
  };
}

const name = () => `acct-${Math.random().toString(36).slice(2, 10)}`;

describe("accounts", () => {
  it("creates accounts on each plan with the plan's credits, limits and default products and add-ons", () => {
    const ctx = makeContext();
    const sandbox = createAccount({ ctx, input: { name: name(), plan: "sandbox" } });
    expect(sandbox.balance).toBe(1000);
    expect(sandbox.limits).toEqual({ rpm: 10, daily: 1000 });
    expect(sandbox.products).toEqual(PRODUCTS.filter((p) => p !== "symbols"));
    expect(sandbox.websocketAddons).toEqual([]);

    const starter = createAccount({ ctx, input: { name: name(), plan: "starter", symbolsScope: true } });
    expect(starter.balance).toBe(10_000);
    expect(starter.limits).toEqual({ rpm: 60, daily: 60_000 });
    expect(starter.products).toContain("symbols");
    expect(starter.websocketAddons).toEqual(STREAM_PRODUCTS.map((product) => ({ product, tier: "starter_100", enabled: true })));

    const pro = createAccount({ ctx, input: { name: name(), plan: "pro", balance: 7, rpm: 5000, daily: 9_000_000, websocketAddons: [{ product: "news", tier: "pro_1000" }] } });
    expect(pro.balance).toBe(7);
    expect(pro.limits).toEqual({ rpm: 5000, daily: 9_000_000 });
    expect(pro.websocketAddons).toEqual([{ product: "news", tier: "pro_1000", enabled: true }]);

    const grant = ctx.db.prepare("SELECT entry_type, amount, balance_after FROM ledger WHERE account_id = ?").all(pro.id);
    expect(grant).toEqual([{ entry_type: "grant", amount: 7, balance_after: 7 }]);
  });

  it("refuses bad input with field details, and WebSocket add-ons on the sandbox plan", () => {
    const ctx = makeContext();
    expect(() => createAccount({ ctx, input: { name: "", plan: "sandbox" } })).toThrow(AlphaError);
    try {
      createAccount({ ctx, input: { name: name(), plan: "gold" as "pro" } });
      expect.unreachable();
    } catch (e) {
      expect((e as AlphaError).code).toBe("invalid_parameter");
      expect((e as AlphaError).details?.fields).toHaveProperty("plan");
    }
    expect(() => createAccount({ ctx, input: { name: name(), plan: "sandbox", websocketAddons: [{ product: "news", tier: "pro_1000" }] } })).toThrow(/WebSocket/);
  });

  it("issues ak_live_ keys of 32 base62 characters, stores only the SHA-256, and revokes them", () => {
    const ctx = makeContext();
    const account = createAccount({ ctx, input: { name: name(), plan: "starter" } });
    const issued = issueApiKey({ ctx, input: { accountId: account.id, label: "ci" } });
    expect(issued.key).toMatch(/^ak_live_[0-9A-Za-z]{32}$/);
    expect(issued.prefix).toBe(issued.key.slice(0, 12));
    const stored = ctx.db.prepare("SELECT key_hash FROM api_keys WHERE id = ?").get(issued.id) as { key_hash: string };
    expect(stored.key_hash).toBe(hashApiKey(issued.key));
    expect(JSON.stringify(ctx.db.prepare("SELECT * FROM api_keys").all())).not.toContain(issued.key);

    expect(findCallerByKey(ctx, issued.key)?.caller).toEqual({ accountId: account.id, keyId: issued.id });
    expect(findCallerByKey(ctx, `${issued.key}x`)).toBeNull();
    expect(findCallerByKey(ctx, "not-a-key")).toBeNull();

    const revoked = revokeApiKey({ ctx, input: { keyId: issued.id } });
    expect(revoked.revokedAt).not.toBeNull();
    expect(findCallerByKey(ctx, issued.key)).toBeNull();
    expect(listApiKeys(ctx, account.id)).toHaveLength(1);
    expect(() => revokeApiKey({ ctx, input: { keyId: "key_missing" } })).toThrow(/No API key/);
    expect(() => issueApiKey({ ctx, input: { accountId: "acc_missing" } })).toThrow(/No account/);
  });

  it("tops up, disables and re-enables accounts", () => {
    const ctx = makeContext();
    const account = createAccount({ ctx, input: { name: name(), plan: "sandbox", balance: 0 } });
    expect(addCredits({ ctx, input: { accountId: account.id, amount: 250 } }).balanceAfter).toBe(250);
    expect(() => addCredits({ ctx, input: { accountId: account.id, amount: 0 } })).toThrow(/positive/);
    expect(setAccountStatus({ ctx, input: { accountId: account.id, status: "disabled" } }).status).toBe("disabled");
    expect(getAccountOrThrow(ctx, account.id).balance).toBe(250);
  });

  it("draws keys uniformly from base62", () => {
    const s = randomBase62(4000);
    expect(s).toMatch(/^[0-9A-Za-z]+$/);
    expect(new Set(s).size).toBe(62);
  });
});
