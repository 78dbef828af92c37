/**
 * Board meetings onto the upcoming calendar: NSE's board-meeting list and BSE's result calendar. One meeting per
 * company, quarter and purpose; a later row (by the exchange's timestamp) moves it, a row saying it is cancelled or
 * withdrawn takes it off. A results meeting for a quarter already filed is not put back.
 */
import { previousQuarter, quarterOfDate, formatQuarterKey } from "../../../lib/alpha/quarters";
import { prepared } from "../../store/prepared";
import type { UpcomingEarningsRecord } from "../../store/writes";
import { exchangeDate, field, istDay, istIso, istMs, type RowIssue } from "../files";
import { jsonItems } from "../json";
import { stableId, type ExchangeSource, type ReadResult, type SourceWrite } from "../engine";

interface Meeting {
  at: string;
  id: string;
  symbol: string;
  quarter: string;
  stamp: number;
  order: number;
  cancelled: boolean;
  line: Record<string, unknown>;
}

const RESULTS = /financial results?|\bresults?\b/i;
const CANCELLED = /\bcancel(l?ed|lation)?\b|\bwithdrawn?\b|called off/i;

function meetingOf(input: { at: string; order: number; exchange: string; symbol: string; day: Date; dateIso: string; purpose: string; desc: string; stamp: number; eventId: string }): Meeting {
  const results = RESULTS.test(input.purpose);
  const quarter = formatQuarterKey(results ? previousQuarter(quarterOfDate(input.day)) : quarterOfDate(input.day));
  const kind = results ? "results" : input.purpose.toLowerCase().replace(/\s+/g, " ");
  const cancelled = CANCELLED.test(`${input.purpose} ${input.desc}`);
  const purpose = input.purpose.replace(/\s*[-(]?\s*cancel(l?ed|lation)[)]?\s*$/i, "").trim() || input.purpose;
  return {
    at: input.at,
    id: stableId("upe", input.symbol, quarter, kind),
    symbol: input.symbol,
    quarter,
    stamp: input.stamp,
    order: input.order,
    cancelled,
    line: {
      id: stableId("upe", input.symbol, quarter, kind),
      event_id: input.eventId,
      symbol: input.symbol,
      purpose,
      title: `Board Meeting Intimation for ${purpose}`,
      bm_desc: input.desc,
      body: input.desc,
      date: input.dateIso,
      quarter,
    },
  };
}

/** The newest row of each meeting, then each written unless an as new or newer row set it already. */
function writeMeetings(meetings: Meeting[]) {
  const latest = new Map<string, Meeting>();
  for (const m of meetings) {
    const held = latest.get(m.id);
    if (!held || m.stamp > held.stamp || (m.stamp === held.stamp && m.order > held.order)) latest.set(m.id, m);
  }
  return ({ db, unit, counts, check }: SourceWrite) => {
    const stamped = prepared(db, "SELECT stamp_ms, cancelled FROM exchange_calendar WHERE id = ?");
    const stamp = prepared(db, "INSERT INTO exchange_calendar (id, stamp_ms, cancelled) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET stamp_ms = excluded.stamp_ms, cancelled = excluded.cancelled");
    const stored = prepared(db, "SELECT purpose, bm_desc, date FROM upcoming_earnings WHERE id = ?");
    const remove = prepared(db, "DELETE FROM upcoming_earnings WHERE id = ?");
    const filed = prepared(db, "SELECT 1 FROM earnings WHERE symbol = ? AND quarter = ?");
    for (const m of latest.values()) {
      const last = stamped.get(m.id) as { stamp_ms: number; cancelled: number } | undefined;
      const row = stored.get(m.id) as { purpose: string; bm_desc: string; date: string } | undefined;
      if (last && last.stamp_ms > m.stamp) {
        counts.unchanged++;
        continue;
      }
      stamp.run(m.id, m.stamp, m.cancelled ? 1 : 0);
      if (m.cancelled || (RESULTS.test(m.line.purpose as string) && filed.get(m.symbol, m.quarter))) {
        if (row) {
          remove.run(m.id);
          counts.updated++;
        } else counts.unchanged++;
        continue;
      }
      const record = check({ product: "upcoming-earnings", at: m.at, value: m.line });
      const next = record.row as UpcomingEarningsRecord;
      if (row && row.date === next.date && row.purpose === next.purpose && row.bm_desc === next.bm_desc) {
        counts.unchanged++;
        continue;
      }
      if (row) remove.run(m.id);
      unit.upcomingEarnings(next);
      if (row) counts.updated++;
      else counts.inserted++;
    }
    return [];
  };
}

