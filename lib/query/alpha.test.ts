import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AlphaError } from "@/lib/alpha/alpha-error";
import { prepareRequest, type CallInput } from "@/lib/alpha/request";
import { alphaPrice, alphaProxyUrl, alphaQueryOptions, loadAlphaContract, refreshAlpha, requestAlpha } from "./alpha";
import { parseEnvelope } from "./alpha-contract";
import { endpointMeta, type EndpointId } from "@/lib/alpha/catalogue-meta";
import { alphaCallKey, canonicalCallOf } from "./alpha-keys";

const canonicalCall = (id: EndpointId, input: unknown) => canonicalCallOf(endpointMeta[id], input);
const callKey = (id: EndpointId, input: unknown) => alphaCallKey(id, endpointMeta[id], input);
import * as api from "@/lib/desk/route-meta/usage";
import { deskQuery } from "./desk";

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const meta = (over: Partial<{ creditsCharged: number; cached: boolean }> = {}) => ({
  endpoint: "listNews",
  creditsCharged: 1,
  balance: 99,
  cached: false,
  ageSeconds: 0,
  fetchedAt: "2026-04-01T10:00:00.000Z",
  rateLimit: null,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe("the proxy URL of a catalogue call", () => {
  it("is /api/alpha plus the catalogue path and the validated query", async () => {
    expect(await alphaProxyUrl("listNews", { query: { symbols: ["TCS", "INFY"], limit: 5 } })).toBe("/api/alpha/v1/news?symbols=TCS%2CINFY&page=1&limit=5");
    expect(await alphaProxyUrl("getBatchJob", { path: { job_id: "batch_1" } })).toBe("/api/alpha/v1/batch/jobs/batch_1");
    expect(await alphaProxyUrl("listAlerts", { query: { limit: 5 } }, { fresh: true })).toMatch(/^\/api\/alpha\/v1\/alerts\?.*&fresh=1$/);
  });

  it("refuses a call the catalogue would refuse, before anything is sent", async () => {
    await expect(alphaProxyUrl("listNews", { query: { limit: 100_000 } })).rejects.toThrow(AlphaError);
    const fetchMock = vi.fn(async () => jsonResponse({}));
    vi.stubGlobal("fetch", fetchMock);
    const error = await requestAlpha("listEarnings", { query: { limit: 0, symbols: ["not a symbol!"] } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AlphaError);
    expect(error).toMatchObject({ code: "invalid_parameter", message: expect.stringMatching(/limit|symbols/) });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("the price shown before a call", () => {
  it("comes from the catalogue's cost rule", () => {
    expect(alphaPrice("listEarnings", { query: { limit: 10, detailed: true } })).toMatchObject({ credits: 20, upTo: true });
    expect(alphaPrice("getConcallDetail", { query: { symbol: "TCS", quarter: "q4_26" } })).toMatchObject({ credits: 3, upTo: false });
    expect(alphaPrice("listUpcomingEarnings", {})).toMatchObject({ credits: 0, upTo: false, description: "Free." });
  });
});

describe("the query key of a call (zod-free: every page builds its keys at first render)", () => {
  it("is the same for inputs that ask the same thing, and differs when they do not", () => {
    const key = (input: unknown) => canonicalCall("listNews", input);
    expect(key({ query: { symbols: ["TCS", "INFY"], limit: 5 } })).toBe(key({ query: { limit: "5", symbols: "TCS,INFY", page: 1 } }));
    expect(key({})).toBe(key({ query: { page: 1, limit: 20, symbols: [], from: undefined } }));
    expect(key({ query: { limit: 5 } })).not.toBe(key({ query: { limit: 6 } }));
    expect(key({ query: { symbols: ["TCS"] } })).not.toBe(key({ query: { symbols: ["INFY"] } }));
    expect(canonicalCall("getBatchJob", { path: { job_id: "a/b" } })).toBe("GET /v1/batch/jobs/a%2Fb");
    expect(canonicalCall("listEarnings", { query: { detailed: false, limit: 20 } })).toBe(canonicalCall("listEarnings", {}));
  });

  it("is one key for two spellings of one symbol or quarter, as the contract reads them (one cache entry, one purchase)", () => {
    const spellings: [EndpointId, { query: Record<string, unknown> }, { query: Record<string, unknown> }][] = [
      ["listNews", { query: { symbols: [" tcs", "Infy "] } }, { query: { symbols: "TCS,INFY" } }],
      ["listBlockDeals", { query: { symbols: "m&m" } }, { query: { symbols: ["M&M"] } }],
      ["getConcallTranscript", { query: { symbol: " reliance ", quarter: "Q4_26" } }, { query: { symbol: "RELIANCE", quarter: "q4_26" } }],
    ];
    for (const [id, a, b] of spellings) {
      expect(prepareRequest(id, a as CallInput<typeof id>).url, id).toBe(prepareRequest(id, b as CallInput<typeof id>).url);
      expect(canonicalCall(id, a), id).toBe(canonicalCall(id, b));
    }
    expect(canonicalCall("listNews", { query: { symbols: "TCS" } })).not.toBe(canonicalCall("listNews", { query: { symbols: "TCSX" } }));
  });

  it("names the contract's own URL for an input in the contract's own form", () => {
    const calls: [EndpointId, { query: Record<string, unknown> }][] = [
      ["listNews", { query: { symbols: ["TCS", "INFY"], limit: 5, page: 2 } }],
      ["listEarnings", { query: { detailed: true, ids: ["a", "b"] } }],
      ["listAlerts", { query: { important: true } }],
    ];
    for (const [id, input] of calls) {
      const req = prepareRequest(id, input as CallInput<typeof id>);
      const sorted = new URLSearchParams(req.url.split("?")[1]);
      sorted.sort();
      const defaults = ["page=1", "limit=20", "detailed=false", "important=false"];
      const expected = [...sorted].map(([k, v]) => `${k}=${v}`).filter((kv) => !defaults.includes(kv));
      expect(canonicalCall(id, input)).toBe(`GET ${req.url.split("?")[0]}${expected.length ? `?${new URLSearchParams(expected.join("&")).toString()}` : ""}`);
    }
  });
});

describe("alphaQueryOptions", () => {
  it("keys each call by endpoint and input, and refreshes the gauge after a paid answer", async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith("/api/usage") ? jsonResponse({ data: { usage: {} } }) : jsonResponse({ data: { data: [], has_next: false }, meta: meta() }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, "invalidateQueries");
    const options = alphaQueryOptions("listNews", { query: { limit: 5 } });
    expect(options.queryKey).toEqual(callKey("listNews", { query: { limit: 5 } }));

    const result = await client.fetchQuery(options);
    expect(result.meta.creditsCharged).toBe(1);
    expect(fetchMock).toHaveBeenCalledWith("/api/alpha/v1/news?page=1&limit=5", expect.objectContaining({ method: "GET" }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["desk", "getUsage"] });
    // The gauge's own query lives under that key, so it refetches at once.
    expect(deskQuery(api.getUsage).queryKey.slice(0, 2)).toEqual(["desk", "getUsage"]);
  });

  it("turns the desk's error body into an AlphaError with its code", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse({ error: { code: "no_api_key", message: "Add your Alpha API key in Settings." } }, 428)));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const error = await client.fetchQuery(alphaQueryOptions("listNews", {})).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AlphaError);
    expect((error as AlphaError).code).toBe("no_api_key");
  });

  it("a paid refresh asks for fresh data and replaces the cached answer", async () => {
    const fetchMock = vi.fn(async (_url: string) => jsonResponse({ data: { data: [{ id: "n1" }], has_next: false }, meta: meta({ creditsCharged: 1 }) }));
    vi.stubGlobal("fetch", fetchMock);
    const client = new QueryClient();
    await refreshAlpha(client, "listNews", { query: { limit: 5 } });
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain("fresh=1");
    expect(client.getQueryData(callKey("listNews", { query: { limit: 5 } }))).toMatchObject({ items: [{ id: "n1" }] });
  });
});

describe("the proxy's envelope in the browser", () => {
  it("parses data with the endpoint's response schema: a drifted answer fails loudly instead of being cast", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse({ data: { data: [{ title: "no id" }], has_next: false }, meta: meta() })));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const error = await client.fetchQuery(alphaQueryOptions("listNews", {})).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toMatch(/id/);
    expect(() => parseEnvelope("listNews", { data: { data: [], has_next: "no" }, meta: meta() })).toThrow();
    expect((await loadAlphaContract()).parseEnvelope).toBe(parseEnvelope);
  });

  it("checks batch results (JSON lines, parsed by the server) in their parsed form", () => {
    const line = { id: "bl_1", custom_id: "a", status: "succeeded" };
    const parsed = parseEnvelope("getBatchJobResults", { data: [line], meta: meta() });
    expect(parsed.items).toEqual([expect.objectContaining(line)]);
    expect(() => parseEnvelope("getBatchJobResults", { data: "not lines", meta: meta() })).toThrow();
  });
});
