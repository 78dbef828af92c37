import "server-only";
/**
 * Results against the manager's own estimates: the CSV upload (all or nothing, every version kept), the priced fetch
 * of filed tables for reported names with an estimate, and the season scorecard with its CSV and PDF.
 */
import Papa from "papaparse";
import { earningsDetailSchema, type EarningsTable } from "@/lib/alpha/earnings";
import { AlphaError } from "@/lib/alpha/errors";
import { quarterLabel } from "@/lib/alpha/quarters";
import { symbolMetadataResponseSchema } from "@/lib/alpha/symbols";
import { estimateCost } from "@/lib/alpha/costs";
import { prepareRequest } from "@/lib/alpha/request";
import {
  LINE_ITEM_LABELS,
  LINE_ITEMS,
  OUTCOME_WORDS,
  type EstimatesView,
  type FetchTablesInput,
  type FetchTablesResult,
  type LineItem,
  type Scorecard,
  type ScorecardInput,
  type UploadEstimatesInput,
} from "@/lib/desk/estimates";
import { formatIstDate, formatIstDateTime } from "@/lib/format/time";
import type { DeskContext } from "../core/context";
import { estimatesDb } from "../core/estimate-tables";
import { newId } from "../core/ids";
import type { DeskFile } from "../core/reply";
import { withUserKey } from "../identity/key-vault";
import type { SessionUser } from "../identity/users";
import { findWatchlist } from "../portfolio/watchlists";
import { trackSeason } from "../season/season-tracker";
import { callAlpha } from "../upstream/alpha-proxy";
import { listHeldParsed } from "../upstream/response-cache";
import { parseEstimatesCsv } from "./estimates-csv";
import { pdfStream, renderPdf } from "./pdf-document";
import { countOutcomes, scoreCompany, scoreHeadline, type HeldEstimate } from "./scorecard";

/** POST /api/estimates: a file of estimates, all or nothing; a bad line refuses the file with every line's problem. */
export async function uploadEstimates({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: UploadEstimatesInput }): Promise<{ version: { id: string; filename: string; rows: number; createdAt: string } }> {
  const parsed = parseEstimatesCsv(input.csv);
  if (!parsed.ok) {
    const shown = parsed.problems.slice(0, 20).map((p) => `line ${p.line}: ${p.message}`);
    throw new AlphaError("invalid_parameter", `Nothing was imported: ${parsed.problems.length} problem${parsed.problems.length === 1 ? "" : "s"} in ${input.filename}. ${shown.join("; ")}`, {
      details: { lines: parsed.problems },
    });
  }
  const id = newId("est");
  const createdAt = ctx.now().toISOString();
  await estimatesDb({ ctx })
    .transaction()
    .execute(async (trx) => {
      const last = await trx.selectFrom("estimate_versions").select((eb) => eb.fn.max("number").as("n")).where("user_id", "=", user.id).executeTakeFirst();
      const number = Number(last?.n ?? 0) + 1;
      await trx.insertInto("estimate_versions").values({ id, user_id: user.id, filename: input.filename, number, row_count: parsed.rows.length, created_at: createdAt }).execute();
      for (let i = 0; i < parsed.rows.length; i += 200) {
        await trx
          .insertInto("estimates")
          .values(
            parsed.rows.slice(i, i + 200).map((r) => ({
              version_id: id,
              user_id: user.id,
              line: r.line,
              symbol: r.symbol,
              quarter: r.quarter,
              line_item: r.lineItem,
              value: r.value,
              unit: r.unit,
              basis: r.basis,
              source: r.source,
              as_of: r.asOf,
            })),
          )
          .execute();
      }
    });
  return { version: { id, filename: input.filename, rows: parsed.rows.length, createdAt } };
}

