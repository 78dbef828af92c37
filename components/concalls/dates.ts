import { resolveBound } from "@/lib/alpha/time";

/**
 * The instant of an Alpha timestamp. Concall filing dates may come without a UTC offset; the service's clock is IST,
 * so those read as IST (as the interface's `from`/`to` do). A date-only value is the start of that IST day.
 */
export function alphaInstant(value: string | null | undefined): Date | null {
  if (!value) return null;
  const at = resolveBound(value.trim(), "from");
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Seconds left until an instant, never below 0. */
export function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** "14:05" for a countdown of 845 s; "1:02:03" past an hour. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${m}:${rest}`;
}
