/**
 * `deskCall` and `deskUrl` (lib/desk/client.ts) bound to a few routes: a feature's query module lists the routes it
 * calls, each entry as lib/desk/route-meta.ts has it (the `satisfies Partial<typeof deskRouteMeta>` at the table
 * holds every field to the full table's literal at compile time; desk-caller.test.ts checks them again), so a page
 * carries its own routes' entries instead of the whole route table. Same request, same answer check (the route's
 * schema, from the contract loaded on demand), same errors.
 */
import { callRoute, routeUrl, type DeskCallInput } from "./call";
import { loadDeskContract } from "./contract-loader";
import type { DeskRouteMeta } from "./route-def";
import type { DeskRouteId } from "./route-meta";
import type { DeskOutput } from "./routes";

export interface DeskCaller<Id extends DeskRouteId> {
  /** The routes this caller holds (read by the tests). */
  readonly routes: Readonly<Record<Id, DeskRouteMeta>>;
  call<K extends Id>(id: K, input?: DeskCallInput): Promise<DeskOutput<K>>;
  url(id: Id, input?: Pick<DeskCallInput, "params" | "query">): string;
}

export function deskCaller<const T extends { [K in DeskRouteId]?: DeskRouteMeta }>(routes: T): DeskCaller<keyof T & DeskRouteId> {
  type Id = keyof T & DeskRouteId;
  const entry = (id: Id): DeskRouteMeta => routes[id] as DeskRouteMeta;
  return {
    routes: routes as unknown as Readonly<Record<Id, DeskRouteMeta>>,
    async call<K extends Id>(id: K, input: DeskCallInput = {}): Promise<DeskOutput<K>> {
      const output = async () => (await loadDeskContract()).deskRoutes[id].output;
      return (await callRoute(id, entry(id), input, output)) as DeskOutput<K>;
    },
    url: (id, input = {}) => routeUrl(id, entry(id), input),
  };
}
