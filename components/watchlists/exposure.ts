/** How a watchlist's exposure reads on the page, in its unit (rupees, shares or weight). */
import type { ExposureUnit } from "@/lib/desk/watchlists";
import { formatInr, formatNumber } from "@/lib/format/number";

export const UNIT_NAMES: Record<ExposureUnit, string> = { inr: "value in ₹", shares: "shares", weight: "weight (%)" };

/** The column heading: "Exposure (₹)", "Exposure (shares)", "Exposure (%)"; plain when no unit was said. */
export function exposureHeading(unit: ExposureUnit | null): string {
  return unit === null ? "Exposure" : `Exposure (${unit === "inr" ? "₹" : unit === "shares" ? "shares" : "%"})`;
}

const MAX_DIGITS: Record<ExposureUnit | "none", number> = { inr: 2, shares: 4, weight: 2, none: 2 };

function decimalsOf(value: number, cap: number): number {
  for (let d = 0; d < cap; d++) if (Math.abs(Math.round(value * 10 ** d) - value * 10 ** d) < 1e-9) return d;
  return cap;
}

/** The decimals one column of exposures shows, so its figures line up: as many as its most precise value needs. */
export function exposureDigits(values: readonly (number | null | undefined)[], unit: ExposureUnit | null): number {
  const cap = MAX_DIGITS[unit ?? "none"];
  const needed = Math.max(0, ...values.filter((v): v is number => typeof v === "number" && Number.isFinite(v)).map((v) => decimalsOf(v, cap)));
  // Rupees are whole or with paise, never one decimal.
  return unit === "inr" && needed > 0 ? 2 : needed;
}

/** One exposure in its unit; `digits` (from exposureDigits) fixes the decimals of a column, else the value's own. */
export function formatExposure(value: number | null | undefined, unit: ExposureUnit | null, digits?: number): string {
  if (value === null || value === undefined) return "—";
  const d = digits ?? exposureDigits([value], unit);
  switch (unit) {
    case "inr":
      return formatInr(value, { paise: d > 0 });
    case "shares":
      return `${formatNumber(value, { fractionDigits: d })} ${value === 1 ? "share" : "shares"}`;
    case "weight":
      return `${formatNumber(value, { fractionDigits: d })}%`;
    default:
      return formatNumber(value, { fractionDigits: d });
  }
}
