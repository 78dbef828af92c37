import { isDateOnly } from "./patterns";

/** India does not observe daylight saving: Asia/Kolkata is always UTC+05:30. */
export const IST_OFFSET_MINUTES = 330;
const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of the Asia/Kolkata calendar day holding `at`. */
export function istDateString(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant the Asia/Kolkata day holding `at` begins. */
export function istDayStart(at: Date): Date {
  const shifted = at.getTime() + IST_OFFSET_MS;
  return new Date(shifted - (((shifted % DAY_MS) + DAY_MS) % DAY_MS) - IST_OFFSET_MS);
}

/** The instant the next Asia/Kolkata day begins (exclusive end of the day holding `at`). */
export function istDayEnd(at: Date): Date {
  return new Date(istDayStart(at).getTime() + DAY_MS);
}

/** Start of the window of `days` IST calendar days that ends with (and includes) the day of `at`. */
export function istWindowStart(at: Date, days: number): Date {
  return new Date(istDayStart(at).getTime() - (days - 1) * DAY_MS);
}

/** An IST-midnight instant for a `YYYY-MM-DD` date. */
export function istDateToInstant(date: string): Date {
  return new Date(`${date}T00:00:00+05:30`);
}

/**
 * Resolves a `from`/`to` bound to an instant. A date-only `from` is the start of that IST day; a date-only
 * `to` is the last millisecond of it, so both bounds are inclusive. A datetime without an offset is IST.
 */
export function resolveBound(value: string, side: "from" | "to"): Date {
  if (isDateOnly(value)) {
    const start = istDateToInstant(value);
    return side === "from" ? start : new Date(start.getTime() + DAY_MS - 1);
  }
  const hasOffset = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value);
  return new Date(hasOffset ? value : `${value}+05:30`);
}

/** ISO 8601 with the +05:30 offset, for display-grade timestamps that keep their zone. */
export function toIstIso(at: Date): string {
  return `${new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19)}+05:30`;
}
