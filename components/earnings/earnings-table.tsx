import { ArrowDownRightIcon, ArrowUpRightIcon } from "lucide-react";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { EarningsTable as EarningsTableData } from "@/lib/alpha/earnings";
import { formatNumber } from "@/lib/format/number";
import { cn } from "@/lib/utils";
import { buildTableView, type Change, formatChange, periodLabel } from "./earnings-table-view";

const TONE_CLASS = { positive: "text-positive", negative: "text-negative", neutral: "text-muted-foreground" } as const;

function ChangeCell({ change, label }: { change: Change | null; label: string }) {
  if (!change) return <TableCell className="text-right text-muted-foreground">—</TableCell>;
  const Icon = change.value > 0 ? ArrowUpRightIcon : change.value < 0 ? ArrowDownRightIcon : null;
  return (
    <TableCell className={cn("text-right font-mono tabular-nums", TONE_CLASS[change.tone])} data-tone={change.tone} aria-label={`${label}: ${formatChange(change)}`}>
      <span className="inline-flex items-center justify-end gap-0.5">
        {Icon && <Icon aria-hidden className="size-3.5" />}
        {formatChange(change)}
      </span>
    </TableCell>
  );
}

/** The statement of results: ₹ crore amounts per period, percentages as they are, YoY and QoQ coloured by meaning. */
export function EarningsTable({ table, className }: { table: EarningsTableData | null | undefined; className?: string }) {
  const view = buildTableView(table);
  if (!view) {
    return <p className="text-sm text-muted-foreground">This filing carries no results table.</p>;
  }
  return (
    <div className={cn("rounded-lg border", className)} data-testid="earnings-table">
      <Table>
        <TableCaption className="mb-3 px-3 text-left text-xs">
          Amounts in {view.unit}; margins in %. YoY compares {periodLabel(view.periods[0] ?? "")} with {view.yoyAgainst ? periodLabel(view.yoyAgainst) : "the year before"}
          {view.qoqAgainst ? `, QoQ with ${periodLabel(view.qoqAgainst)}` : ""}. For cost lines a fall is shown green.
        </TableCaption>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="min-w-40">Line item</TableHead>
            {view.periods.map((p, i) => (
              <TableHead key={p} className={cn("text-right", i === 0 && "text-foreground")}>
                {periodLabel(p)}
              </TableHead>
            ))}
            <TableHead className="text-right">YoY</TableHead>
            {view.qoqAgainst && <TableHead className="text-right">QoQ</TableHead>}
          </TableRow>
        </TableHeader>
        <TableBody>
          {view.rows.map((row) => (
            <TableRow key={row.label}>
              <TableCell className="font-medium whitespace-normal">{row.label}</TableCell>
              {row.values.map((v, i) => (
                <TableCell key={view.periods[i]} className={cn("text-right font-mono tabular-nums", i === 0 ? "font-semibold" : "text-muted-foreground")}>
                  {v === null ? "—" : row.isPercent ? `${formatNumber(v, { fractionDigits: 2 })}%` : formatNumber(v, { fractionDigits: 2 })}
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
}
