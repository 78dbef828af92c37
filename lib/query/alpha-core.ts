/**
 * Calls to the Alpha catalogue through the desk's proxy, given the generated entries (lib/alpha/catalogue-meta.ts) of
 * the endpoints a page calls: `alphaCalls({ listNews, listAlerts })`, so a page carries only those. lib/query/alpha.ts
 * is this module bound to the whole table. What needs no entry (a request, a peek, a mutation) goes by id alone.
 */
import { queryOptions, useMutation, useQueryClient, type QueryClient, type UseMutationOptions } from "@tanstack/react-query";
import type { EndpointId, EndpointMeta } from "@/lib/alpha/catalogue-meta";
import { priceBy, priceInputBy } from "@/lib/alpha/cost-rules";
import type { CallInput, CallOptions } from "@/lib/alpha/request";
import type { ProxyMeta } from "@/lib/desk/envelope";
import type { AlphaResult } from "@/lib/query/alpha-contract";
import { loadAlphaContract } from "@/lib/query/alpha-contract-loader";
import { alphaCallKey, alphaKeys, alphaPeekKey } from "@/lib/query/alpha-keys";
import { deskFetch } from "@/lib/query/desk-fetch";
import { transportOf } from "@/lib/query/transport";

export type { AlphaResult } from "@/lib/query/alpha-contract";

/** What the desk's proxy says about a call besides its data (credits charged, cache age, rate limit). */
export type AlphaCallMeta = ProxyMeta;

/** Some endpoints' entries, by id, as lib/alpha/catalogue-meta.ts has them. */
export type EndpointTable<Id extends EndpointId = EndpointId> = { readonly [K in Id]: EndpointMeta };

/** The price shown on a control before its call runs: the most it can cost, whether it can be lower, the rule. */
export interface AlphaPrice {
  credits: number;
  upTo: boolean;
  description: string;
}

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
  const req = prepareRequest(id, input);
  const url = proxyUrl(req.url, {});
  // A POST the desk keeps (signed links) is peeked with its body: the body is part of what was bought.
  const { body, response } = await deskFetch<unknown>(`${url}${url.includes("?") ? "&" : "?"}peek=1`, { signal, method: req.method, headers: req.headers, body: req.body });
  if (response.status === 204 || !body) return null;
  return parseEnvelope(id, body as { data?: unknown; meta?: unknown });
}

/** The gauge's and the spend view's queries: any call that spent credits makes them stale. */
export const SPEND_KEYS = [["desk", "getUsage"], ["desk", "getSpend"]] as const;

export function refreshSpend(client: QueryClient): void {
  for (const queryKey of SPEND_KEYS) void client.invalidateQueries({ queryKey });
}

/** After a call that cost credits the gauge and the spend charts are out of date. */
function afterCall(client: QueryClient, meta: AlphaCallMeta | undefined) {
  if (!meta || meta.creditsCharged > 0 || !meta.cached) refreshSpend(client);
}

/** One call through the client's transport (the server's, while it renders a page), else the desk's proxy. */
export function fetchAlpha<K extends EndpointId>(client: QueryClient | undefined, id: K, input: CallInput<K>, signal?: AbortSignal): Promise<AlphaResult<K>> {
  const server = transportOf(client);
  return server ? server.alpha(id, input) : requestAlpha(id, input, signal ? { signal } : {});
}

/** The price of a call from its endpoint's entry, read without the schema (lib/alpha/cost-rules.ts, `priceInputBy`). */
export function alphaPriceBy<K extends EndpointId>(id: K, meta: EndpointMeta, input: CallInput<K>): AlphaPrice {
  const args = (input ?? {}) as { query?: unknown; body?: unknown };
  const price = priceBy(id, meta.cost, priceInputBy(meta, args.query ?? args.body));
  return { credits: price.credits, upTo: !price.exact, description: price.description };
}

/**
 * queryOptions for one catalogue call through the desk's proxy. Paid data never refetches on its own (that would
 * spend credits): it stays until the user asks for a refresh (`refresh`). Free data is fresh for 30 s.
 */
export function alphaQueryOptionsBy<K extends EndpointId>(id: K, meta: EndpointMeta, input: CallInput<K>) {
  const paid = meta.cost.kind !== "free";
  return queryOptions({
    queryKey: alphaCallKey(id, meta, input),
    queryFn: async ({ signal, client }): Promise<AlphaResult<K>> => {
      const result = await fetchAlpha(client, id, input, signal);
      if (paid) afterCall(client, result.meta);
      return result;
    },
    ...(paid ? { staleTime: Infinity, refetchOnReconnect: false, refetchOnMount: false } : {}),
  });
}

/** A paid refresh of a cached call (`fresh=1`): puts the new answer under the same key and returns it. */
export async function refreshAlphaBy<K extends EndpointId>(client: QueryClient, id: K, meta: EndpointMeta, input: CallInput<K>): Promise<AlphaResult<K>> {
  const result = await requestAlpha(id, input, { fresh: true });
  client.setQueryData(alphaCallKey(id, meta, input), result);
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
    mutationKey: alphaKeys.endpoint(id),
    mutationFn: (input) => requestAlpha(id, input, { retention, ...(label ? { label } : {}), ...(fresh ? { fresh } : {}) }),
    ...rest,
    onSettled: (...args) => {
      refreshSpend(client);
      for (const key of invalidate ?? []) void client.invalidateQueries({ queryKey: key });
      return onSettled?.(...args);
    },
  });
}

/** The calls of some endpoints, bound to their entries: what a page uses in place of lib/query/alpha.ts. */
export interface AlphaCalls<Id extends EndpointId> {
  /** The entries this set holds (read by the tests). */
  readonly endpoints: EndpointTable<Id>;
  key<K extends Id>(id: K, input: CallInput<K>): ReturnType<typeof alphaCallKey>;
  queryOptions<K extends Id>(id: K, input: CallInput<K>): ReturnType<typeof alphaQueryOptionsBy<K>>;
  price<K extends Id>(id: K, input: CallInput<K>): AlphaPrice;
  refresh<K extends Id>(client: QueryClient, id: K, input: CallInput<K>): Promise<AlphaResult<K>>;
}

export function alphaCalls<const T extends { [K in EndpointId]?: EndpointMeta }>(endpoints: T): AlphaCalls<keyof T & EndpointId> {
  type Id = keyof T & EndpointId;
  const table = endpoints as unknown as EndpointTable<Id>;
  return {
    endpoints: table,
    key: (id, input) => alphaCallKey(id, table[id], input),
    queryOptions: (id, input) => alphaQueryOptionsBy(id, table[id], input),
    price: (id, input) => alphaPriceBy(id, table[id], input),
    refresh: (client, id, input) => refreshAlphaBy(client, id, table[id], input),
  };
}

/**
 * Whether the desk already holds a paid GET's answer (free, never upstream): a hit is put under the call's own key, so
 * a reload shows what was bought instead of its price. The server's page prefetch runs the same query.
 */
export function alphaPeekOptions<Id extends EndpointId, K extends Id>(calls: AlphaCalls<Id>, id: K, input: CallInput<K>) {
  const call = calls.queryOptions(id, input);
  return queryOptions({
    queryKey: alphaPeekKey(call.queryKey),
    queryFn: async ({ signal, client }): Promise<boolean> => {
      const server = transportOf(client);
      const hit = server ? await server.peek(id, input) : await peekAlpha(id, input, signal);
      if (hit && client.getQueryData(call.queryKey) === undefined) client.setQueryData(call.queryKey, hit);
      return hit !== null;
    },
    staleTime: Infinity,
    retry: false,
  });
}
