/**
 * The desk proxy's envelope (pure zod, browser-safe): every `/api/alpha/*` answer is `{ data, meta }`, where `data` is
 * the endpoint's response as the contract (lib/alpha) parses it and `meta` says what the call cost and where it came
 * from. The server builds `meta` with this type; the browser parses it with this schema.
 */
import * as z from "zod";
import { endpointIds } from "@/lib/alpha/catalogue";

export const rateLimitInfoSchema = z.object({ limit: z.number(), remaining: z.number(), reset: z.number() });

export const proxyMetaSchema = z.object({
  endpoint: z.enum(endpointIds as [string, ...string[]]),
  /** Credits this answer cost the user: 0 when it came from the cache or was shared with an identical call. */
  creditsCharged: z.number().int().min(0),
  /** Balance after the call, when the upstream said; null for cached answers. */
  balance: z.number().nullable(),
  cached: z.boolean(),
  /** Age of the data in seconds: 0 for a fresh upstream answer. */
  ageSeconds: z.number().int().min(0),
  /** When the data was fetched from upstream (ISO). */
  fetchedAt: z.string(),
  rateLimit: rateLimitInfoSchema.nullable(),
  /** The desk record the server wrote from this answer (a summary history entry, a batch job's kept lines), or null. */
  recordId: z.string().nullable().default(null),
  /**
   * Why an answer the desk held is still current: inside its freshness (`fresh`), no market session since it was bought
   * (`market_shut`), the live stream watched its feed since and delivered nothing new (`live_stream`), or a budget past its
   * limit holds paid reads to the cache (`budget`).
   */
  heldBecause: z.enum(["fresh", "market_shut", "live_stream", "budget"]).optional(),
  /**
   * Why a feed page the desk held was bought again: the live stream delivered rows for it since (`new_rows`), or no
   * unbroken stream watched it (`no_stream`: the stream was down, broke, or was never open).
   */
  boughtAgainBecause: z.enum(["new_rows", "no_stream"]).optional(),
});
export type ProxyMeta = z.output<typeof proxyMetaSchema>;

/** `{ data, meta }` with the endpoint's own response schema for `data`. */
export function proxyEnvelopeSchema<S extends z.ZodType>(data: S) {
  return z.object({ data, meta: proxyMetaSchema });
}

/** The desk's error body: `{ error: { code, message, details? } }` on every non-2xx answer of every /api route. */
export { errorBodySchema as deskErrorSchema } from "@/lib/alpha/errors";
