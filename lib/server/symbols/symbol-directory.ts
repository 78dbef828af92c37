import "server-only";
/**
 * The symbol directory behind every typeahead: the catalogue the account bought, else a free directory built from the
 * free index and calendar (kept a day, shared). The catalogue is bought only within `spendUpTo`, and never twice.
 */
import type { Kysely } from "kysely";
import { z } from "zod";
import { priceRequest } from "@/lib/alpha/costs";
import { AlphaError, isAlphaError } from "@/lib/alpha/errors";
import { symbolSchema } from "@/lib/alpha/primitives";
import { buySymbolCatalogueInputSchema, symbolEntrySchema, type SymbolNames, symbolSearchInputSchema } from "@/lib/symbols/directory-schema";
import {
  mergeSymbolEntries,
  rankSymbolMatches,
  type SymbolCatalogueState,
  type SymbolEntry,
  type SymbolSearchResult,
  type SymbolStanding,
} from "@/lib/symbols/directory";
import type { DeskContext } from "../core/context";
import type { DeskDatabase } from "../core/db";
import { withUserKey } from "../identity/key-vault";
import type { SessionUser } from "../identity/users";
import { parseOrThrow } from "../identity/users";
import { checkSymbols } from "../portfolio/watchlists";
import { callAlpha } from "../upstream/alpha-proxy";

/** Migration 2026_11_24_17c_symbol_catalogues: one bought catalogue per upstream account. */
export interface SymbolCataloguesTable {
  account_id: string;
  /** JSON array of SymbolEntry. */
  entries: string;
  fetched_at: string;
  /** The desk user who agreed to the purchase. */
  bought_by: string;
}

type SymbolsDb = Kysely<DeskDatabase & { symbol_catalogues: SymbolCataloguesTable }>;

function symbolsDb(ctx: DeskContext): SymbolsDb {
  return ctx.db as unknown as SymbolsDb;
}

/** The free directory is refreshed after a day: listings change, not by the minute. */
export const FREE_DIRECTORY_TTL_MS = 24 * 60 * 60 * 1000;
const FREE_DIRECTORY_KEY = "symbol_directory_free";
/** Filings of the last 120 days span a whole results season, so they name every company that reports. */
const INDEX_LOOKBACK_DAYS = 120;
const INDEX_MAX_PAGES = 6;
const CALENDAR_MAX_PAGES = 4;

const keptDirectorySchema = z.object({ at: z.string(), entries: z.array(symbolEntrySchema) });
const entriesSchema = z.array(symbolEntrySchema);

function whyPartial(error: unknown): string {
  if (!isAlphaError(error)) return "Company names could not be loaded right now; symbols are still checked as you type.";
  switch (error.code) {
    case "no_api_key":
      return "Add your Alpha key in Settings to search companies; symbols cannot be checked without it.";
    case "rate_limit_exceeded":
      return "Your plan's request limit was reached; the list of companies is partial. Try again in a minute.";
    case "product_not_enabled":
    case "scope_required":
      return "Your plan has no earnings product, which the desk reads for free to list companies; only the symbols you type are checked.";
    default:
      return "The Alpha service could not be asked for the list of companies right now; it is partial.";
  }
}

function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

