import type { EndpointId } from "@/lib/alpha/catalogue";
import type { CallInput } from "@/lib/alpha/client";
import { prepareRequest } from "@/lib/alpha/client";

/**
 * The canonical form of a call: its method and normalised URL as the contract builds it, so two inputs that ask the
 * same thing (another order, a default spelled out) share one cache entry. Input the contract refuses keeps its raw
 * form: its query fails with the contract's error anyway.
 */
export function canonicalCall(id: EndpointId, input: unknown): string {
  try {
    const req = prepareRequest(id, (input ?? {}) as CallInput<typeof id>);
    return `${req.method} ${req.url}`;
  } catch {
    return `invalid ${JSON.stringify(input ?? {})}`;
  }
}

/** Every query key of the desk, built here only; components get keys from the queryOptions factories. */
export const queryKeys = {
  alpha: {
    all: ["alpha"] as const,
    endpoint: (id: EndpointId) => ["alpha", id] as const,
    call: (id: EndpointId, input: unknown) => ["alpha", id, canonicalCall(id, input)] as const,
  },
  usage: {
    all: ["usage"] as const,
    snapshot: () => ["usage", "snapshot"] as const,
    spend: (range: string, scope: string) => ["usage", "spend", range, scope] as const,
  },
  settings: {
    alphaKey: () => ["settings", "alpha-key"] as const,
  },
  admin: {
    users: () => ["admin", "users"] as const,
    calendarVersions: () => ["admin", "market-calendar", "versions"] as const,
  },
  market: {
    calendar: () => ["market", "calendar"] as const,
  },
  briefs: {
    all: ["briefs"] as const,
    schedules: () => ["briefs", "schedules"] as const,
    runs: (day: string) => ["briefs", "runs", day] as const,
  },
  team: {
    all: ["team"] as const,
    view: () => ["team", "view"] as const,
    orgKey: () => ["team", "org-key"] as const,
    invites: () => ["team", "invites"] as const,
    audit: () => ["team", "audit"] as const,
  },
  watchlists: {
    all: ["watchlists"] as const,
    list: () => ["watchlists", "list"] as const,
    knownSymbols: (symbols: readonly string[]) => ["watchlists", "known-symbols", [...symbols].sort()] as const,
    isins: (isins: readonly string[]) => ["watchlists", "isins", [...isins].sort()] as const,
  },
  symbols: {
    all: ["symbols"] as const,
    search: (q: string, limit: number) => ["symbols", "search", q.trim().toUpperCase(), limit] as const,
  },
  summaries: {
    all: ["summaries"] as const,
    history: () => ["summaries", "history"] as const,
    entry: (id: string) => ["summaries", "entry", id] as const,
  },
  batches: {
    input: (jobId: string) => ["batches", "input", jobId] as const,
  },
  earnings: {
    upcomingCalendar: (symbols: readonly string[]) => ["earnings", "upcoming-calendar", [...symbols]] as const,
    filedCalendar: (symbols: readonly string[], from: string, to: string) => ["earnings", "filed-calendar", [...symbols], from, to] as const,
  },
  season: {
    all: ["season"] as const,
    board: (scope: string, watchlist: string | null, quarter: string | null) => ["season", "board", scope, watchlist, quarter] as const,
  },
  concalls: {
    transcriptText: (url: string) => ["concalls", "transcript-text", url] as const,
    assets: (symbol: string, quarter: string) => ["concalls", "assets", symbol, quarter] as const,
  },
};
