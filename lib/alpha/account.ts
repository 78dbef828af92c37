import * as z from "zod";
import { listParam, openEnum, optionalString } from "./primitives";
import { checkDateRange, dateRangeShape, limitParam, pageParam } from "./query-params";

/** REST products an account can hold; `symbols` is the Symbols scope that metadata needs. */
export const PRODUCTS = ["earnings", "alerts", "announcements", "news", "block_deals", "concalls", "symbols", "summaries"] as const;
export type Product = (typeof PRODUCTS)[number];

/** WebSocket products, named as on the wire. */
export const STREAM_PRODUCTS = ["news", "announcements", "earnings", "concalls", "alerts", "block-deals"] as const;
export type StreamProduct = (typeof STREAM_PRODUCTS)[number];

export const productEntitlementSchema = z.looseObject({
  product: z.string(),
  enabled: z.boolean(),
  rpm: z.number().int().nullish(),
  daily: z.number().int().nullish(),
});

export const websocketAddonSchema = z.looseObject({
  product: z.string(),
  tier: z.string(),
  enabled: z.boolean(),
});
export type WebsocketAddon = z.infer<typeof websocketAddonSchema>;

export const accountProfileSchema = z.looseObject({
  account_id: z.string(),
  name: optionalString,
  status: z.string(),
  balance: z.number().int(),
  created_at: optionalString,
  updated_at: optionalString,
  metadata: z.record(z.string(), z.unknown()).default({}),
  products: z.array(productEntitlementSchema).default([]),
  websocket_addons: z.array(websocketAddonSchema).default([]),
  live_entitlement: z.record(z.string(), z.unknown()).nullish(),
  retention_policy: z.record(z.string(), z.unknown()).nullish(),
});
export type AccountProfile = z.infer<typeof accountProfileSchema>;

export const usageSnapshotSchema = z.looseObject({
  account_id: z.string(),
  balance: z.number().int(),
  debited_today: z.number().int(),
  reserved: z.number().int().default(0),
  live_usage: z.record(z.string(), z.number()).default({}),
  rate_limits: z.looseObject({
    overall: z.looseObject({ daily: z.number().int(), rpm: z.number().int() }),
  }),
  live_entitlement: z.record(z.string(), z.unknown()).nullish(),
});
export type UsageSnapshot = z.infer<typeof usageSnapshotSchema>;

export const accountResponseSchema = z.looseObject({ data: accountProfileSchema });
export const usageResponseSchema = z.looseObject({ data: usageSnapshotSchema });

/** Ledger entry types: debits are negative amounts, the rest positive. Open: the hosted service may add types. */
export const LEDGER_ENTRY_TYPES = ["debit", "topup", "grant", "refund"] as const;

/**
 * One row of the account's credit ledger. `route_id` is the endpoint charged (`batch.summary` for a batch line);
 * `api_key` is the id of the key that called (never the key); `reference_id` the request id, job id or result line id.
 */
export const ledgerEntrySchema = z.looseObject({
  entry_id: z.string(),
  account_id: z.string(),
  api_key: optionalString.describe("Id of the key that made the call (never the key itself); null on top-ups and grants"),
  api_key_prefix: optionalString.describe("The first characters of that key, to match it against a key you hold"),
  entry_type: openEnum(LEDGER_ENTRY_TYPES),
  amount: z.number().int(),
  balance_after: z.number().int().nullish(),
  reference_id: optionalString.describe("The charged response's X-Request-Id; the job id of a batch submit fee; the result line id of a batch summary"),
  route_id: optionalString.describe("Catalogue operationId that was charged; `batch.summary` for a summary a batch job generated (5 credits, one row per line)"),
  endpoint: optionalString.describe("METHOD /path of that route (a batch summary shows its upload, POST /v1/batch/jobs)"),
  metadata: z.record(z.string(), z.unknown()).default({}),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const LEDGER_MAX_LIMIT = 500;

/** `GET /v1/account/ledger`: newest first; `before` continues after an entry_id, so new entries never shift a page. */
export const listLedgerQuerySchema = z
  .object({
    ...dateRangeShape,
    entry_type: listParam(z.enum(LEDGER_ENTRY_TYPES, { message: "must be debit, topup, grant or refund" }), LEDGER_ENTRY_TYPES.length).optional(),
    before: z.string().trim().regex(/^\d{1,18}$/, { message: "must be an entry_id from an earlier page" }).optional(),
    page: pageParam,
    limit: limitParam(100, LEDGER_MAX_LIMIT),
  })
  .superRefine(checkDateRange);

/** The hosted client reads `data`; `has_next` and `next_before` page on like the other lists. */
export const ledgerResponseSchema = z.looseObject({
  data: z.array(ledgerEntrySchema),
  has_next: z.boolean().default(false),
  next_before: optionalString,
});
export type LedgerResponse = z.infer<typeof ledgerResponseSchema>;

/**
 * `GET /v1/account/limits`: `rest` holds the plan's rpm and daily (overall and per enabled product) and the request
 * caps; `account` the credits and today's counts; `websocket` the add-ons with their tier, connection cap, symbols
 * per subscription and full-feed allowance.
 */
export const accountLimitsResponseSchema = z.looseObject({
  rest: z.record(z.string(), z.record(z.string(), z.number())),
  account: z.record(z.string(), z.record(z.string(), z.number())).default({}),
  websocket: z.record(z.string(), z.unknown()).default({}),
});
export type AccountLimits = z.infer<typeof accountLimitsResponseSchema>;
