/**
 * The calendar's view names and day keys (IST calendar days written `YYYY-MM-DD`), apart from the calendar's
 * arithmetic so the URL parsers every filtered page loads (search-params.ts) bring only this.
 */

export const CALENDAR_VIEWS = ["month", "week", "agenda"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

export function isDayKey(value: string): boolean {
  return DAY_RE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}
