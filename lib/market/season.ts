/**
 * The results season (SEBI LODR timelines): which quarter is being reported around a moment, its deadline, and where
 * each company stands in it. Pure arithmetic on the desk's and the service's shared clock-free rules, so the service's
 * generator and the desk's season tracker read one truth.
 */
import { formatQuarterKey, parseQuarterKey, previousQuarter, quarterBounds, quarterOfDate, type Quarter } from "../alpha/quarters";

const DAY_MS = 86_400_000;

/** Quarterly results within 45 days of the quarter's end; the fourth quarter (audited, annual) within 60. */
export const RESULTS_DEADLINE_DAYS = 45;
export const Q4_RESULTS_DEADLINE_DAYS = 60;

/** The last instant (exclusive: the next IST midnight) a quarter's results may be filed. */
export function resultsDeadlineMs(quarterKey: string): number {
  const q = parseQuarterKey(quarterKey);
  if (!q) throw new Error(`bad quarter key ${quarterKey}`);
  return quarterEndMs(q) + (q.q === 4 ? Q4_RESULTS_DEADLINE_DAYS : RESULTS_DEADLINE_DAYS) * DAY_MS;
}

/** The instant a quarter ends (exclusive: IST midnight after its last day); its season opens then. */
export function quarterEndMs(q: Quarter): number {
  return Date.parse(`${quarterBounds(q).end}T00:00:00+05:30`) + DAY_MS;
}

export interface Season {
  /** The quarter being reported (or, between seasons, the one whose results come next). */
  quarter: string;
  /** Results of `quarter` are due by this instant (exclusive). */
  deadlineMs: number;
  /** True while filings of `quarter` are still accepted on time and its window has started. */
  open: boolean;
}

/**
 * The results season around `nowMs`: the previous quarter's until its deadline (less a day, so late filers have a
 * real day to file in), then the current quarter's, which opens when that quarter ends.
 */
export function seasonAt(nowMs: number): Season {
  const current = quarterOfDate(new Date(nowMs));
  const previous = formatQuarterKey(previousQuarter(current));
  const prevDeadline = resultsDeadlineMs(previous);
  if (nowMs < prevDeadline - DAY_MS) return { quarter: previous, deadlineMs: prevDeadline, open: true };
  const key = formatQuarterKey(current);
  return { quarter: key, deadlineMs: resultsDeadlineMs(key), open: false };
}

export function seasonQuarter(nowMs: number): Quarter {
  return parseQuarterKey(seasonAt(nowMs).quarter) as Quarter;
}

/**
 * The season a tracker shows by default: the open one; between seasons, the one that just closed (its late filers
 * are what matters then), since nobody can report a quarter that has not ended.
 */
export function trackedSeasonAt(nowMs: number): string {
  const season = seasonAt(nowMs);
  if (season.open) return season.quarter;
  return formatQuarterKey(previousQuarter(parseQuarterKey(season.quarter) as Quarter));
}

/** The seasons a tracker offers around `nowMs`: the default one and the next, newest last. */
export function trackableSeasons(nowMs: number): string[] {
  const tracked = trackedSeasonAt(nowMs);
  const next = seasonAt(nowMs).quarter;
  return next === tracked ? [tracked] : [tracked, next];
}

export type SeasonStatus = "reported" | "booked" | "pending";

export interface SeasonFiling {
  symbol: string;
  quarter: string;
  /** ISO time the results reached the exchange. */
  date: string;
}

export interface SeasonMeeting {
  symbol: string;
  quarter: string;
  /** ISO time of the board meeting that approves the results. */
  date: string;
}

export interface SeasonCompany {
  symbol: string;
  company: string | null;
  status: SeasonStatus;
  /** reported: the filing time; booked: the meeting's; pending: null. */
  at: string | null;
  /** Whole IST days from now to the deadline (0 on its last day; negative once past). */
  daysLeft: number;
  /** Filed after the deadline, booked for a meeting after it, or still nothing once it passed. */
  late: boolean;
}

