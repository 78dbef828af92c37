import { toCsv } from "../../lib/alpha/csv";
import type { Hono } from "hono";
import { SYMBOL_CSV_COLUMNS } from "../../lib/alpha/symbols";
import type { ServiceContext } from "../context";
import type { AppEnv, EndpointInput } from "../endpoint";
import { defineEndpoint, JsonText, RawBody } from "../endpoint";
import { prepared } from "../store/prepared";
import type { CompanyDbRow, StoredWire } from "../store/wire";
import { partsOf, toSymbolCatalogueWire, withPublicUrl } from "../store/wire";

/** A company is its stored JSON (wire.ts): `wire` in the metadata shape, `wire_detail` in the catalogue's, logo links made absolute. */
const COMPANY_WIRE = "SELECT symbol AS k, wire, wire_detail FROM companies";
const COMPANY_COLUMNS = "symbol, company_name, scrip_code, isin, sector, industry, basic_industry, macro_economic_indicator, market_cap";

/** Metadata for the named symbols and scrip codes, in request order, each company once; unknown names are skipped. */
export function listSymbolMetadata({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listSymbolMetadata"> }) {
  const bySymbol = prepared(ctx.db, `${COMPANY_WIRE} WHERE symbol = ?`);
  const byScrip = prepared(ctx.db, `${COMPANY_WIRE} WHERE scrip_code = ?`);
  const seen = new Set<string>();
  const data: string[] = [];
  const push = (row: StoredWire | undefined) => {
    if (!row || seen.has(row.k)) return;
    seen.add(row.k);
    data.push(withPublicUrl(partsOf(ctx.db, "companies", row).wire, "logo", ctx.publicUrl));
  };
  for (const s of input.symbols ?? []) push(bySymbol.get(s) as StoredWire | undefined);
  for (const s of input.scrip_codes ?? []) push(byScrip.get(s) as StoredWire | undefined);
  return new JsonText(`{"data":[${data.join(",")}]}`, { data });
}

/** The whole symbol catalogue (50 credits, the Symbols scope): CSV by default, the metadata envelope with format=json. */
export function listSymbols({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listSymbols"> }) {
  if (input.format === "json") {
    const stored = (prepared(ctx.db, `${COMPANY_WIRE} ORDER BY symbol`).all() as StoredWire[]).map((row) =>
      withPublicUrl(partsOf(ctx.db, "companies", row).detail, "logo", ctx.publicUrl),
    );
    return new JsonText(`{"data":[${stored.join(",")}]}`, { data: stored });
  }
  const rows = prepared(ctx.db, `SELECT ${COMPANY_COLUMNS} FROM companies ORDER BY symbol`).all() as CompanyDbRow[];
  const data = rows.map((row) => toSymbolCatalogueWire(ctx.publicUrl, row));
  const body = toCsv(SYMBOL_CSV_COLUMNS, data.map((d) => SYMBOL_CSV_COLUMNS.map((col) => d[col] ?? "")));
  return new RawBody(body, "text/csv; charset=utf-8", { "Content-Disposition": 'inline; filename="symbols.csv"' });
}

export function registerSymbolRoutes(app: Hono<AppEnv>): void {
  defineEndpoint(app, "listSymbolMetadata", listSymbolMetadata, { cache: true });
  defineEndpoint(app, "listSymbols", listSymbols);
}
