"use client";

import { useQuery } from "@tanstack/react-query";
import { CalendarDaysIcon, CopyIcon, RefreshCwIcon, Trash2Icon } from "lucide-react";
import { useId, useState } from "react";
import { HeadedCard } from "@/components/shell/card-heading";
import { ErrorState } from "@/components/shell/error-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { copyWithToast } from "@/components/shell/copy-button";
import { toast } from "@/components/ui/toast";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import type { CalendarFeed } from "@/lib/desk/calendar-feeds";
import * as calendarApi from "@/lib/desk/route-meta/calendar";
import * as watchlistsApi from "@/lib/desk/route-meta/watchlists";
import type { Watchlist } from "@/lib/desk/watchlists";
import { formatIstDateTime } from "@/lib/format/time";
import { deskQuery, useDeskMutation } from "@/lib/query/desk";

interface Scope {
  key: string;
  watchlistId: string | null;
  name: string;
}

const failed = (e: unknown) => toast.error(isAlphaError(e) ? e.message : "That did not work. Try again.");

/** The address just made or rotated: shown once (the desk keeps only a hash of its token). */
function IssuedUrl({ url, scope }: { url: string; scope: string }) {
  const id = useId();
  return (
    <div className="grid gap-2 rounded-lg border bg-muted/40 p-3" data-testid="calendar-url">
      <Label htmlFor={id}>Calendar address for {scope} (shown once)</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id={id} readOnly value={url} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} data-testid="calendar-url-input" />
        <Button
          type="button"
          variant="outline"
          onClick={() => copyWithToast(url, "Calendar address")}
        >
          <CopyIcon aria-hidden />
          Copy URL
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        In Google Calendar: Other calendars → From URL. In Apple Calendar: File → New Calendar Subscription. Anyone with this address can read the calendar; rotate it if it leaks.
      </p>
    </div>
  );
}

function ScopeRow({ scope, feed, onIssued }: { scope: Scope; feed: CalendarFeed | undefined; onIssued: (key: string, url: string | null) => void }) {
  const create = useDeskMutation(calendarApi.createCalendarFeed, { onSuccess: (f) => onIssued(scope.key, f.url), onError: failed });
  const rotate = useDeskMutation(calendarApi.rotateCalendarFeed, {
    onSuccess: (f) => {
      onIssued(scope.key, f.url);
      toast.success("New address made; the old one no longer works.");
    },
    onError: failed,
  });
  const revoke = useDeskMutation(calendarApi.revokeCalendarFeed, {
    onSuccess: () => {
      onIssued(scope.key, null);
      toast.success("Calendar address revoked.");
    },
    onError: failed,
  });
  const busy = create.isPending || rotate.isPending || revoke.isPending;
  return (
    <li className="flex flex-col gap-2 rounded-md border px-3 py-2 sm:flex-row sm:items-center" data-testid="calendar-feed" data-scope={scope.key}>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="break-words font-medium">{scope.name}</span>
        <span className="text-xs text-muted-foreground">
          {feed ? <>Subscribed address made {formatIstDateTime(feed.rotatedAt ?? feed.createdAt)}</> : "No address yet"}
        </span>
      </div>
      {feed && <Badge variant="secondary">Active</Badge>}
      <span className="flex flex-wrap gap-1">
        {!feed ? (
          <Button size="sm" onClick={() => create.mutate({ body: { watchlistId: scope.watchlistId } })} disabled={busy} data-testid="calendar-subscribe">
            <CalendarDaysIcon aria-hidden />
            Subscribe in your calendar
          </Button>
        ) : (
          <>
            <Button size="sm" variant="outline" onClick={() => rotate.mutate({ params: { id: feed.id } })} disabled={busy} aria-label={`Rotate the calendar address of ${scope.name}`} data-testid="calendar-rotate">
              <RefreshCwIcon aria-hidden />
              Rotate
            </Button>
            <Button size="sm" variant="ghost" onClick={() => revoke.mutate({ params: { id: feed.id } })} disabled={busy} aria-label={`Revoke the calendar address of ${scope.name}`} data-testid="calendar-revoke">
              <Trash2Icon aria-hidden />
              Revoke
            </Button>
          </>
        )}
      </span>
    </li>
  );
}

/** Subscribe a calendar app to results meetings, concalls, results deadlines and NSE holidays of your holdings. */
export function CalendarFeedsCard() {
  const feeds = useQuery(deskQuery(calendarApi.listCalendarFeeds));
  const lists = useQuery(deskQuery(watchlistsApi.listWatchlists));
  const [issued, setIssued] = useState<{ key: string; url: string } | null>(null);
  const own = (lists.data ?? []).filter((w: Watchlist) => w.owner === null);
  const scopes: Scope[] = [{ key: "all", watchlistId: null, name: "All my watchlists" }, ...own.map((w) => ({ key: w.id, watchlistId: w.id, name: w.name }))];
  const byScope = new Map((feeds.data ?? []).map((f) => [f.watchlistId ?? "all", f]));
  const issuedScope = issued ? scopes.find((s) => s.key === issued.key) : undefined;

  return (
    <HeadedCard
      data-testid="calendar-feeds-card"
      icon={CalendarDaysIcon}
      iconClassName="text-primary"
      title="Calendar subscriptions"
      description="Results board meetings, concalls (IST), each holding's results deadline and NSE holidays in the calendar you already use, with a reminder at 08:30 IST. Moved meetings update; withdrawn ones show as cancelled. Free: no credits."
      contentClassName="grid gap-3"
    >
      {issued && issuedScope && <IssuedUrl url={issued.url} scope={issuedScope.name} />}
      {(feeds.isError || lists.isError) && <ErrorState error={feeds.error ?? lists.error} onRetry={() => void Promise.all([feeds.refetch(), lists.refetch()])} />}
      {feeds.isPending || lists.isPending ? (
        <p className="text-sm text-muted-foreground">Loading your calendar addresses…</p>
      ) : (
        <ul className="grid gap-2 text-sm" aria-label="Calendar addresses">
          {scopes.map((scope) => (
            <ScopeRow key={scope.key} scope={scope} feed={byScope.get(scope.key)} onIssued={(key, url) => setIssued(url ? { key, url } : null)} />
          ))}
        </ul>
      )}
    </HeadedCard>
  );
}
