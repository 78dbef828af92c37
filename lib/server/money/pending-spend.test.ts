import { describe, expect, it } from "vitest";
import { createAlphaClient } from "@/lib/alpha/client";
import { isAlphaError } from "@/lib/alpha/errors";
import type { DeskContext } from "../core/context";
import type { RunningServer } from "../core/embedded-service";
import { deskRoute } from "../routes";
import { getDaySpend, getSpendSeries } from "../records/spend";
import { callAlpha } from "../upstream/alpha-proxy";
import { saveAlphaKey } from "../upstream/stored-keys";
import { countedToday } from "../teams/seats";
import { browserRequest, createTestDesk, makeAccount, makeOrgMember, makeUser, withService } from "@/test/support/desk";
import { settlePendingSpend } from "./settle-spend";

let service: RunningServer;
withService((started) => (service = started));

const TIMEOUT_MS = 400;

/**
 * A way to the service that loses the answer of the calls `lose` picks: the request reaches the service (which
 * charges it) and its answer is held back until the desk gives up (a timeout), or it is cut off half-way.
 */
function losingFetch(lose: (url: string) => "late" | "cut" | "never" | null): typeof fetch {
  return async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const how = lose(url);
    if (how === "never") {
      // Never sent: the service charges nothing, and the desk cannot know that until the ledger says so.
      return new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)));
    }
    const { signal: _signal, ...rest } = init ?? {};
    const response = await globalThis.fetch(input, rest);
    if (how === "late") {
      await response.arrayBuffer();
      return new Promise<Response>((_, reject) => {
        if (init?.signal?.aborted) reject(init.signal.reason);
        init?.signal?.addEventListener("abort", () => reject(init.signal!.reason));
      });
    }
    if (how === "cut") {
      const text = await response.text();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(text.slice(0, Math.floor(text.length / 2))));
          controller.error(new TypeError("terminated"));
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    }
    return response;
  };
}

/** A desk on the service whose calls `lose` picks are lost (see losingFetch), handed to `run` and closed after it. */
async function onLosingDesk(lose: Parameters<typeof losingFetch>[0], run: (ctx: DeskContext) => Promise<void>): Promise<void> {
  const desk = await createTestDesk({ config: { alphaBaseUrl: service.url, upstreamTimeoutMs: TIMEOUT_MS }, fetch: losingFetch(lose) });
  try {
    await run(desk.ctx);
  } finally {
    await desk.close();
  }
}

async function ledgerDebits(key: string): Promise<{ total: number; entries: { amount: number; metadata: Record<string, unknown> }[] }> {
  const direct = createAlphaClient({ baseUrl: service.url, apiKey: key });
  const { data } = await direct.listAccountLedger({ query: { entry_type: ["debit"], limit: 500 } });
  return { total: data.data.reduce((sum, e) => sum - e.amount, 0), entries: data.data };
}

