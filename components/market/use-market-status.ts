"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import type { MarketCalendarView } from "@/lib/market/calendar-view";
import { calendarView } from "@/lib/market/calendar-view";
import type { MarketStatusCopy } from "@/lib/market/status-copy";
import { describeMarketStatus } from "@/lib/market/status-copy";
import { marketCalendarQueryOptions } from "@/lib/query/market";

/**
 * The market's status now, from the desk's active calendar: computed in the browser and recomputed at the next
 * session boundary (a timer to that instant, not a poll), and when the tab comes back into view.
 */
export function useMarketStatus(): { copy: MarketStatusCopy | null; view: MarketCalendarView | null; now: number | null } {
  const { data } = useQuery(marketCalendarQueryOptions());
  const view = useMemo(() => (data ? calendarView(data.calendar) : null), [data]);
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!view) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      clearTimeout(timer);
      const t = Date.now();
      setNow(t);
      timer = setTimeout(update, Math.max(1_000, view.nextBoundary(t) - t + 250));
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") update();
    };
    update();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [view]);
  const copy = useMemo(() => (view && now !== null ? describeMarketStatus(view, now) : null), [view, now]);
  return { copy, view, now };
}
