import "server-only";
/**
 * /api/setup — first run. GET → { data: { needsSetup } }. POST { email, name, password } → 201 { data: user }: the
 * first user becomes admin; 409 setup_complete once any user exists. The page signs in afterwards with signIn().
 */
import { newUserInputSchema } from "@/lib/desk/users";
import { countUsers, createFirstAdmin, parseOrThrow } from "../identity/users";
import type { PublicRouteArgs } from "../http/route";
import { jsonResponse, readJsonBody } from "../http/route";

export async function handleSetupStatus({ ctx }: PublicRouteArgs) {
  return { data: { needsSetup: (await countUsers({ ctx })) === 0 } };
}

export async function handleSetup({ ctx, request }: PublicRouteArgs) {
  const body = parseOrThrow(newUserInputSchema, await readJsonBody(request, 10_000));
  const user = await createFirstAdmin({ input: body, ctx });
  return jsonResponse({ data: user }, { status: 201 });
}
