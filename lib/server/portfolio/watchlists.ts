import "server-only";
/**
 * Watchlists per desk user, their own and those teammates share. Items change all or nothing; symbols are checked
 * against the service's free index (cached a day) and ISINs resolved from symbol metadata, priced first.
 */
import { z } from "zod";
import { priceRequest } from "@/lib/alpha/costs";
import { AlphaError, isAlphaError } from "@/lib/alpha/errors";
import { MAX_LIST_VALUES } from "@/lib/alpha/query-params";
import { symbolSchema } from "@/lib/alpha/primitives";
import type {
  AddWatchlistItemsInput,
  CreateWatchlistInput,
  ExposureUnit,
  IsinResolution,
  ResolveIsinsInput,
  SymbolCheck,
  UpdateWatchlistItemInput,
  Watchlist,
  WatchlistItem,
} from "@/lib/desk/watchlists";
import {
  addWatchlistItemsInputSchema,
  createWatchlistInputSchema,
  exposureUnitSchema,
  resolveIsinsInputSchema,
  MAX_WATCHLIST_ITEMS,
  MAX_SYMBOL_CHECK,
  MAX_WATCHLISTS,
  renameWatchlistInputSchema,
  updateWatchlistItemInputSchema,
} from "@/lib/desk/watchlists";
import { instrumentOf, renamedOf } from "@/lib/symbols/instruments";
import { callAlpha } from "../upstream/alpha-proxy";
import type { DeskContext } from "../core/context";
import { toNumber } from "../core/db";
import { newId } from "../core/ids";
import type { PortfolioDb, WatchlistItemsTable, WatchlistsTable } from "../core/portfolio-tables";
import { portfolioDb } from "../core/portfolio-tables";
import type { SessionUser } from "../identity/users";
import { parseOrThrow } from "../identity/users";
import { watchlistSharingSchema } from "@/lib/desk/teams";

export type { SymbolCheck, Watchlist, WatchlistItem } from "@/lib/desk/watchlists";

/** A symbol check is kept this long: the service's universe changes with listings, not by the minute. */
export const SYMBOL_CHECK_TTL_MS = 24 * 60 * 60 * 1000;
/** A symbol the service did not know is asked about again after this long. */
export const UNKNOWN_SYMBOL_TTL_MS = 15 * 60 * 1000;

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY" || /UNIQUE constraint/i.test(String(e?.message));
}

function nameTaken(name: string): AlphaError {
  return new AlphaError("name_taken", `You already have a watchlist called "${name}"`, {
    details: { fields: { name: ["is already used by another of your watchlists"] } },
  });
}

function notFound(): AlphaError {
  return new AlphaError("not_found", "No such watchlist: it may have been deleted");
}

function toItem(row: Pick<WatchlistItemsTable, "symbol" | "exposure" | "label">): WatchlistItem {
  return { symbol: row.symbol, exposure: row.exposure === null ? null : Number(row.exposure), label: row.label };
}

