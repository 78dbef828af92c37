/**
 * The browser's way to the desk's own routes: `deskCall(id, { params?, query?, body?, signal? })` builds the URL from
 * the contract's path, sends the body as JSON, and parses the `{ data }` answer with the route's output schema, so a
 * shape that drifted fails here, loudly, instead of being cast (lib/desk/call.ts). Errors are AlphaErrors (see
 * lib/query/desk-fetch.ts). It carries the whole contract: the signed-out pages use `accountCall` instead.
 */
import { callRoute, routeUrl, type DeskCallInput } from "./call";
import type { DeskOutput, DeskRouteId } from "./routes";
import { deskRoutes } from "./routes";

export type { DeskCallInput } from "./call";

/** The concrete URL of a route: `[name]` segments filled in (encoded), the query appended. */
export function deskUrl(id: DeskRouteId, input: Pick<DeskCallInput, "params" | "query"> = {}): string {
  return routeUrl(id, deskRoutes[id], input);
}

export async function deskCall<Id extends DeskRouteId>(id: Id, input: DeskCallInput = {}): Promise<DeskOutput<Id>> {
  return (await callRoute(id, deskRoutes[id], input)) as DeskOutput<Id>;
}
