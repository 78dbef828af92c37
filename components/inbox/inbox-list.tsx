"use client";

import { useQuery } from "@tanstack/react-query";
import { CheckCheckIcon, InboxIcon } from "lucide-react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { InboxItem, ListInboxQuery } from "@/lib/desk/inbox";
import * as api from "@/lib/desk/route-meta/inbox";
import { formatIstDateTime } from "@/lib/format/time";
import { deskQuery, useDeskMutation } from "@/lib/query/desk";
import { cn } from "@/lib/utils";

function ItemRow({ item, onMark }: { item: InboxItem; onMark: (read: boolean) => void }) {
  return (
    <li data-testid="inbox-item" data-id={item.id} data-read={item.read} className={cn("flex flex-col gap-2 border-b px-4 py-3 last:border-b-0 sm:flex-row sm:items-start", !item.read && "bg-accent/40")}>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          {!item.read && <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden />}
          <Badge variant="secondary">{item.kind}</Badge>
          {item.audience === "account" && <Badge variant="outline">whole account</Badge>}
          <time dateTime={item.createdAt} className="text-xs text-muted-foreground">
            {formatIstDateTime(item.createdAt)}
          </time>
        </div>
        {item.href ? (
          <Link href={item.href} onClick={() => !item.read && onMark(true)} className={cn("break-words underline-offset-4 hover:underline", !item.read && "font-semibold")}>
            {item.title}
          </Link>
        ) : (
          <p className={cn("break-words", !item.read && "font-semibold")}>{item.title}</p>
        )}
        {item.body && <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{item.body}</p>}
      </div>
      <Button variant="ghost" size="sm" className="self-start" onClick={() => onMark(!item.read)}>
        {item.read ? "Mark unread" : "Mark read"}
        <span className="sr-only">: {item.title}</span>
      </Button>
    </li>
  );
}

/** The inbox: newest first, all or unread only (in the URL), read marks per item or all at once. */
export function InboxList({ query }: { query: ListInboxQuery }) {
  const page = useQuery(deskQuery(api.listInbox, { query }));
  const mark = useDeskMutation(api.markInbox);
  const tab = (show: "all" | "unread", label: string) => (
    <Link href={show === "all" ? "/inbox" : "/inbox?show=unread"} aria-current={query.show === show ? "page" : undefined} className={buttonVariants({ variant: query.show === show ? "secondary" : "ghost", size: "sm" })}>
      {label}
    </Link>
  );
  return (
    <Card>
      <CardContent className="grid gap-3 p-0">
        <div className="flex flex-wrap items-center gap-2 border-b px-4 py-3">
          <nav aria-label="Inbox filter" className="flex gap-1">
            {tab("all", "All")}
            {tab("unread", `Unread${page.data ? ` (${page.data.unread})` : ""}`)}
          </nav>
          <Button variant="outline" size="sm" className="ml-auto" disabled={!page.data?.unread || mark.isPending} onClick={() => mark.mutate({ body: { all: true, read: true } })}>
            <CheckCheckIcon aria-hidden /> Mark all read
          </Button>
        </div>
        {page.isPending ? (
          <div className="grid gap-2 p-4" role="status" aria-label="Loading the inbox">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : page.isError ? (
          <p role="alert" className="p-4 text-sm text-destructive">
            The inbox could not be loaded: {page.error.message}
          </p>
        ) : page.data.items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 p-8 text-center text-sm text-muted-foreground">
            <InboxIcon aria-hidden className="size-6" />
            {query.show === "unread" ? "Nothing unread." : "Nothing here yet. Alert rules you make deliver here, and budget alerts too."}
          </div>
        ) : (
          <ul aria-label="Inbox items">
            {page.data.items.map((item) => (
              <ItemRow key={item.id} item={item} onMark={(read) => mark.mutate({ body: { ids: [item.id], read } })} />
            ))}
          </ul>
        )}
        {page.data?.nextBefore && (
          <div className="border-t px-4 py-3">
            <Link href={`/inbox?${new URLSearchParams({ ...(query.show === "unread" ? { show: "unread" } : {}), before: page.data.nextBefore }).toString()}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
              Older items
            </Link>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
