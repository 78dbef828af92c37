/**
 * The team's shapes as the desk's routes answer them (pure zod, browser-safe): the organisation key's status (never
 * the key), seats with their daily allowance and permitted paid actions, invites, the audit log and the admin's view
 * of each member's spend today. The server's verbs (lib/server/teams) parse their input with the same schemas.
 */
import { calendarDaySchema } from "@/lib/market/calendar-schema";
import * as z from "zod";
import { PAID_ACTIONS, WATCHLIST_SHARING } from "./team-labels";
import { AUDIT_ACTIONS } from "./audit-actions";
import { dailyAllowanceSchema, paidActionSchema, USER_ROLE_VALUES } from "./users";

export { INVITE_TTL_HOURS, PAID_ACTION_LABELS, PAID_ACTIONS, WATCHLIST_SHARING, WATCHLIST_SHARING_LABELS, type PaidAction, type WatchlistSharing } from "./team-labels";

export { dailyAllowanceSchema, MAX_DAILY_ALLOWANCE, paidActionSchema } from "./users";

export const seatSchema = z.object({
  dailyAllowance: dailyAllowanceSchema,
  actions: z.array(paidActionSchema),
});
export type Seat = z.output<typeof seatSchema>;

/** Which key a user's requests use: their own (it takes precedence), the organisation's, or none. */
export const KEY_SOURCES = ["personal", "organisation"] as const;
export type KeySource = (typeof KEY_SOURCES)[number];

export const keyInUseSchema = z.object({
  source: z.enum(KEY_SOURCES).nullable(),
  /** The account the requests are made on (its name), when a key is in use. */
  accountName: z.string().nullable(),
  /** Whether the organisation has a key at all (a member with a personal key can delete theirs to use it). */
  organisationKey: z.boolean(),
  seat: seatSchema,
  /** Credits counted against today's allowance (IST day); null without an allowance or on a personal key. */
  usedToday: z.number().int().nullable(),
});
export type KeyInUse = z.output<typeof keyInUseSchema>;

export const orgKeyStatusSchema = z.object({
  hasKey: z.boolean(),
  last4: z.string().nullable(),
  savedAt: z.string().nullable(),
  savedBy: z.string().nullable(),
  account: z.object({ account_id: z.string(), name: z.string().nullable(), plan: z.string().nullable() }).nullable(),
});
export type OrgKeyStatus = z.output<typeof orgKeyStatusSchema>;

export const putOrgKeyInputSchema = z.object({ key: z.string({ message: "is required" }).min(1, { message: "is required" }).max(500) });

/** PATCH /api/team/members/[id]: any of role, disabled, daily allowance, permitted actions. */
export const updateMemberInputSchema = z
  .object({
    role: z.enum(USER_ROLE_VALUES).optional(),
    disabled: z.boolean().optional(),
    dailyAllowance: dailyAllowanceSchema.optional(),
    actions: z.array(paidActionSchema).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "give role, disabled, dailyAllowance or actions" });
export type UpdateMemberInput = z.input<typeof updateMemberInputSchema>;

export const createInviteInputSchema = z.object({
  role: z.enum(USER_ROLE_VALUES).default("member"),
  dailyAllowance: dailyAllowanceSchema.default(null),
  actions: z.array(paidActionSchema).default([...PAID_ACTIONS]),
  /** A note for the admin's list (who the link is for); never checked against the sign-up. */
  note: z.string().trim().max(100).default(""),
});
export type CreateInviteInput = z.input<typeof createInviteInputSchema>;

export const inviteSchema = z.object({
  id: z.string(),
  role: z.enum(USER_ROLE_VALUES),
  seat: seatSchema,
  note: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
  usedBy: z.string().nullable(),
  /** When an admin revoked the link; a revoked link signs nobody up. */
  revokedAt: z.string().nullable(),
});
export type Invite = z.output<typeof inviteSchema>;

/** The answer to creating an invite: the one-time link, shown once to the admin and never stored in clear. */
export const createdInviteSchema = inviteSchema.extend({ url: z.string() });

export { acceptInviteInputSchema, INVITE_TOKEN_PATTERN, inviteTokenSchema, type AcceptInviteInput } from "./account";

export { ACCESS_AUDIT_ACTIONS, AUDIT_ACTIONS, type AuditAction } from "./audit-actions";

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  /** A sentence for people: "daily allowance 100 → 200 credits". */
  change: z.string(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

export const AUDIT_PAGE_MAX = 200;

/** A page of the audit log, newest first: `before` is the last id of the page before; days are IST calendar days. */
export const auditQuerySchema = z
  .object({
    before: z.string().trim().regex(/^aud_[A-Za-z0-9_-]{1,80}$/, { message: "must be an id from an earlier page" }).optional(),
    actor: z.string().trim().min(1).max(200).optional(),
    action: z.enum([...AUDIT_ACTIONS, "access"]).optional(),
    from: calendarDaySchema.optional(),
    to: calendarDaySchema.optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "from must not be after to", path: ["from"] });
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextBefore: z.string().nullable() });
export type AuditPage = z.output<typeof auditPageSchema>;

export const memberSpendSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLE_VALUES),
  disabled: z.boolean(),
  keySource: z.enum(KEY_SOURCES).nullable(),
  seat: seatSchema,
  /** Credits the member spent today (IST) through the desk, batch lines of their jobs included. */
  spentToday: z.number(),
  /** Credits counted against the allowance today (reservations of calls in flight and batch jobs' upper bounds). */
  countedToday: z.number(),
  byEndpoint: z.record(z.string(), z.number()),
});
export type MemberSpend = z.output<typeof memberSpendSchema>;

export const teamViewSchema = z.object({
  day: z.string(),
  members: z.array(memberSpendSchema),
  /** Spend with the organisation key's account outside the desk today (from the service's ledger). */
  outside: z.number().nullable(),
  /** The account's daily limit and how much of it is used (the notice shows at 80%). */
  dailyLimit: z.object({ basis: z.enum(["requests", "credits"]), used: z.number(), limit: z.number(), share: z.number() }).nullable(),
  ledgerError: z.string().nullable(),
});
export type TeamView = z.output<typeof teamViewSchema>;

export const watchlistSharingSchema = z.enum(WATCHLIST_SHARING);
