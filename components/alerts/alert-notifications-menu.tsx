"use client";

import { toast } from "@/components/ui/toast";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { NotifyChoice } from "@/lib/browser-prefs";
import { AlertNotifyButton, supported, useNotifyChoice, writeChoice } from "./alert-notifications";

/** The notification choices (loaded by AlertNotifications when first asked for): permission is asked only when the user picks one. */
export function AlertNotificationsMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
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
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <AlertNotifyButton />
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
