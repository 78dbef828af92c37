"use client";

import { ClockIcon } from "lucide-react";
import * as React from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatIstDate, formatIstTime } from "@/lib/format/time";
import { useMarketStatus } from "@/components/market/use-market-status";
import type { MarketCalendarView } from "@/lib/market/calendar-view";
import { importOnce } from "@/lib/import-once";
import { type MarketStatusView, marketStatusView } from "./market-status-core";

const TICK_MS = 30_000;

/** The built-in calendar (its holiday data), fetched only when the panel must tick without the desk's active one. */
const loadBuiltIn = importOnce(() => import("@/lib/market/calendar").then((m) => m.NSE_VIEW));

function nextSessionText(ms: number | null): string {
  return ms === null ? "The calendar holds no session in the next three weeks." : `Next session ${formatIstDate(ms, { weekday: true })}, ${formatIstTime(ms)}.`;
}

/**
 * The market's phase now and the next session, in IST, by the desk's active market calendar. `now` is the server's
 * time and `initial` the server's reading of it by the built-in calendar, so the first render matches; it then ticks.
 */
export function MarketStatusPanel({ now, initial }: { now: number; initial: MarketStatusView }) {
  const [at, setAt] = React.useState(now);
  React.useEffect(() => {
    const timer = setInterval(() => setAt(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  // The desk's active calendar once loaded (an admin's edit); until then the server's reading, and at a tick without
  // it the built-in calendar, fetched then.
  const active = useMarketStatus().view;
  const [builtIn, setBuiltIn] = React.useState<MarketCalendarView | null>(null);
  const needBuiltIn = !active && !builtIn && at !== now;
  React.useEffect(() => {
    if (!needBuiltIn) return;
    let live = true;
    loadBuiltIn().then(
      (view) => {
        if (live) setBuiltIn(() => view);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [needBuiltIn]);
  const calendar = active ?? builtIn;
  const view = calendar ? marketStatusView(at, calendar) : initial;
  const variant = view.phase === "open" ? "positive" : view.phase === "pre_open" || view.phase === "closing" ? "warning" : "outline";
  let detail: string;
  if (view.phase === "open") detail = `Normal market until ${formatIstTime(view.untilMs)}. ${nextSessionText(view.nextOpenMs)}`;
  else if (view.phase === "pre_open") detail = `Orders are being collected; the market opens at ${formatIstTime(view.nextOpenMs)}.`;
  else if (view.phase === "closing") detail = `Trading at the closing price until ${formatIstTime(view.untilMs)}. ${nextSessionText(view.nextOpenMs)}`;
  else detail = `${view.closedReason && view.closedReason !== "Weekend" ? `${view.closedReason}: the exchanges are shut today. ` : view.phase === "post_close" ? "Closed for the day. " : ""}${nextSessionText(view.nextOpenMs)}`;

  return (
    <Card data-testid="market-status" data-phase={view.phase}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ClockIcon aria-hidden className="size-4 text-muted-foreground" />
          Market
          <Badge variant={variant} data-testid="market-status-label">
            {view.label}
          </Badge>
        </CardTitle>
        <CardDescription>
          NSE and BSE, {formatIstDate(at, { weekday: true })}, {formatIstTime(at)}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-1 text-sm">
        <p data-testid="market-status-detail">{detail}</p>
        {view.special && <p className="text-muted-foreground">Special session today: {view.special}.</p>}
      </CardContent>
    </Card>
  );
}
