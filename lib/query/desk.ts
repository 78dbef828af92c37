/**
 * The data helpers of the desk's own routes, for the browser and the server alike: `deskQuery(route, input)` (the
 * queryOptions every component and page prefetch use), `useDeskMutation(route)` (a success makes the entry's
 * `invalidates` stale) and `deskKey`. Routes are their zod-free entries: `import * as api from "@/lib/desk/route-meta/<area>"`.
 */
import { queryOptions, useMutation, useQueryClient, type QueryClient, type QueryKey, type UseMutationOptions } from "@tanstack/react-query";
import type { DeskCallInput } from "@/lib/desk/call";
import { deskCall, type DeskArgs, type DeskRoute } from "@/lib/desk/client";
import type { DeskOutput, DeskRequest, DeskRouteId } from "@/lib/desk/routes";
import { transportOf } from "./transport";

/** `["desk", id]`, and the input's parts after it: every key of a route starts with the first two. */
export function deskKey(id: DeskRouteId, input?: Pick<DeskCallInput, "params" | "query" | "body">): readonly unknown[] {
  const parts = Object.fromEntries(Object.entries({ params: input?.params, query: input?.query, body: input?.body }).filter(([, v]) => v !== undefined));
  return Object.keys(parts).length ? ["desk", id, parts] : ["desk", id];
}

export function deskQuery<R extends DeskRoute>(route: R, ...[input]: DeskArgs<R>) {
  const { signal: _signal, ...request } = (input ?? {}) as DeskCallInput;
  return queryOptions({
    queryKey: deskKey(route.id, request),
    queryFn: ({ signal, client }): Promise<DeskOutput<R["id"]>> => {
      const server = transportOf(client);
      if (server) return server.desk(route, request) as Promise<DeskOutput<R["id"]>>;
      return deskCall(route, ...([{ ...request, signal }] as DeskArgs<R>));
    },
    ...(route.staleSeconds !== undefined ? { staleTime: route.staleSeconds * 1000 } : {}),
  });
}

/** After a call of `route`: the routes its entry names in `invalidates` are fetched again. */
export function refreshAfter(client: QueryClient, route: DeskRoute): void {
  // `alphaGet` stands for every answer of the Alpha proxy (a key changed: they may all differ now).
  for (const id of route.invalidates ?? []) void client.invalidateQueries({ queryKey: id === "alphaGet" ? ["alpha"] : ["desk", id] });
}

type MutationOptions<R extends DeskRoute, C> = Omit<UseMutationOptions<DeskOutput<R["id"]>, Error, DeskRequest<R["id"]>, C>, "mutationFn"> & {
  /** Keys to refresh besides the routes the entry's `invalidates` names. */
  invalidate?: readonly QueryKey[];
};

/** A mutation of one route: after it settles, the routes its entry names in `invalidates` are fetched again. */
export function useDeskMutation<R extends DeskRoute, C = unknown>(route: R, options: MutationOptions<R, C> = {}) {
  const client = useQueryClient();
  const { invalidate, onSettled, ...rest } = options;
  return useMutation<DeskOutput<R["id"]>, Error, DeskRequest<R["id"]>, C>({
    mutationKey: ["desk", route.id],
    mutationFn: (input) => deskCall(route, ...([input] as DeskArgs<R>)),
    ...rest,
    onSettled: (...args) => {
      refreshAfter(client, route);
      for (const key of invalidate ?? []) void client.invalidateQueries({ queryKey: key });
      return onSettled?.(...args);
    },
  });
}
