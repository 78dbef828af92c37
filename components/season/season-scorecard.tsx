"use client";

import { useQuery } from "@tanstack/react-query";
import { FileDownIcon, FileUpIcon, TableIcon } from "lucide-react";
import { useState } from "react";
import { PaidButton } from "@/components/paid/paid-call-core";
import { ErrorState } from "@/components/shell/error-state";
import { Badge } from "@/components/ui/badge";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { deskUrl } from "@/lib/desk/client";
import { OUTCOME_WORDS, type LineItem } from "@/lib/desk/scorecard-words";
import * as estimatesApi from "@/lib/desk/route-meta/estimates";
import * as seasonApi from "@/lib/desk/route-meta/season";
import { formatQuarter } from "@/lib/format/quarter";
import { formatIstDateTime } from "@/lib/format/time";
import { formatIndian } from "@/lib/format/indian-digits";
import { deskQuery, useDeskMutation } from "@/lib/query/desk";
import { cn } from "@/lib/utils";
import { DownloadLink } from "@/components/shell/download-link";

/** Short enough for the table's column (the CSV and PDF write LINE_ITEM_LABELS in full). */
const LINE_TEXT: Record<LineItem, string> = { revenue: "Revenue", total_income: "Total income", ebitda: "EBITDA", ppop: "PPOP", pbt: "PBT", pat: "PAT" };

const crore = (n: number | null) => (n === null ? "—" : `₹${formatIndian(n, { maximumFractionDigits: 2 })} cr`);

