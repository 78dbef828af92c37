import type * as React from "react";
import { cn } from "@/lib/utils";
import { slotted } from "./slotted";

/** `label` makes the scrolling container a named region keyboard users can focus to scroll (axe's scrollable-region rule). */
export function Table({ className, containerClassName, label, ...props }: React.ComponentProps<"table"> & { containerClassName?: string; label?: string }) {
  const region = label ? { tabIndex: 0, role: "region", "aria-label": label } : {};
  return (
    <div data-slot="table-container" className={cn("relative w-full overflow-x-auto", containerClassName)} {...region}>
      <table data-slot="table" className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}

export const TableHeader = slotted("thead", "table-header", "[&_tr]:border-b");
export const TableBody = slotted("tbody", "table-body", "[&_tr:last-child]:border-0");
export const TableFooter = slotted("tfoot", "table-footer", "border-t bg-muted/50 font-medium [&>tr]:last:border-b-0");
export const TableRow = slotted("tr", "table-row", "border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted");
export const TableHead = slotted(
  "th",
  "table-head",
  "h-10 px-2 text-left align-middle font-medium whitespace-nowrap text-muted-foreground [&:has([role=checkbox])]:pr-0",
);
export const TableCell = slotted("td", "table-cell", "p-2 align-middle whitespace-nowrap [&:has([role=checkbox])]:pr-0");
export const TableCaption = slotted("caption", "table-caption", "mt-4 text-sm text-muted-foreground");

/** A column's head that names it for screen readers only (the actions, a share bar), right-aligned by default. */
export function HiddenHead({ label, align = "right", className }: { label: string; align?: "left" | "right"; className?: string }) {
  return (
    <TableHead className={cn(align === "right" && "text-right", className)}>
      <span className="sr-only">{label}</span>
    </TableHead>
  );
}
