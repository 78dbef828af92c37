"use client";

import { CardHeading } from "@/components/shell/card-heading";
import { HandshakeIcon } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import * as React from "react";
import { PaidButton } from "@/components/paid/paid-call";
import { FeedFooter } from "@/components/feeds/feed-chrome";
import { LiveStatusBadge } from "@/components/feeds/live-status-lazy";
import { useLiveStream } from "@/components/feeds/use-live-stream";
import { usePaidPages } from "@/components/feeds/use-paid-pages";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import type { BlockDeal } from "@/lib/alpha/block-deals";
import { describeCost } from "@/lib/alpha/costs";
import { formatIstStamp } from "@/lib/format/time";
import { istDate } from "@/lib/market/calendar";
import { type BlockDealFilters, blockDealsInput, blockDealWindow, formatCapShare, formatDealValue, marketCapShare, matchesBlockDealFilters, mergeBlockDeals } from "./block-deal-model";
import { symbolHref } from "@/lib/symbols/symbol-href";
import { useHeldContext } from "./use-held-context";

/**
 * Today's block deals in the user's symbols, for the Today page to mount: arrivals over the shared live stream
 * (free), today's earlier deals as one priced page on request, rows already bought reused.
 */
export function BlockDealsForSymbols({ symbols, now, hasKey = true }: { symbols: readonly string[]; /** The page's time (server-rendered), fixing "today". */ now: number; hasKey?: boolean }) {
  const today = istDate(now);
  const symbolsKey = symbols.join(",");
  const filters: BlockDealFilters = React.useMemo(() => ({ symbols: symbolsKey ? symbolsKey.split(",") : [], exchange: null, from: today, to: null }), [symbolsKey, today]);
  const [arrived, setArrived] = React.useState<BlockDeal[]>([]);
  const held = useHeldContext();
  const live = useLiveStream({
    products: ["block-deals"],
    symbols: filters.symbols,
    // With no symbols the panel has nothing to follow (and must not poll the whole market).
    enabled: hasKey && filters.symbols.length > 0,
    onRow: ({ row }) => {
      if (matchesBlockDealFilters(row, filters)) setArrived((list) => [row, ...list.filter((d) => d.id !== row.id)]);
    },
  });
  const pages = usePaidPages("listBlockDeals", (page) => blockDealsInput(filters, page), { matches: (row) => matchesBlockDealFilters(row, filters) });
  const deals = React.useMemo(() => mergeBlockDeals(arrived, pages.rows).filter((d) => matchesBlockDealFilters(d, filters)), [arrived, pages.rows, filters]);

  return (
    <Card data-testid="block-deals-for-symbols">
      <CardHeader className="grid-rows-none gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid gap-1">
            <CardHeading icon={HandshakeIcon} title="Block deals today" description={symbols.length ? `In your ${symbols.length} symbol${symbols.length === 1 ? "" : "s"}, as they are reported.` : "Add symbols to a watchlist to follow their block deals."} />
          </div>
          {hasKey && symbols.length > 0 && <LiveStatusBadge snapshot={live} product="block-deals" />}
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        {deals.length > 0 ? (
          <ul className="divide-y" aria-label="Block deals today">
            {deals.map((d) => {
              const window = blockDealWindow(d);
              const share = d.symbol ? marketCapShare(d, held.marketCaps.get(d.symbol)) : null;
              return (
                <li key={d.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm" data-testid="block-deal-row" data-deal-id={d.id}>
                  {d.symbol && (
                    <IntentLink href={symbolHref(d.symbol)} className="font-mono font-semibold text-primary hover:underline">
                      {d.symbol}
                    </IntentLink>
                  )}
                  <span className="font-mono font-semibold tabular-nums">{formatDealValue(d)}</span>
                  {share !== null && <span className="text-xs text-muted-foreground">{formatCapShare(share)}</span>}
                  <Badge variant="outline" className="text-[11px]">
                    {window === "morning" ? "Morning" : window === "afternoon" ? "Afternoon" : "Off-window"} · {formatIstStamp(d.date, now)}
                  </Badge>
                  {d.exchange && <span className="text-xs text-muted-foreground">{d.exchange}</span>}
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{pages.loaded > 0 ? "No block deals in your symbols today; the empty page was free." : "None yet today."}</p>
        )}
        {hasKey && symbols.length > 0 && pages.loaded === 0 && (
          <PaidButton price={pages.nextPrice} what={`Load today's block deals in your symbols (${describeCost("listBlockDeals").replace(/\.$/, "")}).`} onRun={pages.loadNext} variant="outline" size="sm" className="w-fit" testId="block-deals-today-load">
            Load today&apos;s deals
          </PaidButton>
        )}
        <FeedFooter pages={pages} noun="deals" />
      </CardContent>
    </Card>
  );
}
