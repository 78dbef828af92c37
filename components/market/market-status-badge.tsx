"use client";

import { CalendarOffIcon, MoonIcon, SunriseIcon, SunsetIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";
import { useMarketStatus } from "./use-market-status";

/**
 * The shell's market status: pre-open, open, closing, closed or holiday, with the next session on hover and for readers.
 * The status is in the first HTML (the render instant, ./use-market-status.ts); the placeholder is only for a calendar
 * that failed to load, sized as the badge is on a phone (a dot) and on wider screens (a label).
 */
export function MarketStatusBadge({ className }: { className?: string }) {
  const { copy } = useMarketStatus();
  if (!copy) return <span aria-hidden className={cn("inline-block h-7 w-[1.625rem] sm:w-24", className)} />;
  const Icon = copy.phase === "pre_open" ? SunriseIcon : copy.phase === "closing" ? SunsetIcon : copy.phase === "holiday" ? CalendarOffIcon : MoonIcon;
  const next = !copy.trading && copy.nextSession ? `Next session ${copy.nextSession}` : null;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span
          tabIndex={0}
          role="status"
          aria-label={`${copy.label}. ${copy.detail}`}
          className={cn("inline-flex min-w-0 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50", className)}
        >
          <Badge variant="outline" data-testid="shell-market-status" data-phase={copy.phase} className="h-7 min-w-0 max-w-full shrink gap-1.5 px-2 sm:px-2.5">
            {copy.phase === "open" ? (
              <span aria-hidden className="relative flex size-2">
                <span className="relative inline-flex size-2 rounded-full bg-positive" />
              </span>
            ) : (
              <Icon aria-hidden className="shrink-0" />
            )}
            <span className="sr-only shrink-0 sm:not-sr-only">{copy.label}</span>
            {next && <span className="hidden min-w-0 truncate font-normal text-muted-foreground xl:inline">{` · ${next}`}</span>}
          </Badge>
        </span>
      </TooltipTrigger>
      <TooltipContent className="max-w-xs">{copy.detail}</TooltipContent>
    </Tooltip>
  );
}
