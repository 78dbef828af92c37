/**
 * The browser's way to the desk's own routes: `deskCall(route, { params, query, body })` with a route's zod-free entry
 * (`import * as api from "@/lib/desk/route-meta/<area>"`), so a page carries only the areas it names. The answer is parsed
 * with the route's schema from the contract, imported on the first call and warmed on the first interaction.
 */
import { callRoute, routeUrl, type DeskCallInput } from "./call";
import { loadDeskContract } from "./contract-loader";
import type { DeskRouteMeta } from "./route-def";
import type { DeskOutput, DeskRequest, DeskRouteId } from "./routes";

export { loadDeskContract };

/** A route's entry in lib/desk/route-meta/. */
export type DeskRoute<Id extends DeskRouteId = DeskRouteId> = DeskRouteMeta & { id: Id };
type IdOf<R extends DeskRoute> = R["id"];
/** The input a route takes, optional when it has no required part. */
export type DeskArgs<R extends DeskRoute> = Record<never, never> extends DeskRequest<IdOf<R>> ? [input?: DeskRequest<IdOf<R>> & { signal?: AbortSignal }] : [input: DeskRequest<IdOf<R>> & { signal?: AbortSignal }];

/** The concrete URL of a route: `[name]` segments filled in (encoded), the query appended. */
export function deskUrl<R extends DeskRoute>(route: R, ...[input]: DeskArgs<R>): string {
  return routeUrl(route, (input ?? {}) as DeskCallInput);
}

export async function deskCall<R extends DeskRoute>(route: R, ...[input]: DeskArgs<R>): Promise<DeskOutput<IdOf<R>>> {
  const output = async () => (await loadDeskContract()).deskRoutes[route.id].output;
  return (await callRoute(route, (input ?? {}) as DeskCallInput, output)) as DeskOutput<IdOf<R>>;
}
