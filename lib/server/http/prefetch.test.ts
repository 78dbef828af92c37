import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { QueryClientProvider } from "@tanstack/react-query";
import { beforeAll, describe, expect, it } from "vitest";
import { createAlphaClient } from "@/lib/alpha/client";
import { usePaidCall } from "@/components/paid/paid-call";
import { alphaQueryOptions } from "@/lib/query/alpha";
import { alphaPeekKey } from "@/lib/query/alpha-keys";
import { companyNamesInput, filedCalendarQueryOptions } from "@/lib/query/earnings";
import { makeQueryClient } from "@/lib/query/query-client";
import type { RunningServer } from "../core/embedded-service";
import type { DeskContext } from "../core/context";
import { saveAlphaKey } from "../identity/key-vault";
import { callAlpha } from "../upstream/alpha-proxy";
import type { TestDesk } from "@/test/support/desk";
import { makeAccount, makeUser, withServiceAndDesk } from "@/test/support/desk";
import { loadFiledCalendar, prefetchFree, seedCompanyNamesPeek, seedFiledCalendar } from "./prefetch";

let service: RunningServer;
let testDesk: TestDesk;
let ctx: DeskContext;

withServiceAndDesk((s, d) => ((service = s), (testDesk = d)));
beforeAll(async () => {
  ctx = testDesk.ctx;
});

async function userWithKey() {
  const account = makeAccount(service);
  const user = await makeUser(ctx);
  await saveAlphaKey({ userId: user.id, key: account.key, ctx });
  return { user, key: account.key };
}

async function balanceOf(key: string): Promise<number> {
  return (await createAlphaClient({ baseUrl: service.url, apiKey: key }).getAccount({})).data.data.balance;
}

/** What past results' names hook (usePaidCall on the browser) sees on its first render from a client's cache. */
function paidCallState(client: ReturnType<typeof makeQueryClient>, symbols: string[]) {
  let seen: { checking: boolean; requested: boolean; loaded: boolean } | null = null;
  function Probe() {
    const { checking, requested, loaded } = usePaidCall("listSymbolMetadata", companyNamesInput(symbols));
    seen = { checking, requested, loaded };
    return null;
  }
  renderToString(createElement(QueryClientProvider, { client }, createElement(Probe)));
  return seen as unknown as { checking: boolean; requested: boolean; loaded: boolean };
}

const INDEX_INPUT = { query: { page: 1, limit: 20 } };

describe("the earnings page's server seeding", () => {
  it("seeds the names' peek under the key the browser's paid call reads: not held, then held after a purchase, never charging", async () => {
    const { user, key } = await userWithKey();
    const client = makeQueryClient();
    await prefetchFree({ ctx, user, client, id: "listEarningsIndex", input: INDEX_INPUT });
    const rows = client.getQueryData<{ data: { data: { symbol: string }[] } }>(alphaQueryOptions("listEarningsIndex", INDEX_INPUT).queryKey)?.data.data ?? [];
    const symbols = rows.map((r) => r.symbol).slice(0, 20);
    expect(symbols.length).toBeGreaterThan(0);
    const before = await balanceOf(key);

    await seedCompanyNamesPeek({ ctx, user, client, indexInput: INDEX_INPUT });
    const { queryKey } = alphaQueryOptions("listSymbolMetadata", companyNamesInput(symbols));
    expect(client.getQueryData(alphaPeekKey(queryKey))).toBe(false);
    // The browser's hook would not ask the desk again: the price is offered at once, nothing requested.
    expect(paidCallState(client, symbols)).toEqual({ checking: false, requested: false, loaded: false });
    expect(await balanceOf(key)).toBe(before);

    // Bought once (as the user would through the button), the next page load shows it from the desk's cache.
    await callAlpha({ ctx, user, id: "listSymbolMetadata", input: companyNamesInput(symbols) });
    const paid = await balanceOf(key);
    expect(paid).toBeLessThan(before);
    const next = makeQueryClient();
    await prefetchFree({ ctx, user, client: next, id: "listEarningsIndex", input: INDEX_INPUT });
    await seedCompanyNamesPeek({ ctx, user, client: next, indexInput: INDEX_INPUT });
    expect(next.getQueryData(alphaPeekKey(queryKey))).toBe(true);
    const held = next.getQueryData<{ data: { data: unknown[] }; meta: { cached: boolean; creditsCharged: number } }>(queryKey);
    expect(held?.meta).toMatchObject({ cached: true, creditsCharged: 0 });
    expect(held?.data.data.length).toBeGreaterThan(0);
    expect(paidCallState(next, symbols)).toEqual({ checking: false, requested: true, loaded: true });
    expect(await balanceOf(key)).toBe(paid);
  });

  it("peeks for one user's purchase only: another account's user is still offered the price", async () => {
    const buyer = await userWithKey();
    const other = await userWithKey();
    const seeded = makeQueryClient();
    await prefetchFree({ ctx, user: buyer.user, client: seeded, id: "listEarningsIndex", input: INDEX_INPUT });
    const rows = seeded.getQueryData<{ data: { data: { symbol: string }[] } }>(alphaQueryOptions("listEarningsIndex", INDEX_INPUT).queryKey)?.data.data ?? [];
    const symbols = rows.map((r) => r.symbol).slice(0, 20);
    await callAlpha({ ctx, user: buyer.user, id: "listSymbolMetadata", input: companyNamesInput(symbols) });
    const client = makeQueryClient();
    await prefetchFree({ ctx, user: other.user, client, id: "listEarningsIndex", input: INDEX_INPUT });
    await seedCompanyNamesPeek({ ctx, user: other.user, client, indexInput: INDEX_INPUT });
    const { queryKey } = alphaQueryOptions("listSymbolMetadata", companyNamesInput(symbols));
    expect(client.getQueryData(alphaPeekKey(queryKey))).toBe(false);
    expect(client.getQueryData(queryKey)).toBeUndefined();
  });

  it("seeds the calendar's filed days under the browser's key, with the rows the index has for them", async () => {
    const { user } = await userWithKey();
    const client = makeQueryClient();
    const range = { from: "2020-01-01", to: new Date().toISOString().slice(0, 10) };
    const filed = await loadFiledCalendar({ ctx, user, symbols: [], range });
    expect(filed?.rows.length).toBeGreaterThan(0);
    seedFiledCalendar(client, [], range, filed);
    expect(client.getQueryData(filedCalendarQueryOptions([], range).queryKey)).toBe(filed);
  });
});
