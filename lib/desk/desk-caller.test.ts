import { afterEach, describe, expect, it, vi } from "vitest";
import { AlphaError } from "@/lib/alpha/alpha-error";
import { BATCH_ROUTES, batchResultsUrl } from "@/lib/query/batches";
import { BRIEF_ROUTES } from "@/lib/query/briefs";
import { CONCALL_ROUTES } from "@/lib/query/concalls";
import { SUMMARY_ROUTES } from "@/lib/query/summaries";
import { SYMBOL_ROUTES } from "@/lib/query/symbols";
import { WATCHLIST_LIST_ROUTES, WATCHLIST_ROUTES } from "@/lib/query/watchlists";
import { deskCaller } from "./desk-caller";
import { SHELL_ROUTES } from "./shell-call";
import { deskRouteMeta } from "./route-meta";

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

const CALLERS = { SHELL_ROUTES, BATCH_ROUTES, BRIEF_ROUTES, CONCALL_ROUTES, SUMMARY_ROUTES, SYMBOL_ROUTES, WATCHLIST_LIST_ROUTES, WATCHLIST_ROUTES };

describe("deskCaller (deskCall bound to a feature's routes, without the whole route table)", () => {
  it.each(Object.entries(CALLERS))("%s holds each of its routes as lib/desk/route-meta.ts has it", (_name, caller) => {
    expect(Object.keys(caller.routes).length).toBeGreaterThan(0);
    for (const [id, meta] of Object.entries(caller.routes)) expect(meta, id).toEqual(deskRouteMeta[id as keyof typeof deskRouteMeta]);
  });

  it("asks the route's URL with its params, query and body and parses the answer with the route's schema", async () => {
    const fetchMock = answer(200, { data: { watchlists: "not a list" } });
    await expect(WATCHLIST_ROUTES.call("renameWatchlist", { params: { id: "w 1" }, body: { name: "Core" } })).rejects.toThrow();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/watchlists/w%201");
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("PATCH");
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(JSON.stringify({ name: "Core" }));
  });

  it("returns the parsed answer", async () => {
    answer(200, { data: null });
    await expect(SUMMARY_ROUTES.call("lookupSummary", { body: { symbols: ["TCS"], mode: "news_context" } })).resolves.toBeNull();
  });

  it("builds a route's URL as deskUrl does", () => {
    expect(batchResultsUrl("job/7")).toBe("/api/batches/job%2F7/results.jsonl");
    expect(SYMBOL_ROUTES.url("searchSymbols", { query: { q: "TC", limit: "8" } })).toBe("/api/symbols/search?q=TC&limit=8");
  });

  it("passes the desk's errors on as AlphaErrors", async () => {
    answer(429, { error: { code: "rate_limit_exceeded", message: "Slow down." } });
    const error = await BRIEF_ROUTES.call("listBriefSchedules").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AlphaError);
    expect(error).toMatchObject({ code: "rate_limit_exceeded", status: 429 });
  });

  it("refuses a path parameter left out before anything is sent", async () => {
    const fetchMock = answer(200, { data: null });
    const caller = deskCaller({ getSummary: deskRouteMeta.getSummary });
    await expect(caller.call("getSummary")).rejects.toThrow(/path parameter id is missing/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks the shell's routes with their query, and passes their errors on as AlphaErrors", async () => {
    const fetchMock = answer(200, { data: { range: "oops" } });
    await expect(SHELL_ROUTES.call("getSpend", { query: { range: "7d", scope: "me" } })).rejects.toThrow();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/usage/spend?range=7d&scope=me");
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("GET");
    answer(429, { error: { code: "rate_limit_exceeded", message: "Slow down." } });
    const error = await SHELL_ROUTES.call("getUsage").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AlphaError);
    expect(error).toMatchObject({ code: "rate_limit_exceeded", status: 429 });
  });
});
