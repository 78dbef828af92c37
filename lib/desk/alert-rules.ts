/**
 * Alert rules, their endpoints and the delivery ledger as the desk's routes serve them (pure zod, browser-safe).
 * A rule is a scope (watchlists, followed as their members change, and named symbols) × event kinds × timing ×
 * channels (the inbox, and the user's webhook, e-mail and Telegram endpoints).
 */
import * as z from "zod";

export const ALERT_CHANNELS = ["inbox", "webhook", "email", "telegram", "push"] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

const symbolItem = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9&._-]{1,20}$/, "a symbol such as TCS or M&M");
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "a time of day as HH:MM (24-hour, IST)");
const words = z.array(z.string().trim().min(1).max(60)).max(20);

/** What a rule listens for, per live stream. Empty lists mean "any". */
export const ruleKindSchema = z.discriminatedUnion("product", [
  z.object({ product: z.literal("announcements"), categories: words.default([]), importantOnly: z.boolean().default(false), keywords: words.default([]) }),
  z.object({ product: z.literal("alerts"), types: words.default([]) }),
  z.object({ product: z.literal("block-deals"), minValueCr: z.number().min(0).max(1_000_000).nullable().default(null) }),
  z.object({ product: z.literal("news"), sentiments: z.array(z.enum(["positive", "negative", "neutral"])).max(3).default([]) }),
]);
export type RuleKind = z.output<typeof ruleKindSchema>;

export const ruleTimingSchema = z.object({
  /** instant: as it arrives; digest: gathered and sent at digestTime (IST), nothing when empty. */
  mode: z.enum(["instant", "digest"]).default("instant"),
  digestTime: hhmm.default("08:30"),
  /** At most one message per symbol per this many minutes on each channel (0: no cooldown). */
  cooldownMinutes: z.number().int().min(0).max(1440).default(0),
  /** Instant only while the NSE session runs (pre-open to close); otherwise into the next digest at digestTime. */
  quietOutsideSession: z.boolean().default(false),
  /** After the desk was down: events stored upstream in the last this many hours are read (paid) and sent; 0: none. */
  catchUpHours: z.number().int().min(0).max(72).default(0),
});
export type RuleTiming = z.output<typeof ruleTimingSchema>;

export const ruleScopeSchema = z
  .object({ watchlistIds: z.array(z.string().min(1).max(80)).max(20).default([]), symbols: z.array(symbolItem).max(200).default([]) })
  .refine((s) => s.watchlistIds.length + s.symbols.length > 0, "choose a watchlist or name a symbol");
export type RuleScope = z.output<typeof ruleScopeSchema>;

export const ruleChannelsSchema = z
  .object({ inbox: z.boolean().default(true), endpointIds: z.array(z.string().min(1).max(80)).max(10).default([]) })
  .refine((c) => c.inbox || c.endpointIds.length > 0, "choose at least one channel");
export type RuleChannels = z.output<typeof ruleChannelsSchema>;

export const saveAlertRuleInputSchema = z.object({
  name: z.string().trim().min(1, "name the rule").max(80),
  scope: ruleScopeSchema,
  kinds: z.array(ruleKindSchema).min(1, "choose at least one kind of event").max(8),
  timing: ruleTimingSchema.default({ mode: "instant", digestTime: "08:30", cooldownMinutes: 0, quietOutsideSession: false, catchUpHours: 0 }),
  channels: ruleChannelsSchema,
  paused: z.boolean().default(false),
});
export type SaveAlertRuleInput = z.input<typeof saveAlertRuleInputSchema>;
export type SaveAlertRule = z.output<typeof saveAlertRuleInputSchema>;

export const alertRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.object({ watchlistIds: z.array(z.string()), symbols: z.array(z.string()) }),
  /** The scope's watchlists by name (one not found any more is left out). */
  watchlists: z.array(z.object({ id: z.string(), name: z.string() })),
  kinds: z.array(ruleKindSchema),
  timing: ruleTimingSchema,
  channels: z.object({ inbox: z.boolean(), endpointIds: z.array(z.string()) }),
  paused: z.boolean(),
  /** Credits per day the rule costs: 0, it runs on the live streams (arrivals are free). */
  creditsPerDay: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AlertRule = z.output<typeof alertRuleSchema>;

export const createAlertEndpointInputSchema = z.discriminatedUnion("channel", [
  z.object({ channel: z.literal("webhook"), url: z.string().trim().min(1, "paste the webhook URL").max(2000) }),
  z.object({ channel: z.literal("email"), address: z.string().trim().min(3).max(254) }),
  // A browser's Web Push subscription (PushSubscription.toJSON()).
  z.object({
    channel: z.literal("push"),
    subscription: z.object({ endpoint: z.url().max(2000), keys: z.object({ p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/), auth: z.string().regex(/^[A-Za-z0-9_-]{16,30}$/) }) }),
    label: z.string().trim().max(80).default("This browser"),
  }),
  z.object({ channel: z.literal("telegram"), token: z.string().trim().min(1, "paste the bot token").max(200), chatId: z.string().trim().regex(/^-?\d{1,20}$|^@[A-Za-z0-9_]{5,64}$/, "a chat id (digits) or @channel") }),
]);
export type CreateAlertEndpointInput = z.input<typeof createAlertEndpointInputSchema>;

export const alertEndpointSchema = z.object({
  id: z.string(),
  channel: z.enum(["webhook", "email", "telegram", "push"]),
  label: z.string(),
  failingSince: z.string().nullable(),
  pausedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AlertEndpoint = z.output<typeof alertEndpointSchema>;

/** A webhook's signing secret is in this answer only, once. */
export const createdAlertEndpointSchema = alertEndpointSchema.extend({ secret: z.string().nullable() });

export const DELIVERY_STATUSES = ["sending", "delivered", "failed", "interrupted", "skipped"] as const;

export const listDeliveriesQuerySchema = z.object({
  rule: z.string().min(1).max(80).optional(),
  channel: z.enum(ALERT_CHANNELS).optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
  before: z.string().min(1).max(80).optional(),
});
export type ListDeliveriesQuery = z.output<typeof listDeliveriesQuerySchema>;

export const deliveryRowSchema = z.object({
  /** The attempt's id (a skipped delivery has no attempt: its delivery's id). */
  id: z.string(),
  deliveryId: z.string(),
  ruleId: z.string(),
  ruleName: z.string(),
  channel: z.string(),
  target: z.string(),
  symbol: z.string(),
  title: z.string(),
  eventKey: z.string(),
  attempt: z.number().int(),
  status: z.enum(DELIVERY_STATUSES),
  httpStatus: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  error: z.string().nullable(),
  at: z.string(),
});
export type DeliveryRow = z.output<typeof deliveryRowSchema>;

export const deliveryPageSchema = z.object({ rows: z.array(deliveryRowSchema), nextBefore: z.string().nullable() });
export type DeliveryPage = z.output<typeof deliveryPageSchema>;

export const vapidKeySchema = z.object({ publicKey: z.string() });
