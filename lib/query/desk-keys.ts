/**
 * The query keys of the desk's own routes: a part of `queryKeys` (lib/query/keys.ts), in a module of its own so the
 * shell's widgets (credit gauge, market status) build theirs without the Alpha catalogue that Alpha keys need.
 */
export const deskKeys = {
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
