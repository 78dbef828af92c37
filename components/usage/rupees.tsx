"use client";

import { useQuery } from "@tanstack/react-query";
import * as api from "@/lib/desk/route-meta/usage";
import { formatInr } from "@/lib/format/number";
import { deskQuery } from "@/lib/query/desk";
import { cn } from "@/lib/utils";

/** The account's contract price (₹ per credit, as the admin typed it), or null when none is set or it cannot be read. */
export function useInrPerCredit(): string | null {
  const query = useQuery({ ...deskQuery(api.getSpendSettings), retry: false });
  return query.data?.inrPerCredit ?? null;
}

/** Credits in rupees at the account's price, to the paisa; nothing without a price. */
export function Rupees({ credits, className, prefix = "" }: { credits: number; className?: string; prefix?: string }) {
  const inr = useInrPerCredit();
  if (inr === null) return null;
  return (
    <span className={cn("text-xs text-muted-foreground", className)} data-testid="rupees">
      {prefix}
      {formatInr(Math.round(credits * Number(inr) * 100) / 100, { paise: true })}
    </span>
  );
}
