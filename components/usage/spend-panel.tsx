"use client";

import { useQuery } from "@tanstack/react-query";
import { BarChart3Icon, DownloadIcon } from "lucide-react";
import { parseAsStringLiteral, useQueryState } from "@/lib/url-state";
import { EmptyState } from "@/components/shell/empty-state";
import { ErrorState } from "@/components/shell/error-state";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { deskUrl } from "@/lib/desk/client";
import { spendRows } from "@/lib/desk/spend-rows";
import { formatCredits, formatNumber } from "@/lib/format/number";
import * as api from "@/lib/desk/route-meta/usage";
import { SPEND_RANGES, type SpendRange } from "@/lib/desk/spend-ranges";
import type { DeskSpend, Reconciliation } from "@/lib/desk/usage";
import { deskQuery } from "@/lib/query/desk";
import { SpendChartLazy } from "./spend-chart-lazy";
import { SpendChartSkeleton } from "./spend-chart-skeleton";
import { TotalsFooter } from "./totals-footer";
import { Rupees } from "./rupees";
import { DownloadLink } from "@/components/shell/download-link";
import { staleProps } from "@/components/shell/stale-props";

const RANGE_LABELS: Record<SpendRange, string> = { "24h": "24 hours", "7d": "7 days", "30d": "30 days" };

export const spendRangeParser = parseAsStringLiteral(SPEND_RANGES).withDefault("24h");

/** Today's account spend, reconciled with the service's ledger: desk + outside the desk = debited today. */
function TodayReconciled({ today, ledgerError }: { today: Reconciliation | null; ledgerError: string | null }) {
  if (!today) {
    return ledgerError ? <p className="mt-4 text-xs text-muted-foreground">Not reconciled with the service&apos;s ledger: {ledgerError}</p> : null;
  }
  const balanced = today.desk + today.outside === today.debitedToday;
  return (
    <p className="mt-4 text-sm text-muted-foreground" data-testid="spend-reconciled">
      Today (IST), this account: <span className="font-medium text-foreground">{formatCredits(today.desk)}</span> through the desk
      {today.batchLines > 0 ? ` (of which ${formatCredits(today.batchLines)} batch summaries)` : ""} +{" "}
      <span className="font-medium text-foreground">{formatCredits(today.outside)}</span> outside the desk ={" "}
      <span className="font-medium text-foreground">{formatCredits(today.debitedToday)}</span>
      <Rupees credits={today.debitedToday} prefix=" " /> debited{balanced ? "" : " (the ledger is still catching up)"}.
    </p>
  );
}

/** The chart's figures as a table: one bar dwarfing the rest hides the small endpoints, a row does not. */
function EndpointTable({ spend, range }: { spend: DeskSpend; range: SpendRange }) {
  const rows = spendRows(spend);
  return (
    <div className="mt-4 grid gap-2">
      <Table data-testid="spend-by-endpoint">
        <TableCaption className="sr-only">Credits by endpoint in the last {RANGE_LABELS[range]}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Endpoint</TableHead>
            <TableHead className="text-right">Credits</TableHead>
            <TableHead className="text-right">Share</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.endpoint} data-endpoint={r.endpoint}>
              <TableCell className="whitespace-normal">{r.label}</TableCell>
              <TableCell className="text-right font-mono tabular-nums">{formatNumber(r.credits)}</TableCell>
              <TableCell className="text-right font-mono text-muted-foreground tabular-nums">{(r.share * 100).toFixed(1)}%</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TotalsFooter testId="spend-endpoint-total" cells={[{ value: formatNumber(spend.total) }, { value: "100%" }]} />
      </Table>
      <DownloadLink href={deskUrl(api.exportSpend, { query: { range, scope: "me" } })} testId="spend-csv" className="justify-self-start" />
    </div>
  );
}

/** Spend over time by endpoint, from the desk's spend log; the range lives in the URL (`?range=7d`). */
export function SpendPanel() {
  const [range, setRange] = useQueryState("range", spendRangeParser);
  const query = useQuery({ ...deskQuery(api.getSpend, { query: { range, scope: "me" } }), placeholderData: (previous) => previous });
  // While another range loads, the last one's figures stay, dimmed and labelled with their own range, never the new one.
  const shown = query.data?.range ?? range;

  return (
    <Tabs value={range} onValueChange={(v) => void setRange(v as SpendRange)} className="gap-0">
      <Card>
        <CardHeader>
          <CardTitle>Your spend by endpoint</CardTitle>
          <CardDescription>
            Credits your calls through the desk cost, per {range === "24h" ? "hour" : "day"} (IST), with your batch jobs&apos; summaries as the
            service debits them line by line.
            {query.data ? ` ${formatCredits(query.data.total)} in the last ${RANGE_LABELS[shown]}. ` : ""}
            {query.data && <Rupees credits={query.data.total} className="text-sm" />}
          </CardDescription>
          <CardAction className="flex flex-wrap items-center gap-2 @md/card-header:justify-end">
            <TabsList aria-label="Spend period">
              {SPEND_RANGES.map((r) => (
                <TabsTrigger key={r} value={r}>
                  {r}
                </TabsTrigger>
              ))}
            </TabsList>
            <Button asChild variant="outline" size="sm">
              <a href={deskUrl(api.exportCharges, { query: { range, scope: "me" } })} download data-testid="charges-csv">
                <DownloadIcon aria-hidden />
                Every charge<span className="sr-only"> of the last {RANGE_LABELS[range]}</span> (CSV)
              </a>
            </Button>
          </CardAction>
        </CardHeader>
        <TabsContent value={range} asChild>
          <CardContent {...staleProps(query.isPlaceholderData)}>
            {query.isPending ? (
              <SpendChartSkeleton />
            ) : query.isError ? (
              <ErrorState error={query.error} onRetry={() => void query.refetch()} />
            ) : query.data.total === 0 ? (
              <EmptyState
                icon={BarChart3Icon}
                title={`Nothing spent in the last ${RANGE_LABELS[shown]}`}
                description="Paid calls you make on the desk's pages appear here by endpoint. Answers served from the desk's cache cost nothing."
              />
            ) : (
              <>
                <SpendChartLazy spend={query.data} />
                <EndpointTable spend={query.data} range={shown} />
              </>
            )}
            {query.data && <TodayReconciled today={query.data.today} ledgerError={query.data.ledgerError} />}
          </CardContent>
        </TabsContent>
      </Card>
    </Tabs>
  );
}
