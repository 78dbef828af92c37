import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { QueryClientProvider } from "@tanstack/react-query";
import { beforeAll, describe, expect, it } from "vitest";
import { createAlphaClient } from "@/lib/alpha/client";
import { usePaidCall } from "@/components/paid/paid-call";
import { alphaQueryOptions } from "@/lib/query/alpha";
import { alphaPeekKey } from "@/lib/query/alpha-keys";
import { deskQuery } from "@/lib/query/desk";
import { companyNamesInput, companyNamesPeekOptions, filedCalendarQueryOptions } from "@/lib/query/earnings";
import type { makeQueryClient } from "@/lib/query/query-client";
import * as api from "@/lib/desk/route-meta";
import type { RunningServer } from "../core/embedded-service";
import type { DeskContext } from "../core/context";
import { callAlpha } from "../upstream/alpha-proxy";
import type { TestDesk } from "@/test/support/desk";
import { pageQueryClient } from "./page-data";
import { makeUserWithKey, withServiceAndDesk } from "@/test/support/desk";

let service: RunningServer;
let testDesk: TestDesk;
let ctx: DeskContext;

withServiceAndDesk((s, d) => ((service = s), (testDesk = d)));
beforeAll(async () => {
  ctx = testDesk.ctx;
});

async function userWithKey() {
  const { user, ...account } = await makeUserWithKey({ ctx, service });
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

/** What the earnings page does for past results' names: the index page, then the peek at the names it lacks. */
async function prefetchNames(client: ReturnType<typeof makeQueryClient>) {
  await client.prefetchQuery(alphaQueryOptions("listEarningsIndex", INDEX_INPUT));
  const peek = companyNamesPeekOptions(client, INDEX_INPUT);
  if (peek) await client.prefetchQuery(peek);
}

describe("a page's prefetch on the server", () => {
  it("seeds the names' peek under the key the browser's paid call reads: not held, then held after a purchase, never charging", async () => {
    const { user, key } = await userWithKey();
    const client = pageQueryClient({ ctx, user });
    await client.prefetchQuery(alphaQueryOptions("listEarningsIndex", INDEX_INPUT));
    const rows = client.getQueryData(alphaQueryOptions("listEarningsIndex", INDEX_INPUT).queryKey)?.items ?? [];
    const symbols = rows.map((r) => r.symbol).slice(0, 20);
    expect(symbols.length).toBeGreaterThan(0);
    const before = await balanceOf(key);

    await prefetchNames(client);
    const { queryKey } = alphaQueryOptions("listSymbolMetadata", companyNamesInput(symbols));
    expect(client.getQueryData(alphaPeekKey(queryKey))).toBe(false);
    // The browser's hook would not ask the desk again: the price is offered at once, nothing requested.
    expect(paidCallState(client, symbols)).toEqual({ checking: false, requested: false, loaded: false });
    expect(await balanceOf(key)).toBe(before);

    // Bought once (as the user would through the button), the next page load shows it from the desk's cache.
    await callAlpha({ ctx, user, id: "listSymbolMetadata", input: companyNamesInput(symbols) });
    const paid = await balanceOf(key);
    expect(paid).toBeLessThan(before);
    const next = pageQueryClient({ ctx, user });
    next.clear();
    await prefetchNames(next);
    expect(next.getQueryData(alphaPeekKey(queryKey))).toBe(true);
    const held = next.getQueryData(queryKey);
    expect(held?.meta).toMatchObject({ cached: true, creditsCharged: 0 });
    expect(held?.items.length).toBeGreaterThan(0);
    expect(paidCallState(next, symbols)).toEqual({ checking: false, requested: true, loaded: true });
    expect(await balanceOf(key)).toBe(paid);
  });

  it("peeks for one user's purchase only: another account's user is still offered the price", async () => {
    const buyer = await userWithKey();
    const other = await userWithKey();
    const seeded = pageQueryClient({ ctx, user: buyer.user });
    await seeded.prefetchQuery(alphaQueryOptions("listEarningsIndex", INDEX_INPUT));
    const rows = seeded.getQueryData(alphaQueryOptions("listEarningsIndex", INDEX_INPUT).queryKey)?.items ?? [];
    const symbols = rows.map((r) => r.symbol).slice(0, 20);
    await callAlpha({ ctx, user: buyer.user, id: "listSymbolMetadata", input: companyNamesInput(symbols) });
    seeded.clear();
    const client = pageQueryClient({ ctx, user: other.user });
    await prefetchNames(client);
    const { queryKey } = alphaQueryOptions("listSymbolMetadata", companyNamesInput(symbols));
    expect(client.getQueryData(alphaPeekKey(queryKey))).toBe(false);
    expect(client.getQueryData(queryKey)).toBeUndefined();
  });

  it("collects the calendar's filed days through the proxy, under the browser's key", async () => {
    const { user } = await userWithKey();
    const client = pageQueryClient({ ctx, user });
    const range = { from: "2020-01-01", to: new Date().toISOString().slice(0, 10) };
    await client.prefetchQuery(filedCalendarQueryOptions([], range));
    expect(client.getQueryData<{ rows: unknown[] }>(filedCalendarQueryOptions([], range).queryKey)?.rows.length).toBeGreaterThan(0);
  });

  it("runs a desk route's query through its server function and parses the answer as the browser would", async () => {
    const { user } = await userWithKey();
    const client = pageQueryClient({ ctx, user });
    await client.prefetchQuery(deskQuery(api.getSpend, { query: { range: "7d" } }));
    expect(client.getQueryData(deskQuery(api.getSpend, { query: { range: "7d" } }).queryKey)).toMatchObject({ range: "7d", scope: "me", granularity: "day" });
    // A bad input fails as the route would (400), and nothing is put in the cache.
    await client.prefetchQuery(deskQuery(api.getSpend, { query: { range: "1y" as "7d" } }));
    expect(client.getQueryState(deskQuery(api.getSpend, { query: { range: "1y" as "7d" } }).queryKey)?.status).toBe("error");
  });

  it("never buys paid data: a paid call fails on the server and nothing is charged", async () => {
    const { user, key } = await userWithKey();
    const before = await balanceOf(key);
    const client = pageQueryClient({ ctx, user });
    await client.prefetchQuery(alphaQueryOptions("listNews", { query: { limit: 5 } }));
    expect(client.getQueryState(alphaQueryOptions("listNews", { query: { limit: 5 } }).queryKey)?.status).toBe("error");
    expect(await balanceOf(key)).toBe(before);
  });
});
