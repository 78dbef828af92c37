import { queryOptions, useMutation, useQueryClient, type QueryClient, type UseMutationOptions } from "@tanstack/react-query";
import type { CallInput, CallOptions } from "@/lib/alpha/request";
import type { EndpointId } from "@/lib/alpha/catalogue-meta";
import { endpointMeta } from "@/lib/alpha/catalogue-meta";
import { priceInputOf, priceRequest } from "@/lib/alpha/costs";
import { loadAlphaContract } from "@/lib/query/alpha-contract-loader";
import { deskFetch } from "@/lib/query/desk-fetch";
import { queryKeys } from "@/lib/query/keys";
import type { AlphaResult } from "@/lib/query/alpha-contract";
import type { ProxyMeta } from "@/lib/desk/envelope";

export type { AlphaResult } from "@/lib/query/alpha-contract";

/** What the desk's proxy says about a call besides its data (credits charged, cache age, rate limit). */
export type AlphaCallMeta = ProxyMeta;

/**
 * The part of the contract that needs the schemas (checking a request, parsing an answer), imported on the first call
 * and warmed once the page is idle (lib/query/warm-contracts.ts); a failed import is tried again on the next call.
 */
export { loadAlphaContract };

function proxyUrl(requestUrl: string, options: { fresh?: boolean; label?: string }): string {
  const url = new URL(`/api/alpha${requestUrl}`, "http://desk");
  if (options.fresh) url.searchParams.set("fresh", "1");
  if (options.label) url.searchParams.set("label", options.label);
  return `${url.pathname}${url.search}`;
}

/** The proxy route of a call: `/api/alpha` + the catalogue path and query. Validates the input first. */
export async function alphaProxyUrl<K extends EndpointId>(id: K, input: CallInput<K>, options: { fresh?: boolean; label?: string } = {}): Promise<string> {
  const { prepareRequest } = await loadAlphaContract();
  return proxyUrl(prepareRequest(id, input).url, options);
}

/**
 * The price shown before a call runs: the most it can cost, whether it can be lower, and the rule in words. Read from
 * the zod-free half of the catalogue, so a price tag renders at once (lib/alpha/costs.ts, `priceInputOf`).
 */
export function alphaPrice<K extends EndpointId>(id: K, input: CallInput<K>): { credits: number; upTo: boolean; description: string } {
  const args = (input ?? {}) as { query?: unknown; body?: unknown };
  const price = priceRequest(id, priceInputOf(id, args.query ?? args.body));
  return { credits: price.credits, upTo: !price.exact, description: price.description };
}

/**
 * One call through the desk's proxy: the input checked against the contract before anything is sent (a refused input
 * is an `invalid_parameter` AlphaError, and costs nothing), the envelope's meta parsed with the desk's schema, the data
 * with the endpoint's.
 */
export async function requestAlpha<K extends EndpointId>(
  id: K,
  input: CallInput<K>,
  options: { fresh?: boolean; signal?: AbortSignal; retention?: CallOptions["retention"]; label?: string } = {},
): Promise<AlphaResult<K>> {
  const { prepareRequest, parseEnvelope } = await loadAlphaContract();
  const req = prepareRequest(id, input, { retention: options.retention });
  const { body } = await deskFetch<unknown>(proxyUrl(req.url, { fresh: options.fresh, label: options.label }), {
    method: req.method,
    headers: req.headers,
    body: req.body,
    signal: options.signal,
  });
  return parseEnvelope(id, body as { data?: unknown; meta?: unknown } | null);
}

/**
 * Asks the desk for its cached answer of a paid GET without calling upstream (free, no rate budget): the answer at
 * 0 credits, or null when the desk holds none. A page uses it so a reload shows what was bought, not a price.
 */
export async function peekAlpha<K extends EndpointId>(id: K, input: CallInput<K>, signal?: AbortSignal): Promise<AlphaResult<K> | null> {
  const { prepareRequest, parseEnvelope } = await loadAlphaContract();
  const url = proxyUrl(prepareRequest(id, input).url, {});
  const { body, response } = await deskFetch<unknown>(`${url}${url.includes("?") ? "&" : "?"}peek=1`, { signal });
  if (response.status === 204 || !body) return null;
  return parseEnvelope(id, body as { data?: unknown; meta?: unknown });
}

/** After a call that cost credits the gauge and the spend charts are out of date. */
function afterCall(client: QueryClient, meta: AlphaCallMeta | undefined) {
  if (!meta || meta.creditsCharged > 0 || !meta.cached) void client.invalidateQueries({ queryKey: queryKeys.usage.all });
}

/**
 * queryOptions for one catalogue call through the desk's proxy. Paid data never refetches on its own (that would
 * spend credits): it stays until the user asks for a refresh (`refreshAlpha`). Free data is fresh for 30 s.
 */
export function alphaQueryOptions<K extends EndpointId>(id: K, input: CallInput<K>) {
  const paid = endpointMeta[id].cost.kind !== "free";
  return queryOptions({
    queryKey: queryKeys.alpha.call(id, input),
    queryFn: async ({ signal, client }): Promise<AlphaResult<K>> => {
      const result = await requestAlpha(id, input, { signal });
      if (paid) afterCall(client, result.meta);
      return result;
    },
    ...(paid ? { staleTime: Infinity, refetchOnReconnect: false, refetchOnMount: false } : {}),
  });
}

/** A paid refresh of a cached call (`fresh=1`): puts the new answer under the same key and returns it. */
export async function refreshAlpha<K extends EndpointId>(client: QueryClient, id: K, input: CallInput<K>): Promise<AlphaResult<K>> {
  const result = await requestAlpha(id, input, { fresh: true });
  client.setQueryData(queryKeys.alpha.call(id, input), result);
  afterCall(client, result.meta);
  return result;
}

/**
 * A mutation for a state-changing catalogue call (POST, DELETE). The gauge refreshes after each one; pass
 * `invalidate` to refresh other queries too (e.g. the batch job list after a submit).
 */
export function useAlphaMutation<K extends EndpointId>(
  id: K,
  options: Omit<UseMutationOptions<AlphaResult<K>, Error, CallInput<K>>, "mutationFn"> & {
    invalidate?: ReadonlyArray<readonly unknown[]>;
    retention?: CallOptions["retention"];
    /** The desk's note on the record the server keeps of the call (a summary's source); never sent upstream. */
    label?: string;
    /** Skip the server's reuse of an earlier answer (a summary asked for again on purpose): a paid call. */
    fresh?: boolean;
  } = {},
) {
  const client = useQueryClient();
  const { invalidate, retention, label, fresh, onSettled, ...rest } = options;
  return useMutation<AlphaResult<K>, Error, CallInput<K>>({
    mutationKey: queryKeys.alpha.endpoint(id),
    mutationFn: (input) => requestAlpha(id, input, { retention, ...(label ? { label } : {}), ...(fresh ? { fresh } : {}) }),
    ...rest,
    onSettled: (...args) => {
      void client.invalidateQueries({ queryKey: queryKeys.usage.all });
      for (const key of invalidate ?? []) void client.invalidateQueries({ queryKey: key });
      return onSettled?.(...args);
    },
  });
}
