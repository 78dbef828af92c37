import { describe, expect, it } from "vitest";
import { SYMBOL_PAGE_CALLS } from "@/components/symbols/symbol-calls";
import { allAlphaCalls, alphaPrice, alphaQueryOptions } from "@/lib/query/alpha";
import type { AlphaCalls } from "@/lib/query/alpha-core";
import { BATCH_CALLS, batchUnitCredits, priceBatchJob as batchPagePrice } from "@/lib/query/batches";
import { CONCALL_CALLS } from "@/lib/query/concalls";
import { alphaCallKey } from "@/lib/query/alpha-keys";
import { SUMMARY_CALLS } from "@/lib/query/summaries";
import type { EndpointId } from "./catalogue-meta";
import { endpointMeta } from "./catalogue-meta";
import { priceBatchJob, unitCredits } from "./costs";

/** Every page-level table of Alpha endpoints (lib/query/alpha-core.ts `alphaCalls`). */
// Each table is read by id from its own keys, so viewing them as tables of any endpoint is safe here.
const TABLES = { SUMMARY_CALLS, CONCALL_CALLS, BATCH_CALLS, SYMBOL_PAGE_CALLS } as unknown as Record<string, AlphaCalls<EndpointId>>;

/** Inputs that exercise each rule: defaults, a limit, details, lists, a body, a file. */
const INPUTS: unknown[] = [
  {},
  { query: { limit: 5 } },
  { query: { limit: "7", detailed: "true" } },
  { query: { symbols: ["TCS", "INFY"], limit: 10, page: 2 } },
  { query: { symbols: "TCS,INFY", ids: ["a", "b", "c"] } },
  { body: { symbols: ["TCS"], mode: "news_context" } },
  { body: { items: [{ symbol: "TCS", quarter: "q1fy26" }] } },
];

describe("the pages' endpoint tables (entries of the generated lib/alpha/catalogue-meta.ts)", () => {
  it.each(Object.entries(TABLES))("%s holds each of its endpoints as the catalogue has it", (_name, calls) => {
    const entries = Object.entries(calls.endpoints);
    expect(entries.length).toBeGreaterThan(0);
    for (const [id, meta] of entries) expect(meta, id).toEqual(endpointMeta[id as EndpointId]);
  });

  it.each(Object.entries(TABLES))("%s gives the same keys, prices and query options as the whole catalogue", (_name, calls) => {
    for (const id of Object.keys(calls.endpoints) as EndpointId[]) {
      for (const input of INPUTS) {
        const call = input as never;
        expect(calls.key(id, call), id).toEqual(alphaCallKey(id, endpointMeta[id], call));
        expect(calls.price(id, call), id).toEqual(alphaPrice(id, call));
        const mine = calls.queryOptions(id, call);
        const whole = alphaQueryOptions(id, call);
        expect({ key: mine.queryKey, staleTime: mine.staleTime, refetchOnMount: mine.refetchOnMount }, id).toEqual({
          key: whole.queryKey,
          staleTime: whole.staleTime,
          refetchOnMount: whole.refetchOnMount,
        });
      }
    }
  });

  it("the whole catalogue's calls are every endpoint", () => {
    expect(Object.keys(allAlphaCalls.endpoints)).toEqual(Object.keys(endpointMeta));
  });

  it("the batch page prices a job as the catalogue does", () => {
    for (const lines of [0, 1, 7, 500]) expect(batchPagePrice(lines)).toEqual(priceBatchJob(lines));
    expect(batchUnitCredits()).toEqual(unitCredits("createBatchJob"));
  });
});
