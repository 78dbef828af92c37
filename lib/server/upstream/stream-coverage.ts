import "server-only";
/**
 * What the desk's live channels have witnessed, per account: since when each channel's upstream stream has been
 * subscribed without a break, and when it last delivered a row (per symbol). A feed page bought while a channel covering
 * it was up, after which that channel delivered nothing for its symbols, is still current: a reload costs nothing.
 * Written only by the instance leading the channel; kept briefly and renewed, so a leader that died leaves no witness.
 */
import type { EndpointId } from "@/lib/alpha/catalogue";
import type { LiveProduct } from "@/lib/query/live";
import type { DeskContext } from "../core/context";

/** Paid feed lists and the live product whose stream carries every new row of them. */
export const STREAMED_LISTS: Partial<Record<EndpointId, LiveProduct>> = {
  listAnnouncements: "announcements",
  listNews: "news",
  listAlerts: "alerts",
  listBlockDeals: "block-deals",
};

/** How long a witness lives without renewal (the leader renews it with its lease, every few seconds). */
export const COVERAGE_TTL_MS = 9_000;
/** Rows delivered this long before a purchase still count against it (instances' clocks, delivery in flight). */
const DELIVERY_SKEW_MS = 1_000;
/** Symbols remembered one by one; past this a row counts for every symbol. */
const SYMBOLS_MAX = 200;

export interface StreamCoverage {
  product: LiveProduct;
  /** The channel's symbols; empty with `fullFeed` for the whole market. */
  symbols: string[];
  fullFeed: boolean;
  /** Subscribed (the stream's acknowledgement) since this instant (epoch ms), without a break. */
  since: number;
  /** Symbols added to the subscription later (a wider one acknowledged on the same socket): covered from then on. */
  symbolsSince?: Record<string, number>;
  /** The last row delivered, any symbol (epoch ms). */
  lastRowAt: number | null;
  /** The last row delivered per symbol (epoch ms). */
  rowsAt: Record<string, number>;
  /** A row past SYMBOLS_MAX symbols: counts for every symbol from then on. */
  anyRowAt: number | null;
}

const scope = (accountId: string) => `live-cover:${accountId}`;

/** A channel's witness starts (the stream acknowledged its subscription) or carries on. */
export function startedCoverage(input: { product: LiveProduct; symbols: readonly string[]; fullFeed: boolean; at: number }): StreamCoverage {
  return { product: input.product, symbols: [...input.symbols], fullFeed: input.fullFeed, since: input.at, lastRowAt: null, rowsAt: {}, anyRowAt: null };
}

/**
 * The witness after the same socket's subscription was acknowledged again with `symbols`: the symbols it kept stay
 * covered since they were, the ones it added only from `at`, the ones it dropped no longer.
 */
export function resubscribedCoverage(coverage: StreamCoverage, input: { symbols: readonly string[]; fullFeed: boolean; at: number }): StreamCoverage {
  if (input.fullFeed !== coverage.fullFeed) return startedCoverage({ product: coverage.product, ...input });
  const before = new Set(coverage.symbols);
  const symbolsSince: Record<string, number> = {};
  for (const symbol of input.symbols) {
    const since = before.has(symbol) ? coverage.symbolsSince?.[symbol] : input.at;
    if (since !== undefined) symbolsSince[symbol] = since;
  }
  return { ...coverage, symbols: [...input.symbols], symbolsSince };
}

/** The witness before a narrower subscription is sent: the symbols about to be dropped are no longer vouched for. */
export function withoutSymbols(coverage: StreamCoverage, dropped: readonly string[]): StreamCoverage {
  const gone = new Set(dropped);
  const symbolsSince = Object.fromEntries(Object.entries(coverage.symbolsSince ?? {}).filter(([s]) => !gone.has(s)));
  return { ...coverage, symbols: coverage.symbols.filter((s) => !gone.has(s)), symbolsSince };
}

/** The witness after a row: when, and for which symbol. */
export function withRow(coverage: StreamCoverage, symbol: string | null, at: number): StreamCoverage {
  const rowsAt = { ...coverage.rowsAt };
  let anyRowAt = coverage.anyRowAt;
  if (symbol === null) anyRowAt = at;
  else if (symbol in rowsAt || Object.keys(rowsAt).length < SYMBOLS_MAX) rowsAt[symbol] = at;
  else anyRowAt = at;
  return { ...coverage, lastRowAt: at, rowsAt, anyRowAt };
}

export async function writeCoverage({ ctx, accountId, channel, coverage }: { ctx: DeskContext; accountId: string; channel: string; coverage: StreamCoverage }): Promise<void> {
  await ctx.shared.memoSet(scope(accountId), channel, JSON.stringify(coverage), COVERAGE_TTL_MS);
}

/** The channel's stream broke, was refused or let go: its witness ends here. */
export async function endCoverage({ ctx, accountId, channel }: { ctx: DeskContext; accountId: string; channel: string }): Promise<void> {
  await ctx.shared.memoDelete(scope(accountId), channel);
}

/**
 * What the account's live channels say of a feed answer bought at `fetchedAtMs` for `symbols` (null: any symbol):
 * `current` when one channel covering those symbols was subscribed before it and has delivered nothing for them since;
 * `new_rows` when such a channel delivered something; `no_stream` when none covered it all that time.
 */
export type StreamVerdict = "current" | "new_rows" | "no_stream";

export async function streamVerdict({
  ctx,
  accountId,
  product,
  symbols,
  fetchedAtMs,
}: {
  ctx: DeskContext;
  accountId: string;
  product: LiveProduct;
  symbols: readonly string[] | null;
  fetchedAtMs: number;
}): Promise<StreamVerdict> {
  const names = await ctx.shared.memoKeys(scope(accountId)).catch(() => [] as string[]);
  const texts = await Promise.all(names.map((name) => ctx.shared.memoGet(scope(accountId), name).catch(() => null)));
  let verdict: StreamVerdict = "no_stream";
  for (const text of texts) {
    if (text === null) continue;
    const coverage = JSON.parse(text) as StreamCoverage;
    if (coverage.product !== product || coverage.since > fetchedAtMs) continue;
    const covers = coverage.fullFeed || (symbols !== null && symbols.length > 0 && symbols.every((s) => coverage.symbols.includes(s)));
    // A symbol added to the subscription after the purchase was not watched all that time.
    if (!covers || (!coverage.fullFeed && symbols?.some((s) => (coverage.symbolsSince?.[s] ?? 0) > fetchedAtMs))) continue;
    const after = fetchedAtMs - DELIVERY_SKEW_MS;
    const newer = (at: number | null | undefined) => at !== null && at !== undefined && at >= after;
    const rowSince = symbols === null ? newer(coverage.lastRowAt) : newer(coverage.anyRowAt) || symbols.some((s) => newer(coverage.rowsAt[s]));
    if (!rowSince) return "current";
    verdict = "new_rows";
  }
  return verdict;
}

/** The symbols a feed request asks for, as the stream names them; null when it is not narrowed to symbols. */
export function requestedSymbols(parsed: Record<string, unknown> | undefined): string[] | null {
  const symbols = parsed?.symbols;
  if (parsed?.scrip_codes !== undefined || !Array.isArray(symbols) || symbols.length === 0) return null;
  return symbols.map((s) => String(s).toUpperCase());
}