function UploadEstimates() {
  const upload = useDeskMutation(estimatesApi.uploadEstimates);
  const held = useQuery(deskQuery(estimatesApi.getEstimates));
  const [problem, setProblem] = useState<string | null>(null);
  const latest = held.data?.versions[0];
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="estimates-file" className="text-xs">
        Upload estimates (CSV: symbol, quarter, line_item, value, unit, basis, source, as_of)
      </Label>
      <Input
        id="estimates-file"
        type="file"
        accept=".csv,text/csv"
        className="max-w-sm"
        data-testid="estimates-file"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          setProblem(null);
          upload.mutate({ body: { filename: file.name, csv: await file.text() } }, { onError: (error) => setProblem(error.message) });
          e.target.value = "";
        }}
      />
      {upload.isPending && <p className="text-xs text-muted-foreground">Importing…</p>}
      {latest && (
        <p className="text-xs text-muted-foreground" data-testid="estimates-versions">
          {held.data?.current.length} estimates in force from {held.data?.versions.length} version{held.data?.versions.length === 1 ? "" : "s"}; latest {latest.filename}, {formatIstDateTime(latest.createdAt)}.
        </p>
      )}
      {upload.data && !problem && (
        <p className="text-xs" data-testid="estimates-imported" role="status">
          Imported {upload.data.version.rows} estimate{upload.data.version.rows === 1 ? "" : "s"} from {upload.data.version.filename} (a new version; earlier ones are kept).
        </p>
      )}
      {problem && (
        <p className="text-xs text-destructive" data-testid="estimates-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/** The season of one watchlist against the user's own estimates: counts per watchlist and sector, rows, CSV and PDF. */
export function SeasonScorecard({ watchlist, quarter }: { watchlist: string; quarter: string | null }) {
  const [band, setBand] = useState(2);
  const input = { query: { watchlist, band, ...(quarter ? { quarter } : {}) } };
  const query = useQuery(deskQuery(seasonApi.getScorecard, input));
  const fetchTables = useDeskMutation(seasonApi.fetchResultTables);
  const card = query.data;
  return (
    <section aria-labelledby="scorecard-h" className="grid gap-4 rounded-lg border p-4" data-testid="season-scorecard">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="scorecard-h" className="flex items-center gap-2 text-base font-semibold">
          <TableIcon aria-hidden className="size-4" />
          Against your estimates{card ? `: ${formatQuarter(card.quarter)}` : ""}
        </h2>
        <div className="flex flex-wrap gap-2">
          <DownloadLink href={deskUrl(seasonApi.exportScorecardCsv, input)} label="CSV" icon={FileDownIcon} testId="scorecard-csv" />
          <DownloadLink href={deskUrl(seasonApi.exportScorecardPdf, input)} label="PDF" icon={FileDownIcon} testId="scorecard-pdf" />
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <UploadEstimates />
        <div className="grid gap-1.5">
          <Label htmlFor="scorecard-band" className="text-xs">
            In line within ± %
          </Label>
          <Input id="scorecard-band" type="number" min={0} max={50} step={0.5} value={band} className="w-24" data-testid="scorecard-band" onChange={(e) => setBand(Math.min(50, Math.max(0, Number(e.target.value) || 0)))} />
        </div>
      </div>
      {query.isPending ? (
        <Skeleton className="h-32 w-full" aria-busy="true" aria-label="Loading the scorecard" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : card ? (
        <>
          <p className="font-medium" data-testid="scorecard-headline" data-beat={card.counts.beat} data-in-line={card.counts.inLine} data-missed={card.counts.missed} data-no-estimate={card.counts.noEstimate}>
            {card.headline}
          </p>
          {card.toFetch.symbols.length > 0 && (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span>
                {card.toFetch.symbols.length} reported name{card.toFetch.symbols.length === 1 ? "" : "s"} with your estimate: {card.toFetch.symbols.join(", ")}.
              </span>
              <PaidButton
                price={{ credits: card.toFetch.credits }}
                what={`Fetch the filed results tables of ${card.toFetch.symbols.join(", ")} to compare them with your estimates.`}
                onRun={() => fetchTables.mutate({ body: { watchlist, spendUpTo: card.toFetch.credits, ...(quarter ? { quarter } : {}) } })}
                pending={fetchTables.isPending}
                size="sm"
                testId="fetch-tables"
              >
                <FileUpIcon aria-hidden />
                Fetch their filed tables
              </PaidButton>
            </div>
          )}
          {fetchTables.isError && <ErrorState error={fetchTables.error} />}
          {card.sectors.length > 1 && (
            <ul className="flex flex-wrap gap-2 text-xs" aria-label="By sector" data-testid="scorecard-sectors">
              {card.sectors.map((s) => (
                <li key={s.sector} className="rounded-md border px-2 py-1">
                  <span className="font-medium">{s.sector}</span>: {s.counts.reported} reported
                  {s.counts.reported > s.counts.noEstimate ? `, ${s.counts.beat} beat, ${s.counts.inLine} in line, ${s.counts.missed} missed` : ", no estimates"}
                </li>
              ))}
            </ul>
          )}
          {card.rows.length > 0 && (
            <div className="relative overflow-x-auto">
              <table className="w-full min-w-[40rem] text-sm" data-testid="scorecard-rows">
                <thead>
                  <tr className="border-b text-left text-xs text-muted-foreground">
                    <th scope="col" className="py-1.5 pr-2 font-medium">Company</th>
                    <th scope="col" className="py-1.5 pr-2 font-medium">Filed</th>
                    <th scope="col" className="py-1.5 pr-2 font-medium">Line</th>
                    <th scope="col" className="py-1.5 pr-2 text-right font-medium">Your estimate</th>
                    <th scope="col" className="py-1.5 pr-2 text-right font-medium">Reported</th>
                    <th scope="col" className="py-1.5 pr-2 text-right font-medium">Surprise</th>
                    <th scope="col" className="py-1.5 font-medium">Outcome</th>
                  </tr>
                </thead>
                <tbody>
                  {card.rows.map((r) => (
                    <tr key={r.symbol} className="border-b last:border-0" data-testid="scorecard-row" data-symbol={r.symbol} data-outcome={r.outcome}>
                      <td className="py-1.5 pr-2 font-mono">{r.symbol}</td>
                      <td className="py-1.5 pr-2 text-xs whitespace-nowrap">{r.filedAt ? formatIstDateTime(r.filedAt) : "—"}</td>
                      <td className="py-1.5 pr-2">{r.lineItem ? `${LINE_TEXT[r.lineItem]}${r.basis ? ` (${r.basis})` : ""}` : "—"}</td>
                      <td className="py-1.5 pr-2 text-right tabular-nums">{crore(r.estimateCr)}</td>
                      <td className="py-1.5 pr-2 text-right tabular-nums">{crore(r.actualCr)}</td>
                      <td className={cn("py-1.5 pr-2 text-right tabular-nums", r.surprisePct !== null && (r.surprisePct > card.band ? "text-positive" : r.surprisePct < -card.band ? "text-negative" : ""))}>
                        {r.surprisePct === null ? "—" : `${r.surprisePct > 0 ? "+" : ""}${r.surprisePct.toFixed(2)}%`}
                      </td>
                      <td className="py-1.5">
                        <Badge variant="outline">{OUTCOME_WORDS[r.outcome]}</Badge>
                        {r.note && <span className="ml-2 text-xs text-muted-foreground">{r.note}</span>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </section>
  );
}
