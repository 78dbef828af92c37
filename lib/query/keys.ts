import type { EndpointId } from "@/lib/alpha/catalogue";

/** Every query key of the desk, built here only; components get keys from the queryOptions factories. */
export const queryKeys = {
  alpha: {
    all: ["alpha"] as const,
    endpoint: (id: EndpointId) => ["alpha", id] as const,
    call: (id: EndpointId, input: unknown) => ["alpha", id, input ?? {}] as const,
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
  },
  watchlists: {
    all: ["watchlists"] as const,
    list: () => ["watchlists", "list"] as const,
    knownSymbols: (symbols: readonly string[]) => ["watchlists", "known-symbols", [...symbols].sort()] as const,
    isins: (isins: readonly string[]) => ["watchlists", "isins", [...isins].sort()] as const,
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
  },
  concalls: {
    transcriptText: (url: string) => ["concalls", "transcript-text", url] as const,
    assets: (symbol: string, quarter: string) => ["concalls", "assets", symbol, quarter] as const,
  },
};
