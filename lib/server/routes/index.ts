import "server-only";
/**
 * `deskRoute(id)`: a route file's export for one entry of lib/desk/routes.ts, bound to its server function
 * (./bindings.ts). Tests pass their own context, and may put another function in its place (`serve`).
 */
import { deskRoutes, type DeskRouteId } from "@/lib/desk/routes";
import { serveDeskRoute, type DeskBinding, type RouteFunction, type RouteOptions } from "../http/route";

export { methodNotAllowed } from "../http/route";
import { deskBindings } from "./bindings";

export function deskRoute<Id extends DeskRouteId>(id: Id, options: RouteOptions & { serve?: DeskBinding<Id> } = {}): RouteFunction {
  const serve = options.serve ?? (deskBindings[id] as unknown as DeskBinding<Id>);
  return serveDeskRoute(id, deskRoutes[id], serve, options);
}
