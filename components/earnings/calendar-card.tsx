import type { ReactNode } from "react";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/**
 * The results calendar's card and header, rendered by the page itself, outside the calendar's Suspense boundary: the
 * header's description is the earnings page's largest text on a phone (its LCP), so it is sent with the page's first
 * HTML and paints with the first frame while the calendar itself (`children`) is still being read
 * (e2e/first-paint.spec.ts).
 */
export function ResultsCalendarCard({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Results calendar</CardTitle>
        <CardDescription>
          Board meetings scheduled to approve financial results and, on past days, the results filed on them (marked with a tick), from the free calendar
          and index. Times are IST; a symbol opens its page.
        </CardDescription>
      </CardHeader>
      {children}
    </Card>
  );
}
