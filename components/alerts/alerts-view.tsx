"use client";

import { InfoIcon, PauseIcon, PlayIcon } from "lucide-react";
import * as React from "react";
import { FeedFilterFields } from "@/components/feeds/filter-fields";
import type { FeedViewProps } from "@/components/feeds/feed-list";
import { loadFeedChrome } from "@/components/feeds/feed-chrome-lazy";
import { FeedView } from "@/components/feeds/feed-view";
import { onDemandItem, usePrefetchWhenIdle } from "@/components/feeds/on-demand";
import { useFeed, type FeedSpec } from "@/components/feeds/use-feed";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";
import type { AlertFilters } from "./alert-model";
import { ALERT_ALIAS_NOTE, ALERT_FILTER_OPTIONS, alertsInput, groupAlerts, matchesAlertFilters, mergeAlerts, normalizeAlertTypes } from "./alert-model";
import { AlertNotifications, notifyAlert, useNotifyChoice } from "./alert-notifications";
import { alertsParsers } from "./search-params";

/** The card is fetched when the page is idle or when the first item arrives (none is in the first HTML). */
const { Item: AlertCard, prefetch: prefetchCard } = onDemandItem(() => import("./alert-card").then((m) => m.AlertCard));

function TypeFilter({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  return (
    <div className="grid gap-1.5">
      <span className="flex items-center gap-1 text-xs font-medium text-muted-foreground">
        Types
        <Tooltip>
          <TooltipTrigger asChild>
            <button type="button" className="rounded-sm text-muted-foreground hover:text-foreground" aria-label="About alert types and their aliases" data-testid="alert-type-aliases">
              <InfoIcon className="size-3.5" aria-hidden />
            </button>
          </TooltipTrigger>
          <TooltipContent className="max-w-xs">{ALERT_ALIAS_NOTE}</TooltipContent>
        </Tooltip>
      </span>
      <div role="group" aria-label="Alert types" className="flex flex-wrap gap-1.5">
        {ALERT_FILTER_OPTIONS.map((o) => {
          const on = value.includes(o.value);
          return (
            <Button
              key={o.value}
              type="button"
              size="sm"
              variant={on ? "default" : "outline"}
              aria-pressed={on}
              className="h-8 rounded-full px-3"
              title={o.value}
              data-testid={`type-${o.value}`}
              onClick={() => onChange(on ? value.filter((v) => v !== o.value) : [...value, o.value])}
            >
              {o.label}
            </Button>
          );
        })}
      </div>
    </div>
  );
}

const ALERTS: FeedSpec<"listAlerts", "alerts", AlertFilters, typeof alertsParsers> = {
  product: "alerts",
  endpoint: "listAlerts",
  parsers: alertsParsers,
  filters: (state, symbols) => ({ symbols, types: normalizeAlertTypes(state.type), important: state.important, from: state.from, to: state.to }),
  input: alertsInput,
  matches: matchesAlertFilters,
  merge: mergeAlerts,
};

/** The alert feed: live arrivals (free) at the top without moving the reader, paid backfill on request. */
export function AlertsView(view: FeedViewProps) {
  usePrefetchWhenIdle(loadFeedChrome, prefetchCard);
  const [paused, setPaused] = React.useState(false);
  const notify = useNotifyChoice();
  // "Important" is the service's judgement, not a field of the row: under it, rows bought earlier cannot be filtered here.
  const feed = useFeed(ALERTS, {
    hasKey: view.hasKey,
    paused,
    important: (f) => f.important,
    held: (f) => !f.important,
    onRow: (row, f) => notifyAlert(row, notify, f.important),
  });
  const { filters, setState } = feed;
  const { types } = filters;
  const groups = React.useMemo(() => groupAlerts(feed.rows), [feed.rows]);
  const filtered = filters.symbols.length > 0 || types.length > 0 || filters.important || filters.from || filters.to;

  return (
    <FeedView
      product="alerts"
      feed={{ ...feed, items: groups }}
      view={view}
      paused={paused}
      onShowWaiting={() => (setPaused(false), feed.flush({ scroll: true }))}
      cardProps={{ "data-live-state": feed.live.statuses.alerts?.state ?? feed.live.connection }}
      footerClassName={cn(groups.length === 0 && feed.pages.loaded === 0 && "hidden")}
      words={{
        title: "Alerts",
        listTitle: "Feed",
        listDescription: `${filtered ? "Alerts matching the filters above, newest first." : "Every alert, newest first."} Several alerts for one symbol within 15 minutes fold into one card.`,
        noun: ["alert", "alerts"],
        footerNoun: "alerts",
        load: { label: "Load recent alerts", what: "Load the latest page of alerts matching your filters." },
      }}
      actions={
        <>
          <Button variant="outline" size="sm" onClick={() => (paused ? (setPaused(false), feed.flush()) : setPaused(true))} aria-pressed={paused} data-testid="alerts-pause" disabled={!view.hasKey}>
            {paused ? <PlayIcon aria-hidden /> : <PauseIcon aria-hidden />}
            {paused ? `Resume${feed.waiting.length ? ` (${feed.waiting.length} new)` : ""}` : "Pause"}
          </Button>
          <AlertNotifications />
        </>
      }
      filters={
        <FeedFilterFields filters={filters} setState={setState}>
          <TypeFilter value={types} onChange={(next) => void setState({ type: next.length ? next : null })} />
        </FeedFilterFields>
      }
      itemKey={(g) => g.key}
      isFresh={(g) => g.alerts.some((a) => feed.fresh.has(a.id))}
      render={(g) => <AlertCard group={g} />}
    />
  );
}
