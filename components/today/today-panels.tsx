"use client";

import { CardHeading } from "@/components/shell/card-heading";
import { useQueries, useQuery } from "@tanstack/react-query";
import { BellRingIcon, CalendarClockIcon, type LucideIcon, MicIcon } from "lucide-react";
import Link from "next/link";
import { IntentLink } from "@/components/ui/intent-link";
import * as React from "react";
import { AlertCard } from "@/components/alerts/alert-card";
import { alertsInput, groupAlerts, matchesAlertFilters, mergeAlerts } from "@/components/alerts/alert-model";
import { AnnouncementCard } from "@/components/announcements/announcement-card";
import { useMateriality } from "@/components/announcements/use-materiality";
import { announcementsInput, matchesAnnouncementFilters, mergeAnnouncements } from "@/components/announcements/announcement-model";
import { symbolHref } from "@/lib/symbols/symbol-href";
import { FeedFooter } from "@/components/feeds/feed-chrome";
import { LiveStatusBadge } from "@/components/feeds/live-status-lazy";
import { useLiveStream } from "@/components/feeds/use-live-stream";
import { usePaidPages } from "@/components/feeds/use-paid-pages";
import { PaidButton } from "@/components/paid/paid-call";
import { ErrorState } from "@/components/shell/error-state";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { SkeletonStack } from "@/components/ui/skeleton";
import type { DeskAlert as Alert } from "@/lib/alpha/alerts";
import { describeCost } from "@/lib/alpha/costs";
import { MAX_LIST_VALUES } from "@/lib/alpha/patterns";
import { formatQuarter } from "@/lib/format/quarter";
import { formatIstDate, formatIstDateTime, formatIstTime } from "@/lib/format/time";
import { istDate } from "@/lib/market/calendar";
import { alphaQueryOptions } from "@/lib/query/alpha";
import { upcomingCalendarQueryOptions } from "@/lib/query/earnings";
import type { Announcement } from "@/components/announcements/announcement-model";

const DAY_MS = 86_400_000;

function chunksOf(symbols: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < symbols.length; i += MAX_LIST_VALUES) out.push(symbols.slice(i, i + MAX_LIST_VALUES));
  return out;
}

function SymbolLink({ symbol }: { symbol: string }) {
  return (
    <IntentLink href={symbolHref(symbol)} className="font-mono font-semibold text-primary underline-offset-4 hover:underline">
      {symbol}
    </IntentLink>
  );
}

function ListSkeleton() {
  return (
    <SkeletonStack label="Loading" bars={["h-5 w-full", "h-5 w-5/6", "h-5 w-2/3"]} />
  );
}

/** A Today list: its heading, then a skeleton while loading, the error with a retry, or the list; a note, and the page with the rest. */
function ListPanel({
  testId,
  icon,
  title,
  description,
  contentClassName,
  pending,
  error,
  onRetry,
  note,
  more,
  children,
}: {
  testId: string;
  icon: LucideIcon;
  title: string;
  description: string;
  contentClassName: string;
  pending: boolean;
  error: unknown;
  onRetry: () => void;
  note?: React.ReactNode;
  more: { href: string; label: string };
  children: React.ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardHeading icon={icon} title={title} description={description} />
      </CardHeader>
      <CardContent className={contentClassName}>
        {pending ? <ListSkeleton /> : error ? <ErrorState error={error} onRetry={onRetry} /> : children}
        {note}
        <Link href={more.href} className="w-fit text-sm text-primary underline-offset-4 hover:underline">
          {more.label}
        </Link>
      </CardContent>
    </Card>
  );
}

interface ResultLine {
  key: string;
  symbol: string;
  company: string | null;
  quarter: string | null;
  at: string;
  kind: "filed" | "scheduled";
}

