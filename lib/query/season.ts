import { queryOptions } from "@tanstack/react-query";
import { deskCall } from "@/lib/desk/client";
import type { SeasonScope } from "@/lib/desk/season";
import { queryKeys } from "@/lib/query/keys";

export type { SeasonScope, SeasonView, SeasonCompanyView } from "@/lib/desk/season";

export interface SeasonSelection {
  scope: SeasonScope;
  watchlist: string | null;
  /** null: the season the tracker follows by default. */
  quarter: string | null;
}

/** The query the desk's route reads (GET /api/season), identical on server and browser. */
export function seasonQueryInput(selection: SeasonSelection): Record<string, string> {
  return {
    scope: selection.scope,
    ...(selection.scope === "watchlist" && selection.watchlist ? { watchlist: selection.watchlist } : {}),
    ...(selection.quarter ? { quarter: selection.quarter } : {}),
  };
}

/** The results-season board for a selection (free upstream reads; the server computes it). */
export function seasonQueryOptions(selection: SeasonSelection) {
  const watchlist = selection.scope === "watchlist" ? selection.watchlist : null;
  return queryOptions({
    queryKey: queryKeys.season.board(selection.scope, watchlist, selection.quarter),
    queryFn: ({ signal }) => deskCall("getSeason", { query: seasonQueryInput(selection), signal }),
    staleTime: 60_000,
  });
}
