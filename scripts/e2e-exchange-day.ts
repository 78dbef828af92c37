/**
 * Test-only: a day of exchange files for the e2e desk, written from the example files of docs/import/exchange as the
 * exchanges publish them, for one company of its own (a fresh symbol, ISIN and BSE code in place of RELIANCE's, so the
 * shared generated market keeps its companies) and moved to the latest weekday (IST) so the day is the desk's "today"
 * or its last session. Every date of the files moves by the same number of days, so a board meeting stays ahead.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const DOCS = join(import.meta.dirname, "..", "docs", "import", "exchange");
/** The example files' trading day and company. */
const DOC_DAY = "2026-11-27";
const DOC_SYMBOL = "RELIANCE";
const DOC_ISIN_STEM = "INE002A";
const DOC_SCRIP = "500325";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const LONG_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAY_MS = 86_400_000;
const IST_MS = 330 * 60_000;

export interface ExchangeDay {
  id: string;
  dir: string;
  day: string;
  symbol: string;
  isin: string;
  scripCode: string;
  companyName: string;
  /** The announcement ids the service gives the day's filings: `ann_nse_<seq_id>`, `ann_bse_<NEWSID>`. */
  announcementIds: string[];
}

/** The latest weekday on or before `nowMs`, as an IST day. */
export function latestWeekdayIst(nowMs: number): string {
  let t = Date.parse(`${new Date(nowMs + IST_MS).toISOString().slice(0, 10)}T00:00:00Z`);
  while ([0, 6].includes(new Date(t).getUTCDay())) t -= DAY_MS;
  return new Date(t).toISOString().slice(0, 10);
}

const utc = (y: number, m: number, d: number) => Date.UTC(y, m, d);
const pad = (n: number) => String(n).padStart(2, "0");

/** Every date of a text moved by `days`, in the formats the exchanges write (and the prose dates of their filings). */
export function shiftDates(text: string, days: number): string {
  if (days === 0) return text;
  const move = (y: number, m: number, d: number) => new Date(utc(y, m, d) + days * DAY_MS);
  const mon = MONTHS.join("|");
  return (
    text
      // 27-Nov-2026, 27-NOV-2026
      .replace(new RegExp(`\\b(\\d{2})-(${mon})-(\\d{4})\\b`, "gi"), (_, d: string, m: string, y: string) => {
        const t = move(Number(y), MONTHS.findIndex((x) => x.toLowerCase() === m.toLowerCase()), Number(d));
        const name = MONTHS[t.getUTCMonth()] ?? "";
        return `${pad(t.getUTCDate())}-${m === m.toUpperCase() ? name.toUpperCase() : name}-${t.getUTCFullYear()}`;
      })
      // 15 Jan 2027 (BSE's calendar)
      .replace(new RegExp(`\\b(\\d{2}) (${mon}) (\\d{4})\\b`, "g"), (_, d: string, m: string, y: string) => {
        const t = move(Number(y), MONTHS.indexOf(m), Number(d));
        return `${pad(t.getUTCDate())} ${MONTHS[t.getUTCMonth()]} ${t.getUTCFullYear()}`;
      })
      // 2026-11-27 (and 2026-11-27T16:41:25)
      .replace(/\b(\d{4})-(\d{2})-(\d{2})(?=\b|T)/g, (_, y: string, m: string, d: string) => move(Number(y), Number(m) - 1, Number(d)).toISOString().slice(0, 10))
      // 27112026180211 (NSE's dt and attachment names)
      .replace(/(?<!\d)(\d{2})(\d{2})(20\d{2})(\d{6})(?!\d)/g, (_, d: string, m: string, y: string, time: string) => {
        const t = move(Number(y), Number(m) - 1, Number(d));
        return `${pad(t.getUTCDate())}${pad(t.getUTCMonth() + 1)}${t.getUTCFullYear()}${time}`;
      })
      // November 27, 2026 in a filing's prose (not a quarter's end, which stays the quarter's)
      .replace(new RegExp(`(?<!ended )\\b(${LONG_MONTHS.join("|")}) (\\d{1,2}), (\\d{4})\\b`, "g"), (_, m: string, d: string, y: string) => {
        const t = move(Number(y), LONG_MONTHS.indexOf(m), Number(d));
        return `${LONG_MONTHS[t.getUTCMonth()]} ${t.getUTCDate()}, ${t.getUTCFullYear()}`;
      })
  );
}

