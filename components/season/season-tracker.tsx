"use client";

import { CardHeading } from "@/components/shell/card-heading";
import { useQuery } from "@tanstack/react-query";
import { CalendarCheckIcon } from "lucide-react";
import Link from "next/link";
import { IntentLink } from "@/components/ui/intent-link";
import { parseAsString, parseAsStringLiteral, useQueryStates } from "@/lib/url-state";
import { symbolHref } from "@/lib/symbols/symbol-href";
import { ErrorState } from "@/components/shell/error-state";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { SkeletonStack } from "@/components/ui/skeleton";
import { SEASON_SCOPES } from "@/lib/desk/season-scopes";
import { formatQuarter } from "@/lib/format/quarter";
import { formatIstDate, formatIstDateTime } from "@/lib/format/time";
import * as api from "@/lib/desk/route-meta/season";
import type { SeasonCompanyView, SeasonView } from "@/lib/desk/season";
import { seasonQueryInput, type SeasonSelection } from "@/lib/desk/season-scopes";
import { deskQuery } from "@/lib/query/desk";
import { useSymbolNames } from "@/lib/query/symbol-names";
import { didYouMean } from "@/lib/symbols/instruments";
import { cn } from "@/lib/utils";
import { SeasonScorecardLazy } from "./season-scorecard-lazy";


/** The last day results may be filed (the deadline instant is the next midnight). */
function lastDay(view: Pick<SeasonView, "deadline">): string {
  return formatIstDate(Date.parse(view.deadline) - 1, { weekday: true });
}

function daysWord(n: number): string {
  return `${n} day${n === 1 ? "" : "s"}`;
}

/** "12 days left", "last day today", "closed 9 days ago". */
export function deadlineText(daysLeft: number): string {
  if (daysLeft > 0) return `${daysWord(daysLeft)} left`;
  if (daysLeft === 0) return "last day today";
  return `closed ${daysWord(-daysLeft)} ago`;
}

function StatusBadge({ company }: { company: SeasonCompanyView }) {
  // Text in the foreground colour on the tinted badge: the tint's own text colour is under 4.5:1 in the light theme.
  if (company.status === "reported")
    return (
      <Badge variant="positive" className="text-foreground">
        Reported
      </Badge>
    );
  if (company.status === "booked") return <Badge variant="secondary">Booked</Badge>;
  return <Badge variant="outline">No date yet</Badge>;
}

function whenText(c: SeasonCompanyView): string {
  if (c.status === "reported") return `Filed ${formatIstDateTime(c.at)}`;
  if (c.status === "booked") return `Board meeting ${formatIstDateTime(c.at)}`;
  return c.late ? "Nothing filed or booked" : deadlineText(c.daysLeft);
}

function SeasonBars({ view }: { view: SeasonView }) {
  const { counts } = view;
  const share = (n: number) => (counts.total > 0 ? Math.round((n / counts.total) * 100) : 0);
  const bars = [
    { id: "reported", label: "Reported", value: counts.reported, pct: share(counts.reported), indicator: "bg-positive" },
    { id: "booked", label: "Reported or booked", value: counts.reported + counts.booked, pct: share(counts.reported + counts.booked), indicator: "bg-primary" },
    { id: "elapsed", label: "Season elapsed", value: null, pct: Math.round(view.elapsed * 100), indicator: "bg-muted-foreground" },
  ];
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      {bars.map((b) => (
        <div key={b.id} className="grid gap-1.5" data-testid={`season-bar-${b.id}`}>
          <div className="flex items-baseline justify-between gap-2 text-xs">
            <span className="text-muted-foreground">{b.label}</span>
            <span className="font-mono tabular-nums">{b.value === null ? `${b.pct}%` : `${b.value} of ${counts.total}`}</span>
          </div>
          <Progress value={b.pct} aria-label={`${b.label}: ${b.pct}%`} indicatorClassName={b.indicator} />
        </div>
      ))}
    </div>
  );
}

