/** What the season board covers (lib/desk/season.ts's scope), zod-free: the tracker's URL parser reads it at first load. */
export const SEASON_SCOPES = ["watchlists", "watchlist", "universe"] as const;
