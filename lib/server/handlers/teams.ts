import "server-only";
/**
 * Team routes (lib/desk/routes.ts: getTeam … joinTeam): each parses its input with the contract's schema, calls one
 * verb of lib/server/teams and answers. Admins only, but for POST /api/team/join (public: the invite is the permission).
 */
import { AlphaError } from "@/lib/alpha/errors";
import { acceptInviteInputSchema, createInviteInputSchema, putOrgKeyInputSchema, updateMemberInputSchema } from "@/lib/desk/teams";
import type { PublicRouteArgs, UserRouteArgs } from "../http/route";
import { jsonResponse, readJsonBody } from "../http/route";
import type { CheckedKey } from "../identity/key-vault";
import { parseOrThrow } from "../identity/users";
import { setWatchlistSharing } from "../portfolio/watchlists";
import { auditCsv, listAudit } from "../teams/audit";
import { acceptInvite, createInvite, listInvites } from "../teams/invites";
import { updateMember } from "../teams/members";
import { deleteOrgKey, getOrgKeyStatus, saveOrgKey } from "../teams/org-key";
import { getTeamView } from "../teams/team-view";
import { seedSharedAnswer } from "../upstream/alpha-proxy";

function idParam(params: UserRouteArgs["params"], what: string): string {
  const id = params.id;
  if (typeof id !== "string" || id === "" || id.length > 64) throw new AlphaError("not_found", `No such ${what}`);
  return id;
}

export async function handleGetTeam({ ctx, user }: UserRouteArgs) {
  return { data: await getTeamView({ ctx, user }) };
}

export async function handleGetOrgKey({ ctx, user }: UserRouteArgs) {
  return { data: await getOrgKeyStatus({ ctx, user }) };
}

export async function handlePutOrgKey({ ctx, user, request }: UserRouteArgs) {
  const input = parseOrThrow(putOrgKeyInputSchema, await readJsonBody(request, 10_000));
  // The check's profile is the account's: the first page after the save reads it instead of asking again.
  const onChecked = (checked: CheckedKey) => seedSharedAnswer({ ctx, who: checked, id: "getAccount", input: {}, answer: { data: checked.body, rateLimit: checked.rateLimit } });
  return { data: await saveOrgKey({ ctx, user, input, onChecked }) };
}

export async function handleDeleteOrgKey({ ctx, user }: UserRouteArgs) {
  return { data: await deleteOrgKey({ ctx, user }) };
}

export async function handleUpdateMember({ ctx, user, request, params }: UserRouteArgs) {
  const change = parseOrThrow(updateMemberInputSchema, await readJsonBody(request, 10_000));
  return { data: await updateMember({ ctx, user, input: { userId: idParam(params, "user"), change } }) };
}

export async function handleListInvites({ ctx, user }: UserRouteArgs) {
  return { data: await listInvites({ ctx, user }) };
}

export async function handleCreateInvite({ ctx, user, request }: UserRouteArgs) {
  const invite = parseOrThrow(createInviteInputSchema, await readJsonBody(request, 10_000));
  // The route wrapper let this request through only from the desk's own origin: the link points there.
  const origin = request.headers.get("origin") ?? new URL(request.url).origin;
  const created = await createInvite({ ctx, user, input: { invite, origin } });
  return jsonResponse({ data: created }, { status: 201 });
}

export async function handleListAudit({ ctx, user }: UserRouteArgs) {
  return { data: await listAudit({ ctx, user }) };
}

export async function handleExportAudit({ ctx, user }: UserRouteArgs) {
  const csv = await auditCsv({ ctx, user });
  const day = ctx.now().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="desk-audit-${day}.csv"`, "Cache-Control": "no-store" },
  });
}

export async function handleJoinTeam({ ctx, request }: PublicRouteArgs) {
  const input = parseOrThrow(acceptInviteInputSchema, await readJsonBody(request, 10_000));
  const created = await acceptInvite({ ctx, input });
  return jsonResponse({ data: { id: created.id, email: created.email, name: created.name, role: created.role } }, { status: 201 });
}

export async function handleSetWatchlistSharing({ ctx, user, request, params }: UserRouteArgs) {
  const body = (await readJsonBody(request, 1_000)) as { sharing?: unknown };
  return { data: await setWatchlistSharing({ ctx, user, input: { id: idParam(params, "watchlist"), sharing: body?.sharing } }) };
}