export interface SeasonBoard {
  quarter: string;
  /** When the quarter ended (the season's start) and its deadline (exclusive), ISO. */
  opensAt: string;
  deadline: string;
  /** The deadline's length in days after the quarter's end (45, or 60 for the fourth quarter). */
  deadlineDays: number;
  /** Whole IST days to the deadline from now (negative once past). */
  daysLeft: number;
  /** Days elapsed of the season's window, as a share from 0 to 1. */
  elapsed: number;
  companies: SeasonCompany[];
  counts: { reported: number; booked: number; pending: number; late: number; total: number };
}

const IST_MS = 330 * 60_000;
const istDayIndex = (ms: number): number => Math.floor((ms + IST_MS) / DAY_MS);

/** Days left to the deadline on the IST calendar: the deadline's last day counts as 0 left. */
export function daysLeftTo(deadlineMs: number, nowMs: number): number {
  return istDayIndex(deadlineMs - 1) - istDayIndex(nowMs);
}

/**
 * Where each symbol stands in `quarter`'s season from the free index (filings) and calendar (board meetings): the
 * earliest filing of the quarter wins, else the nearest meeting for it, else pending.
 */
export function buildSeasonBoard(input: {
  quarter: string;
  nowMs: number;
  symbols: readonly string[];
  filings: readonly SeasonFiling[];
  meetings: readonly SeasonMeeting[];
  names?: ReadonlyMap<string, string>;
}): SeasonBoard {
  const q = parseQuarterKey(input.quarter);
  if (!q) throw new Error(`bad quarter key ${input.quarter}`);
  const deadlineMs = resultsDeadlineMs(input.quarter);
  const openMs = quarterEndMs(q);
  const daysLeft = daysLeftTo(deadlineMs, input.nowMs);
  const passed = input.nowMs >= deadlineMs;
  const earliest = <T extends { symbol: string; quarter: string; date: string }>(rows: readonly T[]) => {
    const out = new Map<string, T>();
    for (const r of rows) {
      if (r.quarter !== input.quarter || !Number.isFinite(Date.parse(r.date))) continue;
      const had = out.get(r.symbol);
      if (!had || Date.parse(r.date) < Date.parse(had.date)) out.set(r.symbol, r);
    }
    return out;
  };
  const filed = earliest(input.filings);
  const booked = earliest(input.meetings);
  const companies = [...new Set(input.symbols.map((s) => s.toUpperCase()))].map((symbol): SeasonCompany => {
    const company = input.names?.get(symbol) ?? null;
    const filing = filed.get(symbol);
    if (filing) return { symbol, company, status: "reported", at: filing.date, daysLeft, late: Date.parse(filing.date) >= deadlineMs };
    const meeting = booked.get(symbol);
    if (meeting) return { symbol, company, status: "booked", at: meeting.date, daysLeft, late: passed || Date.parse(meeting.date) >= deadlineMs };
    return { symbol, company, status: "pending", at: null, daysLeft, late: passed };
  });
  const order: Record<SeasonStatus, number> = { pending: 0, booked: 1, reported: 2 };
  companies.sort(
    (a, b) =>
      Number(b.late) - Number(a.late) ||
      order[a.status] - order[b.status] ||
      (a.status === "reported" ? (b.at ?? "").localeCompare(a.at ?? "") : (a.at ?? "").localeCompare(b.at ?? "")) ||
      a.symbol.localeCompare(b.symbol),
  );
  const count = (s: SeasonStatus) => companies.filter((c) => c.status === s).length;
  return {
    quarter: input.quarter,
    opensAt: new Date(openMs).toISOString(),
    deadline: new Date(deadlineMs).toISOString(),
    deadlineDays: q.q === 4 ? Q4_RESULTS_DEADLINE_DAYS : RESULTS_DEADLINE_DAYS,
    daysLeft,
    elapsed: Math.min(1, Math.max(0, (input.nowMs - openMs) / (deadlineMs - openMs))),
    companies,
    counts: { reported: count("reported"), booked: count("booked"), pending: count("pending"), late: companies.filter((c) => c.late).length, total: companies.length },
  };
}