function SeasonSummary({ view }: { view: SeasonView }) {
  return (
    <p className="text-sm text-muted-foreground" data-testid="season-summary">
      Results for {formatQuarter(view.quarter)} are due by {lastDay(view)}, {view.deadlineDays} days after the quarter ended
      {view.deadlineDays === 60 ? " (the fourth quarter's audited results get 60)" : ""}: {deadlineText(view.daysLeft)}.{" "}
      <span className="text-foreground">
        {view.counts.reported} reported, {view.counts.booked} booked, {view.counts.pending} without a date
        {view.counts.late > 0 ? `, ${view.counts.late} late` : ""}.
      </span>
    </p>
  );
}

function CompanyRows({ view, limit }: { view: SeasonView; limit?: number }) {
  const rows = limit ? view.companies.slice(0, limit) : view.companies;
  // The free calendar names only the companies with a meeting booked; the others' names are the desk's held ones.
  const { names } = useSymbolNames(rows.filter((c) => !c.company).map((c) => c.symbol));
  return (
    <ul className="@container divide-y rounded-lg border" aria-label={`Companies in the ${formatQuarter(view.quarter)} season`}>
      {rows.map((c) => (
        <li
          key={c.symbol}
          className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-3 py-2 text-sm @2xl:grid-cols-[minmax(0,16rem)_10rem_minmax(0,1fr)_3.5rem]"
          data-testid="season-row"
          data-symbol={c.symbol}
          data-status={c.status}
          data-late={c.late ? "true" : "false"}
          data-at={c.at ?? ""}
        >
          <span className="min-w-0 truncate">
            <IntentLink href={symbolHref(c.symbol)} className="font-mono font-semibold text-primary underline-offset-4 hover:underline">
              {c.symbol}
            </IntentLink>
            {(c.company ?? names.get(c.symbol)) && (
              <span className="ml-2 text-muted-foreground" data-testid="season-company">
                {c.company ?? names.get(c.symbol)}
              </span>
            )}
          </span>
          <StatusBadge company={c} />
          <span className="text-xs text-muted-foreground tabular-nums">{whenText(c)}</span>
          <span className="justify-self-end">
            {c.late && (
              <Badge variant="negative" className="text-foreground">
                Late
              </Badge>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function SeasonTrackerSkeleton() {
  return (
    <SkeletonStack className="gap-3" label="Loading the season" bars={["h-5 w-2/3", "h-8 w-full", "h-40 w-full"]} />
  );
}

function EmptyCompanies({ scope }: { scope: SeasonSelection["scope"] }) {
  return (
    <p className="rounded-lg border border-dashed px-4 py-3 text-sm text-muted-foreground" data-testid="season-empty">
      {scope === "universe" ? (
        "The free results calendar and index hold no company for this season yet."
      ) : (
        <>
          Your watchlists hold no symbols yet. <Link href="/watchlists" className="text-primary underline underline-offset-4">Make a watchlist</Link> to
          follow who has reported.
        </>
      )}
    </p>
  );
}

const scopeLabels = { watchlists: "All my watchlists", watchlist: "One watchlist", universe: "Every company" } as const;

const searchParsers = {
  scope: parseAsStringLiteral(SEASON_SCOPES).withDefault("watchlists"),
  watchlist: parseAsString,
  quarter: parseAsString,
};

/** The /season page: which symbols and which season in the URL, the board below. */
export function SeasonTracker({ watchlists }: { watchlists: readonly { id: string; name: string }[] }) {
  const [search, setSearch] = useQueryStates(searchParsers);
  const scope = search.scope === "watchlist" && !search.watchlist ? "watchlists" : search.scope;
  const selection: SeasonSelection = { scope, watchlist: scope === "watchlist" ? search.watchlist : null, quarter: search.quarter };
  const query = useQuery(deskQuery(api.getSeason, { query: seasonQueryInput(selection) }));
  const view = query.data;
  const pick = scope === "watchlist" ? `list:${search.watchlist}` : scope;

  return (
    <div className="grid gap-4" data-testid="season-tracker" data-quarter={view?.quarter ?? ""} data-deadline={view?.deadline ?? ""}>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="season-scope" className="text-xs">
            Companies
          </Label>
          <NativeSelect
            id="season-scope"
            size="sm"
            className="w-64 max-w-full"
            data-testid="season-scope"
            value={pick}
            onChange={(e) => {
              const v = e.target.value;
              if (v.startsWith("list:")) void setSearch({ scope: "watchlist", watchlist: v.slice(5) });
              else void setSearch({ scope: searchParsers.scope.parse(v) ?? "watchlists", watchlist: null });
            }}
          >
            <NativeSelectOption value="watchlists">{scopeLabels.watchlists}</NativeSelectOption>
            {watchlists.map((w) => (
              <NativeSelectOption key={w.id} value={`list:${w.id}`}>
                {w.name}
              </NativeSelectOption>
            ))}
            <NativeSelectOption value="universe">{scopeLabels.universe}</NativeSelectOption>
          </NativeSelect>
        </div>
        {view && view.seasons.length > 1 && (
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor="season-quarter" className="text-xs">
              Season
            </Label>
            <NativeSelect
              id="season-quarter"
              size="sm"
              className="w-44 max-w-full"
              data-testid="season-quarter"
              value={view.quarter}
              onChange={(e) => void setSearch({ quarter: e.target.value === view.seasons[0] ? null : e.target.value })}
            >
              {view.seasons.map((q, i) => (
                <NativeSelectOption key={q} value={q}>
                  {`${formatQuarter(q)}${i === 0 ? "" : " (next)"}`}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
        )}
      </div>
      {query.isPending ? (
        <SeasonTrackerSkeleton />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : view ? (
        <>
          <SeasonSummary view={view} />
          {view.instruments.length > 0 && (
            <p className="text-xs text-muted-foreground" data-testid="season-instruments">
              Left out, not companies (they file no results):{" "}
              {view.instruments.map((i, n) => (
                <span key={i.symbol}>
                  {n > 0 ? ", " : ""}
                  <span className="font-mono">{i.symbol}</span> ({i.label})
                </span>
              ))}
              .
            </p>
          )}
          {view.retired.map((r) => (
            <p key={r.symbol} className="text-xs text-muted-foreground" data-testid="season-retired">
              Left out: <span className="font-mono">{r.symbol}</span> no longer trades under that symbol; {didYouMean(r)} Add the company under its symbol now to track it.
            </p>
          ))}
          {view.partial && <p className="text-xs text-muted-foreground">Part of the free calendar was left unread to stay inside your plan&apos;s request rate; open this page again in a minute for the rest.</p>}
          {view.counts.total > 0 ? (
            <>
              <SeasonBars view={view} />
              <CompanyRows view={view} />
            </>
          ) : (
            <EmptyCompanies scope={scope} />
          )}
          {/* After the board, so its arrival moves nothing the page already shows. */}
          {scope === "watchlist" && search.watchlist && <SeasonScorecardLazy watchlist={search.watchlist} quarter={view.quarter} />}
        </>
      ) : null}
    </div>
  );
}

/** Today's card: the user's watchlists in the tracked season, late and nearest first, with a way to the full page. */
export function SeasonPanel() {
  const query = useQuery(deskQuery(api.getSeason, { query: seasonQueryInput({ scope: "watchlists", watchlist: null, quarter: null }) }));
  const view = query.data;
  return (
    <Card data-testid="season-panel" data-quarter={view?.quarter ?? ""}>
      <CardHeader>
        <CardHeading icon={CalendarCheckIcon} title={`Results season${view ? `: ${formatQuarter(view.quarter)}` : ""}`} description="Who in your watchlists has reported, who has a board meeting booked, and how long the rest have. Free." />
      </CardHeader>
      <CardContent className="grid gap-3">
        {query.isPending ? (
          <SeasonTrackerSkeleton />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : view && view.counts.total > 0 ? (
          <>
            <SeasonSummary view={view} />
            <SeasonBars view={view} />
            <CompanyRows view={view} limit={6} />
          </>
        ) : (
          <EmptyCompanies scope="watchlists" />
        )}
        <Link href="/season" className={cn("w-fit text-sm text-primary underline-offset-4 hover:underline")}>
          Open the season tracker
        </Link>
      </CardContent>
    </Card>
  );
}

