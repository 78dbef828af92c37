import "server-only";
/**
 * /api/settings/alpha-key — the signed-in user's Alpha key. GET → { data: AlphaKeyStatus }; PUT { key } → checks it
 * with the free GET /v1/account and saves it (400 key_rejected, 502/504 when the service is unreachable);
 * DELETE → { data: { hasKey: false, ... } }. The key itself is never in a response.
 */
import { z } from "zod";
import { seedSharedAnswer } from "../upstream/alpha-proxy";
import { deleteAlphaKey, getAlphaKeyStatus, saveAlphaKey } from "../identity/key-vault";
import type { CheckedKey } from "../identity/key-vault";
import type { UserRouteArgs } from "../http/route";
import { readJsonBody } from "../http/route";
import { parseOrThrow } from "../identity/users";
import { writeAudit } from "../teams/audit";

const putKeyBodySchema = z.object({ key: z.string({ message: "is required" }).min(1, { message: "is required" }).max(500) });

export async function handleGetAlphaKey({ ctx, user }: UserRouteArgs) {
  return { data: await getAlphaKeyStatus({ userId: user.id, ctx }) };
}

export async function handlePutAlphaKey({ ctx, user, request }: UserRouteArgs) {
  const { key } = parseOrThrow(putKeyBodySchema, await readJsonBody(request, 10_000));
  // The check's profile is the account's: the first page after the save reads it instead of asking again.
  const seed = (checked: CheckedKey) => seedSharedAnswer({ ctx, who: checked, id: "getAccount", input: {}, answer: { data: checked.body, rateLimit: checked.rateLimit } });
  const status = await saveAlphaKey({ userId: user.id, key, ctx, onChecked: seed });
  await writeAudit({ ctx, user, input: { action: "personal_key.saved", target: `${user.name} <${user.email}>`, change: `own key ending ${status.last4 ?? ""} stored` } });
  return { data: status };
}

export async function handleDeleteAlphaKey({ ctx, user }: UserRouteArgs) {
  const before = await getAlphaKeyStatus({ ctx, userId: user.id });
  const status = await deleteAlphaKey({ ctx, userId: user.id });
  if (before.source === "personal") {
    await writeAudit({ ctx, user, input: { action: "personal_key.deleted", target: `${user.name} <${user.email}>`, change: `own key ending ${before.last4 ?? ""} deleted` } });
  }
  return { data: status };
}
