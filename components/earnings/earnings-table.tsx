"use client";

import * as React from "react";
import { ArrowDownRightIcon, ArrowUpRightIcon } from "lucide-react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { EarningsTable as EarningsTableData } from "@/lib/alpha/earnings";
import { formatNumber } from "@/lib/format/number";
import { cn } from "@/lib/utils";
import { type Basis, buildTableView, type Change, formatChange, periodLabel, tableBases } from "./earnings-table-view";

const TONE_CLASS = { positive: "text-positive", negative: "text-negative", neutral: "text-muted-foreground" } as const;

function ChangeCell({ change, label }: { change: Change | null; label: string }) {
  if (!change) return <TableCell className="px-1.5 text-right text-muted-foreground">—</TableCell>;
  const Icon = change.value > 0 ? ArrowUpRightIcon : change.value < 0 ? ArrowDownRightIcon : null;
  return (
    <TableCell className={cn("px-1.5 text-right font-mono text-xs tabular-nums sm:text-sm", TONE_CLASS[change.tone])} data-tone={change.tone} aria-label={`${label}: ${formatChange(change)}`}>
      <span className="inline-flex items-center justify-end gap-0.5">
        {Icon && <Icon aria-hidden className="hidden size-3.5 sm:block" />}
        {formatChange(change)}
      </span>
    </TableCell>
  );
}

/** Crore amounts as Screener and Kite print them: whole crores from 100 up; small amounts, EPS and percentages with paise. */
function cellText(v: number | null, row: { isPercent: boolean; label: string }): string {
  if (v === null) return "—";
  if (row.isPercent) return `${formatNumber(v, { fractionDigits: 2 })}%`;
  const digits = Math.abs(v) >= 100 && !/^EPS\b/i.test(row.label) ? 0 : 2;
  return formatNumber(v, { fractionDigits: digits });
}

const BASIS_LABEL = { consolidated: "Consolidated", standalone: "Standalone" } as const;

/**
 * The statement of results: ₹ crore amounts per period, percentages as they are, YoY and QoQ coloured by meaning; a
 * switch between consolidated and standalone when the filing has both. Below `sm` only the latest period stays
 * beside the changes (the older columns are what the changes are computed from).
 */
export function EarningsTable({ table, className }: { table: EarningsTableData | null | undefined; className?: string }) {
  const bases = tableBases(table);
  const [picked, setPicked] = React.useState<Basis | null>(null);
  const shown = bases.find((b) => b.basis === picked) ?? bases[0];
  const view = buildTableView(shown?.table);
  if (!view || !shown) {
    return <p className="text-sm text-muted-foreground">This filing carries no results table.</p>;
  }
  const statement = (
    <div className="rounded-lg border" data-testid="earnings-table" data-basis={shown.basis ?? ""}>
      <Table className="table-fixed">
        <TableCaption className="mb-3 px-3 text-left text-xs">
          {shown.basis ? `${BASIS_LABEL[shown.basis]} results. ` : ""}Amounts in {view.unit}; margins in %. YoY compares {periodLabel(view.periods[0] ?? "")} with{" "}
          {view.yoyAgainst ? periodLabel(view.yoyAgainst) : "the year before"}
          {view.qoqAgainst ? `, QoQ with ${periodLabel(view.qoqAgainst)}` : ""}. For cost lines a fall is shown green.
        </TableCaption>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="w-[34%] whitespace-normal sm:w-[28%]">
              Line item <span className="font-normal">({view.unit})</span>
            </TableHead>
            {view.periods.map((p, i) => (
              <TableHead key={p} className={cn("px-1.5 text-right", i === 0 ? "text-foreground" : "hidden sm:table-cell")}>
                {periodLabel(p)}
              </TableHead>
            ))}
            <TableHead className="px-1.5 text-right">YoY</TableHead>
            {view.qoqAgainst && <TableHead className="px-1.5 text-right">QoQ</TableHead>}
          </TableRow>
        </TableHeader>
        <TableBody>
          {view.rows.map((row) => (
            <TableRow key={row.label} data-testid="earnings-line" data-percent={row.isPercent}>
              <TableCell className="font-medium whitespace-normal">{row.label}</TableCell>
              {row.values.map((v, i) => (
                <TableCell
                  key={view.periods[i]}
                  className={cn("px-1.5 text-right font-mono tabular-nums", i === 0 ? "font-semibold" : "hidden text-muted-foreground sm:table-cell")}
                >
                  {cellText(v, row)}
                </TableCell>
              ))}
              <ChangeCell change={row.yoy} label={`${row.label} year on year`} />
              {view.qoqAgainst && <ChangeCell change={row.qoq} label={`${row.label} quarter on quarter`} />}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
  if (bases.length < 2) return <div className={className}>{statement}</div>;
  return (
    <Tabs value={shown.basis ?? ""} onValueChange={(v) => setPicked(v as Basis)} className={className}>
      <TabsList aria-label="Basis of the results" data-testid="results-basis">
        {bases.map((b) => (
          <TabsTrigger key={b.basis} value={b.basis ?? ""}>
            {b.basis ? BASIS_LABEL[b.basis] : "As filed"}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value={shown.basis ?? ""} tabIndex={-1}>
        {statement}
      </TabsContent>
    </Tabs>
  );
}
