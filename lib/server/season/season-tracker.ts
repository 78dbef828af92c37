import "server-only";
/**
 * The results-season tracker: where each company stands in a season (reported, booked or days left, late past the
 * deadline), from the free results index and calendar only, read on the account's background budget.
 */
import { formatQuarterKey, parseQuarterKey, previousQuarter, type Quarter } from "@/lib/alpha/quarters";
import { AlphaError } from "@/lib/alpha/errors";
import { MAX_LIST_VALUES } from "@/lib/alpha/query-params";
import type { SeasonInput, SeasonView } from "@/lib/desk/season";
import { buildSeasonBoard, type SeasonFiling, type SeasonMeeting, trackableSeasons, trackedSeasonAt } from "@/lib/market/season";
import type { DeskContext } from "../core/context";
import { withUserKey } from "../identity/key-vault";
import type { SessionUser } from "../identity/users";
import { findWatchlist, listWatchlists } from "../portfolio/watchlists";
import { instrumentOf, renamedOf } from "@/lib/symbols/instruments";
import { callAlpha } from "../upstream/alpha-proxy";
import { backgroundPages } from "../upstream/background-budget";

const INDEX_PAGE_LIMIT = 100;
const UPCOMING_PAGE_LIMIT = 50;
/** Enough pages for the whole market (about 350 companies a quarter); a low-rpm account reads fewer. */
const INDEX_MAX_PAGES = 6;
const UPCOMING_MAX_PAGES = 8;

interface Reader {
  pages: (max: number) => number;
  partial: boolean;
}

function chunks(symbols: readonly string[] | null): (string[] | undefined)[] {
  if (symbols === null) return [undefined];
  const out: string[][] = [];
  for (let i = 0; i < symbols.length; i += MAX_LIST_VALUES) out.push(symbols.slice(i, i + MAX_LIST_VALUES));
  return out;
}

async function readIndex(ctx: DeskContext, user: SessionUser, reader: Reader, quarter: string, symbols: readonly string[] | null): Promise<SeasonFiling[]> {
  const rows: SeasonFiling[] = [];
  for (const chunk of chunks(symbols)) {
    for (let page = 1; ; page += 1) {
      if (page > reader.pages(INDEX_MAX_PAGES)) {
        reader.partial = true;
        break;
      }
      const { data } = await callAlpha({ ctx, user, id: "listEarningsIndex", input: { query: { quarter, ...(chunk ? { symbols: chunk } : {}), page, limit: INDEX_PAGE_LIMIT } } });
      for (const r of data.data) if (r.date && r.quarter) rows.push({ symbol: r.symbol.toUpperCase(), quarter: r.quarter.toLowerCase(), date: r.date });
      if (!data.has_next) break;
    }
  }
  return rows;
}

async function readCalendar(ctx: DeskContext, user: SessionUser, reader: Reader, symbols: readonly string[] | null): Promise<{ meetings: SeasonMeeting[]; names: Map<string, string> }> {
  const meetings: SeasonMeeting[] = [];
  const names = new Map<string, string>();
  for (const chunk of chunks(symbols)) {
    for (let page = 1; ; page += 1) {
      if (page > reader.pages(UPCOMING_MAX_PAGES)) {
        reader.partial = true;
        break;
      }
      const { data } = await callAlpha({ ctx, user, id: "listUpcomingEarnings", input: { query: { ...(chunk ? { symbols: chunk } : {}), page, limit: UPCOMING_PAGE_LIMIT } } });
      for (const r of data.data) {
        const symbol = r.symbol.toUpperCase();
        if (r.company) names.set(symbol, r.company);
        if (r.date && r.quarter) meetings.push({ symbol, quarter: r.quarter.toLowerCase(), date: r.date });
      }
      if (!data.has_next) break;
    }
  }
  return { meetings, names };
}

async function trackedSymbols(ctx: DeskContext, user: SessionUser, input: SeasonInput): Promise<{ symbols: string[] | null; watchlist: SeasonView["watchlist"] }> {
  if (input.scope === "universe") return { symbols: null, watchlist: null };
  if (input.scope === "watchlist") {
    const found = await findWatchlist({ ctx, user, id: input.watchlist ?? "" });
    if (!found) throw new AlphaError("not_found", "That watchlist is not one of yours");
    return { symbols: [...new Set(found.items.map((i) => i.symbol.toUpperCase()))], watchlist: { id: found.id, name: found.name } };
  }
  const lists = await listWatchlists({ ctx, user });
  return { symbols: [...new Set(lists.flatMap((l) => l.items.map((i) => i.symbol.toUpperCase())))], watchlist: null };
}

export async function trackSeason({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: SeasonInput }): Promise<SeasonView> {
  const nowMs = ctx.now().getTime();
  const seasons = trackableSeasons(nowMs);
  const quarter = input.quarter ?? trackedSeasonAt(nowMs);
  if (!seasons.includes(quarter)) {
    throw new AlphaError("invalid_parameter", `The tracker follows the seasons of ${seasons.join(" and ")} now`, { details: { quarter: `one of ${seasons.join(", ")}` } });
  }
  const tracked = await trackedSymbols(ctx, user, input);
  const { watchlist } = tracked;
  const instruments = (tracked.symbols ?? []).flatMap((s) => instrumentOf(s) ?? []);
  const retired = (tracked.symbols ?? []).flatMap((s) => renamedOf(s) ?? []);
  const leftOut = new Set([...instruments, ...retired].map((i) => i.symbol));
  const symbols = tracked.symbols === null ? null : tracked.symbols.filter((s) => !leftOut.has(s));
  const { accountId } = await withUserKey({ ctx, userId: user.id });
  const reader: Reader = { pages: (max) => backgroundPages({ ctx, accountId, max }), partial: false };
  const empty = symbols !== null && symbols.length === 0;
  const [filings, calendar, previous] = empty
    ? [[], { meetings: [], names: new Map<string, string>() }, []]
    : await Promise.all([
        readIndex(ctx, user, reader, quarter, symbols),
        readCalendar(ctx, user, reader, symbols),
        // The universe: every company that filed the quarter before is expected to file this one too.
        symbols === null ? readIndex(ctx, user, reader, formatQuarterKey(previousQuarter(parseQuarterKey(quarter) as Quarter)), null) : Promise.resolve([]),
      ]);
  const universe = symbols ?? [...new Set([...filings, ...calendar.meetings.filter((m) => m.quarter === quarter), ...previous].map((r) => r.symbol))];
  const board = buildSeasonBoard({ quarter, nowMs, symbols: universe, filings, meetings: calendar.meetings, names: calendar.names });
  return { ...board, scope: input.scope, watchlist, seasons, partial: reader.partial, computedAt: new Date(nowMs).toISOString(), instruments: instruments.map(({ symbol, label }) => ({ symbol, label })), retired: retired.map(({ symbol, to }) => ({ symbol, to })) };
}
