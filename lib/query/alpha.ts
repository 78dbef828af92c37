import type { QueryClient } from "@tanstack/react-query";
import type { EndpointId } from "@/lib/alpha/catalogue-meta";
import { endpointMeta } from "@/lib/alpha/catalogue-meta";
import type { CallInput } from "@/lib/alpha/request";
import { alphaCalls, alphaPriceBy, alphaQueryOptionsBy, refreshAlphaBy, type AlphaPrice, type AlphaResult } from "@/lib/query/alpha-core";
import { loadAlphaContract } from "@/lib/query/alpha-contract-loader";

/**
 * Calls to the Alpha catalogue through the desk's proxy, by endpoint id, with the whole catalogue's entries
 * (lib/alpha/catalogue-meta.ts): lib/query/alpha-core.ts bound to every endpoint. A page that calls a few endpoints can
 * hold only their entries instead (`alphaCalls` in alpha-core.ts); keys, prices and requests are the same.
 */
export { alphaProxyUrl, peekAlpha, requestAlpha, useAlphaMutation, type AlphaCallMeta, type AlphaResult } from "@/lib/query/alpha-core";

/**
 * The part of the contract that needs the schemas (checking a request, parsing an answer), imported on the first call
 * and warmed on the user's first interaction with the page (lib/query/warm-contracts.ts); a failed import is tried again
 * on the next call.
 */
export { loadAlphaContract };

/** Every endpoint's calls (for components/paid/paid-call.tsx and any page that calls many endpoints). */
export const allAlphaCalls = /* @__PURE__ */ alphaCalls(endpointMeta);

/**
 * The price shown before a call runs: the most it can cost, whether it can be lower, and the rule in words. Read from
 * the zod-free half of the catalogue, so a price tag renders at once (lib/alpha/cost-rules.ts, `priceInputBy`).
 */
export function alphaPrice<K extends EndpointId>(id: K, input: CallInput<K>): AlphaPrice {
  return alphaPriceBy(id, endpointMeta[id], input);
}

/**
 * queryOptions for one catalogue call through the desk's proxy. Paid data never refetches on its own (that would
 * spend credits): it stays until the user asks for a refresh (`refreshAlpha`). Free data is fresh for 30 s.
 */
export function alphaQueryOptions<K extends EndpointId>(id: K, input: CallInput<K>) {
  return alphaQueryOptionsBy(id, endpointMeta[id], input);
}

/** A paid refresh of a cached call (`fresh=1`): puts the new answer under the same key and returns it. */
export async function refreshAlpha<K extends EndpointId>(client: QueryClient, id: K, input: CallInput<K>): Promise<AlphaResult<K>> {
  return refreshAlphaBy(client, id, endpointMeta[id], input);
}