function dateOf(cell: string | null) {
  const t = exchangeDate(cell);
  if (!t) throw new Error("no date");
  return { iso: t.hasTime ? istIso(t) : istDay(t), day: new Date(istMs(t)) };
}

export const nseBoardMeetings: ExchangeSource = {
  name: "nse-board-meetings",
  title: "NSE board meetings (JSON)",
  order: 5,
  detect: (name, head) => /board.?meeting/i.test(name) || /"bm_symbol"/.test(head),
  async read({ path, stream, companies }): Promise<ReadResult> {
    const skipped: RowIssue[] = [];
    const errors: RowIssue[] = [];
    const meetings: Meeting[] = [];
    (await jsonItems(stream, path)).forEach(({ at, row }, order) => {
      if (!row) return void errors.push({ file: path, at, reason: "not a JSON object" });
      const symbol = companies.findOrSkip({ isin: field(row, "sm_isin"), symbol: field(row, "bm_symbol", "symbol") }, skipped, path, at);
      if (!symbol) return;
      const purpose = field(row, "bm_purpose");
      if (!purpose) return void errors.push({ file: path, at, reason: "no bm_purpose" });
      let date: { iso: string; day: Date };
      let stamp = 0;
      try {
        date = dateOf(field(row, "bm_date"));
      } catch (e) {
        return void errors.push({ file: path, at, reason: `bm_date: ${(e as Error).message}` });
      }
      try {
        const t = exchangeDate(field(row, "bm_timestamp"));
        if (t) stamp = istMs(t);
      } catch (e) {
        return void errors.push({ file: path, at, reason: `bm_timestamp: ${(e as Error).message}` });
      }
      const desc = field(row, "bm_desc") ?? purpose;
      meetings.push(meetingOf({ at, order, exchange: "NSE", symbol, day: date.day, dateIso: date.iso, purpose, desc, stamp, eventId: `NSE ${field(row, "bm_timestamp") ?? field(row, "bm_date")}` }));
    });
    return { rows: [], sideRows: meetings.length, skipped, errors, write: writeMeetings(meetings) };
  },
};

export const bseResultCalendar: ExchangeSource = {
  name: "bse-result-calendar",
  title: "BSE result calendar (JSON)",
  order: 5,
  detect: (name, head) => /result.?calendar/i.test(name) || (/"meeting_date"/.test(head) && /"scrip_code"/i.test(head)),
  async read({ path, stream, companies }): Promise<ReadResult> {
    const skipped: RowIssue[] = [];
    const errors: RowIssue[] = [];
    const meetings: Meeting[] = [];
    (await jsonItems(stream, path, ["Table", "data"])).forEach(({ at, row }, order) => {
      if (!row) return void errors.push({ file: path, at, reason: "not a JSON object" });
      const symbol = companies.findOrSkip({ scrip: field(row, "scrip_Code", "scrip_cd"), symbol: null }, skipped, path, at);
      if (!symbol) return;
      let date: { iso: string; day: Date };
      try {
        date = dateOf(field(row, "meeting_date"));
      } catch (e) {
        return void errors.push({ file: path, at, reason: `meeting_date: ${(e as Error).message}` });
      }
      const name = field(row, "Long_Name", "short_name") ?? symbol;
      const desc = `${name} has informed BSE that a meeting of its Board of Directors is scheduled on ${date.iso.slice(0, 10)} to consider its financial results.`;
      meetings.push(meetingOf({ at, order, exchange: "BSE", symbol, day: date.day, dateIso: date.iso, purpose: "Financial Results", desc, stamp: 0, eventId: `BSE ${field(row, "scrip_Code")} ${date.iso.slice(0, 10)}` }));
    });
    return { rows: [], sideRows: meetings.length, skipped, errors, write: writeMeetings(meetings) };
  },
};