/** Results today and tomorrow in the user's symbols: scheduled (free calendar) and already filed (free index). */
export function ResultsTodayPanel({ symbols, now }: { symbols: readonly string[]; now: number }) {
  const today = istDate(now);
  const tomorrow = istDate(now + DAY_MS);
  const calendar = useQuery(upcomingCalendarQueryOptions(symbols));
  const filed = useQueries({
    queries: chunksOf(symbols).map((chunk) => alphaQueryOptions("listEarningsIndex", { query: { symbols: chunk, from: today, to: tomorrow, limit: 100 } })),
  });
  const pending = calendar.isPending || filed.some((q) => q.isPending);
  const error = calendar.error ?? filed.find((q) => q.error)?.error ?? null;
  const names = new Map((calendar.data?.rows ?? []).flatMap((r) => (r.company ? [[r.symbol, r.company] as const] : [])));
  const lines: ResultLine[] = [
    ...filed.flatMap((q) => q.data?.items ?? []).flatMap((r): ResultLine[] => (r.date ? [{ key: `f-${r.id}`, symbol: r.symbol, company: names.get(r.symbol) ?? null, quarter: r.quarter ?? null, at: r.date, kind: "filed" }] : [])),
    ...(calendar.data?.rows ?? [])
      .filter((r) => r.date && (istDate(Date.parse(r.date)) === today || istDate(Date.parse(r.date)) === tomorrow))
      .map((r): ResultLine => ({ key: `s-${r.id}`, symbol: r.symbol, company: r.company ?? null, quarter: r.quarter ?? null, at: r.date ?? "", kind: "scheduled" })),
  ];
  const day = (which: string) => lines.filter((l) => istDate(Date.parse(l.at)) === which).sort((a, b) => a.at.localeCompare(b.at));

  return (
    <ListPanel
      testId="results-today"
      icon={CalendarClockIcon}
      title="Results today and tomorrow"
      description="In your watchlists: filed already, or scheduled by a board meeting. Free."
      contentClassName="grid gap-4"
      pending={pending}
      error={error}
      onRetry={() => void calendar.refetch()}
      note={calendar.data?.truncated && <p className="text-xs text-muted-foreground">The calendar shows the nearest meetings only; the earnings page has the rest.</p>}
      more={{ href: "/earnings", label: "Open the earnings calendar" }}
    >
      {[
        { label: `Today, ${formatIstDate(now)}`, rows: day(today), id: "today" },
        { label: `Tomorrow, ${formatIstDate(now + DAY_MS)}`, rows: day(tomorrow), id: "tomorrow" },
      ].map((d) => (
        <section key={d.id} aria-label={d.label} className="grid gap-1.5" data-testid={`results-${d.id}`}>
          <h3 className="text-xs font-medium text-muted-foreground">{d.label}</h3>
          {d.rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">No results in your symbols.</p>
          ) : (
            <ul className="divide-y">
              {d.rows.map((l) => (
                <li key={l.key} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-1.5 text-sm" data-testid="result-line" data-kind={l.kind} data-symbol={l.symbol}>
                  <SymbolLink symbol={l.symbol} />
                  {l.company && <span className="min-w-0 truncate text-muted-foreground">{l.company}</span>}
                  {l.quarter && <span className="text-xs text-muted-foreground">{formatQuarter(l.quarter)}</span>}
                  <Badge variant={l.kind === "filed" ? "positive" : "secondary"} className="text-foreground">{l.kind === "filed" ? `Filed ${formatIstTime(l.at)}` : `Board meeting ${formatIstTime(l.at)}`}</Badge>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </ListPanel>
  );
}

/** Conference calls coming up in the user's symbols (the free list, without the paid details). */
export function UpcomingCallsPanel({ symbols }: { symbols: readonly string[] }) {
  const calls = useQueries({
    queries: chunksOf(symbols).map((chunk) => alphaQueryOptions("listUpcomingConcalls", { query: { symbols: chunk, limit: 20 } })),
  });
  const pending = calls.some((q) => q.isPending);
  const error = calls.find((q) => q.error)?.error ?? null;
  const rows = calls
    .flatMap((q) => q.data?.items ?? [])
    .filter((r) => r.meeting_date)
    .sort((a, b) => (a.meeting_date ?? "").localeCompare(b.meeting_date ?? ""))
    .slice(0, 8);
  return (
    <ListPanel
      testId="upcoming-calls"
      icon={MicIcon}
      title="Upcoming calls"
      description="Earnings calls booked in your watchlists, nearest first. Free."
      contentClassName="grid gap-3"
      pending={pending}
      error={error}
      onRetry={() => calls.forEach((q) => void q.refetch())}
      more={{ href: "/concalls", label: "Open concalls" }}
    >
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No calls booked in your symbols.</p>
      ) : (
        <ul className="divide-y">
          {rows.map((r) => (
            <li key={r.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-1.5 text-sm" data-testid="upcoming-call" data-symbol={r.symbol}>
              <SymbolLink symbol={r.symbol} />
              {r.quarter && <span className="text-xs text-muted-foreground">{formatQuarter(r.quarter)}</span>}
              <span className="text-muted-foreground tabular-nums">{formatIstDateTime(r.meeting_date)}</span>
            </li>
          ))}
        </ul>
      )}
    </ListPanel>
  );
}

/**
 * The latest alerts and announcements in the user's symbols: arrivals over the shared live stream (free), and the
 * day's earlier ones as priced pages the user asks for; a stream or polled page covers the first 20 symbols.
 */
export function LatestOnSymbolsPanel({ symbols, now, hasKey }: { symbols: readonly string[]; now: number; hasKey: boolean }) {
  const today = istDate(now);
  const followed = React.useMemo(() => symbols.slice(0, MAX_LIST_VALUES), [symbols]);
  const [arrivedAlerts, setArrivedAlerts] = React.useState<Alert[]>([]);
  const [arrivedFilings, setArrivedFilings] = React.useState<Announcement[]>([]);
  const live = useLiveStream({
    products: ["alerts", "announcements"],
    symbols: followed,
    enabled: hasKey && followed.length > 0,
    onRow: (row) => {
      if (row.product === "alerts") setArrivedAlerts((list) => [row.row as Alert, ...list.filter((a) => a.id !== row.row.id)].slice(0, 50));
      else setArrivedFilings((list) => [row.row as Announcement, ...list.filter((a) => a.id !== row.row.id)].slice(0, 50));
    },
  });
  // Today's rows in these symbols already bought on the alerts or announcements pages are shown at no cost.
  const mine = new Set(followed);
  const alertPages = usePaidPages("listAlerts", (page) => alertsInput({ symbols: followed, types: [], important: false, from: today, to: null }, page), {
    matches: (a) => mine.has(a.symbol) && matchesAlertFilters(a, { types: [], from: today, to: null }),
  });
  const filingPages = usePaidPages("listAnnouncements", (page) => announcementsInput({ symbols: followed, categories: [], important: false, from: today, to: null }, page, false), {
    matches: (a) => mine.has(a.symbol) && matchesAnnouncementFilters(a, { categories: [], important: false, from: today, to: null }),
  });
  const alerts = groupAlerts(mergeAlerts(arrivedAlerts, alertPages.rows)).slice(0, 6);
  const todaysAlerts = React.useMemo(() => mergeAlerts(arrivedAlerts, alertPages.rows).map((a) => ({ symbol: a.symbol, at: a.timestamp, what: a.type === "price_alert" ? "price alert" : `${String(a.type ?? "").replaceAll("_", " ")} alert` })), [arrivedAlerts, alertPages.rows]);
  const allFilings = React.useMemo(() => mergeAnnouncements(arrivedFilings, filingPages.rows), [arrivedFilings, filingPages.rows]);
  const materiality = useMateriality(allFilings, hasKey, todaysAlerts);
  const filings = materiality.items.slice(0, 6);
  const hidden = materiality.panel?.only ? materiality.panel.ledger : null;

  return (
    <Card data-testid="latest-on-symbols">
      <CardHeader className="grid-rows-none gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid gap-1">
            <CardHeading icon={BellRingIcon} title="Alerts and announcements" description={<>Today in your symbols{symbols.length > followed.length ? ` (the first ${followed.length})` : ""}: new ones arrive here free as they happen.</>} />
          </div>
          {hasKey && followed.length > 0 && (
            <div className="flex flex-wrap gap-1">
              <LiveStatusBadge snapshot={live} product="alerts" />
            </div>
          )}
        </div>
      </CardHeader>
      <CardContent className="grid gap-5">
        <section aria-label="Alerts today" className="grid gap-2" data-testid="today-alerts">
          <h3 className="text-xs font-medium text-muted-foreground">Alerts</h3>
          {alerts.length > 0 ? (
            <ul className="grid gap-2">
              {alerts.map((g) => (
                <li key={g.key}>
                  <AlertCard group={g} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{alertPages.loaded > 0 ? "No alerts in your symbols today; the empty page was free." : "None arrived yet."}</p>
          )}
          {alertPages.loaded === 0 && (
            <PaidButton price={alertPages.nextPrice} what={`Load today's earlier alerts in your symbols (${describeCost("listAlerts").replace(/\.$/, "")}).`} onRun={alertPages.loadNext} variant="outline" size="sm" className="w-fit" testId="today-alerts-load">
              Load today&apos;s alerts
            </PaidButton>
          )}
          <FeedFooter pages={alertPages} noun="alerts" />
        </section>
        <section aria-label="Announcements today" className="grid gap-2" data-testid="today-announcements">
          <h3 className="text-xs font-medium text-muted-foreground">Announcements</h3>
          {filings.length > 0 ? (
            <ul className="grid grid-cols-1 gap-2">
              {filings.map((a) => (
                <li key={a.id}>
                  <AnnouncementCard item={a} {...materiality.cardProps(a)} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{filingPages.loaded > 0 || allFilings.length > 0 ? "No announcements in your symbols today pass your materiality bar." : "None arrived yet."}</p>
          )}
          {hidden && hidden.total > 0 && (
            <p className="text-xs text-muted-foreground" data-testid="today-hidden-ledger" data-total={hidden.total}>
              {hidden.total} routine {hidden.total === 1 ? "filing" : "filings"} hidden today: {hidden.kinds.map((k) => `${k.kind} ${k.count}`).join(", ")}.{" "}
              <IntentLink href="/announcements" className="text-primary underline underline-offset-4">
                Review them
              </IntentLink>
            </p>
          )}
          {filingPages.loaded === 0 && (
            <PaidButton
              price={filingPages.nextPrice}
              what={`Load today's earlier announcements in your symbols (${describeCost("listAnnouncements").replace(/\.$/, "")}).`}
              onRun={filingPages.loadNext}
              variant="outline"
              size="sm"
              className="w-fit"
              testId="today-announcements-load"
            >
              Load today&apos;s announcements
            </PaidButton>
          )}
          <FeedFooter pages={filingPages} noun="announcements" />
        </section>
      </CardContent>
    </Card>
  );
}
