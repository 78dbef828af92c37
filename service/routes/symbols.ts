import type { Hono } from "hono";
import type { SymbolMetadata } from "../../lib/alpha/symbols";
import { SYMBOL_CSV_COLUMNS } from "../../lib/alpha/symbols";
import type { ServiceContext } from "../context";
import type { AppEnv, EndpointInput } from "../endpoint";
import { defineEndpoint, RawBody } from "../endpoint";
import { prepared } from "../store/prepared";
import { logoUrl } from "./shared";

interface CompanyDbRow {
  symbol: string;
  company_name: string;
  scrip_code: string;
  isin: string;
  sector: string;
  industry: string;
  basic_industry: string;
  macro_economic_indicator: string;
  market_cap: number;
}

const COMPANY_COLUMNS = "symbol, company_name, scrip_code, isin, sector, industry, basic_industry, macro_economic_indicator, market_cap";

/** Metadata for the named symbols and scrip codes, in request order, each company once; unknown names are skipped. */
export function listSymbolMetadata({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listSymbolMetadata"> }) {
  const bySymbol = prepared(ctx.db, `SELECT ${COMPANY_COLUMNS} FROM companies WHERE symbol = ?`);
  const byScrip = prepared(ctx.db, `SELECT ${COMPANY_COLUMNS} FROM companies WHERE scrip_code = ?`);
  const seen = new Set<string>();
  const data: SymbolMetadata[] = [];
  const push = (row: CompanyDbRow | undefined) => {
    if (!row || seen.has(row.symbol)) return;
    seen.add(row.symbol);
    data.push({
      symbol: row.symbol,
      company_name: row.company_name,
      basic_industry: row.basic_industry,
      industry: row.industry,
      isin: row.isin,
      logo: logoUrl(ctx, row.symbol),
      macro_economic_indicator: row.macro_economic_indicator,
      market_cap: row.market_cap,
      scrip_code: row.scrip_code,
      sector: row.sector,
    });
  };
  for (const s of input.symbols ?? []) push(bySymbol.get(s) as CompanyDbRow | undefined);
  for (const s of input.scrip_codes ?? []) push(byScrip.get(s) as CompanyDbRow | undefined);
  return { data };
}

/** A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvField(value: string | number): string {
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** The whole symbol catalogue (50 credits, the Symbols scope): CSV by default, the metadata envelope with format=json. */
export function listSymbols({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listSymbols"> }) {
  const rows = prepared(ctx.db, `SELECT ${COMPANY_COLUMNS} FROM companies ORDER BY symbol`).all() as CompanyDbRow[];
  const data: SymbolMetadata[] = rows.map((row) => ({
    symbol: row.symbol,
    company_name: row.company_name,
    scrip_code: row.scrip_code,
    isin: row.isin,
    sector: row.sector,
    industry: row.industry,
    basic_industry: row.basic_industry,
    macro_economic_indicator: row.macro_economic_indicator,
    market_cap: row.market_cap,
    logo: logoUrl(ctx, row.symbol),
  }));
  if (input.format === "json") return { data };
  const lines = [SYMBOL_CSV_COLUMNS.join(","), ...data.map((d) => SYMBOL_CSV_COLUMNS.map((col) => csvField(d[col] ?? "")).join(","))];
  return new RawBody(`${lines.join("\r\n")}\r\n`, "text/csv; charset=utf-8", { "Content-Disposition": 'inline; filename="symbols.csv"' });
}

export function registerSymbolRoutes(app: Hono<AppEnv>): void {
  defineEndpoint(app, "listSymbolMetadata", listSymbolMetadata, { cache: true });
  defineEndpoint(app, "listSymbols", listSymbols);
}
