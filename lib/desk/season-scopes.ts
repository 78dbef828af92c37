/** What the season board covers (lib/desk/season.ts's scope), zod-free: the tracker's URL parser reads it at first load. */
export const SEASON_SCOPES = ["watchlists", "watchlist", "universe"] as const;
export type SeasonScope = (typeof SEASON_SCOPES)[number];

export interface SeasonSelection {
  scope: SeasonScope;
  watchlist: string | null;
  /** null: the season the tracker follows by default. */
  quarter: string | null;
}

/** The query GET /api/season reads for a selection, the same on the server and in the browser (one cache key). */
export function seasonQueryInput(selection: SeasonSelection): Record<string, string> {
  return {
    scope: selection.scope,
    ...(selection.scope === "watchlist" && selection.watchlist ? { watchlist: selection.watchlist } : {}),
    ...(selection.quarter ? { quarter: selection.quarter } : {}),
  };
}
