/**
 * The signed-out part of the desk's contract (setup, joining, the forced password change). Apart from routes.ts so
 * the signed-out forms load these schemas alone, and only when a form is sent.
 */
import * as z from "zod";
import { INVITE_TOKEN_PATTERN, PASSWORD_MIN_LENGTH } from "./account-limits";
import { route } from "./route-def";

export { INVITE_TOKEN_PATTERN, PASSWORD_MIN_LENGTH } from "./account-limits";

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

/** POST /api/account/password: the current password and the new one (the server verb checks the current one). */
export const changePasswordInputSchema = z.object({
  currentPassword: z.string().min(1, { message: "is required" }).max(256),
  newPassword: newUserInputSchema.shape.password,
});
export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>;

export const inviteTokenSchema = z.string().regex(INVITE_TOKEN_PATTERN, { message: "is not an invite link of this desk" });

/** POST /api/team/join: the sign-up through an invite link. */
export const acceptInviteInputSchema = z.object({
  token: inviteTokenSchema,
  email: z.string().trim().toLowerCase().pipe(z.email({ message: "must be an email address" })).pipe(z.string().max(254)),
  name: z.string().trim().min(1, { message: "is required" }).max(100),
  password: z.string().min(8, { message: "must be at least 8 characters" }).max(256, { message: "must be at most 256 characters" }),
});
export type AcceptInviteInput = z.input<typeof acceptInviteInputSchema>;

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

export const accountRoutes = {
  setupStatus: route({ method: "GET", path: "/api/setup", access: "public", output: z.object({ needsSetup: z.boolean() }) }),
  setup: route({ method: "POST", path: "/api/setup", access: "public", body: newUserInputSchema, output: sessionUserSchema, status: 201 }),
  changePassword: route({ method: "POST", path: "/api/account/password", access: "user", allowTemporaryPassword: true, body: changePasswordInputSchema, output: z.object({ changed: z.literal(true) }) }),
  joinTeam: route({ method: "POST", path: "/api/team/join", access: "public", body: acceptInviteInputSchema, output: sessionUserSchema, status: 201 }),
} as const;
