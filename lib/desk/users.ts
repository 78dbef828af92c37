/** The desk's people as its routes answer them (pure zod, browser-safe): never a password hash, never a key. */
import { z } from "zod";

export const USER_ROLE_VALUES = ["admin", "member"] as const;

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLE_VALUES),
  /** Signed in with a temporary password: nothing but the password change until a new one is set. */
  mustChangePassword: z.boolean().optional(),
});
export type SessionUserView = z.output<typeof sessionUserSchema>;

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
});
export type AlphaKeyStatusView = z.output<typeof alphaKeyStatusSchema>;

/** POST /api/account/password: the current password and the new one (the server verb checks both). */
export const changePasswordInputSchema = z.object({ currentPassword: z.string().min(1).max(200), newPassword: z.string().min(1).max(200) });
