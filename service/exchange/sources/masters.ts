/**
 * The symbol masters: BSE's list of scrips (codes, security ids and ISINs) and NSE's EQUITY_L.csv (symbols, names,
 * ISINs). Companies are keyed on ISIN: an NSE symbol that changed becomes an alias of the stored company, a new name
 * replaces the stored one. A company needs its BSE code (the service answers it), so the BSE list comes first.
 */
import { logoPath } from "../../store/wire";
import { prepared } from "../../store/prepared";
import { csvRecords, exchangeDate, type RowIssue } from "../files";
import { sideTableResult, type ExchangeSource, type ReadResult, type Taken } from "../engine";

const ISIN = /^IN[A-Z0-9]{9}\d$/;

export const bseScrips: ExchangeSource = {
  name: "bse-scrips",
  title: "BSE list of scrips (ListOfScrips.csv, Equity, Active)",
  order: 0,
  detect: (name, head) => /^listofscrips/i.test(name) || /security code/i.test(head.split("\n")[0] ?? ""),
  async read({ path, stream }): Promise<ReadResult> {
    const skipped: RowIssue[] = [];
    const errors: RowIssue[] = [];
    const scrips: { code: string; id: string; name: string; isin: string; industry: string }[] = [];
    const seen = new Set<string>();
    for await (const { at, c } of csvRecords(stream, path, errors)) {
      const code = c["Security Code"] ?? c["Scrip Code"] ?? "";
      const isin = (c["ISIN No"] ?? c["ISIN"] ?? "").toUpperCase();
      const status = c["Status"] ?? "Active";
      const instrument = c["Instrument"] ?? "Equity";
      if (!/^\d{5,6}$/.test(code)) {
        errors.push({ file: path, at, reason: `Security Code '${code}' is not a BSE scrip code` });
        continue;
      }
      if (!/^equity$/i.test(instrument)) {
        skipped.push({ file: path, at, reason: `instrument ${instrument}: only equity is taken` });
        continue;
      }
      if (!/^active$/i.test(status)) {
        skipped.push({ file: path, at, reason: `status ${status}: only active scrips are taken` });
        continue;
      }
      if (!ISIN.test(isin)) {
        skipped.push({ file: path, at, reason: "no ISIN" });
        continue;
      }
      if (seen.has(code)) {
        skipped.push({ file: path, at, reason: "repeated scrip code" });
        continue;
      }
      seen.add(code);
      scrips.push({ code, id: c["Security Id"] ?? "", name: c["Issuer Name"] || c["Security Name"] || "", isin, industry: c["Industry New Name"] || c["Industry"] || "" });
    }
    const table = { table: "exchange_scrips", key: ["scrip_code"], columns: ["security_id", "name", "isin", "industry"] };
    return sideTableResult(scrips, { skipped, errors }, table, (s) => [s.code, s.id, s.name, s.isin, s.industry]);
  },
};

export const nseEquityList: ExchangeSource = {
  name: "nse-equity-list",
  title: "NSE securities available for trading (EQUITY_L.csv)",
  order: 1,
  detect: (name, head) => /^equity_l/i.test(name) || /name of company/i.test(head.split("\n")[0] ?? ""),
  async read({ path, stream, db, companies }): Promise<ReadResult> {
    const skipped: RowIssue[] = [];
    const errors: RowIssue[] = [];
    const rows: Taken[] = [];
    const renames: { at: string; symbol: string; stored: string; name: string }[] = [];
    const scripByIsin = prepared(db, "SELECT scrip_code, industry FROM exchange_scrips WHERE isin = ?");
    const codeHolder = prepared(db, "SELECT symbol FROM companies WHERE scrip_code = ?");
    const seen = new Set<string>();
    for await (const { at, c } of csvRecords(stream, path, errors)) {
      const symbol = c["SYMBOL"] ?? "";
      const name = c["NAME OF COMPANY"] ?? "";
      const isin = (c["ISIN NUMBER"] ?? "").toUpperCase();
      if (!symbol || !name) {
        errors.push({ file: path, at, reason: "SYMBOL and NAME OF COMPANY are required" });
        continue;
      }
      if (!ISIN.test(isin)) {
        errors.push({ file: path, at, reason: `ISIN NUMBER '${c["ISIN NUMBER"] ?? ""}' is not an ISIN` });
        continue;
      }
      try {
        exchangeDate(c["DATE OF LISTING"]);
      } catch (e) {
        errors.push({ file: path, at, reason: `DATE OF LISTING: ${(e as Error).message}` });
        continue;
      }
      if (seen.has(isin)) {
        skipped.push({ file: path, at, reason: "ISIN listed again (another series of the same company)" });
        continue;
      }
      seen.add(isin);
      const stored = companies.find({ isin });
      if (stored) {
        renames.push({ at, symbol, stored, name });
        continue;
      }
      const sameSymbol = companies.find({ symbol });
      if (sameSymbol) {
        skipped.push({ file: path, at, reason: `symbol ${symbol} is stored (as ${sameSymbol}) under another ISIN than ${isin}` });
        continue;
      }
      const scrip = scripByIsin.get(isin) as { scrip_code: string; industry: string } | undefined;
      if (!scrip) {
        skipped.push({ file: path, at, reason: "no BSE scrip code for this ISIN (listed on NSE only, or the BSE list not imported): the service answers a BSE code for each company" });
        continue;
      }
      const holder = codeHolder.get(scrip.scrip_code) as { symbol: string } | undefined;
      if (holder) {
        skipped.push({ file: path, at, reason: `BSE scrip code ${scrip.scrip_code} is held by stored company ${holder.symbol} under another ISIN` });
        continue;
      }
      rows.push({
        product: "companies",
        at,
        value: { symbol, company_name: name, scrip_code: scrip.scrip_code, isin, sector: "", industry: scrip.industry, basic_industry: "", macro_economic_indicator: "", market_cap: 0, logo: logoPath(symbol) },
      });
    }
    return {
      rows,
      sideRows: renames.length,
      skipped,
      errors,
      write: ({ db: tx, counts }) => {
        const alias = prepared(tx, "INSERT INTO exchange_aliases (alias, symbol) VALUES (?, ?) ON CONFLICT(alias) DO UPDATE SET symbol = excluded.symbol");
        const current = prepared(tx, "SELECT company_name FROM companies WHERE symbol = ?");
        const rename = prepared(tx, "UPDATE companies SET company_name = ? WHERE symbol = ?");
        const aliasOf = prepared(tx, "SELECT symbol FROM exchange_aliases WHERE alias = ?");
        for (const r of renames) {
          let changed = false;
          if ((current.get(r.stored) as { company_name: string }).company_name !== r.name) {
            rename.run(r.name, r.stored);
            changed = true;
          }
          if (r.symbol !== r.stored && (aliasOf.get(r.symbol) as { symbol: string } | undefined)?.symbol !== r.stored) {
            alias.run(r.symbol, r.stored);
            changed = true;
          }
          if (changed) counts.updated++;
          else counts.unchanged++;
        }
      },
    };
  },
};
