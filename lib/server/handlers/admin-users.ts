import "server-only";
/**
 * Admin user management (admins only; members get 403 forbidden):
 * - GET /api/admin/users → { data: UserSummary[] }
 * - POST /api/admin/users { email, name, password, role? } → 201 { data: UserSummary } (409 email_taken)
 * - PATCH /api/admin/users/[id] { role?, disabled? } → { data: UserSummary } (409 last_admin, cannot_change_self)
 */
import { AlphaError } from "@/lib/alpha/errors";
import type { UserRouteArgs } from "../http/route";
import { jsonResponse, readJsonBody } from "../http/route";
import { createUserInputSchema, updateUserInputSchema } from "@/lib/desk/users";
import { createUser, listUsers, parseOrThrow } from "../identity/users";
import { updateMember } from "../teams/members";

export async function handleListUsers({ ctx, user }: UserRouteArgs) {
  return { data: await listUsers({ user: user, ctx }) };
}

export async function handleCreateUser({ ctx, user, request }: UserRouteArgs) {
  const created = await createUser({ user: user, input: parseOrThrow(createUserInputSchema, await readJsonBody(request, 10_000)), ctx });
  return jsonResponse({ data: created }, { status: 201 });
}

export async function handleUpdateUser({ ctx, user, request, params }: UserRouteArgs) {
  const id = typeof params.id === "string" ? params.id : new URL(request.url).pathname.split("/").filter(Boolean).pop();
  if (!id) throw new AlphaError("not_found", "No such user");
  const change = parseOrThrow(updateUserInputSchema, await readJsonBody(request, 10_000));
  // The team's verb: the same rules (never the last admin, never oneself), and the change in the audit log.
  return { data: (await updateMember({ ctx, user, input: { userId: id, change } })).user };
}
