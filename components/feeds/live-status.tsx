"use client";

import { AlertTriangleIcon, PauseIcon, RadioIcon, RefreshCwIcon, TimerIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { describeCost } from "@/lib/alpha/costs";
import type { EndpointId } from "@/lib/alpha/catalogue";
import { formatCredits } from "@/lib/format/number";
import { formatDuration, formatIstTime } from "@/lib/format/time";
import type { LiveProduct, LiveState } from "@/lib/query/live";
import { cn } from "@/lib/utils";
import type { LiveSnapshot } from "./live-hub";

const LIST_ENDPOINT: Record<LiveProduct, EndpointId> = { alerts: "listAlerts", news: "listNews", announcements: "listAnnouncements", "block-deals": "listBlockDeals" };

export type LiveBadgeState = LiveState | "paused" | "off" | "idle";

/** The state a page shows for one product: the relay's word when it has one, else the browser's connection. */
export function liveStateOf(snapshot: LiveSnapshot, product: LiveProduct): LiveBadgeState {
  if (snapshot.connection === "idle") return "idle";
  if (snapshot.connection === "retrying") return "reconnecting";
  return snapshot.statuses[product]?.state ?? "connecting";
}

/**
 * "Live", "Polling every 12 s", "Reconnecting in 4 s", "Live updates stopped": what the feed is doing, with the
 * relay's sentence (and what polling costs) on hover. `paused` and `off` are the page's own states.
 */
export function LiveStatusBadge({
  snapshot,
  product,
  paused = false,
  off = null,
  className,
}: {
  snapshot: LiveSnapshot;
  product: LiveProduct;
  paused?: boolean;
  /** Why live arrivals are off on this view (e.g. a past date range); null when they are on. */
  off?: string | null;
  className?: string;
}) {
  const status = snapshot.statuses[product];
  const poll = snapshot.polls[product];
  const base = liveStateOf(snapshot, product);
  const state: LiveBadgeState = off ? "off" : paused && base !== "error" ? "paused" : base;
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
    case "connected":
      label = "Live";
      detail = status?.message ?? "Items appear as they happen.";
      break;
    case "polling":
      label = `Checking every ${formatDuration((status?.pollEveryMs ?? 12_000) / 1000)}`;
      detail = `${status?.message ?? ""} ${describeCost(LIST_ENDPOINT[product])}${poll ? ` Last check ${formatIstTime(poll.at)}: ${poll.items} new, ${poll.creditsCharged > 0 ? formatCredits(poll.creditsCharged) : "free"}.` : ""}`;
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
      label = "Connecting";
      detail = "Connecting to the live stream.";
  }
  const Icon = state === "error" || state === "standby" ? AlertTriangleIcon : state === "paused" ? PauseIcon : state === "polling" ? TimerIcon : state === "reconnecting" ? RefreshCwIcon : RadioIcon;
  const variant = state === "connected" ? "positive" : state === "error" ? "negative" : state === "polling" || state === "reconnecting" || state === "standby" ? "warning" : "neutral";
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span tabIndex={0} className="inline-flex rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
          <Badge
            variant={variant}
            data-testid="live-status"
            data-state={state}
            data-reason={status?.reason ?? ""}
            aria-live="polite"
            className={cn("h-7 gap-1.5 px-2.5", className)}
          >
            {state === "connected" ? (
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
}
