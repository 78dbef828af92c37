/**
 * Corporate announcements as NSE and BSE publish them (the JSON their announcement pages load). Idempotent by the
 * exchange's own id (NSE `seq_id`, BSE `NEWSID`); the date is the dissemination time when the row has one.
 */
import { isImportantCategory } from "../../../lib/alpha/announcements";
import { mapCategory } from "../categories";
import { exchangeDate, field, istIso, type RowIssue } from "../files";
import { jsonItems } from "../json";
import { Companies, type ExchangeSource, type ReadResult, type Taken } from "../engine";

interface Mapped {
  id: string;
  symbol: string;
  subject: string;
  category: string;
  mapped: boolean;
  summary: string;
  long: string;
  date: string;
  critical: boolean;
}

function finish(path: string, items: { at: string; mapped: Mapped | RowIssue | "skip"; skip?: string }[]): ReadResult {
  const rows: Taken[] = [];
  const skipped: RowIssue[] = [];
  const errors: RowIssue[] = [];
  const unmapped: Record<string, number> = {};
  const seen = new Set<string>();
  for (const item of items) {
    const m = item.mapped;
    if (m === "skip") {
      skipped.push({ file: path, at: item.at, reason: item.skip ?? "" });
      continue;
    }
    if ("reason" in m) {
      errors.push(m);
      continue;
    }
    if (seen.has(m.id)) {
      skipped.push({ file: path, at: item.at, reason: "the same announcement id again in the file" });
      continue;
    }
    seen.add(m.id);
    if (!m.mapped) unmapped[m.subject] = (unmapped[m.subject] ?? 0) + 1;
    rows.push({
      product: "announcements",
      at: item.at,
      value: { id: m.id, symbol: m.symbol, category: m.category, related_categories: [], important: m.critical || isImportantCategory(m.category), summary: m.summary, long_summary: m.long, date: m.date },
    });
  }
  return { rows, skipped, errors, ...(Object.keys(unmapped).length > 0 ? { notes: { unmapped_categories: unmapped } } : {}) };
}

function when(path: string, at: string, ...cells: [string, string | null][]): string | RowIssue {
  for (const [name, cell] of cells) {
    if (cell === null) continue;
    try {
      const t = exchangeDate(cell);
      if (t) return istIso(t);
    } catch (e) {
      return { file: path, at, reason: `${name}: ${(e as Error).message}` };
    }
  }
  return { file: path, at, reason: `no date (${cells.map(([n]) => n).join(" or ")})` };
}

export const nseAnnouncements: ExchangeSource = {
  name: "nse-announcements",
  title: "NSE corporate announcements (JSON)",
  order: 10,
  detect: (name, head) => /"seq_id"|"attchmntFile"/.test(head) || (/announce/i.test(name) && /nse/i.test(name) && !head.trim().startsWith("{")),
  async read({ path, stream, companies }) {
    const items = (await jsonItems(stream, path)).map(({ at, row }) => {
      if (!row) return { at, mapped: { file: path, at, reason: "not a JSON object" } as RowIssue };
      const seq = field(row, "seq_id");
      if (!seq) return { at, mapped: { file: path, at, reason: "no seq_id" } as RowIssue };
      const keys = { isin: field(row, "sm_isin"), symbol: field(row, "symbol") };
      const symbol = companies.find(keys);
      if (!symbol) return { at, mapped: "skip" as const, skip: Companies.missing(keys) };
      // exchdisstime is when the exchange disseminated it; older rows have only an_dt, the receipt time.
      const date = when(path, at, ["exchdisstime", field(row, "exchdisstime")], ["an_dt", field(row, "an_dt")], ["sort_date", field(row, "sort_date")]);
      if (typeof date !== "string") return { at, mapped: date };
      const subject = field(row, "desc") ?? "";
      const category = mapCategory(subject);
      const text = field(row, "attchmntText") ?? "";
      const mapped: Mapped = { id: `ann_nse_${seq}`, symbol, subject, category: category ?? "Others", mapped: category !== null, summary: text || subject, long: text, date, critical: false };
      return { at, mapped };
    });
    return finish(path, items);
  },
};

export const bseAnnouncements: ExchangeSource = {
  name: "bse-announcements",
  title: "BSE corporate announcements (JSON {Table, Table1})",
  order: 10,
  detect: (name, head) => /"NEWSID"|"NEWS_ID"/i.test(head) || (/announce/i.test(name) && /bse/i.test(name)),
  async read({ path, stream, companies }) {
    const items = (await jsonItems(stream, path, ["Table"])).map(({ at, row }) => {
      if (!row) return { at, mapped: { file: path, at, reason: "not a JSON object" } as RowIssue };
      // Past days come in a second shape: the same facts under other keys (NEWS_ID, SCRIP_CODE, DT_TM, ...).
      const id = field(row, "NEWSID", "NEWS_ID");
      if (!id) return { at, mapped: { file: path, at, reason: "no NEWSID" } as RowIssue };
      const keys = { scrip: field(row, "SCRIP_CD", "SCRIP_CODE", "SCRIPCODE") };
      const symbol = companies.find(keys);
      if (!symbol) return { at, mapped: "skip" as const, skip: Companies.missing(keys) };
      const date = when(path, at, ["DissemDT", field(row, "DissemDT", "DISSEM_DT", "DISSEMINATION_DT")], ["NEWS_DT", field(row, "NEWS_DT", "DT_TM", "NEWS_SUBMISSION_DT")]);
      if (typeof date !== "string") return { at, mapped: date };
      const sub = field(row, "SUBCATNAME", "SUBCATEGORYNAME", "SUB_CATEGORY");
      const cat = field(row, "CATEGORYNAME", "CATEGORY_NAME", "CATEGORY");
      const category = mapCategory(sub, cat);
      const subject = field(row, "NEWSSUB", "NEWS_SUB", "SUBJECT") ?? "";
      const headline = field(row, "HEADLINE", "HEAD_LINE") ?? "";
      const mapped: Mapped = {
        id: `ann_bse_${id.toLowerCase()}`,
        symbol,
        subject: [cat, sub].filter(Boolean).join(" / "),
        category: category ?? "Others",
        mapped: category !== null,
        summary: subject || headline,
        long: headline,
        date,
        critical: field(row, "CRITICALNEWS", "CRITICAL_NEWS") === "1",
      };
      return { at, mapped };
    });
    return finish(path, items);
  },
};
