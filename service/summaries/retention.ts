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
 * Reads `X-Alpha-Content-Retention`: absent keeps content; `none` opts out when the account's policy permits it, and
 * otherwise the request is processed under the policy (content kept), as the interface says. `applied` is the value
 * of `X-Alpha-Content-Retention-Applied`, so the client learns which policy held. Any other value is a 400.
 */
export function resolveContentRetention({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { accountId: string; header: string | undefined };
}): { retain: boolean; applied: string } {
  const value = input.header?.trim().toLowerCase();
  if (!value) return { retain: true, applied: "retain" };
  if (value !== "none") {
    throw new AlphaError("invalid_parameter", `Invalid header '${CONTENT_RETENTION_HEADER}': the only accepted value is none`, {
      details: { fields: { [CONTENT_RETENTION_HEADER]: ["the only accepted value is none"] } },
    });
  }
  if (!accountAllowsRetentionOptOut(ctx, input.accountId)) return { retain: true, applied: "retain; requested=none; reason=policy" };
  return { retain: false, applied: "none" };
}