/** GET /api/estimates: every version, and the estimates in force (each key's latest version). */
export async function getEstimates({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<EstimatesView> {
  const db = estimatesDb({ ctx });
  const versions = await db.selectFrom("estimate_versions").selectAll().where("user_id", "=", user.id).orderBy("number", "desc").execute();
  const order = new Map(versions.map((v, i) => [v.id, i]));
  const rows = await db.selectFrom("estimates").selectAll().where("user_id", "=", user.id).execute();
  const current = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    const key = `${r.symbol} ${r.quarter} ${r.line_item} ${r.basis}`;
    const held = current.get(key);
    if (!held || (order.get(r.version_id) ?? 0) < (order.get(held.version_id) ?? 0)) current.set(key, r);
  }
  return {
    versions: versions.map((v) => ({ id: v.id, filename: v.filename, rows: Number(v.row_count), createdAt: v.created_at })),
    current: [...current.values()]
      .filter((r) => (LINE_ITEMS as readonly string[]).includes(r.line_item))
      .sort((a, b) => a.symbol.localeCompare(b.symbol) || a.quarter.localeCompare(b.quarter) || a.line_item.localeCompare(b.line_item))
      .map((r) => ({
        symbol: r.symbol,
        quarter: r.quarter,
        lineItem: r.line_item as LineItem,
        value: Number(r.value),
        unit: r.unit === "lakh" ? "lakh" : "crore",
        basis: r.basis === "standalone" ? "standalone" : "consolidated",
        source: r.source,
        asOf: r.as_of,
        versionId: r.version_id,
      })),
  };
}

/** Filed tables the account holds, by `SYMBOL quarter`. */
async function heldTables(ctx: DeskContext, accountId: string): Promise<Map<string, EarningsTable>> {
  const out = new Map<string, EarningsTable>();
  for (const filing of await listHeldParsed({ ctx, accountId, endpoint: "getEarningsDetail", schema: earningsDetailSchema })) {
    if (!filing.quarter || !filing.earnings_table) continue;
    const key = `${filing.symbol.toUpperCase()} ${filing.quarter.toLowerCase()}`;
    if (!out.has(key)) out.set(key, filing.earnings_table);
  }
  return out;
}

/** Sectors from symbol metadata the account holds (never bought here). */
async function heldSectors(ctx: DeskContext, accountId: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const answer of await listHeldParsed({ ctx, accountId, endpoint: "listSymbolMetadata", schema: symbolMetadataResponseSchema })) {
    for (const m of answer.data) if (m.sector && !out.has(m.symbol.toUpperCase())) out.set(m.symbol.toUpperCase(), m.sector);
  }
  return out;
}

const NO_SECTOR = "Sector not held";

/** GET /api/season/scorecard: the season of a watchlist against the user's estimates (free: nothing is bought). */
export async function getScorecard({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: ScorecardInput }): Promise<Scorecard> {
  const watchlist = await findWatchlist({ ctx, user, id: input.watchlist });
  if (!watchlist) throw new AlphaError("not_found", "No such watchlist");
  const season = await trackSeason({ ctx, user, input: { scope: "watchlist", watchlist: watchlist.id, ...(input.quarter ? { quarter: input.quarter } : {}) } });
  const quarter = season.quarter;
  const { accountId } = await withUserKey({ ctx, userId: user.id });
  const [view, tables, sectors] = await Promise.all([getEstimates({ ctx, user }), heldTables(ctx, accountId), heldSectors(ctx, accountId)]);
  const estimates: HeldEstimate[] = view.current.filter((e) => e.quarter === quarter);
  const labels = new Map(watchlist.items.map((i) => [i.symbol.toUpperCase(), i.label]));
  const rows = season.companies
    .filter((c) => c.status === "reported")
    .map((c) =>
      scoreCompany({
        company: { symbol: c.symbol, company: c.company, filedAt: c.at ?? "" },
        sector: sectors.get(c.symbol) ?? labels.get(c.symbol) ?? null,
        quarter,
        estimates,
        table: tables.get(`${c.symbol} ${quarter}`) ?? null,
        band: input.band,
      }),
    );
  const counts = countOutcomes(rows);
  const bySector = new Map<string, typeof rows>();
  for (const r of rows) bySector.set(r.sector ?? NO_SECTOR, [...(bySector.get(r.sector ?? NO_SECTOR) ?? []), r]);
  const toFetch = rows.filter((r) => r.outcome === "table_not_held").map((r) => r.symbol);
  const perTable = estimateCost("getEarningsDetail", prepareRequest("getEarningsDetail", { query: { symbol: "TCS", quarter, detailed: true } }).parsed);
  return {
    watchlist: { id: watchlist.id, name: watchlist.name },
    quarter,
    band: input.band,
    counts,
    headline: scoreHeadline(counts),
    sectors: [...bySector.entries()].sort((a, b) => a[0].localeCompare(b[0])).map(([sector, list]) => ({ sector, counts: countOutcomes(list) })),
    rows,
    toFetch: { symbols: toFetch, credits: toFetch.length * perTable },
  };
}

