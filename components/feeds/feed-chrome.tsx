"use client";

import { InfoIcon, ListChecksIcon } from "lucide-react";
import { fromCacheLabel, PaidButton } from "@/components/paid/paid-call";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { formatCredits } from "@/lib/format/number";
import { formatDuration } from "@/lib/format/time";
import { alphaPrice } from "@/lib/query/alpha";
import type { LiveProduct, LiveStatus } from "@/lib/query/live";
import { cn } from "@/lib/utils";
import type { PaidPages } from "./use-paid-pages";

const LIST_OF: Record<LiveProduct, "listAlerts" | "listNews" | "listAnnouncements" | "listBlockDeals"> = {
  alerts: "listAlerts",
  news: "listNews",
  announcements: "listAnnouncements",
  "block-deals": "listBlockDeals",
};

/**
 * What the page should know about its stream: on standby (no stream, no symbols) it asks for symbols or offers
 * whole-market checks at their price; a backfill cut to 20 symbols says so.
 */
export function FeedNotices({
  status,
  symbols,
  noun,
  onPollAll,
}: {
  status: LiveStatus | undefined;
  symbols: number;
  noun: string;
  onPollAll?: () => void;
}) {
  const standby = status?.state === "standby";
  const price = status ? alphaPrice(LIST_OF[status.product], { query: { limit: 50 } }) : null;
  const every = formatDuration((status?.pollEveryMs ?? 12_000) / 1000);
  return (
    <>
      {standby && status && price && (
        <Alert variant="warning" data-testid="live-needs-symbols" data-reason={status.reason ?? ""}>
          <ListChecksIcon aria-hidden />
          <AlertTitle>Pick symbols or a watchlist to follow new {noun}</AlertTitle>
          <AlertDescription className="grid gap-2">
            <p>{status.message}</p>
            {onPollAll && (
              <PaidButton
                price={price}
                what={`Check the whole market for new ${noun} every ${every} while this page is open. Each check is charged as a page of the list: ${price.description}`}
                onRun={onPollAll}
                variant="outline"
                size="sm"
                className="w-fit"
                testId="live-poll-all"
              >
                Check the whole market every {every}
              </PaidButton>
            )}
          </AlertDescription>
        </Alert>
      )}
      {symbols > 20 && (
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <InfoIcon aria-hidden className="size-3.5" />
          Live {noun} follow all {symbols} symbols; a loaded page covers the first 20 (one request takes at most 20).
        </p>
      )}
    </>
  );
}

const HELD_BECAUSE: Record<string, (noun: string) => string> = {
  live_stream: (noun) => `kept current by the live stream, which brought no new ${noun} since it was bought · 0 credits`,
  market_shut: () => "the market has been shut since it was bought · 0 credits",
  budget: () => "a budget past its limit holds paid panels to the desk's cache · 0 credits",
};
const BOUGHT_AGAIN_BECAUSE: Record<string, (noun: string) => string> = {
  new_rows: (noun) => `bought again: the live stream brought new ${noun} since the last time`,
  no_stream: () => "bought again: no unbroken live stream watched this page since the last time, so the desk could not vouch for it",
};

/** Why the last page cost nothing though its minute was over, or why the desk bought it again. */
function WhyHeld({ meta, noun }: { meta: PagesView["metas"][number]; noun: string }) {
  const held = meta.cached && meta.heldBecause ? HELD_BECAUSE[meta.heldBecause] : undefined;
  const bought = !meta.cached && meta.boughtAgainBecause ? BOUGHT_AGAIN_BECAUSE[meta.boughtAgainBecause] : undefined;
  const text = held?.(noun) ?? bought?.(noun);
  if (!text) return null;
  return (
    <span data-testid="feed-why" data-why={meta.cached ? meta.heldBecause : meta.boughtAgainBecause}>
      · {text}
    </span>
  );
}

type PagesView = Pick<PaidPages<"listAlerts">, "loaded" | "held" | "charged" | "hasNext" | "lastEmpty" | "nextPrice" | "loadNext" | "fetching" | "metas">;

/** Under the feed: what the loaded pages cost (empty ones free), and the priced button for the next page. */
export function FeedFooter({ pages, noun, className }: { pages: PagesView; noun: string; className?: string }) {
  if (pages.loaded === 0) {
    return pages.held > 0 ? (
      <p className={cn("border-t pt-3 text-xs text-muted-foreground", className)} data-testid="feed-held" data-held={pages.held}>
        {pages.held} {noun} from pages you already loaded match these filters · 0 credits. Load recent {noun} to buy the rest.
      </p>
    ) : null;
  }
  const last = pages.metas[pages.metas.length - 1];
  return (
    <div className={cn("flex flex-wrap items-center justify-between gap-3 border-t pt-3", className)} data-testid="feed-footer">
      <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        {pages.metas.length < pages.loaded ? (
          <span aria-busy="true">Loading page {pages.loaded}…</span>
        ) : (
          <span data-testid="feed-spent" data-credits={pages.charged}>
            {pages.loaded} {pages.loaded === 1 ? "page" : "pages"} loaded · {formatCredits(pages.charged)}
          </span>
        )}
        {pages.lastEmpty && (
          <Badge variant="neutral" data-testid="empty-page-free">
            Last page empty · free
          </Badge>
        )}
        {last?.cached && <span>· {fromCacheLabel(last.fetchedAt)}</span>}
        {last && <WhyHeld meta={last} noun={noun} />}
        {pages.held > 0 && <span data-testid="feed-held" data-held={pages.held}>· {pages.held} more from pages loaded under other filters, 0 credits</span>}
      </p>
      {pages.hasNext && !pages.lastEmpty ? (
        <PaidButton price={pages.nextPrice} what={`Load the next page of older ${noun}.`} onRun={pages.loadNext} pending={pages.fetching} variant="outline" size="sm" testId="feed-load-older">
          Load older {noun}
        </PaidButton>
      ) : (
        !pages.fetching && <span className="text-xs text-muted-foreground">No older {noun} for these filters.</span>
      )}
    </div>
  );
}