async function loadItems(db: PortfolioDb, ids: string[]): Promise<Map<string, WatchlistItem[]>> {
  const out = new Map<string, WatchlistItem[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom("watchlist_items")
    .select(["watchlist_id", "symbol", "exposure", "label"])
    .where("watchlist_id", "in", ids)
    .orderBy("watchlist_id")
    .orderBy("position")
    .execute();
  for (const row of rows) {
    const list = out.get(row.watchlist_id) ?? [];
    list.push(toItem(row));
    out.set(row.watchlist_id, list);
  }
  return out;
}

type ListedRow = WatchlistsTable & { owner_name?: string | null };

function toWatchlist(row: ListedRow, items: WatchlistItem[], user: SessionUser): Watchlist {
  const unit = exposureUnitSchema.safeParse(row.exposure_unit);
  const sharing = watchlistSharingSchema.safeParse(row.sharing).data ?? "private";
  const own = row.user_id === user.id;
  return {
    id: row.id,
    name: row.name,
    exposureUnit: unit.success ? unit.data : null,
    items,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    sharing,
    owner: own ? null : { id: row.user_id, name: row.owner_name ?? "a teammate" },
    canEdit: own || sharing === "team_edit",
  };
}

/** The watchlists a user sees: their own, and every one a teammate shares with the team. */
function visibleWatchlists(db: PortfolioDb, user: SessionUser) {
  return db
    .selectFrom("watchlists")
    .leftJoin("users", "users.id", "watchlists.user_id")
    .selectAll("watchlists")
    .select("users.name as owner_name")
    .where((eb) => eb.or([eb("watchlists.user_id", "=", user.id), eb("watchlists.sharing", "!=", "private")]));
}

const UNIT_WORDS: Record<ExposureUnit, string> = { inr: "rupees of value", shares: "shares", weight: "weights (%)" };

export async function listWatchlists({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<Watchlist[]> {
  const db = portfolioDb({ ctx });
  const rows = await visibleWatchlists(db, user).orderBy("watchlists.name").execute();
  rows.sort((a, b) => Number(a.user_id !== user.id) - Number(b.user_id !== user.id));
  const items = await loadItems(db, rows.map((r) => r.id));
  return rows.map((r) => toWatchlist(r, items.get(r.id) ?? [], user));
}

export async function findWatchlist({ ctx, user, id }: { ctx: DeskContext; user: SessionUser; id: string }): Promise<Watchlist | null> {
  const db = portfolioDb({ ctx });
  const row = await visibleWatchlists(db, user).where("watchlists.id", "=", id).executeTakeFirst();
  if (!row) return null;
  return toWatchlist(row, (await loadItems(db, [row.id])).get(row.id) ?? [], user);
}

export async function getWatchlist({ ctx, user, id }: { ctx: DeskContext; user: SessionUser; id: string }): Promise<Watchlist> {
  const found = await findWatchlist({ user, id, ctx });
  if (!found) throw notFound();
  return found;
}

async function ownedRow(db: PortfolioDb, user: SessionUser, id: string): Promise<WatchlistsTable> {
  const row = await db.selectFrom("watchlists").selectAll().where("id", "=", id).where("user_id", "=", user.id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** A watchlist whose items the user may change: their own, or one shared with the team to edit. */
async function editableRow(db: PortfolioDb, user: SessionUser, id: string): Promise<WatchlistsTable> {
  const row = await db.selectFrom("watchlists").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row || (row.user_id !== user.id && row.sharing === "private")) throw notFound();
  if (row.user_id !== user.id && row.sharing !== "team_edit") throw new AlphaError("forbidden", "This watchlist is shared with you to view only; ask its owner to let the team edit it");
  return row;
}

export async function setWatchlistSharing({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: { id: string; sharing: unknown } }): Promise<Watchlist> {
  const { sharing } = parseOrThrow(z.object({ sharing: watchlistSharingSchema }), { sharing: input.sharing });
  const db = portfolioDb({ ctx });
  await ownedRow(db, user, input.id);
  await db.updateTable("watchlists").set({ sharing, updated_at: ctx.now().toISOString() }).where("id", "=", input.id).where("user_id", "=", user.id).execute();
  return getWatchlist({ ctx, user, id: input.id });
}

function itemRows(watchlistId: string, items: readonly { symbol: string; exposure?: number | undefined; label?: string | undefined }[], start: number, at: string): WatchlistItemsTable[] {
  return items.map((item, i) => ({
    watchlist_id: watchlistId,
    symbol: item.symbol,
    exposure: item.exposure ?? null,
    label: item.label ? item.label : null,
    position: start + i,
    added_at: at,
  }));
}

export async function createWatchlist({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: CreateWatchlistInput }): Promise<Watchlist> {
  const c = ctx;
  const parsed = parseOrThrow(createWatchlistInputSchema, input);
  const db = portfolioDb({ ctx: c });
  const now = c.now().toISOString();
  const row: WatchlistsTable = { id: newId("wl"), user_id: user.id, name: parsed.name, exposure_unit: parsed.exposureUnit ?? null, sharing: "private", created_at: now, updated_at: now };
  try {
    await db.transaction().execute(async (trx) => {
      const count = await trx.selectFrom("watchlists").select((eb) => eb.fn.countAll().as("n")).where("user_id", "=", user.id).executeTakeFirst();
      if (toNumber(count?.n) >= MAX_WATCHLISTS) {
        throw new AlphaError("invalid_body", `You have ${MAX_WATCHLISTS} watchlists, the most the desk keeps; delete one first`);
      }
      await trx.insertInto("watchlists").values(row).execute();
      if (parsed.items.length > 0) await trx.insertInto("watchlist_items").values(itemRows(row.id, parsed.items, 0, now)).execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(parsed.name);
    throw error;
  }
  return getWatchlist({ user, id: row.id, ctx: c });
}

export async function renameWatchlist({ user, id, input, ctx }: { user: SessionUser; id: string; input: { name: string }; ctx: DeskContext }): Promise<Watchlist> {
  const c = ctx;
  const { name } = parseOrThrow(renameWatchlistInputSchema, input);
  const db = portfolioDb({ ctx: c });
  await ownedRow(db, user, id);
  try {
    await db.updateTable("watchlists").set({ name, updated_at: c.now().toISOString() }).where("id", "=", id).where("user_id", "=", user.id).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
  return getWatchlist({ user, id, ctx: c });
}

export async function deleteWatchlist({ ctx, user, id }: { ctx: DeskContext; user: SessionUser; id: string }): Promise<{ id: string; deleted: true }> {
  const c = ctx;
  const db = portfolioDb({ ctx: c });
  await db.transaction().execute(async (trx) => {
    await ownedRow(trx, user, id);
    await trx.deleteFrom("watchlist_items").where("watchlist_id", "=", id).execute();
    await trx.deleteFrom("watchlists").where("id", "=", id).execute();
  });
  return { id, deleted: true };
}

/**
 * Adds (or, with mode `replace`, swaps in) many items at once: the whole list is checked before anything is
 * written and the write is one transaction, so an import either lands completely or not at all.
 */
export async function addWatchlistItems({ ctx, user, id, input }: { ctx: DeskContext; user: SessionUser; id: string; input: AddWatchlistItemsInput }): Promise<Watchlist> {
  const c = ctx;
  const parsed = parseOrThrow(addWatchlistItemsInputSchema, input);
  const db = portfolioDb({ ctx: c });
  const now = c.now().toISOString();
  const unit = parsed.exposureUnit ?? null;
  await db.transaction().execute(async (trx) => {
    const owned = await editableRow(trx, user, id);
    if (parsed.mode === "replace") {
      await trx.deleteFrom("watchlist_items").where("watchlist_id", "=", id).execute();
      await trx.insertInto("watchlist_items").values(itemRows(id, parsed.items, 0, now)).execute();
      await trx.updateTable("watchlists").set({ exposure_unit: unit }).where("id", "=", id).execute();
    } else {
      // Exposures in two units cannot share a list: summaries weigh them against each other.
      const held = owned.exposure_unit === null ? null : exposureUnitSchema.safeParse(owned.exposure_unit).data ?? null;
      const incoming = parsed.items.some((i) => i.exposure !== undefined) ? unit : null;
      if (incoming !== null && held !== null && incoming !== held) {
        const withExposure = await trx.selectFrom("watchlist_items").select("symbol").where("watchlist_id", "=", id).where("exposure", "is not", null).executeTakeFirst();
        if (withExposure) {
          throw new AlphaError("invalid_body", `This watchlist counts exposure in ${UNIT_WORDS[held]}; these items are in ${UNIT_WORDS[incoming]}. Nothing was added: replace the list or import into a new one.`, {
            details: { fields: { exposureUnit: [`must be ${held}, the unit of this watchlist`] } },
          });
        }
      }
      if (incoming !== null && incoming !== held) await trx.updateTable("watchlists").set({ exposure_unit: incoming }).where("id", "=", id).execute();
      const existing = await trx.selectFrom("watchlist_items").select(["symbol", "position"]).where("watchlist_id", "=", id).execute();
      const have = new Set(existing.map((r) => r.symbol));
      const fresh = parsed.items.filter((i) => !have.has(i.symbol));
      const total = existing.length + fresh.length;
      if (total > MAX_WATCHLIST_ITEMS) {
        throw new AlphaError("invalid_body", `This would make ${total} symbols; a watchlist holds at most ${MAX_WATCHLIST_ITEMS}. Nothing was added.`, {
          details: { fields: { items: [`at most ${MAX_WATCHLIST_ITEMS - existing.length} new symbols fit`] } },
        });
      }
      for (const item of parsed.items.filter((i) => have.has(i.symbol))) {
        await trx
          .updateTable("watchlist_items")
          .set({ exposure: item.exposure ?? null, label: item.label ? item.label : null })
          .where("watchlist_id", "=", id)
          .where("symbol", "=", item.symbol)
          .execute();
      }
      const start = existing.reduce((m, r) => Math.max(m, toNumber(r.position) + 1), 0);
      if (fresh.length > 0) await trx.insertInto("watchlist_items").values(itemRows(id, fresh, start, now)).execute();
    }
    await trx.updateTable("watchlists").set({ updated_at: now }).where("id", "=", id).execute();
  });
  return getWatchlist({ user, id, ctx: c });
}

function parseSymbolOrThrow(symbol: string): string {
  const parsed = symbolSchema.safeParse(symbol);
  if (!parsed.success) throw new AlphaError("not_found", `${symbol} is not in this watchlist`);
  return parsed.data;
}

export async function updateWatchlistItem({ ctx, user, id, symbol, input }: { ctx: DeskContext; user: SessionUser; id: string; symbol: string; input: UpdateWatchlistItemInput }): Promise<Watchlist> {
  const c = ctx;
  const change = parseOrThrow(updateWatchlistItemInputSchema, input);
  const sym = parseSymbolOrThrow(symbol);
  const db = portfolioDb({ ctx: c });
  await db.transaction().execute(async (trx) => {
    await editableRow(trx, user, id);
    const set: Partial<Pick<WatchlistItemsTable, "exposure" | "label">> = {};
    if (change.exposure !== undefined) set.exposure = change.exposure;
    if (change.label !== undefined) set.label = change.label ? change.label : null;
    if (Object.keys(set).length > 0) {
      const result = await trx.updateTable("watchlist_items").set(set).where("watchlist_id", "=", id).where("symbol", "=", sym).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new AlphaError("not_found", `${sym} is not in this watchlist`);
    }
    await trx.updateTable("watchlists").set({ updated_at: c.now().toISOString() }).where("id", "=", id).execute();
  });
  return getWatchlist({ user, id, ctx: c });
}

export async function removeWatchlistItem({ ctx, user, id, symbol }: { ctx: DeskContext; user: SessionUser; id: string; symbol: string }): Promise<Watchlist> {
  const c = ctx;
  const sym = parseSymbolOrThrow(symbol);
  const db = portfolioDb({ ctx: c });
  await db.transaction().execute(async (trx) => {
    await editableRow(trx, user, id);
    await trx.deleteFrom("watchlist_items").where("watchlist_id", "=", id).where("symbol", "=", sym).execute();
    await trx.updateTable("watchlists").set({ updated_at: c.now().toISOString() }).where("id", "=", id).execute();
  });
  return getWatchlist({ user, id, ctx: c });
}

/** Most symbols one check takes (a big batch file names a few hundred at most). */

const INDEX_PAGES_PER_CHUNK = 3;

function whyUnchecked(error: unknown): string {
  if (!isAlphaError(error)) return "The symbols could not be checked right now.";
  switch (error.code) {
    case "no_api_key":
      return "Add your Alpha key in Settings to check symbols.";
    case "product_not_enabled":
    case "scope_required":
      return "Your plan has no earnings product, which the desk uses to check symbols for free; they were not checked.";
    case "rate_limit_exceeded":
      return "Your plan's request limit was reached; some symbols were not checked. Try again in a minute.";
    default:
      return "The Alpha service could not be asked about these symbols right now; they were not checked.";
  }
}

/**
 * Which symbols the service knows, from the free earnings index (filtered by up to 20 symbols a call). Answers are
 * cached a day in the desk database and shared by every user: the symbol universe is the same for all keys.
 */
export async function checkSymbols({ ctx, user, symbols }: { ctx: DeskContext; user: SessionUser; symbols: readonly string[] }): Promise<SymbolCheck> {
  const c = ctx;
  const valid = [...new Set(symbols.map((s) => symbolSchema.safeParse(s)).flatMap((r) => (r.success ? [r.data] : [])))];
  // ETFs and bonds are not in the results index: asking would only call them unknown.
  const instruments = valid.flatMap((s) => instrumentOf(s) ?? []);
  const wanted = valid.filter((s) => !instruments.some((i) => i.symbol === s));
  if (valid.length > MAX_SYMBOL_CHECK) throw new AlphaError("invalid_parameter", `Check at most ${MAX_SYMBOL_CHECK} symbols at a time`);
  const db = portfolioDb({ ctx: c });
  const since = new Date(c.now().getTime() - SYMBOL_CHECK_TTL_MS).toISOString();
  // "Not listed" is believed for less long: the exchanges list companies every day (an import can add one any time).
  const unknownSince = new Date(c.now().getTime() - UNKNOWN_SYMBOL_TTL_MS).toISOString();
  const known = new Set<string>();
  const unknown = new Set<string>();
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .selectFrom("symbol_checks")
      .select(["symbol", "known", "checked_at"])
      .where("symbol", "in", wanted.slice(i, i + 500))
      .where("checked_at", ">=", since)
      .execute();
    for (const r of rows) {
      if (toNumber(r.known) === 1) known.add(r.symbol);
      else if (String(r.checked_at) >= unknownSince) unknown.add(r.symbol);
    }
  }
  const todo = wanted.filter((s) => !known.has(s) && !unknown.has(s));
  const unchecked: string[] = [];
  let note: string | null = null;
  const checkedAt = c.now().toISOString();
  for (let i = 0; i < todo.length; i += MAX_LIST_VALUES) {
    const chunk = todo.slice(i, i + MAX_LIST_VALUES);
    if (note !== null) {
      unchecked.push(...chunk);
      continue;
    }
    try {
      const seen = new Set<string>();
      for (let page = 1; page <= INDEX_PAGES_PER_CHUNK; page++) {
        const { data } = await callAlpha({ ctx: c, user, id: "listEarningsIndex", input: { query: { symbols: chunk, limit: 100, page } } });
        for (const row of data.data) seen.add(row.symbol.toUpperCase());
        if (!data.has_next || chunk.every((s) => seen.has(s))) break;
      }
      // A new listing has filed no results yet; one that has booked its first board meeting is on the free calendar.
      const unfiled = chunk.filter((s) => !seen.has(s));
      if (unfiled.length > 0) {
        const { data } = await callAlpha({ ctx: c, user, id: "listUpcomingEarnings", input: { query: { symbols: unfiled, limit: 50, page: 1 } } });
        for (const row of data.data) seen.add(row.symbol.toUpperCase());
      }
      const rows = chunk.map((symbol) => ({ symbol, known: seen.has(symbol) ? 1 : 0, checked_at: checkedAt }));
      for (const r of rows) (r.known ? known : unknown).add(r.symbol);
      for (const r of rows) {
        await db
          .insertInto("symbol_checks")
          .values(r)
          .onConflict((oc) => oc.column("symbol").doUpdateSet({ known: r.known, checked_at: r.checked_at }))
          .execute();
      }
    } catch (error) {
      note = whyUnchecked(error);
      unchecked.push(...chunk);
    }
  }
  const order = (set: Set<string>) => wanted.filter((s) => set.has(s));
  const renamed = order(unknown).flatMap((s) => renamedOf(s) ?? []);
  return { known: order(known), unknown: order(unknown), unchecked, note, instruments, renamed };
}

function whyNoIsins(error: unknown): string {
  if (isAlphaError(error) && error.code === "no_api_key") return "Add your Alpha key in Settings to look up ISINs.";
  if (isAlphaError(error) && (error.code === "product_not_enabled" || error.code === "scope_required")) {
    return "Your plan lacks the earnings index or the Symbols product the ISIN lookup needs; map a symbol column instead.";
  }
  if (isAlphaError(error) && error.code === "insufficient_credits") return "Your balance does not cover the ISIN lookup; nothing more was charged.";
  return `${whyUnchecked(error).replace(/ they were not checked\.$|; some symbols were not checked\./, ".")} Some ISINs were not looked up.`;
}

/** ISINs learnt from symbol metadata are kept this long: an ISIN changes only with a corporate action. */
export const SYMBOL_ISIN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const UNIVERSE_KEY = "symbol_universe";
const UNIVERSE_MAX_PAGES = 60;
const universeSchema = z.object({ at: z.string(), symbols: z.array(z.string()) });

/** Every symbol the service lists, from the free earnings index, kept a day in desk_meta. */
async function symbolUniverse(user: SessionUser, c: DeskContext): Promise<string[]> {
  const db = portfolioDb({ ctx: c });
  const kept = await db.selectFrom("desk_meta").select("value").where("key", "=", UNIVERSE_KEY).executeTakeFirst();
  const parsed = kept ? universeSchema.safeParse(JSON.parse(kept.value)) : null;
  if (parsed?.success && c.now().getTime() - Date.parse(parsed.data.at) < SYMBOL_CHECK_TTL_MS) return parsed.data.symbols;
  const seen = new Set<string>();
  for (let page = 1; page <= UNIVERSE_MAX_PAGES; page++) {
    const { data } = await callAlpha({ ctx: c, user, id: "listEarningsIndex", input: { query: { limit: 100, page } } });
    for (const row of data.data) seen.add(row.symbol.toUpperCase());
    if (!data.has_next) break;
  }
  const value = JSON.stringify({ at: c.now().toISOString(), symbols: [...seen].sort() });
  await db
    .insertInto("desk_meta")
    .values({ key: UNIVERSE_KEY, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
  return [...seen].sort();
}

/**
 * ISIN → symbol at the cheaper of a metadata pass over the unknown companies and one whole catalogue; without
 * `spendUpTo` covering it nothing paid is called and the price is answered. What is learnt is kept for every user.
 */
export async function resolveIsins({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: ResolveIsinsInput }): Promise<IsinResolution> {
  const c = ctx;
  const parsed = parseOrThrow(resolveIsinsInputSchema, input);
  const wanted = [...new Set(parsed.isins)];
  const db = portfolioDb({ ctx: c });
  const since = new Date(c.now().getTime() - SYMBOL_ISIN_TTL_MS).toISOString();
  const symbols: Record<string, string | null> = {};
  const learn = async () => {
    const rows = await db.selectFrom("symbol_isins").select(["symbol", "isin"]).where("isin", "in", wanted).where("fetched_at", ">=", since).execute();
    for (const r of rows) if (r.isin) symbols[r.isin] = r.symbol;
  };
  await learn();
  let open = () => wanted.filter((i) => !(i in symbols));
  if (open().length === 0) return { symbols, pending: [], price: 0, charged: 0, note: null };

  let universe: string[];
  try {
    universe = await symbolUniverse(user, c);
  } catch (error) {
    return { symbols, pending: open(), price: 0, charged: 0, note: whyNoIsins(error) };
  }
  const learnt = new Set(
    (await db.selectFrom("symbol_isins").select("symbol").where("fetched_at", ">=", since).execute()).map((r) => r.symbol),
  );
  const candidates = universe.filter((s) => !learnt.has(s));
  if (candidates.length === 0) {
    for (const isin of open()) symbols[isin] = null;
    return { symbols, pending: [], price: 0, charged: 0, note: null };
  }
  const metadataPrice = priceRequest("listSymbolMetadata", { symbols: candidates }).credits;
  const cataloguePrice = priceRequest("listSymbols", { format: "json" }).credits;
  const useCatalogue = cataloguePrice < metadataPrice;
  const price = useCatalogue ? cataloguePrice : metadataPrice;
  if ((parsed.spendUpTo ?? 0) < price) return { symbols, pending: open(), price, charged: 0, note: null };

  let charged = 0;
  let note: string | null = null;
  const fetchedAt = c.now().toISOString();
  const remember = async (symbol: string, isin: string | null) => {
    await db
      .insertInto("symbol_isins")
      .values({ symbol, isin, fetched_at: fetchedAt })
      .onConflict((oc) => oc.column("symbol").doUpdateSet({ isin, fetched_at: fetchedAt }))
      .execute();
    if (isin && wanted.includes(isin)) symbols[isin] = symbol;
  };
  if (useCatalogue) {
    try {
      const { data, meta } = await callAlpha({ ctx: c, user, id: "listSymbols", input: { query: { format: "json" } } });
      charged += meta.creditsCharged;
      if (typeof data === "string") throw new AlphaError("upstream_contract_violation", "The Alpha API answered the symbol catalogue as text, not JSON");
      for (const m of data.data) await remember(m.symbol.toUpperCase(), m.isin ? m.isin.toUpperCase() : null);
    } catch (error) {
      note = whyNoIsins(error);
    }
  }
  for (let i = 0; !useCatalogue && i < candidates.length && open().length > 0; i += MAX_LIST_VALUES) {
    const chunk = candidates.slice(i, i + MAX_LIST_VALUES);
    try {
      const { data, meta } = await callAlpha({ ctx: c, user, id: "listSymbolMetadata", input: { query: { symbols: chunk } } });
      charged += meta.creditsCharged;
      const isinOf = new Map(data.data.map((m) => [m.symbol.toUpperCase(), m.isin ? m.isin.toUpperCase() : null]));
      for (const symbol of chunk) await remember(symbol, isinOf.get(symbol) ?? null);
    } catch (error) {
      note = whyNoIsins(error);
      break;
    }
  }
  open = () => wanted.filter((i) => !(i in symbols));
  if (note === null) for (const isin of open()) symbols[isin] = null;
  return { symbols, pending: open(), price: 0, charged, note };
}
