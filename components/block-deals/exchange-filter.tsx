"use client";

import { ChoiceChips, type ChoiceOption } from "@/components/feeds/filter-fields";
import type { BlockDealExchange } from "./block-deal-model";

const OPTIONS: ChoiceOption<BlockDealExchange>[] = [
  { value: null, label: "All", testId: "exchange-all" },
  { value: "NSE", label: "NSE", testId: "exchange-nse" },
  { value: "BSE", label: "BSE", testId: "exchange-bse" },
  { value: "NSE/BSE", label: "NSE/BSE", testId: "exchange-both" },
];

/** The exchange a deal was reported on; "NSE/BSE" is its own value at the service (a deal on both). */
export function ExchangeFilter({ value, onChange }: { value: BlockDealExchange | null; onChange: (v: BlockDealExchange | null) => void }) {
  return <ChoiceChips label="Exchange" options={OPTIONS} value={value} onChange={onChange} />;
}
