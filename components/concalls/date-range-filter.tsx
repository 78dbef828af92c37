"use client";

import { useQueryStates } from "@/lib/url-state";
import { Button } from "@/components/ui/button";
import { isDayKey } from "@/components/earnings/day-key";
import { concallsParsers } from "./search-params";
import { DayInput } from "@/components/shell/typed-date-time-inputs";

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
          <DayInput className="h-8 w-32" value={from} onChange={(v) => void setState({ from: v || null })} data-testid="calls-from" />
        </label>
        <label className="grid grid-cols-1 gap-1.5 text-xs font-medium text-muted-foreground">
          To
          <DayInput className="h-8 w-32" value={to} onChange={(v) => void setState({ to: v || null })} data-testid="calls-to" />
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
