import "server-only";
/**
 * The route functions of the desk's `/alpha` base (app/alpha/[...path]/route.ts): the Alpha API's own paths for
 * desk tokens. Not a desk `/api` route: it answers in the service's shapes, to the service's clients.
 */
import type { DeskContext } from "../core/context";
import { getDeskContext } from "../core/default-context";
import { serveDeskGateway } from "../upstream/desk-gateway";
import { afterPaidAnswer } from "../budgets/budgets";

export function alphaBaseRoute(options: { ctx?: DeskContext } = {}): (request: Request) => Promise<Response> {
  return async (request) => {
    const ctx = options.ctx ?? (await getDeskContext());
    return afterPaidAnswer({ ctx, response: await serveDeskGateway({ ctx, request }) });
  };
}
