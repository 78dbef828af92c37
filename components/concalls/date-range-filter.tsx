"use client";

import { useQueryStates } from "@/lib/url-state";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { isDayKey } from "@/components/earnings/day-key";
import { concallsParsers } from "./search-params";

/** From/to IST days in the URL; both bounds included, as the API reads them. */
export function DateRangeFilter() {
  const [state, setState] = useQueryStates(concallsParsers);
  const from = state.from && isDayKey(state.from) ? state.from : "";
  const to = state.to && isDayKey(state.to) ? state.to : "";
  const wrong = from && to && from > to;
  return (
    <div className="grid grid-cols-1 gap-1.5">
      <div className="flex flex-wrap items-end gap-2">
        <label className="grid grid-cols-1 gap-1.5 text-xs font-medium text-muted-foreground">
          From
          <Input type="date" className="h-8 w-40" value={from} max={to || undefined} onChange={(e) => void setState({ from: e.target.value || null })} data-testid="calls-from" />
        </label>
        <label className="grid grid-cols-1 gap-1.5 text-xs font-medium text-muted-foreground">
          To
          <Input type="date" className="h-8 w-40" value={to} min={from || undefined} onChange={(e) => void setState({ to: e.target.value || null })} data-testid="calls-to" />
        </label>
        {(from || to) && (
          <Button variant="ghost" size="sm" onClick={() => void setState({ from: null, to: null })}>
            Any date
          </Button>
        )}
      </div>
      {wrong && <p className="text-xs text-destructive">The start date is after the end date.</p>}
    </div>
  );
}
