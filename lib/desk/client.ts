/**
 * The browser's way to the desk's own routes: `deskCall(id, { params?, query?, body?, signal? })` builds the URL from
 * the route's path (lib/desk/route-meta.ts, zod-free), sends the body as JSON, and parses the `{ data }` answer with
 * the route's output schema, so a shape that drifted fails here, loudly, instead of being cast (lib/desk/call.ts).
 * The schemas are the whole contract (lib/desk/routes.ts, and zod): it is loaded on the first call that needs it, and
 * warmed on the user's first interaction with the page (lib/query/warm-contracts.ts), so no page carries it in its
 * first load. Errors are AlphaErrors (see lib/query/desk-fetch.ts). The signed-out pages use `accountCall` instead.
 */
import { callRoute, routeUrl, type DeskCallInput } from "./call";
import { loadDeskContract } from "./contract-loader";
import { deskRouteMeta, type DeskRouteId } from "./route-meta";
import type { DeskOutput } from "./routes";

export type { DeskCallInput } from "./call";
export type { DeskRouteId } from "./route-meta";
export { loadDeskContract };

/** The concrete URL of a route: `[name]` segments filled in (encoded), the query appended. */
export function deskUrl(id: DeskRouteId, input: Pick<DeskCallInput, "params" | "query"> = {}): string {
  return routeUrl(id, deskRouteMeta[id], input);
}

export async function deskCall<Id extends DeskRouteId>(id: Id, input: DeskCallInput = {}): Promise<DeskOutput<Id>> {
  const output = async () => (await loadDeskContract()).deskRoutes[id].output;
  return (await callRoute(id, deskRouteMeta[id], input, output)) as DeskOutput<Id>;
}
