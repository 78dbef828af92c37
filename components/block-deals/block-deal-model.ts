import type { AnnouncementRow } from "@/lib/alpha/announcements";
import type { BlockDeal } from "@/lib/alpha/block-deals";
import { BLOCK_DEAL_EXCHANGES } from "@/lib/alpha/vocabulary";
import { blockDealWindowAt, istDate } from "@/lib/market/calendar";
import { formatCrore, formatNumber } from "@/lib/format/number";
import { backfillInput, inDateRange, mergeById, timeOf } from "@/components/feeds/live-filters";

/** What the block-deals page knows about a deal, free of React: its window, value, size and the filings behind it. */

export type BlockDealExchange = (typeof BLOCK_DEAL_EXCHANGES)[number];

export interface BlockDealFilters {
  symbols: string[];
  /** As the service filters: an exact match ("NSE" does not include deals reported as "NSE/BSE"). */
  exchange: BlockDealExchange | null;
  from: string | null;
  to: string | null;
}

/** Block deals are charged per deal returned, so a page is kept small. */
export const BLOCK_DEAL_PAGE_SIZE = 20;

export function blockDealTime(deal: Pick<BlockDeal, "date">): number {
  return timeOf(deal.date);
}

export function normalizeExchange(value: string | null | undefined): BlockDealExchange | null {
  const v = (value ?? "").trim().toUpperCase();
  return (BLOCK_DEAL_EXCHANGES as readonly string[]).includes(v) ? (v as BlockDealExchange) : null;
}

export type BlockWindow = "morning" | "afternoon";

export const WINDOW_LABEL: Record<BlockWindow, string> = {
  morning: "Morning window · 08:45–09:00 IST",
  afternoon: "Afternoon window · 14:05–14:20 IST",
};

/** The exchange window a deal traded in, from its time on the NSE calendar; null outside both (or on a holiday). */
export function blockDealWindow(deal: Pick<BlockDeal, "date">): BlockWindow | null {
  const at = blockDealTime(deal);
  if (!at) return null;
  const span = blockDealWindowAt(at);
  return span?.id === "block_morning" ? "morning" : span?.id === "block_afternoon" ? "afternoon" : null;
}

/** The deal's value in ₹ crore: the service's figure, else shares × price. */
export function dealValueCr(deal: Pick<BlockDeal, "trade_value_cr" | "shares" | "price">): number | null {
  if (typeof deal.trade_value_cr === "number" && Number.isFinite(deal.trade_value_cr)) return deal.trade_value_cr;
  if (typeof deal.shares === "number" && typeof deal.price === "number") return Math.round(((deal.shares * deal.price) / 1e7) * 100) / 100;
  return null;
}

export function formatDealValue(deal: Pick<BlockDeal, "trade_value_cr" | "shares" | "price">): string {
  return formatCrore(dealValueCr(deal));
}

export function formatShares(shares: number | null | undefined): string {
  return typeof shares === "number" ? `${formatNumber(shares)} ${shares === 1 ? "share" : "shares"}` : "—";
}

/** The deal as a share of the company's market cap (both in ₹ crore), in percent; null when the cap is not held. */
export function marketCapShare(deal: Pick<BlockDeal, "trade_value_cr" | "shares" | "price">, marketCapCr: number | null | undefined): number | null {
  const value = dealValueCr(deal);
  if (value === null || typeof marketCapCr !== "number" || !Number.isFinite(marketCapCr) || marketCapCr <= 0) return null;
  return (value / marketCapCr) * 100;
}

/** "0.42% of market cap", with more digits for small shares so a real deal never reads as 0%. */
export function formatCapShare(percent: number): string {
  const digits = percent >= 1 ? 2 : percent >= 0.01 ? 3 : 4;
  return `${percent.toFixed(digits)}% of market cap`;
}

/** Categories whose filings explain a large change of hands. */
const EXPLAINING_CATEGORIES = new Set(
  ["Acquisition", "Offer for Sale (OFS)", "Reduction of Stake", "Divestment", "Merger", "Issue of Securities"].map((c) => c.toLowerCase()),
);

/** Words in a filing's text that tie it to a block: a sale, a stake change, an acquisition. */
const EXPLAINING_TEXT = [
  /\boffer for sale\b/i,
  /\bOFS\b/,
  /\b(reduc\w*|dilut\w*|sale|sell\w*|divest\w*|offload\w*|trim\w*|pare\w*|disposal|dispos\w*)\b[^.]{0,60}\b(stake|holding|shares|equity)\b/i,
  /\b(stake|holding|shareholding)\b[^.]{0,40}\b(sale|sold|reduc\w*|cut|increase\w*|acqui\w*)\b/i,
  /\bacqui(re|red|res|ring|sition)\b/i,
  /\bblock (deal|trade)s?\b/i,
  /\bSAST\b|\bRegulation 29\b|\bsubstantial acquisition\b/i,
  /\bpromoter\w*\b[^.]{0,40}\b(sell|sold|sale|buy|bought|pledge)\w*/i,
];

function categoriesOf(a: AnnouncementRow): string[] {
  const related = (a as { related_categories?: unknown }).related_categories;
  return [a.category ?? "", ...(Array.isArray(related) ? (related as unknown[]).filter((c): c is string => typeof c === "string") : [])];
}

/** Why a filing explains a deal: the category that matched, or the text's words. */
export function explainsDeal(a: AnnouncementRow): string | null {
  const hit = categoriesOf(a).find((c) => EXPLAINING_CATEGORIES.has(c.toLowerCase()));
  if (hit) return hit;
  const text = `${a.summary ?? ""} ${(a as { long_summary?: unknown }).long_summary ?? ""}`;
  for (const re of EXPLAINING_TEXT) {
    const m = re.exec(text);
    if (m) return m[0].length > 40 ? `${m[0].slice(0, 40)}…` : m[0];
  }
  return null;
}

export interface ExplainingFiling {
  announcement: AnnouncementRow;
  reason: string;
}

/** The company's filings of the deal's IST day that explain it, one per id, newest first. */
export function explainingAnnouncements(deal: Pick<BlockDeal, "symbol" | "date">, held: readonly AnnouncementRow[]): ExplainingFiling[] {
  const at = blockDealTime(deal);
  if (!deal.symbol || !at) return [];
  const day = istDate(at);
  const out = new Map<string, ExplainingFiling>();
  for (const a of held) {
    if (a.symbol !== deal.symbol || out.has(a.id) || !a.date) continue;
    const t = Date.parse(a.date);
    if (!Number.isFinite(t) || istDate(t) !== day) continue;
    const reason = explainsDeal(a);
    if (reason) out.set(a.id, { announcement: a, reason });
  }
  return [...out.values()].sort((x, y) => Date.parse(y.announcement.date ?? "") - Date.parse(x.announcement.date ?? ""));
}

export function matchesBlockDealFilters(deal: BlockDeal, filters: BlockDealFilters): boolean {
  if (filters.symbols.length && !filters.symbols.includes(deal.symbol ?? "")) return false;
  if (filters.exchange && deal.exchange !== filters.exchange) return false;
  return inDateRange(blockDealTime(deal), filters.from, filters.to);
}

export function blockDealsInput(filters: BlockDealFilters, page: number) {
  return backfillInput(filters, filters.exchange ? { exchange: filters.exchange } : {}, page, BLOCK_DEAL_PAGE_SIZE);
}

/** Stream and page rows, one per id, newest first. */
export function mergeBlockDeals(...lists: readonly (readonly BlockDeal[])[]): BlockDeal[] {
  return mergeById(lists, blockDealTime);
}
