import { z } from "zod";
import { optionalString } from "./primitives";

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
