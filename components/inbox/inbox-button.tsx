"use client";

import { useQuery } from "@tanstack/react-query";
import { InboxIcon } from "lucide-react";
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import * as api from "@/lib/desk/route-meta/inbox";
import { deskQuery } from "@/lib/query/desk";
import { cn } from "@/lib/utils";

/** How often the top bar asks for the unread count (one cheap count per tab). */
const POLL_MS = 30_000;

/** The top bar's inbox: a link to /inbox with the unread count (read from the layout's prefetch, then polled). */
export function InboxButton() {
  const { data } = useQuery({ ...deskQuery(api.getInboxUnread), refetchInterval: POLL_MS, refetchIntervalInBackground: false });
  const unread = data?.unread ?? 0;
  const label = unread === 0 ? "Inbox, nothing unread" : `Inbox, ${unread} unread`;
  return (
    <Link href="/inbox" aria-label={label} title={label} data-testid="inbox-button" data-unread={unread} className={cn(buttonVariants({ variant: "ghost", size: "icon-sm" }), "relative")}>
      <InboxIcon aria-hidden />
      {unread > 0 && (
        <span aria-hidden className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-primary px-1 text-center text-[0.625rem] leading-4 font-semibold text-primary-foreground tabular-nums">
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </Link>
  );
}
