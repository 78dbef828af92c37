"use client";

import { ExternalLinkIcon } from "lucide-react";
import Link from "next/link";
import { alertTypeLabel } from "@/components/alerts/alert-model";
import { blockDealWindow, formatDealValue, formatShares, WINDOW_LABEL } from "@/components/block-deals/block-deal-model";
import { concallGlance } from "@/components/concalls/concall-parts";
import { SentimentBadge } from "@/components/news/sentiment-badge";
import { formatInr, formatPercentChange } from "@/lib/format/number";
import { formatQuarter } from "@/lib/format/quarter";
import { cn } from "@/lib/utils";
import type { PaidTimelineEvent } from "./timeline";

/**
 * The bodies of the timeline's paid events (past calls, alerts, news, block deals): shown only after the person buys
 * them (or the desk's cache holds them), so they load with their models (alert types, the block-deal windows on the
 * NSE calendar, a call's glance) as their own chunk, not with the page (symbol-timeline.tsx).
 */
export function PaidEventBody({ event, href }: { event: PaidTimelineEvent; href: string | null }) {
  switch (event.kind) {
    case "calls": {
      const g = concallGlance(event.row);
      return (
        <>
          <p className="font-medium">
            {formatQuarter(event.row.quarter)} earnings call
            {href && (
              <Link href={href} className="ml-2 text-sm font-normal text-primary hover:underline">
                Analysis &amp; transcript
              </Link>
            )}
          </p>
          {g.guidance && <p className="line-clamp-2 text-sm text-muted-foreground">{g.guidance}</p>}
          {(g.positive.length > 0 || g.negative.length > 0) && (
            <p className="text-xs">
              <span className="text-positive">{g.positive.length} positive</span> · <span className="text-negative">{g.negative.length} negative</span> indicators
            </p>
          )}
        </>
      );
    }
    case "alerts": {
      const a = event.row;
      return (
        <>
          <p className="font-medium">
            {alertTypeLabel(a.type)}
            {a.price && (
              <span className={cn("ml-2 font-mono text-sm", a.price.change_percent >= 0 ? "text-positive" : "text-negative")}>
                {formatInr(a.price.value, { paise: true })} {formatPercentChange(a.price.change_percent)}
              </span>
            )}
          </p>
          {a.reason && <p className="text-sm text-muted-foreground">{a.reason}</p>}
        </>
      );
    }
    case "news": {
      const n = event.row;
      return (
        <>
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {n.link ? (
              <a href={n.link} target="_blank" rel="noreferrer noopener" className="hover:underline">
                {n.specific_title ?? n.title ?? "News"}
                <ExternalLinkIcon aria-hidden className="ml-1 inline size-3.5 text-muted-foreground" />
              </a>
            ) : (
              (n.specific_title ?? n.title ?? "News")
            )}
            <SentimentBadge sentiment={n.sentiment} />
          </p>
          {n.summary && <p className="line-clamp-2 text-sm text-muted-foreground">{n.summary}</p>}
          {n.source && <p className="text-xs text-muted-foreground">{n.source}</p>}
        </>
      );
    }
    case "block-deals": {
      const d = event.row;
      const window = blockDealWindow(d);
      return (
        <>
          <p className="font-medium">
            Block deal of <span className="font-mono">{formatDealValue(d)}</span>
            {d.exchange && <span className="ml-2 text-sm font-normal text-muted-foreground">on {d.exchange}</span>}
          </p>
          <p className="text-sm text-muted-foreground">
            {formatShares(d.shares)} @ {formatInr(d.price, { paise: true })} · {window ? WINDOW_LABEL[window] : "outside the block-deal windows"}
          </p>
        </>
      );
    }
  }
}
