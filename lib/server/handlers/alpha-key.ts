import "server-only";
/**
 * /api/settings/alpha-key — the signed-in user's Alpha key. GET → { data: AlphaKeyStatus }; PUT { key } → checks it
 * with the free GET /v1/account and saves it (400 key_rejected, 502/504 when the service is unreachable);
 * DELETE → { data: { hasKey: false, ... } }. The key itself is never in a response.
 */
import { z } from "zod";
import { seedSharedAnswer } from "../alpha-proxy";
import { deleteAlphaKey, getAlphaKeyStatus, saveAlphaKey } from "../key-vault";
import type { CheckedKey } from "../key-vault";
import type { UserRouteArgs } from "../route";
import { readJsonBody } from "../route";
import { parseOrThrow } from "../users";

const putKeyBodySchema = z.object({ key: z.string({ message: "is required" }).min(1, { message: "is required" }).max(500) });

export async function handleGetAlphaKey({ ctx, user }: UserRouteArgs) {
  return { data: await getAlphaKeyStatus(user.id, ctx) };
}

export async function handlePutAlphaKey({ ctx, user, request }: UserRouteArgs) {
  const { key } = parseOrThrow(putKeyBodySchema, await readJsonBody(request, 10_000));
  // The check's profile is the account's: the first page after the save reads it instead of asking again.
  const seed = (checked: CheckedKey) => seedSharedAnswer(ctx, checked, "getAccount", {}, { data: checked.body, rateLimit: checked.rateLimit });
  return { data: await saveAlphaKey(user.id, key, ctx, seed) };
}

export async function handleDeleteAlphaKey({ ctx, user }: UserRouteArgs) {
  return { data: await deleteAlphaKey(user.id, ctx) };
}
