import "server-only";
/**
 * Passwords and sign-in locks:
 * - POST /api/account/password { currentPassword, newPassword } → { data: { changed: true } }; every session of the
 *   user ends and this browser gets a fresh one (Set-Cookie); 400 wrong_password. Open to a temporary password too.
 * - POST /api/admin/users/[id]/temporary-password → { data: { temporaryPassword } } (shown once; admins only)
 * - DELETE /api/admin/users/[id]/sign-in-failures → { data: { cleared } } (admins only)
 */
import { AlphaError } from "@/lib/alpha/errors";
import type { UserRouteArgs } from "../http/route";
import { jsonResponse, readJsonBody } from "../http/route";
import { isSecureUrl, mintSessionCookie, SESSION_MAX_AGE_SECONDS } from "../identity/session";
import { clearSignInFailures } from "../identity/sign-in";
import { changePasswordInputSchema } from "@/lib/desk/users";
import { changeOwnPassword, issueTemporaryPassword, parseOrThrow } from "../identity/users";

function userIdParam({ params }: UserRouteArgs): string {
  const id = params.id;
  if (typeof id !== "string" || !id) throw new AlphaError("not_found", "No such user");
  return id;
}

export async function handleChangePassword({ ctx, user, request }: UserRouteArgs) {
  await changeOwnPassword({ user, input: parseOrThrow(changePasswordInputSchema, await readJsonBody(request, 10000)), ctx });
  const secure = isSecureUrl(ctx.config.deskUrl);
  const cookie = await mintSessionCookie({ ctx, user });
  const attributes = ["Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${SESSION_MAX_AGE_SECONDS}`, ...(secure ? ["Secure"] : [])];
  return jsonResponse({ data: { changed: true } }, { headers: { "Set-Cookie": `${cookie}; ${attributes.join("; ")}` } });
}

export async function handleIssueTemporaryPassword(args: UserRouteArgs) {
  return { data: await issueTemporaryPassword({ user: args.user, userId: userIdParam(args), ctx: args.ctx }) };
}

export async function handleClearSignInFailures(args: UserRouteArgs) {
  return { data: await clearSignInFailures({ user: args.user, userId: userIdParam(args), ctx: args.ctx }) };
}
