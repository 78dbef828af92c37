/**
 * Where a query's data comes from: the browser fetches the desk's routes; the server, rendering a page, runs the same
 * queries through the routes' server functions and the Alpha proxy directly (lib/server/routes/page-data.ts binds that
 * to the request's QueryClient). The same queryOptions serve both, so no page overrides a queryFn or seeds a key.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { EndpointId } from "@/lib/alpha/catalogue-meta";
import type { CallInput } from "@/lib/alpha/request";
import type { DeskCallInput } from "@/lib/desk/call";
import type { DeskRouteMeta } from "@/lib/desk/route-def";
import type { AlphaResult } from "./alpha-contract";

export interface DataTransport {
  desk(route: DeskRouteMeta, input: DeskCallInput): Promise<unknown>;
  alpha<K extends EndpointId>(id: K, input: CallInput<K>): Promise<AlphaResult<K>>;
  /** The desk's cached answer of a paid GET, never upstream: null when it holds none. */
  peek<K extends EndpointId>(id: K, input: CallInput<K>): Promise<AlphaResult<K> | null>;
  /** How many pages a background collection may read, asked before each page (a low-rpm account reads fewer). */
  pageBudget(max: number): Promise<() => number>;
}

const bound = new WeakMap<QueryClient, DataTransport>();

export function bindTransport(client: QueryClient, transport: DataTransport): void {
  bound.set(client, transport);
}

/** The transport bound to a client (the server's), or undefined in the browser. */
export function transportOf(client: QueryClient | undefined): DataTransport | undefined {
  return client ? bound.get(client) : undefined;
}
