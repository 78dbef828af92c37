/**
 * Calendar fields and names without `Intl`: the desk shows one locale in one zone (IST, no DST), so a date is arithmetic,
 * and building an Intl formatter loads locale data on the main thread. calendar-parts.test.ts checks it against Intl.
 */
import { IST_OFFSET_MINUTES } from "@/lib/alpha/time";

/** en-IN's short month names (CLDR): September is "Sept". */
export const MONTHS_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"] as const;
export const MONTHS_LONG = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;
/** Indexed by `Date#getUTCDay()`: 0 is Sunday. */
export const WEEKDAYS_SHORT = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
export const WEEKDAYS_LONG = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** IST is UTC+05:30 with no daylight saving (since 15 October 1945; the desk's data is decades later). */
const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60_000;

export type CalendarParts = {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  /** 0 (Sunday) – 6. */
  weekday: number;
  hour: number;
  minute: number;
};

function partsOf(d: Date): CalendarParts {
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: d.getUTCDay(), hour: d.getUTCHours(), minute: d.getUTCMinutes() };
}

/** The IST wall-clock fields of an instant. */
export function istParts(ms: number): CalendarParts {
  return partsOf(new Date(ms + IST_OFFSET_MS));
}

/** The UTC fields of an instant (a date-only value kept as UTC midnight). */
export function utcParts(ms: number): CalendarParts {
  return partsOf(new Date(ms));
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** "5 Sept" */
export const dayMonth = (p: CalendarParts) => `${p.day} ${MONTHS_SHORT[p.month - 1]}`;
/** "5 Sept 2026" */
export const dayMonthYear = (p: CalendarParts) => `${p.day} ${MONTHS_SHORT[p.month - 1]} ${p.year}`;
/** "September 2026" */
export const monthYear = (p: CalendarParts) => `${MONTHS_LONG[p.month - 1]} ${p.year}`;
/** "Saturday, 5 September 2026" */
export const longDay = (p: CalendarParts) => `${WEEKDAYS_LONG[p.weekday]}, ${p.day} ${MONTHS_LONG[p.month - 1]} ${p.year}`;
/** "Sat" */
export const weekdayShort = (p: CalendarParts): string => WEEKDAYS_SHORT[p.weekday] ?? "";
/** "08:04" (24-hour clock). */
export const hourMinute = (p: CalendarParts) => `${two(p.hour)}:${two(p.minute)}`;
/** "2026-09-05" */
export const isoDay = (p: CalendarParts) => `${p.year}-${two(p.month)}-${two(p.day)}`;
