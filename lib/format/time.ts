/** Times for people in India: every instant is shown in Asia/Kolkata and labelled "IST". */

export const IST_TIME_ZONE = "Asia/Kolkata";

type DateInput = Date | string | number | null | undefined;

const DASH = "—";

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const dateFmt = new Intl.DateTimeFormat("en-IN", { timeZone: IST_TIME_ZONE, day: "numeric", month: "short", year: "numeric" });
const timeFmt = new Intl.DateTimeFormat("en-IN", { timeZone: IST_TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const weekdayFmt = new Intl.DateTimeFormat("en-IN", { timeZone: IST_TIME_ZONE, weekday: "short" });

/** "22 Nov 2026" (the IST calendar day). */
export function formatIstDate(value: DateInput, options: { weekday?: boolean } = {}): string {
  const d = toDate(value);
  if (!d) return DASH;
  const day = dateFmt.format(d);
  return options.weekday ? `${weekdayFmt.format(d)}, ${day}` : day;
}

/** "14:05 IST" (24-hour clock); `suffix: false` drops the zone label. */
export function formatIstTime(value: DateInput, options: { suffix?: boolean } = {}): string {
  const d = toDate(value);
  if (!d) return DASH;
  const t = timeFmt.format(d);
  return options.suffix === false ? t : `${t} IST`;
}

/** "22 Nov 2026, 14:05 IST". */
export function formatIstDateTime(value: DateInput): string {
  const d = toDate(value);
  if (!d) return DASH;
  return `${dateFmt.format(d)}, ${timeFmt.format(d)} IST`;
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
