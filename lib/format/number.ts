/**
 * Money and counts in the Indian style: lakh/crore digit grouping (1,23,45,678). Written by `indian-digits.ts`, not
 * Intl, which a page would load locale data for while it boots; the text is Intl en-IN's.
 */
import { formatIndian, indianDigits } from "./indian-digits";

const groupInt = (value: number) => formatIndian(value, { maximumFractionDigits: 0 });

const DASH = "—";

function isNumber(value: number | null | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/**
 * A plain number with Indian grouping: 123456 → "1,23,456". `fractionDigits` fixes the decimals (a column of figures
 * lines up: 12.50, 3.00); `maximumFractionDigits` only caps them.
 */
export function formatNumber(value: number | null | undefined, options: { maximumFractionDigits?: number; fractionDigits?: number } = {}): string {
  if (!isNumber(value)) return DASH;
  if (options.fractionDigits !== undefined) {
    return formatIndian(value, { minimumFractionDigits: options.fractionDigits, maximumFractionDigits: options.fractionDigits });
  }
  if (options.maximumFractionDigits === undefined) return groupInt(value);
  return formatIndian(value, { maximumFractionDigits: options.maximumFractionDigits });
}

/** Rupees: "₹1,23,45,678" (whole rupees) or with paise when asked: "₹1,234.50". */
export function formatInr(value: number | null | undefined, options: { paise?: boolean } = {}): string {
  if (!isNumber(value)) return DASH;
  const { negative, text } = indianDigits(value, options.paise ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : { maximumFractionDigits: 0 });
  return `${negative ? "-" : ""}₹${text}`;
}

/** A value already in crores (market cap, trade value): "₹1,23,456 cr"; below 100 cr keeps two decimals. */
export function formatCrore(crores: number | null | undefined): string {
  if (!isNumber(crores)) return DASH;
  const digits = Math.abs(crores) < 100 ? 2 : 0;
  const { negative, text } = indianDigits(crores, { maximumFractionDigits: digits });
  return `${negative ? "-" : ""}₹${text} cr`;
}

/** Credits: "1 credit", "1,250 credits"; `compact` drops the unit. */
export function formatCredits(value: number | null | undefined, options: { compact?: boolean } = {}): string {
  if (!isNumber(value)) return DASH;
  const n = groupInt(value);
  if (options.compact) return n;
  return `${n} ${Math.abs(value) === 1 ? "credit" : "credits"}`;
}

/** A share of a whole as a percentage, clamped to 0–100 for gauges; null when the whole is unknown or 0. */
export function percentOf(part: number | null | undefined, whole: number | null | undefined): number | null {
  if (!isNumber(part) || !isNumber(whole) || whole <= 0) return null;
  return Math.min(100, Math.max(0, (part / whole) * 100));
}

/** A signed percentage change: "+2.45%", "-0.80%". */
export function formatPercentChange(value: number | null | undefined, digits = 2): string {
  if (!isNumber(value)) return DASH;
  const sign = value > 0 ? "+" : value < 0 ? "-" : "";
  return `${sign}${Math.abs(value).toFixed(digits)}%`;
}
