"use client";

import { useQuery } from "@tanstack/react-query";
import { createContext, useContext, useEffect, useMemo, useState } from "react";
import { useHydrated } from "@/components/auth/use-hydrated";
import type { MarketCalendarView } from "@/lib/market/calendar-view";
import { calendarView } from "@/lib/market/calendar-view";
import type { MarketStatusCopy } from "@/lib/market/status-copy";
import { describeMarketStatus } from "@/lib/market/status-copy";
import * as api from "@/lib/desk/route-meta/market";
import { deskQuery } from "@/lib/query/desk";

/** When the server rendered the page (the desk layout's clock), for the first render of every market status. */
const RenderInstant = createContext<number | null>(null);

function browserNow(): number {
  return Date.now();
}

/**
 * Gives every market status below it the instant the server rendered the page (AppShell, from the desk layout), so the
 * server's HTML and the hydrating browser agree on it: the top bar's badge and a live feed's "market closed" words are in
 * the first paint and do not change after hydration.
 */
export const RenderInstantProvider = RenderInstant.Provider;

/**
 * "Now" for text computed from the clock ("5 min ago"): the server's render instant while hydrating, so the server's
 * HTML and the hydrating browser write the same words even when a minute turns between them; the browser's clock after.
 */
export function useRenderNow(): number {
  const renderedAt = useContext(RenderInstant);
  const hydrated = useHydrated();
  return !hydrated && renderedAt !== null ? renderedAt : browserNow();
}

/**
 * The market's status now, recomputed at the next session boundary (a timer, not a poll). While hydrating it is the
 * status at the server's render instant, so the first paint has it; then the browser's own clock takes over.
 */
export function useMarketStatus(): { copy: MarketStatusCopy | null; view: MarketCalendarView | null; now: number | null } {
  const renderedAt = useContext(RenderInstant);
  const hydrated = useHydrated();
  const { data } = useQuery(deskQuery(api.getMarketCalendar));
  const view = useMemo(() => (data ? calendarView(data.calendar) : null), [data]);
  const [now, setNow] = useState<number | null>(() => (hydrated ? browserNow() : renderedAt));
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