/**
 * POST /api/season/scorecard/tables: buys the filed tables of reported names with an estimate that the desk does not
 * hold (3 credits each), only when the user agreed to the price; under it nothing is bought and the price is answered.
 */
export async function fetchResultTables({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: FetchTablesInput }): Promise<FetchTablesResult> {
  const card = await getScorecard({ ctx, user, input: { watchlist: input.watchlist, band: 2, ...(input.quarter ? { quarter: input.quarter } : {}) } });
  const price = card.toFetch.credits;
  if (input.spendUpTo < price) return { price, fetched: 0, credits: 0, failed: [] };
  let credits = 0;
  let fetched = 0;
  const failed: string[] = [];
  for (const symbol of card.toFetch.symbols) {
    try {
      const { meta } = await callAlpha({ ctx, user, id: "getEarningsDetail", input: { query: { symbol, quarter: card.quarter, detailed: true } } });
      credits += meta.creditsCharged;
      fetched++;
    } catch {
      failed.push(symbol);
    }
  }
  return { price, fetched, credits, failed };
}

const fmt = (n: number | null) => (n === null ? "" : String(n));

/** GET /api/season/scorecard.csv */
export async function exportScorecardCsv({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: ScorecardInput }): Promise<DeskFile> {
  const card = await getScorecard({ ctx, user, input });
  const csv = Papa.unparse({
    fields: ["symbol", "company", "sector", "filed_at_ist", "line_item", "basis", "estimate_cr", "actual_cr", "surprise_pct", "outcome", "note"],
    data: card.rows.map((r) => [
      r.symbol,
      r.company ?? "",
      r.sector ?? "",
      r.filedAt ? formatIstDateTime(r.filedAt) : "",
      r.lineItem ? LINE_ITEM_LABELS[r.lineItem] : "",
      r.basis ?? "",
      fmt(r.estimateCr),
      fmt(r.actualCr),
      fmt(r.surprisePct),
      OUTCOME_WORDS[r.outcome],
      r.note ?? "",
    ]),
  }, { newline: "\n" });
  return { filename: `scorecard-${card.quarter}.csv`, contentType: "text/csv; charset=utf-8", body: `${csv}\n` };
}

/** GET /api/season/scorecard.pdf */
export async function exportScorecardPdf({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: ScorecardInput }): Promise<DeskFile> {
  const card = await getScorecard({ ctx, user, input });
  const bytes = await renderPdf({
    title: `${card.watchlist.name} ${quarterLabel(card.quarter)} scorecard`,
    footer: `Alpha Desk · ${formatIstDate(ctx.now())} · in line = within ±${card.band}% of your estimate; figures in ₹ crore.`,
    blocks: [
      { kind: "title", text: `${card.watchlist.name}: ${quarterLabel(card.quarter)} results against your estimates` },
      { kind: "text", text: card.headline },
      { kind: "table", head: ["Sector", "Reported", "Beat", "In line", "Missed", "No estimate"], rows: card.sectors.map((s) => [s.sector, String(s.counts.reported), String(s.counts.beat), String(s.counts.inLine), String(s.counts.missed), String(s.counts.noEstimate)]) },
      {
        kind: "table",
        head: ["Company", "Line", "Estimate", "Actual", "Surprise", "Outcome"],
        rows: card.rows.map((r) => [r.symbol, r.lineItem ? LINE_ITEM_LABELS[r.lineItem] : "", fmt(r.estimateCr), fmt(r.actualCr), r.surprisePct === null ? "" : `${r.surprisePct > 0 ? "+" : ""}${r.surprisePct}%`, OUTCOME_WORDS[r.outcome]]),
      },
    ],
  });
  return { filename: `scorecard-${card.quarter}.pdf`, contentType: "application/pdf", body: pdfStream(bytes) };
}
