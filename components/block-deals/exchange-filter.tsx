"use client";

import { Button } from "@/components/ui/button";
import type { BlockDealExchange } from "./block-deal-model";

const OPTIONS: { value: BlockDealExchange | null; label: string; testId: string }[] = [
  { value: null, label: "All", testId: "exchange-all" },
  { value: "NSE", label: "NSE", testId: "exchange-nse" },
  { value: "BSE", label: "BSE", testId: "exchange-bse" },
  { value: "NSE/BSE", label: "NSE/BSE", testId: "exchange-both" },
];

/** The exchange a deal was reported on; "NSE/BSE" is its own value at the service (a deal on both). */
export function ExchangeFilter({ value, onChange }: { value: BlockDealExchange | null; onChange: (v: BlockDealExchange | null) => void }) {
  return (
    <div className="grid gap-1.5">
      <span className="text-xs font-medium text-muted-foreground" id="exchange-filter-label">
        Exchange
      </span>
      <div role="radiogroup" aria-labelledby="exchange-filter-label" className="flex flex-wrap gap-1.5">
        {OPTIONS.map((o) => {
          const on = value === o.value;
          return (
            <Button
              key={o.label}
              type="button"
              role="radio"
              aria-checked={on}
              size="sm"
              variant={on ? "default" : "outline"}
              className="h-8 rounded-full px-3"
              data-testid={o.testId}
              onClick={() => onChange(o.value)}
            >
              {o.label}
            </Button>
          );
        })}
      </div>
    </div>
  );
}
