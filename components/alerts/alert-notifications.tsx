"use client";

import { BellIcon, BellOffIcon, BellRingIcon } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import type { DeskAlert as Alert } from "@/lib/alpha/alerts";
import { ALERT_NOTIFY_COOKIE, type NotifyChoice, parseNotifyChoice, readPref, subscribePrefs, writePref } from "@/lib/browser-prefs";
import { importOnce } from "@/lib/import-once";

export function writeChoice(choice: NotifyChoice) {
  writePref(ALERT_NOTIFY_COOKIE, choice);
}

/** The user's notification choice, kept in this browser (a cookie: lib/browser-prefs.ts). */
export function useNotifyChoice(): NotifyChoice {
  return React.useSyncExternalStore(subscribePrefs, () => parseNotifyChoice(readPref(ALERT_NOTIFY_COOKIE)), () => "off");
}

export const supported = () => typeof window !== "undefined" && "Notification" in window;

const loadNotify = importOnce(() => import("./alert-notify"));

/**
 * Shows a browser notification for a live alert when the user's choice lets it through. What it says (and which
 * alerts are notable) is fetched with the first alert the choice does not turn away, not with the page.
 */
export function notifyAlert(alert: Alert, choice: NotifyChoice, importantFeed: boolean): void {
  if (choice === "off" || !supported() || Notification.permission !== "granted") return;
  loadNotify().then(
    (m) => m.showAlertNotification(alert, choice, importantFeed),
    () => undefined,
  );
}

const loadMenu = () => import("./alert-notifications-menu").then((m) => ({ default: m.AlertNotificationsMenu }));
const AlertNotificationsMenu = React.lazy(loadMenu);

/** The menu's button; it names the current choice. What stands in for the menu's trigger until the menu loads. */
export function AlertNotifyButton(props: React.ComponentProps<typeof Button>) {
  const choice = useNotifyChoice();
  const Icon = choice === "off" ? BellOffIcon : choice === "all" ? BellRingIcon : BellIcon;
  return (
    <Button variant="outline" size="sm" data-testid="alert-notify" data-choice={choice} {...props}>
      <Icon aria-hidden />
      {choice === "off" ? "Notify me" : choice === "all" ? "Notifying: all" : "Notifying: important"}
    </Button>
  );
}

/**
 * Opt-in browser notifications: the button at once, the menu (Radix DropdownMenu and its popper) fetched when the
 * pointer or focus comes to it and opened on the click, not loaded with the page.
 */
export function AlertNotifications() {
  const [wanted, setWanted] = React.useState(false);
  const button = <AlertNotifyButton onPointerEnter={() => void loadMenu()} onFocus={() => void loadMenu()} onClick={() => setWanted(true)} />;
  if (!wanted) return button;
  return (
    <React.Suspense fallback={button}>
      <AlertNotificationsMenu defaultOpen />
    </React.Suspense>
  );
}
