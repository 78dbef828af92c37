/** How a watchlist's exposure reads on the page, in its unit (rupees, shares or weight). */
import type { ExposureUnit } from "@/lib/query/watchlist-schema";
import { formatInr, formatNumber } from "@/lib/format/number";

export const UNIT_NAMES: Record<ExposureUnit, string> = { inr: "value in ₹", shares: "shares", weight: "weight (%)" };

/** The column heading: "Exposure (₹)", "Exposure (shares)", "Exposure (%)"; plain when no unit was said. */
export function exposureHeading(unit: ExposureUnit | null): string {
  return unit === null ? "Exposure" : `Exposure (${unit === "inr" ? "₹" : unit === "shares" ? "shares" : "%"})`;
}

export function formatExposure(value: number | null | undefined, unit: ExposureUnit | null): string {
  if (value === null || value === undefined) return "—";
  switch (unit) {
    case "inr":
      return formatInr(value, { paise: !Number.isInteger(value) });
    case "shares":
      return `${formatNumber(value, { maximumFractionDigits: 4 })} ${value === 1 ? "share" : "shares"}`;
    case "weight":
      return `${formatNumber(value, { maximumFractionDigits: 2 })}%`;
    default:
      return formatNumber(value, { maximumFractionDigits: 2 });
  }
}
