"use client";

import { useQuery } from "@tanstack/react-query";
import { ChevronLeftIcon, ChevronRightIcon, GaugeIcon } from "lucide-react";
import { useId, type FormEvent, type ReactNode } from "react";
import { HeadedCard } from "@/components/shell/card-heading";
import { ErrorState } from "@/components/shell/error-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { deskUrl } from "@/lib/desk/client";
import * as api from "@/lib/desk/route-meta/usage";
import type { SpendSettings, SpendWatch, WeeklyReport } from "@/lib/desk/spend-watch";
import { SPEND_FEATURE_LABELS } from "@/lib/desk/spend-watch-labels";
import { formatCredits, formatInr, formatNumber } from "@/lib/format/number";
import { formatIstDate, formatIstTime } from "@/lib/format/time";
import { deskQuery, useDeskMutation } from "@/lib/query/desk";
import { parseAsString, useQueryState } from "@/lib/url-state";
import { TotalsFooter } from "./totals-footer";
import { DownloadLink } from "@/components/shell/download-link";
import { staleProps } from "@/components/shell/stale-props";

const DAY_MS = 86_400_000;

/** Credits as rupees at the account's price, to the paisa; null without one. */
function rupees(credits: number, inrPerCredit: string | null): string | null {
  return inrPerCredit === null ? null : formatInr(Math.round(credits * Number(inrPerCredit) * 100) / 100, { paise: true });
}

