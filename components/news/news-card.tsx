"use client";

import { ExternalLinkIcon } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import type { NewsItem } from "@/lib/alpha/news";
import { formatIstDateTime, formatIstStamp, formatRelativeTime } from "@/lib/format/time";
import { symbolHref } from "@/lib/symbols/symbol-href";
import { safeLink } from "./news-model";
import { SentimentBadge } from "./sentiment-badge";
import { useRenderNow } from "@/components/market/use-market-status";

/** One article: sentiment, source and time, the headline linking out to the publisher. */
export function NewsCard({ item }: { item: NewsItem }) {
  const now = useRenderNow();
  const link = safeLink(item.link);
  const title = item.specific_title || item.title || "Untitled article";
  return (
    <article data-testid="news-card" data-news-id={item.id} data-sentiment={item.sentiment ?? ""} className="grid gap-2 rounded-xl border bg-card p-4 text-card-foreground shadow-xs">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        <SentimentBadge sentiment={item.sentiment} />
        {item.symbol && (
          <IntentLink href={symbolHref(item.symbol)} className="font-mono font-semibold text-primary underline underline-offset-4 hover:decoration-2" data-testid="news-symbol">
            {item.symbol}
          </IntentLink>
        )}
        {item.company && <span className="truncate">{item.company}</span>}
        <span aria-hidden>·</span>
        <span data-testid="news-source">{item.source ?? "Unknown source"}</span>
        <time dateTime={item.date ?? undefined} title={formatIstDateTime(item.date)} className="ml-auto font-mono tabular-nums">
          {formatIstStamp(item.date)} · {formatRelativeTime(item.date, now)}
        </time>
      </div>
      <h3 className="text-base leading-snug font-semibold">
        {link ? (
          <a href={link} target="_blank" rel="noopener noreferrer" className="group inline underline-offset-4 hover:underline" data-testid="news-link">
            {title}
            <ExternalLinkIcon aria-hidden className="ml-1 inline size-3.5 align-baseline text-muted-foreground group-hover:text-foreground" />
            <span className="sr-only"> (opens the publisher&apos;s site in a new tab)</span>
          </a>
        ) : (
          title
        )}
      </h3>
      {item.summary && <p className="line-clamp-3 text-sm leading-relaxed text-muted-foreground">{item.summary}</p>}
    </article>
  );
}
