import type { ReactNode } from "react";
import { CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/**
 * The results calendar's head is in the first HTML (its description is a phone's LCP); `rest` is one boundary for the
 * calendar's body and the past results, revealed in one frame: two boundaries were revealed apart and the page moved.
 */
export function ResultsCalendarSections({ rest }: { rest: ReactNode }) {
  return (
    <div className="flex flex-col">
      <div data-slot="card" className="rounded-t-xl border border-b-0 bg-card pt-5 text-card-foreground">
        <CardHeader>
          <CardTitle>
            <h2>Results calendar</h2>
          </CardTitle>
          <CardDescription>
            Board meetings scheduled to approve financial results and, on past days, the results filed on them (marked with a tick), from the free calendar
            and index. Times are IST; a symbol opens its page.
          </CardDescription>
        </CardHeader>
      </div>
      {rest}
    </div>
  );
}

/** The calendar card's body, under its head, then the past results: the content of `ResultsCalendarSections`'s boundary and of its fallback. */
export function CalendarBodyAndPast({ calendar, past }: { calendar: ReactNode; past: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col rounded-b-xl border border-t-0 bg-card pt-5 pb-5 text-card-foreground shadow-[0_1px_2px_-1px_rgb(0_0_0/0.1)]">{calendar}</div>
      {past}
    </div>
  );
}
