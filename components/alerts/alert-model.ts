import type { AlertOutputType, DeskAlert as Alert } from "@/lib/alpha/alerts";
import { ALERT_FILTER_ALIASES, ALERT_FILTER_TYPES, alertOutputTypeForFilter } from "@/lib/alpha/vocabulary";
import { backfillInput, inDateRange, mergeById, timeOf } from "@/components/feeds/live-filters";

export { rangeEnded } from "@/components/feeds/live-filters";

/** What the alerts page knows about alerts, free of React: labels, the filter's aliases, folding, live matching. */

export type AlertFilterType = (typeof ALERT_FILTER_TYPES)[number];

export const ALERT_TYPE_LABELS: Record<AlertOutputType, string> = {
  "52w_high": "52-week high",
  "52w_low": "52-week low",
  earnings: "Results",
  high_growth_concalls: "High-growth concall",
  price_alert: "Intraday mover",
  vol_alert: "Relative volume",
  volume_alert: "Unusual volume",
};

/** The filter's choices, in the public list's words; `rvol_alert` is the filter value of `vol_alert` alerts. */
export const ALERT_FILTER_OPTIONS: { value: AlertFilterType; label: string }[] = ALERT_FILTER_TYPES.map((value) => {
  const output = alertOutputTypeForFilter(value);
  return { value, label: output ? ALERT_TYPE_LABELS[output] : value };
});

/** The aliases, explained once for the tooltip. */
export const ALERT_ALIAS_NOTE =
  "52w_high_60 and 52w_low_60 are accepted as the same filters as 52w_high and 52w_low. The filter value rvol_alert selects the alerts whose type reads vol_alert (relative volume).";

/** Any typed filter value (alias or not) → the canonical filter value; unknown values are dropped. */
export function normalizeAlertTypes(values: readonly string[] | null | undefined): AlertFilterType[] {
  const out: AlertFilterType[] = [];
  for (const raw of values ?? []) {
    const v = raw.trim().toLowerCase();
    const canonical = ((ALERT_FILTER_ALIASES as Record<string, string>)[v] ?? v) as AlertFilterType;
    if ((ALERT_FILTER_TYPES as readonly string[]).includes(canonical) && !out.includes(canonical)) out.push(canonical);
  }
  return out;
}

export function alertTypeLabel(type: string): string {
  return (ALERT_TYPE_LABELS as Record<string, string>)[type] ?? type.replace(/_/g, " ");
}

export function alertTime(alert: Pick<Alert, "timestamp">): number {
  return timeOf(alert.timestamp);
}

export interface AlertFilters {
  symbols: string[];
  types: AlertFilterType[];
  important: boolean;
  from: string | null;
  to: string | null;
}

/** Whether a live alert belongs on the page under its filters (symbols are matched by the stream itself). */
export function matchesAlertFilters(alert: Alert, filters: Pick<AlertFilters, "types" | "from" | "to">): boolean {
  if (filters.types.length) {
    const wanted = new Set(filters.types.map((t) => alertOutputTypeForFilter(t)));
    if (!wanted.has(alert.type as AlertOutputType)) return false;
  }
  return inDateRange(alertTime(alert), filters.from, filters.to);
}

/**
 * The REST query of one backfill page; a watchlist beyond 20 symbols is cut to the first 20. A page costs the same
 * whatever its size, so it is the largest the endpoint allows.
 */
export function alertsInput(filters: AlertFilters, page: number) {
  return backfillInput(filters, { ...(filters.types.length ? { type: filters.types } : {}), ...(filters.important ? { important: true } : {}) }, page, 50);
}

export interface AlertGroup {
  key: string;
  symbol: string;
  /** Newest first. */
  alerts: Alert[];
}

export const FOLD_WINDOW_MS = 15 * 60_000;

/**
 * Folds alerts of one symbol that come close together into one group, placed where its newest alert is: walking
 * newest to oldest, an alert joins its symbol's open group while it lies within `windowMs` of that group's oldest.
 */
export function groupAlerts(alerts: readonly Alert[], windowMs = FOLD_WINDOW_MS): AlertGroup[] {
  // Stable: alerts of the same second keep the order given (live arrivals newest first).
  const sorted = [...alerts].sort((a, b) => alertTime(b) - alertTime(a));
  const groups: AlertGroup[] = [];
  const open = new Map<string, AlertGroup>();
  for (const alert of sorted) {
    const group = open.get(alert.symbol);
    const oldest = group?.alerts[group.alerts.length - 1];
    if (group && oldest && alertTime(oldest) - alertTime(alert) <= windowMs) {
      group.alerts.push(alert);
      continue;
    }
    const fresh: AlertGroup = { key: alert.id, symbol: alert.symbol, alerts: [alert] };
    groups.push(fresh);
    open.set(alert.symbol, fresh);
  }
  return groups;
}

/** Merges rows from the stream and from paid pages: one per id, newest first. */
export function mergeAlerts(...lists: readonly (readonly Alert[])[]): Alert[] {
  return mergeById(lists, alertTime);
}

const NOTABLE_TYPES = new Set(["earnings", "52w_high", "52w_low", "high_growth_concalls"]);

/**
 * Which alerts an "important only" notification choice lets through. Stream frames carry no importance flag:
 * on the important-only feed every alert is important; otherwise results, concall and 52-week alerts and moves
 * of 5 % or more count.
 */
export function isNotableAlert(alert: Alert, importantFeed: boolean): boolean {
  if (importantFeed) return true;
  if (NOTABLE_TYPES.has(alert.type)) return true;
  return Math.abs(alert.price?.change_percent ?? 0) >= 5;
}
