/** The desk's people as its routes answer them (pure zod, browser-safe): never a password hash, never a key. */
import * as z from "zod";

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
  /** Whose key the user's requests use: their own, the organisation's, or none. */
  source: z.enum(["personal", "organisation"]).nullable().default(null),
});
export type AlphaKeyStatusView = z.output<typeof alphaKeyStatusSchema>;

export const PASSWORD_MIN_LENGTH = 8;

/**
 * POST /api/setup (the first admin) and the base of POST /api/admin/users: the same schema checks the form in the
 * browser and the body in the server verb (lib/server/identity/users.ts).
 */
export const newUserInputSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email({ message: "must be an email address" })).pipe(z.string().max(254)),
  name: z.string().trim().min(1, { message: "is required" }).max(100),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, { message: `must be at least ${PASSWORD_MIN_LENGTH} characters` })
    .max(256, { message: "must be at most 256 characters" }),
});
export type NewUserInput = z.input<typeof newUserInputSchema>;

/** POST /api/admin/users: a new user with a role (member unless told). */
export const createUserInputSchema = newUserInputSchema.extend({ role: z.enum(USER_ROLE_VALUES).default("member") });
export type CreateUserInput = z.input<typeof createUserInputSchema>;

/** PATCH /api/admin/users/[id]: a new role, enabled or disabled, or both. */
export const updateUserInputSchema = z
  .object({ role: z.enum(USER_ROLE_VALUES).optional(), disabled: z.boolean().optional() })
  .refine((v) => v.role !== undefined || v.disabled !== undefined, { message: "give role or disabled" });
export type UpdateUserInput = z.infer<typeof updateUserInputSchema>;

/** POST /api/account/password: the current password and the new one (the server verb checks the current one). */
export const changePasswordInputSchema = z.object({
  currentPassword: z.string().min(1, { message: "is required" }).max(256),
  newPassword: newUserInputSchema.shape.password,
});
export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>;

/** The first problem per field of a form's values against a schema (empty when they pass). */
export function formProblems(schema: z.ZodType, values: unknown): Record<string, string> {
  const parsed = schema.safeParse(values);
  const out: Record<string, string> = {};
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join(".") || "(root)";
    out[field] ??= issue.message;
  }
  return out;
}
