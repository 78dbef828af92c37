import * as z from "zod";
import { queryOptions, useMutation, useQueryClient, type QueryClient, type UseMutationOptions } from "@tanstack/react-query";
import type { CallInput, CallOptions } from "@/lib/alpha/client";
import { prepareRequest } from "@/lib/alpha/client";
import type { EndpointId, ResponseOf } from "@/lib/alpha/catalogue";
import { catalogue } from "@/lib/alpha/catalogue";
import { priceRequest } from "@/lib/alpha/costs";
import { deskFetch } from "@/lib/query/desk-fetch";
import { queryKeys } from "@/lib/query/keys";
import type { ProxyMeta } from "@/lib/desk/envelope";
import { proxyMetaSchema } from "@/lib/desk/envelope";

/** What the desk's proxy says about a call besides its data (credits charged, cache age, rate limit). */
export type AlphaCallMeta = ProxyMeta;

/** The proxy's answer: the endpoint's response (as the contract parses it) and the call's meta. */
export interface AlphaResult<K extends EndpointId> {
  data: ResponseOf<K>;
  meta: AlphaCallMeta;
}

/** The proxy route of a call: `/api/alpha` + the catalogue path and query. Validates the input first. */
export function alphaProxyUrl<K extends EndpointId>(id: K, input: CallInput<K>, options: { fresh?: boolean; label?: string } = {}): string {
  const req = prepareRequest(id, input);
  const url = new URL(`/api/alpha${req.url}`, "http://desk");
  if (options.fresh) url.searchParams.set("fresh", "1");
  if (options.label) url.searchParams.set("label", options.label);
  return `${url.pathname}${url.search}`;
}

/** The price shown before a call runs: the most it can cost, whether it can be lower, and the rule in words. */
export function alphaPrice<K extends EndpointId>(id: K, input: CallInput<K>): { credits: number; upTo: boolean; description: string } {
  let parsed: Record<string, unknown> | undefined;
  try {
    parsed = prepareRequest(id, input).parsed;
  } catch {
    parsed = undefined;
  }
  const price = priceRequest(id, parsed);
  return { credits: price.credits, upTo: !price.exact, description: price.description };
}

/**
 * The schema the browser parses an envelope's `data` with: the endpoint's response as the server passes it on (the
 * catalogue is in the bundle already). JSON lines arrive parsed, so their parsed form is checked; text and bytes
 * are not re-read.
 */
function envelopeDataSchema(id: EndpointId): z.ZodType | null {
  const def = catalogue[id];
  if (def.responseType === "json") return def.response;
  if (def.responseType === "jsonl" && def.response instanceof z.ZodPipe) return def.response.out as z.ZodType;
  return null;
}

/** The envelope of the desk's proxy, parsed: meta with the desk's schema, data with the endpoint's (lib/alpha). */
export function parseEnvelope<K extends EndpointId>(id: K, body: { data?: unknown; meta?: unknown } | null | undefined): AlphaResult<K> {
  const schema = envelopeDataSchema(id);
  const data = schema ? schema.parse(body?.data) : body?.data;
  return { data: data as ResponseOf<K>, meta: proxyMetaSchema.parse(body?.meta) };
}

/** One call through the desk's proxy: the envelope's meta parsed with the desk's schema, the data with the endpoint's. */
export async function requestAlpha<K extends EndpointId>(
  id: K,
  input: CallInput<K>,
  options: { fresh?: boolean; signal?: AbortSignal; retention?: CallOptions["retention"]; label?: string } = {},
): Promise<AlphaResult<K>> {
  const req = prepareRequest(id, input, { retention: options.retention });
  const { body } = await deskFetch<unknown>(alphaProxyUrl(id, input, { fresh: options.fresh, label: options.label }), {
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
  const url = alphaProxyUrl(id, input);
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
  const paid = catalogue[id].cost.kind !== "free";
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
