"use client";

import { BellIcon, BellOffIcon, BellRingIcon } from "lucide-react";
import * as React from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { Alert } from "@/lib/alpha/alerts";
import { formatPercentChange } from "@/lib/format/number";
import { alertTypeLabel, alertTypeOf, isNotableAlert } from "./alert-model";

export const NOTIFY_CHOICES = ["off", "important", "all"] as const;
export type NotifyChoice = (typeof NOTIFY_CHOICES)[number];

const STORAGE_KEY = "alpha-desk:alerts:notify";
const listeners = new Set<() => void>();

function readChoice(): NotifyChoice {
  try {
    const v = window.localStorage.getItem(STORAGE_KEY);
    return (NOTIFY_CHOICES as readonly string[]).includes(v ?? "") ? (v as NotifyChoice) : "off";
  } catch {
    return "off";
  }
}

function writeChoice(choice: NotifyChoice) {
  try {
    window.localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // private mode: the choice lasts for this page only
  }
  for (const l of listeners) l();
}

/** The user's notification choice, kept in this browser (localStorage). */
export function useNotifyChoice(): NotifyChoice {
  return React.useSyncExternalStore(
    (l) => {
      listeners.add(l);
      window.addEventListener("storage", l);
      return () => {
        listeners.delete(l);
        window.removeEventListener("storage", l);
      };
    },
    readChoice,
    () => "off",
  );
}

const supported = () => typeof window !== "undefined" && "Notification" in window;

/** Shows a browser notification for a live alert when the user's choice lets it through. */
export function notifyAlert(alert: Alert, choice: NotifyChoice, importantFeed: boolean): void {
  if (choice === "off" || !supported() || Notification.permission !== "granted") return;
  if (choice === "important" && !isNotableAlert(alert, importantFeed)) return;
  const change = alert.price ? ` ${formatPercentChange(alert.price.change_percent)}` : "";
  try {
    new Notification(`${alert.symbol} · ${alertTypeLabel(alertTypeOf(alert))}${change}`, { body: alert.reason ?? "", tag: alert.id });
  } catch {
    // Some browsers allow notifications only from a service worker; the feed still shows the alert.
  }
}

/** Opt-in browser notifications: permission is asked only when the user picks a choice here. */
export function AlertNotifications() {
  const choice = useNotifyChoice();
  const choose = async (next: string) => {
    const value = next as NotifyChoice;
    if (value !== "off") {
      if (!supported()) {
        toast.error("This browser cannot show notifications.");
        return;
      }
      const permission = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
      if (permission !== "granted") {
        toast.error("Notifications are blocked for the desk in this browser. Allow them in the site settings, then choose again.");
        return;
      }
    }
    writeChoice(value);
    toast.success(value === "off" ? "Notifications off." : value === "all" ? "You'll be notified of every new alert while the desk is open." : "You'll be notified of important alerts while the desk is open.");
  };
  const Icon = choice === "off" ? BellOffIcon : choice === "all" ? BellRingIcon : BellIcon;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" data-testid="alert-notify" data-choice={choice}>
          <Icon aria-hidden />
          {choice === "off" ? "Notify me" : choice === "all" ? "Notifying: all" : "Notifying: important"}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuLabel>Browser notifications for new alerts</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={choice} onValueChange={(v) => void choose(v)}>
          <DropdownMenuRadioItem value="off">Off</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="important" className="items-start">
            <span className="grid gap-0.5">
              Important alerts
              <span className="text-xs text-muted-foreground">From the important-only feed; otherwise results, concall and 52-week alerts and moves of 5 % or more.</span>
            </span>
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="all">All alerts</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
