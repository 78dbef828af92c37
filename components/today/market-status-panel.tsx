"use client";

import { ClockIcon } from "lucide-react";
import * as React from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatIstDate, formatIstTime } from "@/lib/format/time";
import { useMarketStatus } from "@/components/market/use-market-status";
import { NSE_VIEW } from "@/lib/market/calendar";
import { marketStatusView } from "./market-status";

const TICK_MS = 30_000;

function nextSessionText(ms: number | null): string {
  return ms === null ? "The calendar holds no session in the next three weeks." : `Next session ${formatIstDate(ms, { weekday: true })}, ${formatIstTime(ms)}.`;
}

/**
 * The market's phase now and the next session, in IST, by the desk's active market calendar. `now` is the server's time, so the first render matches; it then ticks.
 */
export function MarketStatusPanel({ now }: { now: number }) {
  const [at, setAt] = React.useState(now);
  React.useEffect(() => {
    const timer = setInterval(() => setAt(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  // The desk's active calendar once loaded (an admin's edit), the built-in one until then: the first render matches.
  const calendar = useMarketStatus().view ?? NSE_VIEW;
  const view = marketStatusView(at, calendar);
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
