import "server-only";
/**
 * `deskRoute(id)`: a route file's export for one entry of lib/desk/routes.ts, bound to its server function
 * (./bindings.ts). Tests pass their own context, and may put another function in its place (`serve`).
 */
import { deskRoutes, type DeskRouteId } from "@/lib/desk/routes";
import { serveDeskRoute, type DeskBinding, type RouteFunction, type RouteOptions } from "../http/route";

import { methodNotAllowed } from "../http/route";
import { deskBindings } from "./bindings";

export { methodNotAllowed };

export function deskRoute<Id extends DeskRouteId>(id: Id, options: RouteOptions & { serve?: DeskBinding<Id> } = {}): RouteFunction {
  const serve = options.serve ?? (deskBindings[id] as unknown as DeskBinding<Id>);
  return serveDeskRoute(id, deskRoutes[id], serve, options);
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** A route file's exports: each method its path serves bound to its entry, every other one a 405 naming those. */
export function deskMethods(served: Partial<Record<(typeof METHODS)[number], DeskRouteId>>): Record<(typeof METHODS)[number], RouteFunction> {
  const allow = Object.keys(served);
  return Object.fromEntries(METHODS.map((method) => [method, served[method] ? deskRoute(served[method]) : methodNotAllowed(allow)])) as Record<(typeof METHODS)[number], RouteFunction>;
}
