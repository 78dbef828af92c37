/**
 * Times for people in India: every instant is shown in Asia/Kolkata and labelled "IST". Written from the instant's
 * calendar fields (`calendar-parts.ts`), not with Intl, which a page would load locale data for while it boots.
 */
import { dayMonth, dayMonthYear, hourMinute, isoDay, istParts, weekdayShort } from "./calendar-parts";

type DateInput = Date | string | number | null | undefined;

const DASH = "—";

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "22 Nov 2026" (the IST calendar day). */
export function formatIstDate(value: DateInput, options: { weekday?: boolean } = {}): string {
  const d = toDate(value);
  if (!d) return DASH;
  const p = istParts(d.getTime());
  return options.weekday ? `${weekdayShort(p)}, ${dayMonthYear(p)}` : dayMonthYear(p);
}

/** "22 Nov" (the IST calendar day, no year): a chart's day axis. */
export function formatIstDayMonth(value: DateInput): string {
  const d = toDate(value);
  return d ? dayMonth(istParts(d.getTime())) : DASH;
}

/** "14:05 IST" (24-hour clock); `suffix: false` drops the zone label. */
export function formatIstTime(value: DateInput, options: { suffix?: boolean } = {}): string {
  const d = toDate(value);
  if (!d) return DASH;
  const t = hourMinute(istParts(d.getTime()));
  return options.suffix === false ? t : `${t} IST`;
}

/** "22 Nov 2026, 14:05 IST". */
export function formatIstDateTime(value: DateInput): string {
  const d = toDate(value);
  if (!d) return DASH;
  const p = istParts(d.getTime());
  return `${dayMonthYear(p)}, ${hourMinute(p)} IST`;
}

/** Every UTC instant written in a sentence ("expires 2026-11-30T17:41:00.000Z") read as IST ("30 Nov 2026, 23:11 IST"). */
export function istInstantsIn(text: string): string {
  return text.replace(/\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z\b/g, (iso) => formatIstDateTime(iso));
}

const UNITS: [size: number, label: string][] = [
  [86_400, "d"],
  [3_600, "h"],
  [60, "min"],
];

/**
 * "just now", "5 min ago", "3 h ago", "2 d ago"; past a week the IST date. Future instants read "in 5 min".
 * `now` is injectable so server and browser can agree and tests can pin it.
 */
export function formatRelativeTime(value: DateInput, now: Date | number = Date.now()): string {
  const d = toDate(value);
  if (!d) return DASH;
  const nowMs = typeof now === "number" ? now : now.getTime();
  const seconds = Math.round((d.getTime() - nowMs) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return "just now";
  if (abs >= 7 * 86_400) return formatIstDate(d);
  for (const [size, short] of UNITS) {
    if (abs >= size || short === "min") {
      const n = Math.max(1, Math.round(abs / size));
      return seconds < 0 ? `${n} ${short} ago` : `in ${n} ${short}`;
    }
  }
  return formatIstDate(d);
}

/** A duration in seconds for people: "45 s", "5 min", "2 h 10 min". */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** The IST calendar day of an instant, "2026-11-24" (null when there is none). */
export function istDayKey(value: DateInput): string | null {
  const d = toDate(value);
  return d ? isoDay(istParts(d.getTime())) : null;
}

/**
 * An item's time as a feed shows it: "14:05 IST" today (IST), "23 Nov, 14:05 IST" on another day of this year,
 * "23 Nov 2025, 14:05 IST" before it. `now` is injectable so tests can pin it.
 */
export function formatIstStamp(value: DateInput, now: Date | number = Date.now()): string {
  const d = toDate(value);
  if (!d) return DASH;
  const today = istDayKey(now);
  const day = istDayKey(d);
  if (day === today) return formatIstTime(d);
  const sameYear = day?.slice(0, 4) === today?.slice(0, 4);
  const p = istParts(d.getTime());
  return `${sameYear ? dayMonth(p) : dayMonthYear(p)}, ${formatIstTime(d)}`;
}

/** "5 min ago" today (IST); another day's item by its date and time ("23 Nov, 14:05 IST"). */
export function formatIstRecent(value: DateInput, now: Date | number = Date.now()): string {
  return istDayKey(value) !== null && istDayKey(value) === istDayKey(now) ? formatRelativeTime(value, now) : formatIstStamp(value, now);
}
