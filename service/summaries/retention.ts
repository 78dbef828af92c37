import { AlphaError } from "../../lib/alpha/errors";
import { CONTENT_RETENTION_HEADER } from "../../lib/alpha/summaries";
import type { ServiceContext } from "../context";
import { prepared } from "../store/prepared";

/** Whether the account's retention policy lets its callers opt out of retained request content. */
export function accountAllowsRetentionOptOut(ctx: ServiceContext, accountId: string): boolean {
  const row = prepared(ctx.db, "SELECT retention_policy FROM accounts WHERE id = ?").get(accountId) as { retention_policy: string } | undefined;
  if (!row) return false;
  try {
    const policy = JSON.parse(row.retention_policy) as unknown;
    return typeof policy === "object" && policy !== null && (policy as { allow_opt_out?: unknown }).allow_opt_out === true;
  } catch {
    return false;
  }
}

/**
 * Reads `X-Alpha-Content-Retention`: absent keeps content (retain true); `none` opts out when the account's policy
 * allows it. An opt-out the policy refuses is a 400 rather than silently ignored, so a client never believes its
 * content was dropped when it was kept. Any other value is a 400.
 */
export function resolveContentRetention({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { accountId: string; header: string | undefined };
}): { retain: boolean } {
  const value = input.header?.trim().toLowerCase();
  if (!value) return { retain: true };
  const field = { fields: { [CONTENT_RETENTION_HEADER]: [] as string[] } };
  if (value !== "none") {
    field.fields[CONTENT_RETENTION_HEADER].push("the only accepted value is none");
    throw new AlphaError("invalid_parameter", `Invalid header '${CONTENT_RETENTION_HEADER}': the only accepted value is none`, { details: field });
  }
  if (!accountAllowsRetentionOptOut(ctx, input.accountId)) {
    field.fields[CONTENT_RETENTION_HEADER].push("this account's retention policy does not allow opting out");
    throw new AlphaError(
      "invalid_parameter",
      `This account's retention policy does not allow '${CONTENT_RETENTION_HEADER}: none'; send the request without the header or ask for the policy to be changed`,
      { details: { ...field, retention_policy: { allow_opt_out: false } } },
    );
  }
  return { retain: false };
}
