/** The team page's queries and mutations (lib/desk/routes.ts: getTeam … createInvite), parsed with the contract's schemas. */
import { queryOptions } from "@tanstack/react-query";
import { deskCall } from "@/lib/desk/client";
import { queryKeys } from "@/lib/query/keys";

export function teamViewQueryOptions() {
  return queryOptions({ queryKey: queryKeys.team.view(), queryFn: ({ signal }) => deskCall("getTeam", { signal }) });
}

export function orgKeyQueryOptions() {
  return queryOptions({ queryKey: queryKeys.team.orgKey(), queryFn: ({ signal }) => deskCall("getOrgKey", { signal }) });
}

export function invitesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.team.invites(), queryFn: ({ signal }) => deskCall("listInvites", { signal }) });
}

export function auditQueryOptions() {
  return queryOptions({ queryKey: queryKeys.team.audit(), queryFn: ({ signal }) => deskCall("listAudit", { signal }) });
}
