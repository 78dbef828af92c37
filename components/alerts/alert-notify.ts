import type { DeskAlert as Alert } from "@/lib/alpha/alerts";
import { formatPercentChange } from "@/lib/format/number";
import { alertTypeLabel, isNotableAlert } from "./alert-model";
import type { NotifyChoice } from "@/lib/browser-prefs";

/** The notification of a live alert, for `notifyAlert` (which checked the choice and the permission). */
export function showAlertNotification(alert: Alert, choice: NotifyChoice, importantFeed: boolean): void {
  if (choice === "important" && !isNotableAlert(alert, importantFeed)) return;
  const change = alert.price ? ` ${formatPercentChange(alert.price.change_percent)}` : "";
  try {
    new Notification(`${alert.symbol} · ${alertTypeLabel(alert.type)}${change}`, { body: alert.reason ?? "", tag: alert.id });
  } catch {
    // Some browsers allow notifications only from a service worker; the feed still shows the alert.
  }
}

