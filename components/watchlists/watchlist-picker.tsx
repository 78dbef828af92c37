"use client";
/**
 * Filters any desk page by one of the user's watchlists (`?watchlist=<id>`). A watchlist holds up to 50 symbols while
 * list endpoints take 20 per call: chunk with MAX_LIST_VALUES.
 */
import { useQuery } from "@tanstack/react-query";
import { ListChecksIcon } from "lucide-react";
import Link from "next/link";
import { parseAsString, useQueryState } from "@/lib/url-state";
import { useEffect, useMemo, useRef } from "react";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import * as api from "@/lib/desk/route-meta/watchlists";
import type { Watchlist } from "@/lib/desk/watchlists";
import { deskQuery } from "@/lib/query/desk";
import { cn } from "@/lib/utils";

/** The URL parameter every page shares, so a filtered view can be sent to someone. */
export const WATCHLIST_PARAM = "watchlist";
const ALL = "__all__";

export interface WatchlistSelection {
  /** The id in the URL, or null. */
  watchlistId: string | null;
  /** The chosen watchlist once loaded; null when none is chosen, while loading, or when the id is not the user's. */
  watchlist: Watchlist | null;
  /** The chosen watchlist's symbols in its order; null when no watchlist is chosen (show everything). */
  symbols: string[] | null;
  /** The URL names a watchlist the user does not have (deleted, or someone else's link). */
  missing: boolean;
  isLoading: boolean;
  watchlists: Watchlist[];
  setWatchlist: (id: string | null) => void;
}

export function useWatchlistSymbols(options: { shallow?: boolean } = {}): WatchlistSelection {
  const [watchlistId, setId] = useQueryState(WATCHLIST_PARAM, parseAsString.withOptions({ shallow: options.shallow ?? true, history: "replace" }));
  const query = useQuery(deskQuery(api.listWatchlists));
  const watchlists = useMemo(() => query.data ?? [], [query.data]);
  const watchlist = watchlistId ? (watchlists.find((w) => w.id === watchlistId) ?? null) : null;
  const symbols = useMemo(() => (watchlistId && watchlist ? watchlist.items.map((i) => i.symbol) : null), [watchlistId, watchlist]);
  return {
    watchlistId,
    watchlist,
    symbols,
    missing: Boolean(watchlistId && query.isSuccess && !watchlist),
    isLoading: query.isPending,
    watchlists,
    setWatchlist: (id) => void setId(id),
  };
}

export function WatchlistPicker({
  shallow = true,
  allLabel = "All symbols",
  className,
  onChange,
}: {
  shallow?: boolean;
  allLabel?: string;
  className?: string;
  onChange?: (symbols: string[] | null, watchlist: Watchlist | null) => void;
}) {
  const selection = useWatchlistSymbols({ shallow });
  const { watchlist, symbols, watchlists, isLoading, missing, watchlistId } = selection;

  const notified = useRef<string | undefined>(undefined);
  useEffect(() => {
    const key = symbols ? `${watchlist?.id}:${symbols.join(",")}` : "";
    if (notified.current === key || isLoading) return;
    notified.current = key;
    onChange?.(symbols, watchlist);
  }, [symbols, watchlist, isLoading, onChange]);

  if (isLoading) return <Skeleton className={cn("h-9 w-48", className)} />;

  return (
    <div className={cn("flex items-center gap-2", className)}>
      <Link
        href="/watchlists"
        aria-label="Manage watchlists"
        title="Manage watchlists"
        className="rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <ListChecksIcon aria-hidden className="size-4" />
      </Link>
      {/* A native select: a plain choice list, the phone's own picker, no popover code on the page's first load. */}
      <NativeSelect
        aria-label="Filter by watchlist"
        data-testid="watchlist-picker"
        className="min-w-44"
        value={watchlistId && !missing ? watchlistId : ALL}
        onChange={(event) => selection.setWatchlist(event.target.value === ALL ? null : event.target.value)}
      >
        <NativeSelectOption value={ALL}>{allLabel}</NativeSelectOption>
        {watchlists.map((w) => (
          <NativeSelectOption key={w.id} value={w.id} disabled={w.items.length === 0}>
            {[w.name, w.owner ? `shared by ${w.owner.name}` : null, `${w.items.length} ${w.items.length === 1 ? "symbol" : "symbols"}`].filter(Boolean).join(" · ")}
          </NativeSelectOption>
        ))}
      </NativeSelect>
      {missing && (
        <span role="status" className="text-xs text-muted-foreground">
          That watchlist is gone; showing all symbols.
        </span>
      )}
    </div>
  );
}
