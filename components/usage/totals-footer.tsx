import type * as React from "react";
import { TableCell, TableFooter, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/utils";

/** A figure column's total (with the column's own classes, e.g. when it hides), or an empty cell under a bar. */
export interface TotalCell {
  value?: React.ReactNode;
  className?: string;
}

/** A usage table's totals row: "Total" under the first column, then each column's figure. */
export function TotalsFooter({ testId, cells }: { testId: string; cells: TotalCell[] }) {
  return (
    <TableFooter>
      <TableRow data-testid={testId}>
        <TableCell>Total</TableCell>
        {cells.map((cell, i) => (
          <TableCell key={i} className={cn(cell.value !== undefined && "text-right font-mono tabular-nums", cell.className)}>
            {cell.value}
          </TableCell>
        ))}
      </TableRow>
    </TableFooter>
  );
}