function shiftWeek(week: string, days: number): string {
  return new Date(Date.parse(`${week}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function Figure({ label, value, sub, badge, testId }: { label: string; value: string; sub: ReactNode; badge?: ReactNode; testId: string }) {
  return (
    <div className="grid content-start gap-1 rounded-lg border p-3" data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm text-muted-foreground">{label}</span>
        {badge}
      </div>
      <span className="text-lg font-semibold tabular-nums">{value}</span>
      <span className="text-xs text-muted-foreground">{sub}</span>
    </div>
  );
}

function RunwayAndToday({ watch }: { watch: SpendWatch }) {
  const { runway, unusual, settings } = watch;
  const inr = settings.inrPerCredit;
  const until = runway?.runsOutAt ? `${formatIstDate(runway.runsOutAt, { weekday: true })}, ${formatIstTime(runway.runsOutAt)}` : null;
  const balanceRupees = runway ? rupees(runway.balance, inr) : null;
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <Figure
        testId="runway"
        label="At this pace the balance lasts until"
        value={!runway ? "Not known now" : until ? until : runway.perMarketHour > 0 ? "More than a year" : "No spend to measure yet"}
        badge={runway?.belowHorizon ? <Badge variant="warning">Under {runway.horizonDays} trading days</Badge> : null}
        sub={
          runway ? (
            <>
              Balance {formatCredits(runway.balance)}
              {balanceRupees ? ` (${balanceRupees})` : ""} · {formatNumber(runway.perMarketHour, { maximumFractionDigits: 1 })} credits an hour of open market over the last {runway.sessions}{" "}
              sessions; nights, weekends and holidays spend nothing.
            </>
          ) : (
            (watch.error ?? "The balance could not be read now.")
          )
        }
      />
      <Figure
        testId="unusual-spend"
        label={unusual.session ? `Spent today by ${String(unusual.hour).padStart(2, "0")}:59 IST` : "Spent today"}
        value={`${formatCredits(unusual.spentByHour)}${inr ? ` · ${rupees(unusual.spentByHour, inr)}` : ""}`}
        badge={unusual.unusual ? <Badge variant="warning">Unusual</Badge> : null}
        sub={
          !unusual.session
            ? "The market does not meet today: unusual spend is watched on trading days."
            : unusual.median === null
              ? "Seven sessions of history are needed before today can be compared."
              : `Usually ${formatCredits(unusual.median)} by this hour (the median of the last seven sessions); more than twice that sends admins a notice.`
        }
      />
    </div>
  );
}

function ReportTables({ report, inr }: { report: WeeklyReport; inr: string | null }) {
  const who = [
    ...report.members.map((m) => ({ key: m.userId, name: m.name || m.email, detail: m.name ? m.email : null, calls: m.calls, credits: m.credits })),
    ...report.tokens.map((t) => ({ key: t.tokenId, name: `Token “${t.name}” …${t.last4}`, detail: t.ownerEmail ? `for ${t.ownerEmail}` : null, calls: t.calls, credits: t.credits })),
    ...(report.outside.credits > 0 || report.outside.calls > 0 ? [{ key: "outside", name: "Outside the desk", detail: "from the service's ledger", calls: report.outside.calls, credits: report.outside.credits }] : []),
  ];
  const parts: { caption: string; head: string; rows: { key: string; name: string; detail: string | null; calls: number; credits: number }[]; testId: string }[] = [
    { caption: "By member and desk token", head: "Who", rows: who, testId: "report-who" },
    {
      caption: "By feature",
      head: "Feature",
      rows: report.features.map((f) => ({ key: f.feature, name: SPEND_FEATURE_LABELS[f.feature], detail: null, calls: f.calls, credits: f.credits })),
      testId: "report-features",
    },
  ];
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      {parts.map((part) => (
        <div key={part.testId} className="grid content-start gap-2">
          <h4 className="text-sm text-muted-foreground">{part.caption}</h4>
          <Table data-testid={part.testId} aria-label={part.caption}>
            <TableHeader>
              <TableRow>
                <TableHead>{part.head}</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Calls</TableHead>
                <TableHead className="text-right">Credits</TableHead>
                {inr && <TableHead className="text-right">Rupees</TableHead>}
              </TableRow>
            </TableHeader>
            <TableBody>
              {part.rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={inr ? 4 : 3} className="text-muted-foreground">
                    Nothing spent this week.
                  </TableCell>
                </TableRow>
              ) : (
                part.rows.map((r) => (
                  <TableRow key={r.key} data-testid="report-row">
                    <TableCell className="whitespace-normal">
                      <div className="font-medium break-words">{r.name}</div>
                      {r.detail && <div className="text-xs break-all text-muted-foreground">{r.detail}</div>}
                    </TableCell>
                    <TableCell className="hidden text-right font-mono tabular-nums sm:table-cell">{formatNumber(r.calls)}</TableCell>
                    <TableCell className="text-right font-mono tabular-nums">{formatNumber(r.credits)}</TableCell>
                    {inr && (
                      <TableCell className="text-right font-mono tabular-nums" data-testid="report-rupees">
                        {rupees(r.credits, inr)}
                      </TableCell>
                    )}
                  </TableRow>
                ))
              )}
            </TableBody>
            <TotalsFooter
              testId={`${part.testId}-total`}
              cells={[{ value: formatNumber(part.rows.reduce((n, r) => n + r.calls, 0)), className: "hidden sm:table-cell" }, { value: formatNumber(report.total) }, ...(inr ? [{ value: rupees(report.total, inr) }] : [])]}
            />
          </Table>
        </div>
      ))}
    </div>
  );
}

function SettingsForm({ settings }: { settings: SpendSettings }) {
  const ids = { price: useId(), horizon: useId() };
  const save = useDeskMutation(api.putSpendSettings, {
    onSuccess: () => toast.success("Saved: spend figures follow the new settings."),
    onError: (e) => toast.error(isAlphaError(e) ? e.message : "That did not work. Try again."),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const price = String(form.get("inrPerCredit") ?? "").trim();
    save.mutate({ body: { inrPerCredit: price === "" ? null : price, runwayHorizonDays: Number(form.get("runwayHorizonDays") ?? 2) } });
  };
  return (
    <form className="flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-end" onSubmit={submit} aria-label="Spend settings" data-testid="spend-settings">
      <div className="grid gap-1">
        <Label htmlFor={ids.price}>₹ per credit (contract price)</Label>
        <Input id={ids.price} name="inrPerCredit" inputMode="decimal" defaultValue={settings.inrPerCredit ?? ""} placeholder="Not set" className="sm:w-40" pattern="\d{1,4}(\.\d{1,4})?" />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={ids.horizon}>Runway alert under (trading days)</Label>
        <Input id={ids.horizon} name="runwayHorizonDays" type="number" min={1} max={20} defaultValue={settings.runwayHorizonDays} className="sm:w-40" />
      </div>
      <Button type="submit" disabled={save.isPending} data-testid="spend-settings-save">
        Save
      </Button>
    </form>
  );
}

/** The runway at the market's pace, today's spend against the usual, and for admins the weekly report and its settings. */
export function SpendWatchPanel({ isAdmin }: { isAdmin: boolean }) {
  const [week, setWeek] = useQueryState("week", parseAsString);
  const query = useQuery({ ...deskQuery(api.getSpendWatch, { query: week ? { week } : {} }), placeholderData: (previous) => previous });
  const watch = query.data;
  const report = watch?.report ?? null;
  return (
    <HeadedCard
      data-testid="spend-watch"
      icon={GaugeIcon}
      title="Runway and weekly spend"
      description="How long the balance lasts at the pace of recent sessions (market hours only), today's spend against the usual, and each week's spend by member, token and feature. Admins get a notice when the runway falls under its horizon, when spend runs at twice the usual, and every Monday morning."
      contentClassName="grid gap-4"
    >
      {query.isPending ? (
        <div className="grid gap-3 md:grid-cols-2" aria-busy="true" aria-label="Loading the runway">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : query.isError || !watch ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <RunwayAndToday watch={watch} />
          {!isAdmin && watch.settings.inrPerCredit && <p className="text-xs text-muted-foreground">The account&apos;s contract price: ₹{watch.settings.inrPerCredit} a credit.</p>}
          {report && (
            <section
              {...staleProps(query.isPlaceholderData, "grid gap-3")}
              aria-label="Weekly spend report"
              data-testid="weekly-report"
            >
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="w-full text-sm font-medium sm:flex-1" data-testid="report-week">
                  Week of {formatIstDate(`${report.week}T00:00:00+05:30`, { weekday: true })} · {formatCredits(report.total)}
                  {watch.settings.inrPerCredit ? ` · ${rupees(report.total, watch.settings.inrPerCredit)}` : ""}
                </h3>
                <Button variant="outline" size="sm" onClick={() => void setWeek(shiftWeek(report.week, -7))} disabled={query.isPlaceholderData} aria-label="Previous week">
                  <ChevronLeftIcon aria-hidden />
                </Button>
                <Button variant="outline" size="sm" onClick={() => void setWeek(shiftWeek(report.week, 7))} disabled={query.isPlaceholderData || report.week >= watch.thisWeek} aria-label="Next week">
                  <ChevronRightIcon aria-hidden />
                </Button>
                <DownloadLink href={deskUrl(api.exportWeeklyReport, { query: { week: report.week } })} testId="weekly-report-csv" />
              </div>
              <ReportTables report={report} inr={watch.settings.inrPerCredit} />
            </section>
          )}
          {isAdmin && <SettingsForm key={`${watch.settings.inrPerCredit}:${watch.settings.runwayHorizonDays}`} settings={watch.settings} />}
        </>
      )}
    </HeadedCard>
  );
}
