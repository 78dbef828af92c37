"use client";

import { ArrowUpRightIcon, FileTextIcon, SunriseIcon, SunsetIcon } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { Badge } from "@/components/ui/badge";
import type { BlockDeal } from "@/lib/alpha/block-deals";
import { formatInr } from "@/lib/format/number";
import { formatIstDate, formatIstDateTime, formatIstStamp, formatIstTime, formatRelativeTime } from "@/lib/format/time";
import { symbolHref } from "@/lib/symbols/symbol-href";
import type { HeldContext } from "./use-held-context";
import { blockDealWindow, explainingAnnouncements, formatCapShare, formatDealValue, formatShares, marketCapShare, WINDOW_LABEL } from "./block-deal-model";
import { useRenderNow } from "@/components/market/use-market-status";

export { symbolHref };

/** One block deal: value in ₹ crore, shares at a price, its window, its size against the cap and the filings behind it. */
export function BlockDealCard({ deal, held }: { deal: BlockDeal; held: HeldContext }) {
  const now = useRenderNow();
  const window = blockDealWindow(deal);
  const cap = deal.symbol ? held.marketCaps.get(deal.symbol) : undefined;
  const share = marketCapShare(deal, cap);
  const filings = explainingAnnouncements(deal, held.announcements);
  const WindowIcon = window === "afternoon" ? SunsetIcon : SunriseIcon;
  return (
    <article data-testid="block-deal-card" data-deal-id={deal.id} data-exchange={deal.exchange ?? ""} data-window={window ?? "none"} className="grid gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs">
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        {/* Wide enough for the symbol and exchange on one line: on a phone the time wraps below instead. */}
        <div className="grid min-w-[12rem] flex-1 gap-0.5">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {deal.symbol ? (
              <IntentLink href={symbolHref(deal.symbol)} className="inline-flex items-center gap-0.5 font-mono font-semibold text-primary underline-offset-4 hover:underline" data-testid="block-deal-symbol">
                {deal.symbol}
                <ArrowUpRightIcon aria-hidden className="size-3.5" />
              </IntentLink>
            ) : (
              <span className="font-mono font-semibold">Unknown symbol</span>
            )}
            {deal.exchange && (
              <Badge variant="outline" className="font-mono text-[11px]" data-testid="block-deal-exchange">
                {deal.exchange}
              </Badge>
            )}
          </div>
          {deal.company && <span className="truncate text-sm text-muted-foreground">{deal.company}</span>}
        </div>
        <time dateTime={deal.date ?? undefined} title={formatIstDateTime(deal.date)} className="shrink-0 text-xs text-muted-foreground sm:text-right">
          <span className="block font-mono font-medium text-foreground tabular-nums">
            {formatIstDate(deal.date)} · {formatIstTime(deal.date)}
          </span>
          <span className="block">{formatRelativeTime(deal.date, now)}</span>
        </time>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-[auto_auto_1fr]">
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">Value</dt>
          <dd className="font-mono text-lg font-semibold tabular-nums" data-testid="block-deal-value">
            {formatDealValue(deal)}
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">Shares at price</dt>
          <dd className="font-mono text-sm tabular-nums" data-testid="block-deal-shares">
            <span className="whitespace-nowrap">{formatShares(deal.shares)}</span> <span className="whitespace-nowrap">@ {formatInr(deal.price, { paise: true })}</span>
          </dd>
        </div>
        <div className="col-span-2 grid gap-0.5 sm:col-span-1">
          <dt className="text-xs text-muted-foreground">Size</dt>
          <dd className="text-sm" data-testid="block-deal-cap-share" data-known={share !== null}>
            {share !== null ? (
              <span className="font-mono tabular-nums">{formatCapShare(share)}</span>
            ) : (
              <span className="text-muted-foreground">Market cap not held (the symbol page&apos;s profile has it)</span>
            )}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={window ? "secondary" : "outline"} data-testid="block-deal-window" className="gap-1">
          {window ? <WindowIcon aria-hidden /> : null}
          {window ? WINDOW_LABEL[window] : "Outside the block-deal windows"}
        </Badge>
      </div>
      {filings.length > 0 && (
        <div className="grid gap-1.5 border-t pt-2" data-testid="block-deal-filings">
          <p className="text-xs font-medium text-muted-foreground">Same-day filings that may explain it</p>
          <ul className="grid gap-1.5">
            {filings.slice(0, 3).map(({ announcement: a, reason }) => (
              <li key={a.id} className="flex items-start gap-2 text-sm" data-testid="block-deal-filing" data-announcement-id={a.id}>
                <FileTextIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                <span className="grid min-w-0 gap-0.5">
                  <span className="flex flex-wrap items-center gap-1.5">
                    <Badge variant="secondary" className="font-normal">
                      {a.category ?? "Filing"}
                    </Badge>
                    <span className="font-mono text-xs text-muted-foreground tabular-nums">{formatIstStamp(a.date)}</span>
                    {reason !== a.category && <span className="text-xs text-muted-foreground">matched “{reason}”</span>}
                  </span>
                  {a.summary && <span className="line-clamp-2 text-muted-foreground">{a.summary}</span>}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </article>
  );
}
