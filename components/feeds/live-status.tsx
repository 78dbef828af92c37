"use client";

import { AlertTriangleIcon, MoonIcon, PauseIcon, RadioIcon, RefreshCwIcon, TimerIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { describeCost } from "@/lib/alpha/costs";
import type { EndpointId } from "@/lib/alpha/catalogue";
import { formatCredits } from "@/lib/format/number";
import { formatDuration, formatIstTime } from "@/lib/format/time";
import type { LiveProduct, LiveState } from "@/lib/query/live";
import { cn } from "@/lib/utils";
import type { LiveSnapshot } from "./live-hub";
import { CLOSED_SENTENCE_CLASS, LiveStatusBox, useMarketClosedNote } from "./live-status-box";

const LIST_ENDPOINT: Record<LiveProduct, EndpointId> = { alerts: "listAlerts", news: "listNews", announcements: "listAnnouncements", "block-deals": "listBlockDeals" };

export type LiveBadgeState = LiveState | "paused" | "off" | "idle" | "rate_paused";

/** The state a page shows for one product: the relay's word when it has one, else the browser's connection. */
export function liveStateOf(snapshot: LiveSnapshot, product: LiveProduct): LiveBadgeState {
  if (snapshot.connection === "idle") return "idle";
  if (snapshot.connection === "retrying") return "reconnecting";
  return snapshot.statuses[product]?.state ?? "connecting";
}

export interface LiveBadgeCopy {
  state: LiveBadgeState;
  label: string;
  detail: string;
  /** A working feed while the market is shut (the label or detail says when it resumes). */
  marketClosed: boolean;
}

/** The badge's words for a feed's state; `closedNote` is the market-closed sentence (null while the market trades). */
export function liveBadgeCopy({
  snapshot,
  product,
  paused = false,
  off = null,
  closedNote = null,
}: {
  snapshot: LiveSnapshot;
  product: LiveProduct;
  paused?: boolean;
  off?: string | null;
  closedNote?: string | null;
}): LiveBadgeCopy {
  const status = snapshot.statuses[product];
  const poll = snapshot.polls[product];
  const base = liveStateOf(snapshot, product);
  const rateLimited = base === "error" && status?.reason === "rate_limited";
  const state: LiveBadgeState = off ? "off" : paused && base !== "error" ? "paused" : rateLimited ? "rate_paused" : base;
  // While the market is shut a working feed says so (and when it resumes); data-state keeps the connection's word. It
  // says so before and while connecting too (the page's first HTML), so the badge does not change size when the
  // stream opens after hydration.
  const opening = state === "idle" || state === "connecting";
  const marketClosed = closedNote !== null && (state === "connected" || state === "polling" || opening);
  let label: string;
  let detail: string;
  switch (state) {
    case "off":
      label = "Live off";
      detail = off ?? "";
      break;
    case "paused":
      label = "Paused";
      detail = "New items wait until you resume.";
      break;
    case "rate_paused": {
      // The relay stamps when it stopped and how long the plan asked it to wait (Retry-After).
      const resumeAt = status ? Date.parse(status.at) + (status.retryInMs ?? 60_000) : null;
      label = resumeAt === null ? "Paused by the request limit" : `Paused: resumes at ${formatIstTime(resumeAt)}`;
      detail = status?.message ?? "Your plan's request limit was reached.";
      break;
    }
    case "connected":
      label = marketClosed && closedNote ? closedNote : "Live";
      detail = marketClosed ? "The stream stays connected: anything filed while the market is shut still appears." : (status?.message ?? "Items appear as they happen.");
      break;
    case "polling":
      label = `Checking every ${formatDuration((status?.pollEveryMs ?? 12_000) / 1000)}`;
      detail = `${marketClosed && closedNote ? `${closedNote}. ` : ""}${status?.message ?? ""} ${describeCost(LIST_ENDPOINT[product])}${poll ? ` Last check ${formatIstTime(poll.at)}: ${poll.items} new, ${poll.creditsCharged > 0 ? formatCredits(poll.creditsCharged) : "free"}.` : ""}`;
      break;
    case "standby":
      label = "Live needs symbols";
      detail = status?.message ?? "";
      break;
    case "reconnecting":
      label = status?.retryInMs && snapshot.connection !== "retrying" ? `Reconnecting in ${formatDuration(Math.max(1, status.retryInMs / 1000))}` : "Reconnecting";
      detail = snapshot.connection === "retrying" ? "The connection to the desk dropped; reconnecting." : (status?.message ?? "Reconnecting.");
      break;
    case "error":
      label = "Live updates stopped";
      detail = status?.message ?? "";
      break;
    default:
      label = marketClosed && closedNote ? closedNote : "Connecting";
      detail = marketClosed ? "Connecting to the live stream; anything filed while the market is shut still appears." : "Connecting to the live stream.";
  }
  return { state, label, detail, marketClosed };
}

/**
 * "Live", "Polling every 12 s", "Reconnecting in 4 s", "Paused: resumes at 10:42 IST": what the feed is doing, with
 * the relay's sentence (and what polling costs) on hover. `paused` and `off` are the page's own states. While the
 * market is shut (the desk's calendar), a working feed says so and when it resumes instead of a bare "Live".
 */
export function LiveStatusBadge({
  snapshot,
  product,
  paused = false,
  off = null,
  reserve = false,
  className,
}: {
  snapshot: LiveSnapshot;
  product: LiveProduct;
  paused?: boolean;
  /** Why live arrivals are off on this view (e.g. a past date range); null when they are on. */
  off?: string | null;
  /**
   * Hold the badge in a box of its largest size (two lines, 19rem; the whole row on a phone), so its label changing
   * ("Connecting" to the market-closed sentence) moves nothing around it.
   */
  reserve?: boolean;
  className?: string;
}) {
  const closedNote = useMarketClosedNote(product);
  const { state, label, detail, marketClosed } = liveBadgeCopy({ snapshot, product, paused, off, closedNote });
  const status = snapshot.statuses[product];
  const closedSentence = marketClosed && state !== "polling";
  const Icon = closedSentence ? MoonIcon : state === "error" || state === "standby" ? AlertTriangleIcon : state === "paused" || state === "rate_paused" ? PauseIcon : state === "polling" ? TimerIcon : state === "reconnecting" ? RefreshCwIcon : RadioIcon;
  const variant = closedSentence ? "neutral" : state === "connected" ? "positive" : state === "error" ? "negative" : state === "polling" || state === "reconnecting" || state === "standby" || state === "rate_paused" ? "warning" : "neutral";
  const badge = (
    <Tooltip>
      <TooltipTrigger asChild>
        <span tabIndex={0} className="inline-flex rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
          <Badge
            variant={variant}
            data-testid="live-status"
            data-state={state}
            data-reason={status?.reason ?? ""}
            data-market={closedNote === null ? "open" : "closed"}
            aria-live="polite"
            className={cn("h-7 gap-1.5 px-2.5", closedSentence && CLOSED_SENTENCE_CLASS, className)}
          >
            {state === "connected" && !marketClosed ? (
              <span aria-hidden className="relative flex size-2">
                <span className="absolute inline-flex size-full animate-ping rounded-full bg-positive opacity-60 motion-reduce:animate-none" />
                <span className="relative inline-flex size-2 rounded-full bg-positive" />
              </span>
            ) : (
              <Icon aria-hidden className={cn(state === "reconnecting" && "animate-spin motion-reduce:animate-none")} />
            )}
            {label}
          </Badge>
        </span>
      </TooltipTrigger>
      <TooltipContent className="max-w-xs">{detail.trim() || label}</TooltipContent>
    </Tooltip>
  );
  return <LiveStatusBox reserve={reserve}>{badge}</LiveStatusBox>;
}
