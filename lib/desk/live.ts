import * as z from "zod";
import { booleanParam, listParam, symbolSchema } from "@/lib/alpha/primitives";
import { LIVE_PRODUCTS, LIVE_STATES, MAX_LIVE_SYMBOLS } from "@/lib/query/live";

/**
 * The schemas of the live relay (lib/query/live.ts): the query GET /api/live takes, parsed by the relay, and its
 * status and poll events, parsed by the browser's live hub once a stream has opened (it loads this on demand).
 */

export const liveQuerySchema = z.object({
  products: listParam(z.enum(LIVE_PRODUCTS, { message: `must be one of ${LIVE_PRODUCTS.join(", ")}` }), LIVE_PRODUCTS.length).pipe(
    z.array(z.enum(LIVE_PRODUCTS)).min(1, { message: "name at least one product" }),
  ).prefault(""),
  symbols: listParam(symbolSchema, MAX_LIVE_SYMBOLS).default([]),
  /** Alerts from the curated important feed only: the stream cannot tell, so the relay polls `important=true`. */
  important: booleanParam.default(false),
  /** Announcements in the detailed shape (categories, importance). */
  detailed: booleanParam.default(true),
  /**
   * Polling with no symbols checks the whole market, and nearly every check then finds something to bill: the
   * relay does that only when the user said so; otherwise such a product waits on standby.
   */
  poll_all: booleanParam.default(false),
});
export type LiveQuery = z.output<typeof liveQuerySchema>;

export const liveStatusSchema = z.looseObject({
  product: z.enum(LIVE_PRODUCTS),
  state: z.enum(LIVE_STATES),
  reason: z.string().optional(),
  message: z.string(),
  attempt: z.number().optional(),
  retryInMs: z.number().optional(),
  tier: z.string().optional(),
  fullFeed: z.boolean().optional(),
  pollEveryMs: z.number().optional(),
  at: z.string(),
});

export const livePollSchema = z.looseObject({
  product: z.enum(LIVE_PRODUCTS),
  at: z.string(),
  items: z.number(),
  creditsCharged: z.number(),
});
