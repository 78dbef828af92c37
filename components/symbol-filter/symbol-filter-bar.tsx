"use client";

import { FilterIcon } from "lucide-react";
import type { ReactNode } from "react";
import { WatchlistPicker } from "@/components/watchlists/watchlist-picker";
import { SymbolFilter } from "./symbol-filter";
import { useSymbolFilter } from "./use-symbol-filter";

/** The filter row of a results-season page: one watchlist and typed symbols, both in the URL. */
export function SymbolFilterBar({ children }: { children?: ReactNode }) {
  const filter = useSymbolFilter();
  return (
    <section aria-label="Filters" className="flex flex-wrap items-end gap-x-6 gap-y-3 rounded-xl border bg-card px-4 py-3" data-testid="filter-bar">
      <FilterIcon aria-hidden className="mb-2.5 hidden size-4 text-muted-foreground sm:block" />
      <div className="grid grid-cols-1 gap-1.5">
        <span className="text-xs font-medium text-muted-foreground">Watchlist</span>
        <WatchlistPicker />
      </div>
      <SymbolFilter symbols={filter.typed} onChange={filter.setTyped} />
      {children}
    </section>
  );
}
