import "server-only";
/**
 * The page's QueryClient with the server's transport bound: pages prefetch with the very queryOptions their components
 * use, run through the route's server function or the proxy. Paid Alpha data is never fetched here, only peeked at.
 */
import { dehydrate, type DehydratedState, type QueryClient } from "@tanstack/react-query";
import { cache } from "react";
import type { CallInput } from "@/lib/alpha/request";
import { prepareRequest } from "@/lib/alpha/request";
import type { EndpointId } from "@/lib/alpha/catalogue";
import { estimateCost } from "@/lib/alpha/costs";
import { routeUrl, type DeskCallInput } from "@/lib/desk/call";
import type { DeskRouteMeta } from "@/lib/desk/route-def";
import { deskRoutes, type DeskRouteId } from "@/lib/desk/routes";
import { parseEnvelope, viewAnswer, type AlphaResult } from "@/lib/query/alpha-contract";
import { makeQueryClient } from "@/lib/query/query-client";
import * as api from "@/lib/desk/route-meta";
import { deskQuery } from "@/lib/query/desk";
import { bindTransport, type DataTransport } from "@/lib/query/transport";
import type { DeskContext } from "../core/context";
import { getDeskContext } from "../core/default-context";
import { DeskReply } from "../core/reply";
import { getAlphaKeyStatus, withUserKey } from "../identity/key-vault";
import type { SessionUser } from "../identity/users";
import type { DeskBinding } from "../http/route";
import { findWatchlist } from "../portfolio/watchlists";
import { callAlpha, proxyAlphaCall } from "../upstream/alpha-proxy";
import { backgroundPages, knownRpm, LOW_RPM } from "../upstream/background-budget";
import { deskBindings } from "./bindings";

/** The process-wide DeskContext for a server component (page or layout): the one helper pages obtain it with. */
export async function pageContext(): Promise<DeskContext> {
  return getDeskContext();
}

const requestClient: () => QueryClient = cache(makeQueryClient);

async function serveOnServer({ ctx, user }: { ctx: DeskContext; user: SessionUser }, route: DeskRouteMeta, input: DeskCallInput): Promise<unknown> {
  const id = route.id as DeskRouteId;
  const def = deskRoutes[id] as (typeof deskRoutes)[DeskRouteId];
  const parse = (schema: unknown, value: unknown) => (schema ? (schema as { parse(v: unknown): unknown }).parse(value) : undefined);
  const params = parse("params" in def ? def.params : undefined, input.params);
  const body = "body" in def ? parse(def.body, input.body) : undefined;
  const query = "query" in def ? parse(def.query, input.query ?? {}) : undefined;
  const request = new Request(new URL(routeUrl(route, input), ctx.config.deskUrl ?? "http://desk.local"));
  const serve = deskBindings[id] as unknown as DeskBinding<DeskRouteId>;
  const result = await serve({ ctx, user, request, params, input: body ?? query } as never);
  const data = result instanceof DeskReply ? result.data : result;
  // As the browser would read it: JSON, then the route's own schema.
  return def.output.parse(JSON.parse(JSON.stringify(data ?? null)) as unknown);
}

function serverTransport(who: { ctx: DeskContext; user: SessionUser }): DataTransport {
  const { ctx, user } = who;
  return {
    desk: (route, input) => serveOnServer(who, route, input),
    async alpha<K extends EndpointId>(id: K, input: CallInput<K>): Promise<AlphaResult<K>> {
      if (estimateCost(id, prepareRequest(id, input).parsed) > 0) throw new Error(`${id} is paid: only the user's click fetches it`);
      const answer = await callAlpha({ ctx, user, id, input });
      return viewAnswer(id, answer.data, answer.meta);
    },
    async peek<K extends EndpointId>(id: K, input: CallInput<K>): Promise<AlphaResult<K> | null> {
      const hit = await proxyAlphaCall({ ctx, user, id, input, options: { peek: true } });
      return hit ? parseEnvelope(id, JSON.parse(`{"data":${hit.json},"meta":${JSON.stringify(hit.meta)}}`) as { data?: unknown; meta?: unknown }) : null;
    },
    async pageBudget(max) {
      const { accountId } = await withUserKey({ ctx, userId: user.id });
      return () => backgroundPages({ ctx, accountId, max });
    },
  };
}

/**
 * Whether the user's account is known to allow few requests a minute (Sandbox): a page then makes its secondary free
 * calls only when asked, so browsing at a person's pace stays inside the plan.
 */
export async function onLowRpmAccount({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<boolean> {
  const { accountId } = await withUserKey({ ctx, userId: user.id });
  const rpm = knownRpm({ ctx, accountId });
  return rpm !== undefined && rpm < LOW_RPM;
}

/**
 * The one QueryClient of a server request, bound to the signed-in user: every section of a page prefetches into it
 * and dehydrates from it, so a query is loaded once per request whichever section reads it.
 */
export function pageQueryClient(who: { ctx: DeskContext; user: SessionUser }): QueryClient {
  const client = requestClient();
  bindTransport(client, serverTransport(who));
  return client;
}

export async function userHasKey({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<boolean> {
  return (await getAlphaKeyStatus({ ctx, userId: user.id })).hasKey;
}

/** The chosen watchlist's symbols (when it is the user's); null when none is chosen or it is not theirs. */
export async function watchlistSymbols({ ctx, user, watchlistId }: { ctx: DeskContext; user: SessionUser; watchlistId: string | null }): Promise<string[] | null> {
  if (!watchlistId) return null;
  const found = await findWatchlist({ ctx, user, id: watchlistId }).catch(() => null);
  return found ? found.items.map((i) => i.symbol) : null;
}

/**
 * What a live feed page needs before the browser takes over: whether the user has a key (no key, no stream) and their
 * watchlists, so a `?watchlist=` filter is known at first paint and the stream opens for the right symbols.
 */
export async function loadFeedPage({ ctx, user, materiality = false }: { ctx: DeskContext; user: SessionUser; materiality?: boolean }): Promise<{ hasKey: boolean; state: DehydratedState }> {
  const client = pageQueryClient({ ctx, user });
  const [hasKey] = await Promise.all([
    userHasKey({ ctx, user }),
    client.prefetchQuery(deskQuery(api.listWatchlists)),
    // The announcements' materiality panel paints with the page, so the list below it never moves down.
    materiality ? client.prefetchQuery(deskQuery(api.getMateriality)) : null,
  ]);
  return { hasKey, state: dehydrate(client) };
}
