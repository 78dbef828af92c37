"use client";

import { ChevronDownIcon, FilterIcon } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { WatchlistPicker } from "@/components/watchlists/watchlist-picker";
import { cn } from "@/lib/utils";
import { SymbolFilter } from "./symbol-filter";
import { useSymbolFilter } from "./use-symbol-filter";

/**
 * The filter row of a results-season page: one watchlist and typed symbols, both in the URL. On a phone the row
 * folds behind a "Filters" disclosure so the feed starts on the first screen; from md up it is always open.
 */
export function SymbolFilterBar({ children }: { children?: ReactNode }) {
  const filter = useSymbolFilter();
  const [open, setOpen] = useState(false);
  const fieldsId = useId();
  const symbolCount = filter.effective.length;
  return (
    <section aria-label="Filters" className="rounded-xl border bg-card" data-testid="filter-bar">
      <button
        type="button"
        className="flex w-full items-center gap-2 px-4 py-3 text-left text-sm font-medium md:hidden"
        aria-expanded={open}
        aria-controls={fieldsId}
        onClick={() => setOpen((o) => !o)}
        data-testid="filter-bar-toggle"
      >
        <FilterIcon aria-hidden className="size-4 text-muted-foreground" />
        Filters
        {symbolCount > 0 && (
          <span className="text-muted-foreground">
            · {symbolCount} symbol{symbolCount === 1 ? "" : "s"}
          </span>
        )}
        <ChevronDownIcon aria-hidden className={cn("ml-auto size-4 text-muted-foreground transition-transform", open && "rotate-180")} />
      </button>
      <div id={fieldsId} className={cn("flex-wrap items-end gap-x-6 gap-y-3 px-4 pt-1 pb-3 md:flex md:py-3", open ? "flex" : "hidden")}>
        <FilterIcon aria-hidden className="mb-2.5 hidden size-4 text-muted-foreground md:block" />
        <div className="grid min-w-0 grid-cols-1 gap-1.5">
          <span className="text-xs font-medium text-muted-foreground">Watchlist</span>
          <WatchlistPicker />
        </div>
        <SymbolFilter symbols={filter.typed} onChange={filter.setTyped} />
        {children}
      </div>
    </section>
  );
}