describe("a paid call whose answer never came", () => {
  it("is logged pending under its member, said to be checked on the page, and settled from the ledger to what was charged", async () => {
    let mode: "late" | "cut" | "never" | null = null;
    await onLosingDesk((url) => (url.includes("/v1/news") ? mode : null), async (ctx) => {
      const { key } = makeAccount(service);
      const user = await makeUser(ctx);
      await saveAlphaKey({ userId: user.id, key, ctx });

      // Three calls the service charged whose answers were lost: two timed out, one cut off half-way.
      const lost: string[] = [];
      for (const how of ["late", "late", "cut"] as const) {
        mode = how;
        const failure = await callAlpha({ ctx, user, id: "listNews", input: { query: { symbols: ["TCS"], limit: 5, page: lost.length + 1 } }, options: { fresh: true } }).then(
          () => null,
          (e: unknown) => e,
        );
        expect(isAlphaError(failure)).toBe(true);
        if (!isAlphaError(failure)) continue;
        expect(failure.message).toMatch(/The service may have charged up to 1 credit; the desk will confirm\./);
        expect(failure.message).not.toMatch(/Nothing was charged/);
        const pending = failure.details?.charge_pending as { max_credits: number; client_request_id: string };
        expect(pending.max_credits).toBe(1);
        lost.push(pending.client_request_id);
      }
      mode = null;
      const charged = await ledgerDebits(key);
      expect(charged.total).toBeGreaterThan(0);
      // The ledger names each lost call by the id the desk sent.
      expect(charged.entries.map((e) => e.metadata.client_request_id).sort()).toEqual([...lost].sort());

      // The page's wording of that answer, through the desk's own route.
      mode = "late";
      const response = await deskRoute("alphaGet", { ctx })(await browserRequest(ctx, user, "/api/alpha/v1/news?symbols=INFY&limit=5&fresh=1"));
      mode = null;
      const body = (await response.json()) as { error: { code: string; message: string; details: { charge_pending: { max_credits: number } } } };
      expect(response.status).toBe(504);
      expect(body.error.details.charge_pending.max_credits).toBe(1);
      expect(body.error.message).toContain("may have charged up to 1 credit;");

      // Before settlement the member's spend holds nothing of them: pending, not guessed.
      expect((await getSpendSeries({ ctx, input: { userId: user.id, range: "24h" } })).total).toBe(0);
      const pendingRows = await ctx.db.selectFrom("spend_log").select(["state", "user_id"]).where("state", "=", "pending").execute();
      expect(pendingRows).toHaveLength(4);
      expect(pendingRows.every((r) => r.user_id === user.id)).toBe(true);

      // The periodic settlement, run as it would be within a minute of the timeouts.
      await settlePendingSpend({ ctx, now: new Date(Date.now() + TIMEOUT_MS + 1_000) });
      const after = await ledgerDebits(key);
      const mine = await getSpendSeries({ ctx, input: { userId: user.id, range: "24h" } });
      expect(mine.total).toBe(after.total);
      expect(mine.byEndpoint.listNews).toBe(after.total);
      const day = await getDaySpend({ ctx, accountId: (await ctx.db.selectFrom("alpha_keys").select("account_id").executeTakeFirstOrThrow()).account_id });
      expect(day.outside).toBe(0);
      expect(day.desk).toBe(after.total);
      expect(await ctx.db.selectFrom("spend_log").select("id").where("state", "=", "pending").execute()).toHaveLength(0);
    });
  });

  it("a call that never reached the service is settled as not charged once the ledger has no debit for it", async () => {
    let never = true;
    await onLosingDesk((url) => (url.includes("/v1/news") && never ? "never" : null), async (ctx) => {
      const { key } = makeAccount(service);
      const user = await makeUser(ctx);
      await saveAlphaKey({ userId: user.id, key, ctx });
      const failure = await callAlpha({ ctx, user, id: "listNews", input: { query: { symbols: ["TCS"], limit: 5 } }, options: { fresh: true } }).catch((e: unknown) => e);
      expect(isAlphaError(failure) && failure.code).toBe("upstream_timeout");
      never = false;
      // Too early to give up: the ledger was read, the row stays pending.
      await settlePendingSpend({ ctx, now: new Date(Date.now() + TIMEOUT_MS + 1_000) });
      expect(await ctx.db.selectFrom("spend_log").select("state").executeTakeFirstOrThrow()).toEqual({ state: "pending" });
      const settled = await settlePendingSpend({ ctx, now: new Date(Date.now() + TIMEOUT_MS + 60_000) });
      expect(settled.settledUncharged).toBe(1);
      expect(await ctx.db.selectFrom("spend_log").select(["state", "credits"]).executeTakeFirstOrThrow()).toEqual({ state: "settled", credits: 0 });
      expect((await ledgerDebits(key)).total).toBe(0);
    });
  });

  it("on the organisation's key the member's allowance counts what the ledger charged, not the price reserved", async () => {
    let lose = false;
    await onLosingDesk((url) => (url.includes("/v1/symbols/metadata") && lose ? "late" : null), async (ctx) => {
      const { key, member } = await makeOrgMember({ ctx, service, dailyAllowance: 100 });
      // Symbol metadata reserves one credit per symbol asked and charges per symbol found: the unknown one is free.
      const symbols = { query: { symbols: ["TCS", "INFY", "NOSUCHCO"] } };
      const answered = await callAlpha({ ctx, user: member, id: "listSymbolMetadata", input: symbols, options: { fresh: true } });
      expect(answered.meta.creditsCharged).toBe(2);
      lose = true;
      const failure = await callAlpha({ ctx, user: member, id: "listSymbolMetadata", input: symbols, options: { fresh: true } }).catch((e: unknown) => e);
      lose = false;
      expect(isAlphaError(failure) && failure.details?.charge_pending).toMatchObject({ max_credits: 3 });
      expect((await countedToday({ ctx })).get(member.id)).toBe(2 + 3);
      await settlePendingSpend({ ctx, now: new Date(Date.now() + TIMEOUT_MS + 1_000) });
      const charged = await ledgerDebits(key);
      expect(charged.total).toBe(4);
      expect((await countedToday({ ctx })).get(member.id)).toBe(charged.total);
      expect((await getSpendSeries({ ctx, input: { userId: member.id, range: "24h" } })).total).toBe(charged.total);
    });
  });
});