function title(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** RELIANCE's identity replaced by the fresh company's, in every spelling the files use. */
function rename(text: string, d: Pick<ExchangeDay, "symbol" | "isin" | "scripCode">, stem: string): string {
  return text
    .replace(/reliance industries/gi, (m) => (m === m.toUpperCase() ? `${stem.toUpperCase()} INDUSTRIES` : m === m.toLowerCase() ? `${stem.toLowerCase()} industries` : `${title(stem)} Industries`))
    .replace(/reliance-industries/g, `${stem.toLowerCase()}-industries`)
    .replaceAll(DOC_SYMBOL, d.symbol)
    .replace(/\breliance\b/g, d.symbol.toLowerCase())
    .replaceAll(DOC_ISIN_STEM, d.isin.slice(0, 7))
    .replaceAll(DOC_SCRIP, d.scripCode);
}

/** A CSV of the docs with its header and RELIANCE's rows only. */
function csvRows(text: string): string {
  const lines = text.split(/\r?\n/);
  return `${[lines[0], ...lines.slice(1).filter((l) => l.includes(DOC_SYMBOL) || l.includes(DOC_ISIN_STEM) || l.includes(DOC_SCRIP))].join("\n")}\n`;
}

/** A JSON list of the docs (or BSE's `{Table, Table1}`) with RELIANCE's rows only, each exchange id made fresh. */
function jsonRows(text: string, fresh: (row: Record<string, unknown>) => Record<string, unknown>): string {
  const mine = (row: unknown) => {
    const s = JSON.stringify(row);
    return s.includes(DOC_ISIN_STEM) || s.includes(`"${DOC_SYMBOL}"`) || s.includes(DOC_SCRIP);
  };
  const parsed = JSON.parse(text) as unknown;
  if (Array.isArray(parsed)) return JSON.stringify(parsed.filter(mine).map((r) => fresh(r as Record<string, unknown>)), null, 1);
  const table = parsed as { Table: Record<string, unknown>[]; Table1: unknown };
  const rows = table.Table.filter(mine).map(fresh);
  return JSON.stringify({ Table: rows, Table1: [{ ROWCNT: rows.length }] });
}

/**
 * Writes the day under a fresh folder: `masters/` (the symbol masters, imported first so the company exists) and
 * `day/` (its filings, calendars, deals and bhavcopy).
 */
export function writeExchangeDay(nowMs = Date.now()): ExchangeDay {
  const id = randomBytes(4).toString("hex");
  const tag = randomBytes(3).toString("hex").toUpperCase();
  const symbol = `XCH${tag}`;
  const stem = `Xch${tag.toLowerCase()}`;
  const d: ExchangeDay = {
    id,
    dir: mkdtempSync(join(tmpdir(), "alpha-e2e-exchange-")),
    day: latestWeekdayIst(nowMs),
    symbol,
    isin: `INE${randomBytes(2).toString("hex").toUpperCase()}01018`,
    scripCode: String(960_000 + Math.floor(Math.random() * 39_999)),
    companyName: `${title(stem)} Industries Limited`,
    announcementIds: [],
  };
  const days = Math.round((Date.parse(`${d.day}T00:00:00Z`) - Date.parse(`${DOC_DAY}T00:00:00Z`)) / DAY_MS);
  const read = (name: string) => readFileSync(join(DOCS, name), "utf8");
  const out = (part: "masters" | "day", name: string, text: string) => {
    mkdirSync(join(d.dir, part), { recursive: true });
    writeFileSync(join(d.dir, part, name), shiftDates(rename(text, d, stem), days));
  };
  const uid = (): string => {
    const id = randomBytes(16).toString("hex").replace(/^(.{8})(.{4})(.{4})(.{4})/, "$1-$2-$3-$4-");
    if (id.includes(DOC_SCRIP)) return uid();
    d.announcementIds.push(`ann_bse_${id}`);
    return id;
  };
  const seq = (): string => {
    // Nine digits with no run the renaming or the date moving would touch (a scrip code, a DDMMYYYY date).
    const id = String(200_000_000 + Math.floor(Math.random() * 700_000_000));
    if (id.includes(DOC_SCRIP)) return seq();
    d.announcementIds.push(`ann_nse_${id}`);
    return id;
  };

  out("masters", "ListOfScrips.csv", csvRows(read("ListOfScrips.csv")));
  out("masters", "EQUITY_L.csv", csvRows(read("EQUITY_L.csv")));
  out("day", "nse-announcements.json", jsonRows(read("nse-announcements.json"), (r) => ({ ...r, seq_id: seq() })));
  out("day", "bse-announcements.json", jsonRows(read("bse-announcements.json"), (r) => ({ ...r, NEWSID: uid() })));
  out("day", "nse-board-meetings.json", jsonRows(read("nse-board-meetings.json"), (r) => r));
  out("day", "bse-result-calendar.json", jsonRows(read("bse-result-calendar.json"), (r) => r));
  out("day", "nse-corporate-actions.json", jsonRows(read("nse-corporate-actions.json"), (r) => r));
  out("day", "bulk.csv", csvRows(read("bulk.csv")));
  const [y, m, dd] = d.day.split("-");
  out("day", `BhavCopy_NSE_CM_0_0_0_${y}${m}${dd}_F_0000.csv`, csvRows(read("BhavCopy_NSE_CM_0_0_0_20261127_F_0000.csv")));
  return d;
}
