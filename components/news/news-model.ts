import type { NewsItem, Sentiment } from "@/lib/alpha/news";
import { SENTIMENTS } from "@/lib/alpha/vocabulary";
import { istDateString } from "@/lib/alpha/time";
import { backfillInput, inDateRange, mergeById, timeOf } from "@/components/feeds/live-filters";

/** What the news page knows about news, free of React: live matching, the backfill query, the sentiment mix. */

export interface NewsFilters {
  symbols: string[];
  sentiment: Sentiment | null;
  from: string | null;
  to: string | null;
}

export function newsTime(item: Pick<NewsItem, "date">): number {
  return timeOf(item.date);
}

export function parseSentiment(value: string | null | undefined): Sentiment | null {
  return (SENTIMENTS as readonly string[]).includes(value ?? "") ? (value as Sentiment) : null;
}

/** Whether a live item belongs on the page under its filters (symbols are matched by the stream itself). */
export function matchesNewsFilters(item: NewsItem, filters: Pick<NewsFilters, "sentiment" | "from" | "to">): boolean {
  if (filters.sentiment && item.sentiment !== filters.sentiment) return false;
  return inDateRange(newsTime(item), filters.from, filters.to);
}

/** One backfill page: a page costs 1 credit whatever its size, so it is the largest allowed (50). */
export function newsInput(filters: NewsFilters, page: number) {
  return backfillInput(filters, filters.sentiment ? { sentiment: filters.sentiment } : {}, page, 50);
}

/** Stream and page rows, one per id, newest first. */
export function mergeNews(...lists: readonly (readonly NewsItem[])[]): NewsItem[] {
  return mergeById(lists, newsTime);
}

export interface SentimentDay {
  /** IST calendar day, YYYY-MM-DD. */
  day: string;
  positive: number;
  negative: number;
  neutral: number;
}

/** Articles per IST day and sentiment, oldest day first; days between the first and last are kept (as zeros). */
export function sentimentMix(items: readonly NewsItem[]): SentimentDay[] {
  const byDay = new Map<string, SentimentDay>();
  for (const item of items) {
    const t = newsTime(item);
    if (!t) continue;
    const day = istDateString(new Date(t));
    const row = byDay.get(day) ?? { day, positive: 0, negative: 0, neutral: 0 };
    const s: Sentiment = item.sentiment === "positive" ? "positive" : item.sentiment === "negative" ? "negative" : "neutral";
    row[s] += 1;
    byDay.set(day, row);
  }
  const days = [...byDay.keys()].sort();
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return [];
  const out: SentimentDay[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    out.push(byDay.get(day) ?? { day, positive: 0, negative: 0, neutral: 0 });
  }
  return out;
}

/** Only web links open from the page. */
export function safeLink(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}
