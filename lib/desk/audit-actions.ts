/** Changes of who may do what with the account's credits: a filter of their own, so no flood of others hides them. */
export const ACCESS_AUDIT_ACTIONS = [
  "org_key.saved",
  "org_key.deleted",
  "personal_key.saved",
  "personal_key.deleted",
  "member.role",
  "member.disabled",
  "member.enabled",
  "member.allowance",
  "member.actions",
] as const;

/** What the audit log records, without zod: the audit card lists them in its filter on first load. */
export const AUDIT_ACTIONS = [
  ...ACCESS_AUDIT_ACTIONS,
  "invite.created",
  "invite.accepted",
  "invite.revoked",
  "team.spend_threshold",
  "member.added",
  "token.minted",
  "token.revoked",
  "budget.saved",
  "budget.deleted",
  "ladder.step",
  "ladder.undone",
  "spend.settings",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
