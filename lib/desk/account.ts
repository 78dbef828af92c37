/**
 * The signed-out part of the desk's contract: first-run setup, joining through an invite and the forced password
 * change, with the shapes they send and answer (pure zod/mini, browser-safe). The pages that use them are the first
 * a new user loads, so they carry zod/mini (a few kB) and these four routes rather than zod's full API and the whole
 * contract; lib/desk/routes.ts includes them, so the server derives and guards them like every other route. Every
 * check names its message: zod/mini loads no locale, and the same words then reach the form and the API's answer.
 */
import * as z from "zod/mini";
import { route } from "./route-def";

export const USER_ROLE_VALUES = ["admin", "member"] as const;

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLE_VALUES),
  /** Signed in with a temporary password: nothing but the password change until a new one is set. */
  mustChangePassword: z.optional(z.boolean()),
});
export type SessionUserView = z.output<typeof sessionUserSchema>;

export const PASSWORD_MIN_LENGTH = 8;

/** An email address as a person types it: trimmed, lower-cased, at most 254 characters. */
export const emailInputSchema = z.pipe(
  z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email({ message: "must be an email address" })),
  z.string().check(z.maxLength(254, { message: "must be at most 254 characters" })),
);
export const displayNameInputSchema = z.string().check(
  z.trim(),
  z.minLength(1, { message: "is required" }),
  z.maxLength(100, { message: "must be at most 100 characters" }),
);
export const newPasswordSchema = z.string().check(
  z.minLength(PASSWORD_MIN_LENGTH, { message: `must be at least ${PASSWORD_MIN_LENGTH} characters` }),
  z.maxLength(256, { message: "must be at most 256 characters" }),
);

/**
 * POST /api/setup (the first admin) and the base of POST /api/admin/users: the same schema checks the form in the
 * browser and the body in the server verb (lib/server/identity/users.ts).
 */
export const newUserInputSchema = z.object({ email: emailInputSchema, name: displayNameInputSchema, password: newPasswordSchema });
export type NewUserInput = z.input<typeof newUserInputSchema>;

/** POST /api/account/password: the current password and the new one (the server verb checks the current one). */
export const changePasswordInputSchema = z.object({
  currentPassword: z.string().check(z.minLength(1, { message: "is required" }), z.maxLength(256, { message: "must be at most 256 characters" })),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>;

export const INVITE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;
export const inviteTokenSchema = z.string().check(z.regex(INVITE_TOKEN_PATTERN, { message: "is not an invite link of this desk" }));

/** POST /api/team/join: the sign-up through an invite link. */
export const acceptInviteInputSchema = z.object({ token: inviteTokenSchema, email: emailInputSchema, name: displayNameInputSchema, password: newPasswordSchema });
export type AcceptInviteInput = z.input<typeof acceptInviteInputSchema>;

/** The first problem per field of a form's values against a schema (empty when they pass). Any zod schema. */
export function formProblems(schema: z.core.$ZodType, values: unknown): Record<string, string> {
  const parsed = z.safeParse(schema, values);
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
  setup: route({ method: "POST", path: "/api/setup", access: "public", body: newUserInputSchema, output: sessionUserSchema }),
  changePassword: route({ method: "POST", path: "/api/account/password", access: "user", body: changePasswordInputSchema, output: z.object({ changed: z.literal(true) }) }),
  joinTeam: route({ method: "POST", path: "/api/team/join", access: "public", body: acceptInviteInputSchema, output: sessionUserSchema }),
} as const;
