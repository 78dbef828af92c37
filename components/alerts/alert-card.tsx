"use client";

import {
  ActivityIcon,
  BarChart3Icon,
  ChevronDownIcon,
  FileTextIcon,
  type LucideIcon,
  MicIcon,
  TrendingDownIcon,
  TrendingUpIcon,
  ZapIcon,
} from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import * as React from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { DeskAlert as Alert } from "@/lib/alpha/alerts";
import { formatInr, formatPercentChange } from "@/lib/format/number";
import { formatDuration, formatIstDateTime, formatIstStamp, formatIstTime, formatRelativeTime } from "@/lib/format/time";
import { symbolHref } from "@/lib/symbols/symbol-href";
import { cn } from "@/lib/utils";
import type { AlertGroup } from "./alert-model";
import { alertTime, alertTypeLabel } from "./alert-model";
import { useRenderNow } from "@/components/market/use-market-status";

const TYPE_STYLE: Record<string, { icon: LucideIcon; className: string }> = {
  "52w_high": { icon: TrendingUpIcon, className: "border-positive/30 bg-positive/10 text-positive" },
  "52w_low": { icon: TrendingDownIcon, className: "border-negative/30 bg-negative/10 text-negative" },
  earnings: { icon: FileTextIcon, className: "border-chart-1/30 bg-chart-1/10 text-foreground [&>svg]:text-chart-1" },
  high_growth_concalls: { icon: MicIcon, className: "border-chart-5/30 bg-chart-5/10 text-foreground [&>svg]:text-chart-5" },
  price_alert: { icon: ZapIcon, className: "border-chart-3/40 bg-chart-3/15 text-foreground" },
  vol_alert: { icon: ActivityIcon, className: "border-chart-2/30 bg-chart-2/10 text-foreground [&>svg]:text-chart-2" },
  volume_alert: { icon: BarChart3Icon, className: "border-chart-2/30 bg-chart-2/10 text-foreground [&>svg]:text-chart-2" },
};

export function AlertTypeBadge({ type, className }: { type: string; className?: string }) {
  const style = TYPE_STYLE[type] ?? { icon: ZapIcon, className: "" };
  const Icon = style.icon;
  return (
    <Badge variant="outline" data-testid="alert-type" data-type={type} className={cn(style.className, className)}>
      <Icon aria-hidden />
      {alertTypeLabel(type)}
    </Badge>
  );
}

function AlertPrice({ alert, compact = false }: { alert: Alert; compact?: boolean }) {
  const price = alert.price;
  if (!price) return null;
  const change = price.change_percent;
  const tone = change > 0 ? "text-positive" : change < 0 ? "text-negative" : "text-muted-foreground";
  return (
    <div className={cn("flex flex-wrap items-baseline gap-x-2 gap-y-0.5", compact ? "text-xs" : "text-sm")} data-testid="alert-price">
      <span className="font-mono font-semibold tabular-nums">{formatInr(price.value, { paise: true })}</span>
      <span className={cn("font-mono font-medium tabular-nums", tone)} data-testid="alert-change" data-change={change}>
        {formatPercentChange(change)}
      </span>
      <span className="text-xs text-muted-foreground" title="Prices are delayed">
        delayed · as of {formatIstTime(price.as_of)}
      </span>
    </div>
  );
}

function AlertTime({ alert }: { alert: Alert }) {
  const now = useRenderNow();
  return (
    <time dateTime={alert.timestamp ?? undefined} title={formatIstDateTime(alert.timestamp)} className="shrink-0 text-right text-xs text-muted-foreground">
      <span className="block font-mono font-medium text-foreground tabular-nums" data-testid="alert-time">
        {formatIstStamp(alert.timestamp)}
      </span>
      <span className="block">{formatRelativeTime(alert.timestamp, now)}</span>
    </time>
  );
}

/** One alert, or several of one symbol close together folded under the newest with a count that expands. */
export function AlertCard({ group }: { group: AlertGroup }) {
  const [open, setOpen] = React.useState(false);
  const [head, ...rest] = group.alerts;
  if (!head) return null;
  const span = rest.length ? alertTime(head) - alertTime(rest[rest.length - 1] ?? head) : 0;
  const drivers = head.meta.primary_drivers;
  return (
    <article
      data-testid="alert-card"
      data-alert-id={head.id}
      data-symbol={group.symbol}
      data-count={group.alerts.length}
      className="grid gap-2 rounded-xl border bg-card p-4 text-card-foreground shadow-xs"
    >
      <div className="flex items-start gap-3">
        <div className="grid min-w-0 flex-1 gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <IntentLink
              href={symbolHref(group.symbol)}
              className="font-mono text-base font-semibold tracking-tight text-primary underline underline-offset-4 hover:decoration-2"
              data-testid="alert-symbol"
            >
              {group.symbol}
            </IntentLink>
            <AlertTypeBadge type={head.type} />
            {rest.length > 0 && (
              <Badge variant="secondary" className="tabular-nums" data-testid="alert-fold-count">
                {group.alerts.length} alerts
              </Badge>
            )}
          </div>
          {head.reason && <p className="text-sm leading-relaxed">{head.reason}</p>}
        </div>
        <AlertTime alert={head} />
      </div>
      <AlertPrice alert={head} />
      {drivers.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Drivers">
          {drivers.map((d) => (
            <li key={d}>
              <Badge variant="outline" className="font-normal text-muted-foreground">
                {d}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      {rest.length > 0 && (
        <div className="grid gap-2 border-t pt-2">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-7 justify-start px-2 text-xs text-muted-foreground"
            aria-expanded={open}
            onClick={() => setOpen((v) => !v)}
            data-testid="alert-fold-toggle"
          >
            <ChevronDownIcon aria-hidden className={cn("transition-transform", open && "rotate-180")} />
            {open ? "Hide" : "Show"} {rest.length} earlier {rest.length === 1 ? "alert" : "alerts"} for {group.symbol} within {formatDuration(Math.max(60, span / 1000))}
          </Button>
          {open && (
            <ol className="grid gap-2" data-testid="alert-fold-list">
              {rest.map((a) => (
                <li key={a.id} className="grid gap-1 rounded-lg bg-muted/50 px-3 py-2" data-alert-id={a.id}>
                  <div className="flex items-center gap-2">
                    <AlertTypeBadge type={a.type} />
                    <span className="ml-auto font-mono text-xs text-muted-foreground tabular-nums">{formatIstStamp(a.timestamp)}</span>
                  </div>
                  {a.reason && <p className="text-sm">{a.reason}</p>}
                  <AlertPrice alert={a} compact />
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </article>
  );
}
