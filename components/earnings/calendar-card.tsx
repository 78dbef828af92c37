import type { ReactNode } from "react";
import { CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/**
 * The earnings page's two sections as they stream. The results calendar's card is drawn as two boxes that read as one:
 * its head (title and description) is in the page's first HTML, outside every Suspense boundary, because the
 * description is the page's largest text on a phone (its LCP, e2e/first-paint.spec.ts). `rest` is the boundary that
 * brings the card's body (the calendar) and the past results below it, drawn by `CalendarBodyAndPast`, so both are
 * revealed in the same frame. As two boundaries in a row they were revealed apart (React reveals streamed boundaries
 * in batches, at most every 300 ms), and the calendar's skeleton and its content differ in height by up to 4,000 px,
 * so whatever of the past results was on screen moved. The body's shadow is only below it (none across the seam).
 */
export function ResultsCalendarSections({ rest }: { rest: ReactNode }) {
  return (
    <div className="flex flex-col">
      <div data-slot="card" className="rounded-t-xl border border-b-0 bg-card pt-5 text-card-foreground">
        <CardHeader>
          <CardTitle>Results calendar</CardTitle>
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
