import "server-only";
/** Which events a rule wants, what its message says, and when it is due (instant, digest, quiet hours on NSE's clock). */
import type { RuleKind, RuleTiming } from "@/lib/desk/alert-rules";
import type { LiveProduct } from "@/lib/query/live";
import type { MarketCalendarView } from "@/lib/market/calendar";
import { istTimeOn } from "@/lib/market/calendar";

export interface AlertEvent {
  product: LiveProduct;
  id: string;
  symbol: string;
  title: string;
  summary: string;
  category: string | null;
  /** When it happened upstream (ISO), when the row says. */
  at: string | null;
  /** The desk page about it. */
  href: string;
  /** Read after the desk was down (it missed the live arrival): the message says so. */
  caughtUp?: boolean;
}

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

const PAGE: Record<LiveProduct, string> = { alerts: "/alerts", news: "/news", announcements: "/announcements", "block-deals": "/block-deals" };

/** The event a stream row describes, or null for a row without an id or a symbol. */
export function toAlertEvent(product: LiveProduct, row: Record<string, unknown>): AlertEvent | null {
  const id = str(row.id);
  const symbol = str(row.symbol)?.toUpperCase();
  if (!id || !symbol) return null;
  const category = str(row.category);
  let title: string;
  let summary: string;
  switch (product) {
    case "announcements":
      title = `${symbol}: ${category ?? "Announcement"}`;
      summary = str(row.summary) ?? str(row.long_summary) ?? "";
      break;
    case "alerts": {
      const type = str(row.type) ?? str(row.alert_type) ?? "alert";
      title = `${symbol}: ${type.replaceAll("_", " ")}`;
      summary = str(row.reason) ?? "";
      break;
    }
    case "block-deals": {
      const value = num(row.trade_value_cr);
      title = `${symbol}: block deal${value !== null ? ` of ₹${value.toLocaleString("en-IN", { maximumFractionDigits: 2 })} cr` : ""}`;
      summary = [str(row.exchange), num(row.shares) !== null ? `${num(row.shares)?.toLocaleString("en-IN")} shares` : null, num(row.price) !== null ? `at ₹${num(row.price)}` : null].filter(Boolean).join(" · ");
      break;
    }
    case "news":
      title = `${symbol}: ${str(row.title) ?? str(row.headline) ?? "news"}`;
      summary = str(row.summary) ?? "";
      break;
  }
  const at = str(row.date) ?? str(row.timestamp) ?? str(row.published_at) ?? null;
  return { product, id, symbol, title: title.slice(0, 200), summary: summary.slice(0, 1000), category, at, href: `${PAGE[product]}?symbols=${encodeURIComponent(symbol)}` };
}

/** A keyword with * and ? wildcards, matched case-insensitively against whole words or phrases. */
export function keywordMatcher(keyword: string): RegExp {
  const body = keyword
    .trim()
    .split("")
    .map((c) => (c === "*" ? "[\\p{L}\\p{N}]*" : c === "?" ? "[\\p{L}\\p{N}]" : c.replace(/[.+^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, "iu");
}

export function kindMatches(kind: RuleKind, product: LiveProduct, row: Record<string, unknown>): boolean {
  if (kind.product !== product) return false;
  switch (kind.product) {
    case "announcements": {
      const category = str(row.category)?.toLowerCase() ?? "";
      if (kind.categories.length && !kind.categories.some((c) => c.toLowerCase() === category)) return false;
      if (kind.importantOnly && row.important !== true) return false;
      if (kind.keywords.length) {
        const text = [str(row.summary), str(row.long_summary), str(row.category)].filter(Boolean).join(" ");
        if (!kind.keywords.some((k) => keywordMatcher(k).test(text))) return false;
      }
      return true;
    }
    case "alerts": {
      const type = (str(row.type) ?? str(row.alert_type) ?? "").toLowerCase();
      return !kind.types.length || kind.types.some((t) => t.toLowerCase() === type);
    }
    case "block-deals": {
      const value = num(row.trade_value_cr);
      return kind.minValueCr === null || (value !== null && value >= kind.minValueCr);
    }
    case "news": {
      const sentiment = str(row.sentiment) ?? str((row.sentiment as { label?: unknown } | null)?.label);
      return !kind.sentiments.length || (sentiment !== null && (kind.sentiments as string[]).includes(sentiment.toLowerCase()));
    }
  }
}

/** Whether the NSE market is in a session at `ms` (pre-open to close), on the desk's active calendar. */
export function inSession(view: MarketCalendarView, ms: number): boolean {
  const phase = view.marketStatusAt(ms).phase;
  return phase === "pre_open" || phase === "open" || phase === "closing";
}

/** The next instant at or after `ms` that is `hhmm` IST on a day the market meets. */
export function nextDigestAt(view: MarketCalendarView, ms: number, hhmm: string): number {
  let day = ms;
  for (let i = 0; i < 370; i++) {
    const at = istTimeOn(day, hhmm);
    if (at >= ms && view.isMarketDay(at)) return at;
    day = istTimeOn(day, "00:00") + 36 * 3_600_000;
  }
  return istTimeOn(ms, hhmm) + 86_400_000;
}

/** When an event that arrived at `ms` is due under the rule's timing, and whether it goes in a digest. */
export function dueFor(timing: RuleTiming, view: MarketCalendarView, ms: number): { dueAt: number; batch: "instant" | "digest" } {
  if (timing.mode === "digest") return { dueAt: nextDigestAt(view, ms, timing.digestTime), batch: "digest" };
  if (timing.quietOutsideSession && !inSession(view, ms)) return { dueAt: nextDigestAt(view, ms, timing.digestTime), batch: "digest" };
  return { dueAt: ms, batch: "instant" };
}
