/**
 * NSE's corporate actions (the JSON list or the CSV download): each equity action is an announcement on the feed,
 * dated at the start of its ex-date (the record date when there is none), its dates written out in the summary.
 */
import { isImportantCategory, type AnnouncementCategory } from "../../../lib/alpha/announcements";
import { csvRows, exchangeDate, field, istDay, istIso, isIssue, type IstTime, type RowIssue } from "../files";
import { jsonItems } from "../json";
import { stableId, type ExchangeSource, type ReadResult, type Taken } from "../engine";

/** The action's category by its subject, tried in order; any other action is a "Corp Action". */
const ACTION_RULES: readonly (readonly [RegExp, AnnouncementCategory])[] = [
  [/dividend/i, "Dividend"],
  [/bonus/i, "Bonus Issue"],
  [/split|sub-?division/i, "Stock Split"],
  [/buy ?back/i, "Buyback"],
  [/rights/i, "Rights Issue"],
  [/demerger/i, "Demerger"],
  [/redemption/i, "Redemption of Securities"],
];

/** The CSV download's headers for the JSON's keys. */
const CSV_NAMES: Record<string, string[]> = {
  symbol: ["SYMBOL"],
  series: ["SERIES"],
  subject: ["PURPOSE", "SUBJECT"],
  exDate: ["EX-DATE", "EX DATE"],
  recDate: ["RECORD DATE"],
  bcStartDate: ["BOOK CLOSURE START DATE", "BC START DATE"],
  bcEndDate: ["BOOK CLOSURE END DATE", "BC END DATE"],
  comp: ["COMPANY NAME", "COMPANY"],
  isin: ["ISIN"],
};

export const nseCorporateActions: ExchangeSource = {
  name: "nse-corporate-actions",
  title: "NSE corporate actions (JSON list or CSV)",
  order: 10,
  detect: (name, head) => /"bcStartDate"|"exDate"/.test(head) || /corporate[-_ ]?actions?|^ca[-_]/i.test(name) || /EX-DATE/i.test(head.split("\n")[0] ?? ""),
  async read({ path, name, stream, companies }): Promise<ReadResult> {
    const items: { at: string; row: Record<string, unknown> | null }[] = [];
    const errors: RowIssue[] = [];
    if (/\.csv$/i.test(name)) {
      for await (const r of csvRows(stream, path)) {
        if (isIssue(r)) errors.push(r);
        else items.push({ at: `line ${r.line}`, row: Object.fromEntries(Object.entries(CSV_NAMES).map(([key, names]) => [key, names.map((n) => r.cells[n]).find((v) => v !== undefined) ?? null])) });
      }
    } else items.push(...(await jsonItems(stream, path)));
    const rows: Taken[] = [];
    const skipped: RowIssue[] = [];
    const seen = new Set<string>();
    for (const { at, row } of items) {
      if (!row) {
        errors.push({ file: path, at, reason: "not a JSON object" });
        continue;
      }
      const series = field(row, "series") ?? "EQ";
      if (series !== "EQ") {
        skipped.push({ file: path, at, reason: `series ${series}: only equity (EQ) actions are taken` });
        continue;
      }
      const keys = { isin: field(row, "isin"), symbol: field(row, "symbol") };
      const symbol = companies.findOrSkip(keys, skipped, path, at);
      if (!symbol) continue;
      const subject = field(row, "subject");
      if (!subject) {
        errors.push({ file: path, at, reason: "no subject" });
        continue;
      }
      const dates: Record<string, IstTime | null> = {};
      try {
        for (const k of ["exDate", "recDate", "bcStartDate", "bcEndDate"]) dates[k] = exchangeDate(field(row, k));
      } catch (e) {
        errors.push({ file: path, at, reason: (e as Error).message });
        continue;
      }
      const on = dates.exDate ?? dates.recDate;
      if (!on) {
        errors.push({ file: path, at, reason: "neither exDate nor recDate" });
        continue;
      }
      const id = stableId("ann", "nse-ca", keys.isin ?? symbol, subject, istDay(on));
      if (seen.has(id)) {
        skipped.push({ file: path, at, reason: "the same action again in the file" });
        continue;
      }
      seen.add(id);
      const category = ACTION_RULES.find(([re]) => re.test(subject))?.[1] ?? "Corp Action";
      const day = (t: IstTime | null) => (t ? istDay(t) : null);
      const parts = [
        dates.exDate && `ex-date ${day(dates.exDate)}`,
        dates.recDate && `record date ${day(dates.recDate)}`,
        dates.bcStartDate && `book closure ${day(dates.bcStartDate)} to ${day(dates.bcEndDate ?? null) ?? day(dates.bcStartDate)}`,
      ].filter(Boolean);
      const company = field(row, "comp") ?? symbol;
      rows.push({
        product: "announcements",
        at,
        value: {
          id,
          symbol,
          category,
          related_categories: category === "Corp Action" ? [] : ["Corp Action"],
          important: isImportantCategory(category),
          summary: `${company}: ${subject} (${parts.join("; ")}).`,
          long_summary: "",
          date: istIso({ ...on, hh: 0, mm: 0, ss: 0 }),
        },
      });
    }
    return { rows, skipped, errors };
  },
};
