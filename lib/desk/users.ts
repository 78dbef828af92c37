/** The desk's people as its routes answer them (pure zod, browser-safe): never a password hash, never a key. */
import * as z from "zod";

export {
  changePasswordInputSchema,
  formProblems,
  newUserInputSchema,
  PASSWORD_MIN_LENGTH,
  sessionUserSchema,
  USER_ROLE_VALUES,
  type ChangePasswordInput,
  type NewUserInput,
  type SessionUserView,
} from "./account";
import { newUserInputSchema, sessionUserSchema, USER_ROLE_VALUES } from "./account";
import { PAID_ACTIONS } from "./team-labels";

export const userSummarySchema = sessionUserSchema.extend({
  disabled: z.boolean(),
  createdAt: z.string(),
  /** Whether the user has stored an Alpha key (never the key). */
  hasKey: z.boolean(),
  /** Failed sign-ins on this account still remembered; an admin can clear them. */
  failedSignIns: z.number().int().min(0),
  /** Holds a temporary password an admin issued, not yet changed. */
  mustChangePassword: z.boolean(),
});
export type UserSummary = z.output<typeof userSummarySchema>;

/** GET/PUT/DELETE /api/settings/alpha-key: whether a key is stored, its last 4 characters, and whose account it is. */
export const alphaKeyStatusSchema = z.object({
  hasKey: z.boolean(),
  last4: z.string().nullable(),
  savedAt: z.string().nullable(),
  account: z.object({ account_id: z.string(), name: z.string().nullable(), plan: z.string().nullable() }).optional(),
  /** Whose key the user's requests use: their own, the organisation's, or none. */
  source: z.enum(["personal", "organisation"]).nullable().default(null),
});
export type AlphaKeyStatusView = z.output<typeof alphaKeyStatusSchema>;

export const paidActionSchema = z.enum(PAID_ACTIONS);

/** The most a daily allowance can be (credits); null means no allowance (the account's balance is the limit). */
export const MAX_DAILY_ALLOWANCE = 10_000_000;
export const dailyAllowanceSchema = z.number().int().min(0, { message: "must be zero or more" }).max(MAX_DAILY_ALLOWANCE).nullable();

/**
 * POST /api/admin/users: a new user with a role (member unless told) and, like an invite, their seat on the
 * organisation's key: a daily allowance (none unless told) and the paid actions permitted (all unless told).
 */
export const createUserInputSchema = newUserInputSchema.extend({
  role: z.enum(USER_ROLE_VALUES).default("member"),
  dailyAllowance: dailyAllowanceSchema.default(null),
  actions: z.array(paidActionSchema).default([...PAID_ACTIONS]),
  /** The password is a temporary one the admin hands over: the user must choose their own at their first sign-in. */
  temporaryPassword: z.boolean().default(false),
});
export type CreateUserInput = z.input<typeof createUserInputSchema>;

/** PATCH /api/admin/users/[id]: a new role, enabled or disabled, or both. */
export const updateUserInputSchema = z
  .object({ role: z.enum(USER_ROLE_VALUES).optional(), disabled: z.boolean().optional() })
  .refine((v) => v.role !== undefined || v.disabled !== undefined, { message: "give role or disabled" });
export type UpdateUserInput = z.infer<typeof updateUserInputSchema>;

export { DEFAULT_SPEND_CONFIRM_THRESHOLD } from "./account-limits";

/** Credits above which a paid action asks first, as a whole number; 0 asks before every paid action. */
export const spendThresholdValueSchema = z.number({ message: "must be a whole number of credits" }).int({ message: "must be a whole number of credits" }).min(0, { message: "must be 0 or more" }).max(1_000_000, { message: "must be at most 1,000,000" });

/** GET /api/settings/spend-threshold: the user's own threshold (null: the team's), the team's default, and the one in force. */
export const spendThresholdSchema = z.object({
  own: spendThresholdValueSchema.nullable(),
  teamDefault: spendThresholdValueSchema,
  effective: spendThresholdValueSchema,
});
export type SpendThresholdView = z.output<typeof spendThresholdSchema>;

/** PUT /api/settings/spend-threshold: a threshold of the user's own, or null to follow the team's default. */
export const putSpendThresholdInputSchema = z.object({ threshold: spendThresholdValueSchema.nullable() });

/** PUT /api/team/spend-threshold: the default of every user who has not set their own. */
export const putTeamSpendThresholdInputSchema = z.object({ threshold: spendThresholdValueSchema });
