/** What the audit log records, without zod: the audit card lists them in its filter on first load. */
export const AUDIT_ACTIONS = [
  "org_key.saved",
  "org_key.deleted",
  "personal_key.saved",
  "personal_key.deleted",
  "member.role",
  "member.disabled",
  "member.enabled",
  "member.allowance",
  "member.actions",
  "invite.created",
  "invite.accepted",
  "invite.revoked",
  "team.spend_threshold",
  "member.added",
] as const;