async function readKeptFree(ctx: DeskContext): Promise<{ at: string; entries: SymbolEntry[] } | null> {
  const row = await ctx.db.selectFrom("desk_meta").select("value").where("key", "=", FREE_DIRECTORY_KEY).executeTakeFirst();
  if (!row) return null;
  let json: unknown;
  try {
    json = JSON.parse(row.value);
  } catch {
    return null;
  }
  const parsed = keptDirectorySchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** A directory being built, per desk context: a burst of keystrokes waits for one build instead of starting several. */
const building = new WeakMap<DeskContext, Promise<{ entries: SymbolEntry[]; note: string | null }>>();

/** Symbols from the free earnings index, names from the free results calendar; kept a day for every user. */
async function freeDirectory(ctx: DeskContext, user: SessionUser): Promise<{ entries: SymbolEntry[]; note: string | null }> {
  const kept = await readKeptFree(ctx);
  if (kept && ctx.now().getTime() - Date.parse(kept.at) < FREE_DIRECTORY_TTL_MS) return { entries: kept.entries, note: null };
  const pending = building.get(ctx);
  if (pending) return pending;
  const build = buildFreeDirectory(ctx, user, kept).finally(() => building.delete(ctx));
  building.set(ctx, build);
  return build;
}

async function buildFreeDirectory(
  ctx: DeskContext,
  user: SessionUser,
  kept: { at: string; entries: SymbolEntry[] } | null,
): Promise<{ entries: SymbolEntry[]; note: string | null }> {
  const found: SymbolEntry[] = [];
  let note: string | null = null;
  try {
    const from = isoDay(new Date(ctx.now().getTime() - INDEX_LOOKBACK_DAYS * 86_400_000));
    for (let page = 1; page <= INDEX_MAX_PAGES; page++) {
      const { data } = await callAlpha({ ctx, user, id: "listEarningsIndex", input: { query: { from, limit: 100, page } } });
      for (const row of data.data) found.push({ symbol: row.symbol.toUpperCase(), name: null, scripCode: null });
      if (!data.has_next) break;
    }
    for (let page = 1; page <= CALENDAR_MAX_PAGES; page++) {
      const { data } = await callAlpha({ ctx, user, id: "listUpcomingEarnings", input: { query: { limit: 50, page } } });
      for (const row of data.data) found.push({ symbol: row.symbol.toUpperCase(), name: row.company?.trim() || null, scripCode: null });
      if (!data.has_next) break;
    }
  } catch (error) {
    note = whyPartial(error);
  }
  const entries = mergeSymbolEntries(found.filter((e) => e.name !== null), found, kept?.entries ?? []);
  if (note === null) {
    const value = JSON.stringify({ at: ctx.now().toISOString(), entries });
    await ctx.db
      .insertInto("desk_meta")
      .values({ key: FREE_DIRECTORY_KEY, value })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
      .execute();
  }
  return { entries, note };
}

async function heldCatalogue(ctx: DeskContext, accountId: string): Promise<{ entries: SymbolEntry[]; fetchedAt: string } | null> {
  const row = await symbolsDb(ctx).selectFrom("symbol_catalogues").select(["entries", "fetched_at"]).where("account_id", "=", accountId).executeTakeFirst();
  if (!row) return null;
  const parsed = entriesSchema.safeParse(JSON.parse(row.entries));
  return parsed.success ? { entries: parsed.data, fetchedAt: row.fetched_at } : null;
}

async function accountOf(ctx: DeskContext, user: SessionUser): Promise<string | null> {
  try {
    return (await withUserKey({ ctx, userId: user.id })).accountId;
  } catch (error) {
    if (isAlphaError(error) && error.code === "no_api_key") return null;
    throw error;
  }
}

function cataloguePrice() {
  const p = priceRequest("listSymbols", { format: "json" });
  return { credits: p.credits, upTo: !p.exact, description: p.description };
}

function catalogueState(held: { entries: SymbolEntry[]; fetchedAt: string } | null, count: number): SymbolCatalogueState {
  const price = cataloguePrice();
  return held
    ? { held: true, fetchedAt: held.fetchedAt, count: held.entries.length, price: { ...price, credits: 0 } }
    : { held: false, fetchedAt: null, count, price };
}

/** Whether one symbol is listed: the free earnings index through the shared symbol check (kept a day). */
export async function symbolStanding({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: { symbol: string } }): Promise<SymbolStanding> {
  const symbol = symbolSchema.safeParse(input.symbol.trim().toUpperCase());
  if (!symbol.success) return "unknown";
  const accountId = await accountOf(ctx, user);
  if (accountId) {
    const held = await heldCatalogue(ctx, accountId);
    if (held?.entries.some((e) => e.symbol === symbol.data)) return "known";
  }
  const check = await checkSymbols({ ctx, user, symbols: [symbol.data] });
  if (check.known.includes(symbol.data)) return "known";
  if (check.unknown.includes(symbol.data)) return "unknown";
  return "unchecked";
}

export async function searchSymbols({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: unknown }): Promise<SymbolSearchResult> {
  const { q, limit } = parseOrThrow(symbolSearchInputSchema, input);
  const accountId = await accountOf(ctx, user);
  const held = accountId ? await heldCatalogue(ctx, accountId) : null;
  let entries: SymbolEntry[];
  let note: string | null = null;
  if (held) entries = held.entries;
  else if (accountId) ({ entries, note } = await freeDirectory(ctx, user));
  else {
    entries = [];
    note = whyPartial(new AlphaError("no_api_key", "no key"));
  }
  const matches = rankSymbolMatches(entries, q, limit);
  // The typed text is asked about on its own only when nothing in the directory matches it: one free call for
  // "FOOBAR", none for each keystroke of "infosys" (the pick, or Enter, settles what is added).
  let exact: SymbolStanding;
  const asSymbol = symbolSchema.safeParse(q.toUpperCase());
  if (!asSymbol.success) exact = "unknown";
  else if (entries.some((e) => e.symbol === asSymbol.data)) exact = "known";
  else if (held) exact = "unknown";
  else if (!accountId || matches.length > 0) exact = "unchecked";
  else exact = await symbolStanding({ ctx, user, input: { symbol: asSymbol.data } });
  return { query: q, matches, exact, catalogue: catalogueState(held, entries.length), note };
}

/**
 * The company names of `symbols`, from the one place the desk keeps names: the account's bought catalogue, over the
 * free directory last built (never built or bought here, so free and quick). Symbols with no name held are left out.
 */
export async function symbolNames({ ctx, user, symbols }: { ctx: DeskContext; user: SessionUser; symbols: readonly string[] }): Promise<SymbolNames> {
  const wanted = new Set(symbols.map((s) => s.trim().toUpperCase()));
  const accountId = await accountOf(ctx, user);
  const held = accountId ? await heldCatalogue(ctx, accountId) : null;
  const free = accountId ? await readKeptFree(ctx) : null;
  const names: Record<string, string> = {};
  for (const e of [...(free?.entries ?? []), ...(held?.entries ?? [])]) if (e.name && wanted.has(e.symbol)) names[e.symbol] = e.name;
  return { names, catalogue: held !== null };
}

function entryOfCatalogueRow(row: { symbol: string; company_name?: string | null; scrip_code?: string | null; isin?: string | null }): SymbolEntry {
  return { symbol: row.symbol.trim().toUpperCase(), name: row.company_name?.trim() || null, scripCode: row.scrip_code?.trim() || null, isin: row.isin?.trim().toUpperCase() || null };
}

/**
 * Buys the service's symbol catalogue for the user's account, once: with the catalogue held, nothing is called and 0
 * is charged; with `spendUpTo` under the price, nothing is called and the price is answered (charged 0, held false).
 */
export async function buySymbolCatalogue({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: unknown }) {
  const { spendUpTo } = parseOrThrow(buySymbolCatalogueInputSchema, input);
  const { accountId } = await withUserKey({ ctx, userId: user.id });
  const held = await heldCatalogue(ctx, accountId);
  if (held) return { catalogue: catalogueState(held, held.entries.length), charged: 0 };
  const price = cataloguePrice();
  if (spendUpTo < price.credits) return { catalogue: catalogueState(null, 0), charged: 0 };
  const { data, meta } = await callAlpha({ ctx, user, id: "listSymbols", input: { query: { format: "json" } } });
  if (typeof data === "string") throw new AlphaError("upstream_contract_violation", "The Alpha API answered the symbol catalogue as text, not JSON");
  const entries = mergeSymbolEntries(data.data.map(entryOfCatalogueRow));
  const fetchedAt = ctx.now().toISOString();
  const value = { account_id: accountId, entries: JSON.stringify(entries), fetched_at: fetchedAt, bought_by: user.id };
  // Two users of one account buying at once: the first row stays (both paid upstream only if both were let through).
  await symbolsDb(ctx)
    .insertInto("symbol_catalogues")
    .values(value)
    .onConflict((oc) => oc.column("account_id").doNothing())
    .execute();
  const kept = (await heldCatalogue(ctx, accountId)) ?? { entries, fetchedAt };
  return { catalogue: catalogueState(kept, kept.entries.length), charged: meta.creditsCharged };
}
