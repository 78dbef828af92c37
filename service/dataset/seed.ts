/**
 * The deterministic dataset, laid around `now`: eight quarters of results per company with the current
 * season part-filed, concalls, alerts, news, block deals, announcements and the upcoming calendars.
 * Same seed + same now → the same rows, byte for byte (ids included).
 */
import {
  formatQuarterKey,
  parseQuarterKey,
  previousQuarter,
  quarterOfDate,
  type Quarter,
} from "../../lib/alpha/quarters";
import { getMeta, setMeta, type Db } from "../store/db";
import {
  insertAlert,
  insertAnnouncement,
  insertBlockDeal,
  insertCompany,
  insertConcall,
  insertEarnings,
  insertNews,
  insertUpcomingEarnings,
  type AlertRecord,
  type AnnouncementRecord,
  type BlockDealRecord,
  type CompanyRow,
  type ConcallRecord,
  type EarningsRecord,
  type NewsRecord,
  type UpcomingEarningsRecord,
} from "../store/writes";
import { companies as ALL_COMPANIES, type CompanyRecord } from "./companies";
import { resultsDeadlineMs, seasonAt } from "../../lib/market/season";
import { BOARD_OUTCOME_MAX_MS, NEWS_MAX_HOUR_WEIGHT, newsHourWeight } from "./rules";
import { createRng, makeId, type Rng } from "./rng";
import {
  baseQuarterFinancials,
  buildAlert,
  buildAnnouncement,
  buildBlockDeal,
  buildConcall,
  buildEarnings,
  buildNews,
  buildUpcomingEarnings,
  companyRow,
  companyProfile,
  DAY_MS,
  HOUR_MS,
  istAt,
  istDayStartMs,
  istWeekday,
  isTradingDay,
  marketMoment,
  MINUTE_MS,
  nextYearQuarter,
  pinToReference,
  smoothQuarters,
  quarterOutcome,
  yearGrowth,
  quarterEndMs,
  round2,
  roundToTick,
  ANNOUNCEMENT_CATEGORY_WEIGHTS,
  type Quote,
  type QuarterFinancials,
  type ResultsClass,
  type ResultsFacts,
} from "./rows";

export interface SeedOptions {
  seed: number;
  now: Date;
  /** Multiplies event volumes (and, below 1, the companies that carry events); default 1. */
  scale?: number;
}

export interface SeedCounts {
  companies: number;
  earnings: number;
  upcoming_earnings: number;
  alerts: number;
  news: number;
  block_deals: number;
  concalls: number;
  announcements: number;
}

export interface SeedReport extends SeedCounts {
  /** False when the database was already seeded and nothing was written. */
  seeded: boolean;
  durationMs: number;
}

export interface Dataset {
  companies: CompanyRow[];
  earnings: EarningsRecord[];
  upcoming_earnings: UpcomingEarningsRecord[];
  alerts: AlertRecord[];
  news: NewsRecord[];
  block_deals: BlockDealRecord[];
  concalls: ConcallRecord[];
  announcements: AnnouncementRecord[];
}

/** Two stories on one name closer than this never take opposite sides. */
const NEWS_CONSISTENT_MS = 6 * HOUR_MS;
/** Volumes at scale 1. */
const TARGETS = { news: 4_900, alerts: 4_900, announcements: 4_300, blockDeals: 720 };
/** How far back the feeds reach, in days. */
const WINDOW_DAYS = 120;

interface Filing {
  quarter: string;
  ms: number;
  filed: boolean;
  cls: ResultsClass;
  facts?: ResultsFacts;
  /** Forced late into the current season so the calendar has results to come. */
  late?: boolean;
  /** When the board meeting was intimated to the exchange. */
  intimationMs?: number;
}

interface CompanyState {
  company: CompanyRecord;
  weight: number;
  /** Reported window and the season quarter, oldest first (the last entry is the season quarter). */
  filings: Filing[];
  fin: Map<string, QuarterFinancials>;
  /** Closing price per trading day (same index as `tradingDays`). */
  closes: number[];
  /** Reaction days to results, for the walk. */
  jumps: Map<number, number>;
}

const round = (x: number) => Math.round(x);

function shiftQuarter(q: Quarter, by: number): Quarter {
  let out = q;
  for (let i = 0; i < -by; i++) out = previousQuarter(out);
  return out;
}

/** When the season's openers and some large caps usually file (days after quarter end; Q4 a few days later). */
const BELLWETHER_DAYS: Readonly<Record<string, readonly [number, number]>> = {
  TCS: [9, 12],
  HCLTECH: [12, 15],
  INFY: [15, 18],
  WIPRO: [15, 19],
  HDFCBANK: [17, 20],
  ICICIBANK: [17, 20],
  RELIANCE: [16, 21],
  TECHM: [20, 24],
  LTIM: [15, 19],
  KOTAKBANK: [24, 28],
  AXISBANK: [15, 19],
  // Large caps whose usual filing days are known (Q2 FY26: UltraTech 13 Oct … L&T 29 Oct, SBI 4 Nov, Tata Steel 13 Nov).
  ULTRACEMCO: [12, 16],
  HINDUNILVR: [20, 24],
  NTPC: [24, 28],
  LT: [27, 31],
  ITC: [28, 33],
  MARUTI: [28, 32],
  BHARTIARTL: [32, 37],
  SBIN: [33, 38],
  "M&M": [33, 37],
  SUNPHARMA: [32, 38],
  TITAN: [36, 42],
  ASIANPAINT: [38, 44],
  TATASTEEL: [38, 44],
};

/** Days after quarter end when the company usually files: bellwethers first, bigger companies earlier, Q4 later (60-day window). */
function naturalOffsetDays(rng: Rng, company: CompanyRecord, q: number): number {
  const bell = BELLWETHER_DAYS[company.symbol];
  if (bell) return rng.int(bell[0], bell[1]) + (q === 4 ? 4 : 0);
  const bigness = Math.min(1, Math.log10(Math.max(1, company.marketCapCr / 5_000)) / 2.6);
  const u = (rng.next() + rng.next()) / 2;
  // The deadline rush: many smaller companies file in the last five days of the window.
  if (rng.chance(0.25 * (1 - bigness))) return q === 4 ? rng.int(55, 59) : rng.int(40, 44);
  if (q === 4) return Math.round(clampNum(28 + 32 * u - 6 * bigness, 26, 60));
  return Math.round(clampNum(14 + 31 * u - 7 * bigness, 12, 45));
}

function clampNum(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

/** Results are approved at board meetings: nearly all after the close, a few during the session. */
function filingTime(rng: Rng, dayStart: number): number {
  const [from, to] = rng.weighted([
    [[13 * 60, 15 * 60 + 30], 0.08],
    [[15 * 60 + 30, 17 * 60 + 30], 0.42],
    [[17 * 60 + 30, 19 * 60 + 30], 0.34],
    [[19 * 60 + 30, 22 * 60], 0.16],
  ] as const);
  return dayStart + rng.int(from, to - 1) * MINUTE_MS + rng.int(0, 59) * 1000;
}

function filingMsFor(rng: Rng, quarter: string, offsetDays: number): number {
  const deadline = resultsDeadlineMs(quarter);
  let day = istDayStartMs(quarterEndMs(quarter) + offsetDays * DAY_MS + HOUR_MS);
  // Boards meet on market days: a weekend or holiday moves the meeting on, or back when the deadline is near.
  while (!isTradingDay(day) && day + DAY_MS < deadline) day += DAY_MS;
  while ((day >= deadline || !isTradingDay(day)) && day > deadline - 20 * DAY_MS) day -= DAY_MS;
  return filingTime(rng, day);
}

/**
 * Years from a quarter to the level the company's revenue stands for: the FY25 annual report's (its middle, October
 * 2024) when the list carries it, else the trailing year the late-2025 market cap prices (middle: April 2025).
 */
function yearsBeforeReference(company: CompanyRecord, quarter: string): number {
  const anchor = company.revenueCr ? Date.UTC(2024, 9, 1) : Date.UTC(2025, 3, 1);
  return (anchor - (quarterEndMs(quarter) - 45 * DAY_MS)) / (365.25 * DAY_MS);
}

/** The intimation of a board meeting at `meetingMs`: 7–21 days ahead, on a market day, in office hours. */
function intimationFor(rng: Rng, meetingMs: number): number {
  const meetingDay = istDayStartMs(meetingMs);
  let day = meetingDay - rng.int(7, 21) * DAY_MS;
  const step = meetingDay - day > 14 * DAY_MS ? DAY_MS : -DAY_MS;
  while (!isTradingDay(day)) day += step;
  return istAt(day, rng.int(9, 21), rng.int(0, 59), rng.int(0, 59));
}

/** A moment in [fromMs, toMs) that follows the day's news volume (thin at night and on holidays); null if none fits. */
function newsMomentIn(rng: Rng, fromMs: number, toMs: number): number | null {
  if (toMs - fromMs < 1000) return null;
  for (let attempt = 0; attempt < 60; attempt++) {
    const t = fromMs + Math.floor(rng.next() * ((toMs - fromMs) / 1000)) * 1000;
    if (rng.next() * NEWS_MAX_HOUR_WEIGHT < newsHourWeight(t)) return t;
  }
  return null;
}

/** A moment in the last `days`, denser recently, following the day's news volume; before `nowS`. */
function recentNewsMoment(rng: Rng, nowS: number, days: number): number {
  for (let attempt = 0; attempt < 60; attempt++) {
    const age = rng.chance(0.55) ? Math.min(days, -Math.log(1 - rng.next()) * 24) : rng.float(0, days);
    const t = Math.floor((nowS - age * DAY_MS) / 1000) * 1000;
    if (t < nowS && rng.next() * NEWS_MAX_HOUR_WEIGHT < newsHourWeight(t)) return t;
  }
  return nowS - rng.int(5, 600) * MINUTE_MS;
}

/** A moment in the last `days`, denser recently, at a reading hour, rarely at weekends; before `nowS`. */
function recentMoment(rng: Rng, nowS: number, days: number, hours: readonly [number, number]): number {
  for (let attempt = 0; attempt < 30; attempt++) {
    const age = rng.chance(0.55) ? Math.min(days, -Math.log(1 - rng.next()) * 24) : rng.float(0, days);
    const day = istDayStartMs(nowS - age * DAY_MS);
    if (!isTradingDay(day) && rng.chance(0.55)) continue;
    const t = day + rng.int(hours[0] * 60, hours[1] * 60 - 1) * MINUTE_MS + rng.int(0, 59) * 1000;
    if (t < nowS && t > nowS - (days + 1) * DAY_MS) return t;
  }
  return nowS - rng.int(5, 600) * MINUTE_MS;
}

function weightedIndex(rng: Rng, cumulative: readonly number[]): number {
  const total = cumulative[cumulative.length - 1] ?? 0;
  const r = rng.next() * total;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cumulative[mid] ?? 0) > r) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function cumulativeOf(values: readonly number[]): number[] {
  const out: number[] = [];
  let sum = 0;
  for (const v of values) out.push((sum += v));
  return out;
}

/** Builds every row in memory, deterministically. `seedDataset` writes them. */
export function generateDataset(options: SeedOptions): Dataset {
  const scale = options.scale ?? 1;
  if (!(scale > 0)) throw new Error("scale must be positive");
  const nowS = Math.floor(options.now.getTime() / 1000) * 1000;
  const root = createRng(`alpha-dataset|${options.seed}`);
  const todayStart = istDayStartMs(nowS);
  const windowStart = nowS - WINDOW_DAYS * DAY_MS;

  const byCap = [...ALL_COMPANIES].sort((a, b) => b.marketCapCr - a.marketCapCr || a.symbol.localeCompare(b.symbol));
  const activeCount = scale >= 1 ? byCap.length : Math.max(12, Math.round(byCap.length * scale));
  const active = byCap.slice(0, activeCount);

  const out: Dataset = {
    companies: ALL_COMPANIES.map(companyRow),
    earnings: [],
    upcoming_earnings: [],
    alerts: [],
    news: [],
    block_deals: [],
    concalls: [],
    announcements: [],
  };
  const ids = new Set<string>();
  const unique = <T extends { id: string }>(row: T): T => {
    let n = 0;
    while (ids.has(row.id)) row.id = makeId(row.id.slice(0, row.id.indexOf("_")), `${row.id}|${++n}`);
    ids.add(row.id);
    return row;
  };

  // ── the season: which quarter is being reported around now ──
  // The previous quarter's season while its deadline is ahead; after it, the current quarter's (to come).
  const seasonInfo = seasonAt(nowS);
  const season = parseQuarterKey(seasonInfo.quarter) as Quarter;
  // 13 quarters: four of history for year-ago comparisons, eight reported, and the season quarter.
  const keys = Array.from({ length: 13 }, (_, i) => formatQuarterKey(shiftQuarter(season, i - 12)));

  const states: CompanyState[] = active.map((company) => {
    const r = root.fork(`schedule/${company.symbol}`);
    const filings: Filing[] = keys.slice(4).map((quarter) => {
      const q = parseQuarterKey(quarter)?.q ?? 1;
      const ms = filingMsFor(r, quarter, naturalOffsetDays(r, company, q));
      return { quarter, ms, filed: ms < nowS, cls: "positive" as ResultsClass };
    });
    return { company, weight: Math.pow(company.marketCapCr, 0.42), filings, fin: new Map(), closes: [], jumps: new Map() };
  });

  // Keep the season part-filed: enough companies still to report in the coming weeks.
  {
    const r = root.fork("season");
    const seasonOf = (s: CompanyState) => s.filings[s.filings.length - 1] as Filing;
    const needUpcoming = Math.ceil(states.length * 0.24);
    const within = (f: Filing) => !f.filed && f.ms <= nowS + 45 * DAY_MS;
    const upcomingNow = states.filter((s) => within(seasonOf(s))).length;
    if (upcomingNow < needUpcoming) {
      const filed = states.filter((s) => seasonOf(s).filed);
      if (filed.length > 0) {
        // Late filers skew to smaller companies.
        const pool = r.shuffle(filed).sort((a, b) => a.company.marketCapCr * (0.5 + r.next()) - b.company.marketCapCr * (0.5 + r.next()));
        for (const s of pool.slice(0, needUpcoming - upcomingNow)) {
          const f = seasonOf(s);
          // Late filers still file on time: between now and the deadline, busier towards its end.
          const daysLeft = Math.max(1, Math.floor((seasonInfo.deadlineMs - todayStart) / DAY_MS));
          const aheadDays = Math.min(daysLeft - 1, Math.floor(daysLeft * Math.sqrt(r.next())));
          let day = todayStart + aheadDays * DAY_MS;
          if (istWeekday(day) === 0 && day + DAY_MS < seasonInfo.deadlineMs) day += DAY_MS;
          let ms = filingTime(r, day);
          if (ms <= nowS) ms = Math.min(seasonInfo.deadlineMs - 10 * MINUTE_MS, nowS + r.int(20, 240) * MINUTE_MS);
          f.ms = ms;
          f.filed = false;
          f.late = true;
        }
      }
      // Between seasons nothing is moved: a meeting reaches the calendar only once its intimation is filed.
    }
  }

  // An open season files every day up to its deadline: something is due within the next day.
  if (seasonInfo.open) {
    const r = root.fork("season-next");
    const seasonOf = (s: CompanyState) => s.filings[s.filings.length - 1] as Filing;
    const soon = nowS + DAY_MS;
    if (!states.some((s) => !seasonOf(s).filed && seasonOf(s).ms <= soon)) {
      const pending = states.filter((s) => !seasonOf(s).filed).sort((a, b) => seasonOf(a).ms - seasonOf(b).ms);
      const s = pending[0] ?? [...states].sort((a, b) => a.company.marketCapCr - b.company.marketCapCr)[0];
      if (s) {
        const f = seasonOf(s);
        f.ms = Math.min(seasonInfo.deadlineMs - 10 * MINUTE_MS, nowS + r.int(20, 240) * MINUTE_MS);
        f.filed = false;
        f.late = true;
      }
    }
  }

  // Every results meeting is intimated to the exchange one to three weeks ahead, on a market day (LODR Reg. 29 asks
  // for two working days at least); the calendar lists it from that moment.
  for (const s of states) {
    const r = root.fork(`intimation/${s.company.symbol}`);
    for (const f of s.filings) f.intimationMs = intimationFor(r, f.ms);
  }

  // ── financials and results filings ──
  for (const s of states) {
    const r = root.fork(`financials/${s.company.symbol}`);
    const growthByYear = new Map<number, number>();
    keys.forEach((quarter, i) => {
      if (i < 4) {
        s.fin.set(quarter, baseQuarterFinancials(r, s.company, quarter, yearsBeforeReference(s.company, quarter)));
        return;
      }
      const fy = parseQuarterKey(quarter)?.fy ?? 0;
      let g = growthByYear.get(fy);
      if (g === undefined) {
        g = yearGrowth(r, s.company);
        growthByYear.set(fy, g);
      }
      const { cls, revenueGrowth } = quarterOutcome(r, s.company, g);
      const yearAgo = s.fin.get(keys[i - 4] as string) as QuarterFinancials;
      s.fin.set(quarter, nextYearQuarter(r, s.company, yearAgo, quarter, cls, revenueGrowth));
      const f = s.filings[i - 4];
      if (f) f.cls = cls;
    });
    smoothQuarters(s.company, s.fin, keys);
    pinToReference(s.company, s.fin);
    // Eight reported quarters: the season quarter counts only once it is filed.
    const reported = s.filings.filter((f) => f.filed).slice(-8);
    const er = root.fork(`earnings/${s.company.symbol}`);
    for (const f of reported) {
      const i = keys.indexOf(f.quarter);
      const { row, facts } = buildEarnings(er, s.company, f.ms, {
        quarter: f.quarter,
        current: s.fin.get(f.quarter) as QuarterFinancials,
        previous: s.fin.get(keys[i - 1] as string) as QuarterFinancials,
        yearAgo: s.fin.get(keys[i - 4] as string) as QuarterFinancials,
      });
      f.facts = facts;
      f.cls = facts.cls;
      out.earnings.push(unique(row));
    }
  }

  // ── price walks over trading days, with results reactions ──
  const tradingDays: number[] = [];
  for (let d = istDayStartMs(windowStart - 30 * DAY_MS); d <= todayStart; d += DAY_MS) if (isTradingDay(d)) tradingDays.push(d);
  const dayIndexOf = (ms: number): number => {
    // Index of the last trading day starting at or before ms.
    let lo = 0;
    let hi = tradingDays.length - 1;
    let ans = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((tradingDays[mid] ?? 0) <= ms) {
        ans = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return ans;
  };
  const firstWindowDay = Math.max(1, dayIndexOf(windowStart) + 1);
  // One market move moves related names together: a market factor every name feels and one per sector.
  const factorRng = root.fork("walk-factors");
  const marketShock = tradingDays.map(() => factorRng.normal(0, 0.008));
  const sectorShock = new Map<string, number[]>();
  for (const sector of [...new Set(states.map((s) => s.company.sector))].sort()) {
    const fr = root.fork(`walk-sector/${sector}`);
    sectorShock.set(sector, tradingDays.map(() => fr.normal(0, 0.006)));
  }
  for (const s of states) {
    const r = root.fork(`walk/${s.company.symbol}`);
    const sectorMoves = sectorShock.get(s.company.sector) ?? [];
    const p = companyProfile(s.company);
    for (const f of s.filings) {
      if (!f.filed || !f.facts) continue;
      const idx = dayIndexOf(f.ms);
      const reactsNextDay = idx < 0 || (tradingDays[idx] ?? 0) !== istDayStartMs(f.ms) || f.ms > istAt(istDayStartMs(f.ms), 15, 0);
      const day = reactsNextDay ? idx + 1 : idx;
      const size = (f.cls === "positive" ? r.float(0.015, 0.07) : f.cls === "negative" ? -r.float(0.02, 0.08) : r.float(-0.04, 0.02)) * (f.facts.significant ? 1.5 : 1);
      s.jumps.set(day, size);
    }
    let price = p.price * Math.exp(r.normal(0, 0.05) - p.momentum * 0.06);
    const drift = p.momentum * 0.0011;
    for (let i = 0; i < tradingDays.length; i++) {
      if (i > 0) {
        // Pulled gently back towards the company's value, so months of noise never stray far from market cap ÷ shares.
        const gap = Math.log(price / p.price);
        let ret = drift - (0.06 + 0.5 * Math.max(0, Math.abs(gap) - 0.1)) * gap + (marketShock[i] ?? 0) + (sectorMoves[i] ?? 0) + r.normal(0, p.vol * 0.7);
        if (r.chance(0.025)) ret += r.normal(0, p.vol * 3);
        ret += s.jumps.get(i) ?? 0;
        price = price * (1 + clampNum(ret, -0.18, 0.2));
      }
      s.closes.push(Math.max(1, price));
    }
    // The walk ends where market cap ÷ shares puts the stock (within a day's move): the path is tilted, more towards
    // its end, to land there without stretching the months before.
    const last = s.closes[s.closes.length - 1] ?? p.price;
    const scaleTo = (p.price * Math.exp(clampNum(r.normal(0, 0.012), -0.03, 0.03))) / last;
    const n = Math.max(1, s.closes.length - 1);
    // A stock's value moves with its news, but not by a fifth in a few months: the band holds the rare outlier.
    s.closes = s.closes.map((c, i) => roundToTick(Math.max(0.05, p.price * Math.exp(clampNum(Math.log((c * scaleTo ** ((i / n) ** 2)) / p.price), -0.2, 0.2)))));
  }
  const close = (s: CompanyState, i: number): number => s.closes[Math.max(0, Math.min(i, s.closes.length - 1))] ?? companyProfile(s.company).price;
  const priceAt = (s: CompanyState, ms: number): number => close(s, dayIndexOf(ms));
  const latestFacts = (s: CompanyState, ms: number, maxAgeDays: number): ResultsFacts | undefined => {
    let hit: Filing | undefined;
    for (const f of s.filings) if (f.filed && f.facts && f.ms <= ms && f.ms >= ms - maxAgeDays * DAY_MS) hit = f;
    return hit?.facts;
  };
  const nextFiling = (s: CompanyState, ms: number, withinDays: number): Filing | undefined =>
    s.filings.find((f) => f.ms > ms && f.ms <= ms + withinDays * DAY_MS);

  // ── concalls ──
  const concallSlots = [
    [10, 0],
    [11, 0],
    [11, 30],
    [12, 0],
    [14, 30],
    [15, 30],
    [16, 0],
    [16, 30],
    [17, 0],
    [18, 0],
  ] as const;
  const concallFacts = new Map<string, ResultsFacts>();
  // A call to come is announced with or after its results meeting: only companies whose meeting is intimated have one.
  const callScheduled = new Set(
    states.filter((s) => {
      const f = s.filings[s.filings.length - 1] as Filing;
      return !f.filed && (f.intimationMs ?? Infinity) < nowS;
    }).map((s) => s.company.symbol),
  );
  for (const s of states) {
    const r = root.fork(`concalls/${s.company.symbol}`);
    const mcap = s.company.marketCapCr;
    const hostsCalls = mcap > 100_000 ? 0.97 : mcap > 20_000 ? 0.9 : 0.8;
    const seasonFiling = s.filings[s.filings.length - 1] as Filing;
    for (const f of s.filings) {
      const isUpcomingSeason = f === seasonFiling && !f.filed;
      if (!f.filed && !(isUpcomingSeason && callScheduled.has(s.company.symbol))) continue;
      if (f.filed && !f.facts) continue; // older than the reported window
      if (!r.chance(isUpcomingSeason ? Math.max(hostsCalls, 0.93) : hostsCalls)) continue;
      let meeting: number;
      const filingDay = istDayStartMs(f.ms);
      const sameDay = f.ms < istAt(filingDay, 17, 0) && r.chance(0.45);
      if (sameDay) {
        meeting = Math.ceil((f.ms + r.int(75, 180) * MINUTE_MS) / (30 * MINUTE_MS)) * 30 * MINUTE_MS;
      } else {
        let day = filingDay + r.weighted([[1, 0.55], [2, 0.28], [3, 0.17]] as const) * DAY_MS;
        while (!isTradingDay(day)) day += DAY_MS;
        const [h, m] = r.pick(concallSlots);
        meeting = istAt(day, h, m);
      }
      let intimation = istAt(istDayStartMs(meeting - r.int(2, 9) * DAY_MS), r.int(9, 20), r.int(0, 59), r.int(0, 59));
      if (intimation >= nowS) intimation = nowS - r.int(2, 40) * HOUR_MS - r.int(0, 3599) * 1000;
      if (intimation >= meeting) intimation = meeting - r.int(2, 20) * HOUR_MS;
      if (isUpcomingSeason && f.intimationMs !== undefined && intimation < f.intimationMs) intimation = Math.min(nowS - MINUTE_MS, f.intimationMs + r.int(1, 180) * MINUTE_MS);
      const row = buildConcall(r, s.company, { quarter: f.quarter, meetingMs: meeting, intimationMs: intimation, nowMs: nowS, results: f.facts });
      out.concalls.push(unique(row));
      if (f.facts) concallFacts.set(row.id, f.facts);
    }
  }

  // ── upcoming results calendar ──
  {
    const r = root.fork("upcoming");
    for (const s of states) {
      const f = s.filings[s.filings.length - 1] as Filing;
      if (f.filed) {
        // The calendar keeps the entry of a meeting already held; the API hides it (results are out).
        if (f.ms >= nowS - 14 * DAY_MS) out.upcoming_earnings.push(unique(buildUpcomingEarnings(r, s.company, f.ms, { quarter: f.quarter })));
        continue;
      }
      // The calendar carries the meeting's start; the results reach the exchange a little later.
      // Every meeting of the season is stored; the calendar shows it from its intimation (the simulator files that then).
      const meeting = Math.max(nowS + MINUTE_MS, Math.floor(f.ms / (30 * MINUTE_MS)) * 30 * MINUTE_MS);
      out.upcoming_earnings.push(unique({ ...buildUpcomingEarnings(r, s.company, meeting, { quarter: f.quarter }), announced_ms: f.intimationMs ?? null }));
    }
    // Future meetings for a quarter whose results are already out: the exclusion rule must remove them.
    const withLatest = states.filter((s) => s.filings.some((x) => x.filed));
    for (const s of r.sample(withLatest, Math.max(3, round(10 * Math.min(1, scale))))) {
      const latest = [...s.filings].reverse().find((x) => x.filed) as Filing;
      const day = todayStart + r.int(1, 21) * DAY_MS;
      out.upcoming_earnings.push(unique(buildUpcomingEarnings(r, s.company, istAt(day, r.int(11, 16), 0), { quarter: latest.quarter })));
    }
    // Board meetings for other business: the purpose rule must remove them.
    for (const s of r.sample(states, Math.max(4, round(14 * Math.min(1, scale))))) {
      const day = todayStart + r.int(1, 40) * DAY_MS;
      const meeting = istAt(day, r.int(10, 17), r.pick([0, 30]));
      out.upcoming_earnings.push(unique(buildUpcomingEarnings(r, s.company, meeting, { quarter: formatQuarterKey(quarterOfDate(new Date(meeting))), otherPurpose: true })));
    }
  }

  const weights = cumulativeOf(states.map((s) => s.weight));
  const pickState = (r: Rng): CompanyState => states[weightedIndex(r, weights)] as CompanyState;

  // ── alerts ──
  {
    const r = root.fork("alerts");
    const target = Math.max(40, round(TARGETS.alerts * scale));
    const pushAlert = (row: AlertRecord) => out.alerts.push(unique(row));
    // Results and concall alerts follow the events.
    for (const s of states) {
      for (const f of s.filings) {
        const at = f.ms + r.int(2, 25) * MINUTE_MS;
        if (!f.filed || !f.facts || f.ms < windowStart || at >= nowS) continue;
        pushAlert(buildAlert(r, s.company, at, { type: "earnings", results: f.facts }));
      }
    }
    for (const cc of out.concalls) {
      const facts = concallFacts.get(cc.id);
      if (!facts || cc.meeting_ms < windowStart || cc.meeting_ms + 3 * HOUR_MS > nowS) continue;
      if (facts.cls !== "positive" || facts.revenueGrowth < 12) continue;
      const s = states.find((x) => x.company.symbol === cc.symbol);
      if (s) pushAlert(buildAlert(r, s.company, cc.meeting_ms + r.int(70, 170) * MINUTE_MS, { type: "high_growth_concalls", results: facts }));
    }
    // Market alerts come from the walks: movers, fresh highs and lows, volume and volatility spikes.
    const todayOpen = istAt(todayStart, 9, 15);
    // Every session up to the last one counts (a Saturday start keeps Friday); today's only once it has opened.
    const dayOk = (i: number) => i >= firstWindowDay && ((tradingDays[i] ?? 0) < todayStart || nowS > todayOpen + 5 * MINUTE_MS);
    const momentOn = (rr: Rng, i: number): number => {
      const day = tradingDays[i] as number;
      let t = marketMoment(rr, day);
      if (t >= nowS) t = todayOpen + Math.floor(rr.next() * Math.max(1, (nowS - todayOpen) / 1000 - 1)) * 1000;
      return t;
    };
    const ret = (s: CompanyState, i: number) => close(s, i) / close(s, i - 1) - 1;
    const quoteOn = (rr: Rng, s: CompanyState, i: number, frac: readonly [number, number], type?: string): Quote => {
      const prev = close(s, i - 1);
      // A 52-week mark is the day's new extreme, the close itself: marks of one symbol never go backwards.
      if (type === "52w_high" || type === "52w_low") return { price: close(s, i), changePercent: round2(ret(s, i) * 100) };
      const change = ret(s, i) * rr.float(frac[0], frac[1]);
      return { price: roundToTick(prev * (1 + change)), changePercent: round2(change * 100) };
    };
    const candidateDays = (s: CompanyState, type: string): number[] => {
      const days: number[] = [];
      let hi = -Infinity;
      let lo = Infinity;
      for (let i = 1; i < s.closes.length; i++) {
        const c = close(s, i);
        const rr = ret(s, i);
        if (dayOk(i)) {
          if (type === "price_alert" && Math.abs(rr) >= 0.022) days.push(i);
          else if (type === "52w_high" && c >= hi && rr > 0.004 && i > 20) days.push(i);
          else if (type === "52w_low" && c <= lo && rr < -0.004 && i > 20) days.push(i);
          else if ((type === "volume_alert" || type === "vol_alert") && Math.abs(rr) >= 0.012) days.push(i);
        }
        hi = Math.max(hi, c);
        lo = Math.min(lo, c);
      }
      return days;
    };
    const candidateCache = new Map<string, number[]>();
    const daysFor = (s: CompanyState, type: string) => {
      const k = `${s.company.symbol}|${type}`;
      let v = candidateCache.get(k);
      if (!v) {
        v = candidateDays(s, type);
        candidateCache.set(k, v);
      }
      return v;
    };
    const marketTypes = [
      ["price_alert", 0.32],
      ["volume_alert", 0.22],
      ["vol_alert", 0.2],
      ["52w_high", 0.17],
      ["52w_low", 0.09],
    ] as const;
    const fracFor = (type: string): readonly [number, number] =>
      type === "52w_high" || type === "52w_low" ? [0.9, 1.04] : type === "price_alert" ? [0.85, 1.05] : [0.6, 1.05];
    let guard = 0;
    while (out.alerts.length < target && guard++ < target * 20) {
      const s = pickState(r);
      let type: string = r.weighted(marketTypes);
      let days = daysFor(s, type);
      if (days.length === 0) {
        type = r.chance(0.5) ? "volume_alert" : "vol_alert";
        days = daysFor(s, type);
        if (days.length === 0) continue;
      }
      // Recent days weigh more: pick the later of two draws most of the time.
      const a = r.pick(days);
      const b = r.pick(days);
      const i = r.chance(0.6) ? Math.max(a, b) : a;
      const at = momentOn(r, i);
      const movesOn = (back: number) => round2((close(s, i) / close(s, i - back) - 1) * 100);
      const moves = { day: movesOn(1), week: movesOn(5), month: movesOn(21), atHigh: true, atLow: true };
      const first = buildAlert(r, s.company, at, { type: type as AlertRecord["type"], quote: quoteOn(r, s, i, fracFor(type), type), moves });
      pushAlert(first);
      // Clusters: one move often trips several alerts for the same stock within minutes.
      if (r.chance(0.2)) {
        const up = ret(s, i) > 0;
        const more = r.int(1, 3);
        let t = at;
        for (let k = 0; k < more; k++) {
          t += r.int(3, 35) * MINUTE_MS + r.int(0, 59) * 1000;
          const closeOfDay = istAt(tradingDays[i] as number, 15, 30);
          if (t >= nowS || t > closeOfDay) break;
          const followType = r.weighted([
            ["volume_alert", 0.35],
            ["vol_alert", 0.3],
            ["price_alert", Math.abs(ret(s, i)) >= 0.02 ? 0.25 : 0],
            [up ? "52w_high" : "52w_low", daysFor(s, up ? "52w_high" : "52w_low").includes(i) ? 0.3 : 0],
          ] as const);
          pushAlert(buildAlert(r, s.company, t, { type: followType, quote: quoteOn(r, s, i, fracFor(followType), followType), moves }));
        }
      }
    }
  }

  // ── block deals: the morning and afternoon block windows ──
  {
    const r = root.fork("block-deals");
    const target = Math.max(10, round(TARGETS.blockDeals * scale));
    const days = tradingDays.filter((d, i) => i >= firstWindowDay && (d < todayStart || nowS > istAt(todayStart, 9, 0)));
    const bWeights = cumulativeOf(states.map((s) => Math.pow(s.company.marketCapCr, 0.55)));
    while (out.block_deals.length < target && days.length > 0) {
      const s = states[weightedIndex(r, bWeights)] as CompanyState;
      const a = r.pick(days);
      const b = r.pick(days);
      const day = r.chance(0.4) ? Math.max(a, b) : a;
      const morning = r.chance(0.72) || nowS < istAt(day, 14, 20);
      // Only inside the exchanges' block windows, 08:45–09:00 and 14:05–14:20.
      const at = morning ? istAt(day, 8, r.int(45, 59), r.int(0, 59)) : istAt(day, 14, r.int(5, 19), r.int(0, 59));
      if (at >= nowS) continue;
      const i = dayIndexOf(at);
      const ref = morning ? close(s, i - 1) : close(s, i);
      out.block_deals.push(unique(buildBlockDeal(r, s.company, at, { price: ref })));
    }
  }

  // ── news ──
  // A promoter's block sale in the news is a deal the exchange shows: the day's largest before the story, as a share of equity.
  const dealsOn = new Map<string, { atMs: number; pct: number }[]>();
  for (const b of out.block_deals) {
    const k = `${b.symbol}|${istDayStartMs(b.date_ms)}`;
    const shares = companyProfile(ALL_COMPANIES.find((c) => c.symbol === b.symbol) as CompanyRecord).sharesCr * 1e7;
    dealsOn.set(k, [...(dealsOn.get(k) ?? []), { atMs: b.date_ms, pct: (b.shares / shares) * 100 }]);
  }
  const blockDealBefore = (symbol: string, at: number) => {
    const before = (dealsOn.get(`${symbol}|${istDayStartMs(at)}`) ?? []).filter((d) => d.atMs < at);
    return before.length > 0 ? { pct: Math.max(...before.map((d) => d.pct)) } : undefined;
  };
  {
    const r = root.fork("news");
    const target = Math.max(40, round(TARGETS.news * scale));
    const push = (row: NewsRecord) => out.news.push(unique(row));
    const moodsBySymbol = new Map<string, { at: number; mood: NewsRecord["sentiment"] }[]>();
    const newsAt = (s: CompanyState, at: number, sentiment?: NewsRecord["sentiment"]) => {
      // A story is about the results in the days after them; later ones still quote the quarter's fact sheet.
      const results = latestFacts(s, at, 4);
      const sheetResults = latestFacts(s, at, 100);
      const up = nextFiling(s, at, 21);
      const trend = ret30(s, at);
      const mood = sentiment ?? r.weighted([
        ["positive", clampNum(0.4 + trend * 2 + companyProfile(s.company).momentum * 0.08, 0.15, 0.7)],
        ["negative", clampNum(0.27 - trend * 2 - companyProfile(s.company).momentum * 0.06, 0.1, 0.6)],
        ["neutral", 0.33],
      ] as const);
      // No contradicting headlines on one name within hours: a story near another takes its side (or stays neutral).
      // Stories are not placed in time order, so one may land between two of opposite sides: then it stays neutral.
      const sides = new Set((moodsBySymbol.get(s.company.symbol) ?? []).filter((m) => Math.abs(m.at - at) < NEWS_CONSISTENT_MS && m.mood !== "neutral").map((m) => m.mood));
      const [side] = sides;
      const clashes = mood !== "neutral" && [...sides].some((m) => m !== mood);
      const agreed = !clashes ? mood : !sentiment && sides.size === 1 && side ? side : "neutral";
      moodsBySymbol.set(s.company.symbol, [...(moodsBySymbol.get(s.company.symbol) ?? []), { at, mood: agreed }]);
      const i = dayIndexOf(at);
      const move = (back: number) => round2((close(s, i) / close(s, i - back) - 1) * 100);
      let [hi, lo] = [-Infinity, Infinity];
      for (let k = Math.max(0, i - 250); k < i; k++) [hi, lo] = [Math.max(hi, close(s, k)), Math.min(lo, close(s, k))];
      const moves = { day: move(1), week: move(5), month: move(21), atHigh: close(s, i) >= hi * 0.995, atLow: close(s, i) <= lo * 1.005 };
      const blockDeal = blockDealBefore(s.company.symbol, at);
      const row = buildNews(r, s.company, at, { sentiment: agreed, price: priceAt(s, at), results, sheetResults, moves, blockDeal, upcoming: up ? { quarter: up.quarter, atMs: up.ms } : undefined });
      // One story runs once: a broker does not initiate coverage twice in a week with two targets.
      const told = `${s.company.symbol}|${(row.specific_title ?? row.title).replace(/[\d,.₹%]+/g, "#")}`;
      if ((toldAt.get(told) ?? -Infinity) > at - 7 * DAY_MS && (toldAt.get(told) ?? Infinity) < at + 7 * DAY_MS) return;
      toldAt.set(told, at);
      push(row);
    };
    const toldAt = new Map<string, number>();
    const ret30 = (s: CompanyState, at: number) => {
      const i = dayIndexOf(at);
      return close(s, i) / close(s, i - 21) - 1;
    };
    // Results coverage and previews.
    for (const s of states) {
      for (const f of s.filings) {
        if (f.filed && f.facts && f.ms >= windowStart && r.chance(0.82)) {
          const n = s.company.marketCapCr > 100_000 ? r.int(1, 3) : 1;
          for (let k = 0; k < n; k++) {
            const at = newsMomentIn(r, f.ms + 20 * MINUTE_MS, Math.min(nowS, f.ms + 20 * HOUR_MS));
            if (at === null) continue;
            const mood = f.cls === "positive" ? "positive" : f.cls === "negative" ? "negative" : r.pick(["negative", "neutral"] as const);
            newsAt(s, at, mood);
          }
        }
        const previewAt = f.ms - r.int(1, 3) * DAY_MS - r.int(0, 8) * HOUR_MS;
        if (previewAt < nowS && previewAt >= windowStart && r.chance(0.3)) newsAt(s, previewAt, "neutral");
      }
    }
    // Today's flow, so the feed is live on the day the database is made.
    // As many as the hours gone by today carry, by the day's volume curve (a few at 5 a.m., dozens by the close).
    let todayWeight = 0;
    for (let h = todayStart; h < nowS; h += HOUR_MS) todayWeight += newsHourWeight(h) * Math.min(1, (nowS - h) / HOUR_MS);
    let dayWeight = 0;
    for (let h = 0; h < 24; h++) dayWeight += newsHourWeight(istAt(todayStart, h, 30));
    const todayCount = Math.max(3, round(((target * 0.012) * todayWeight) / Math.max(1, dayWeight) * 2));
    for (let k = 0; k < todayCount; k++) {
      const at = newsMomentIn(r, todayStart, nowS);
      if (at !== null) newsAt(pickState(r), at);
    }
    while (out.news.length < target) {
      const s = pickState(r);
      newsAt(s, recentNewsMoment(r, nowS, WINDOW_DAYS));
    }
  }

  // ── announcements ──
  {
    const r = root.fork("announcements");
    const target = Math.max(40, round(TARGETS.announcements * scale));
    const push = (row: AnnouncementRecord) => out.announcements.push(unique(row));
    const add = (s: CompanyState, at: number, category: string | undefined, extra: { quarter?: string; results?: ResultsFacts; eventMs?: number; boardDay?: boolean } = {}) => {
      if (at >= nowS || at < windowStart) return;
      push(buildAnnouncement(r, s.company, at, { category, categoryWeights: ANNOUNCEMENT_WEIGHTS_FOR_FILL, price: priceAt(s, at), ...extra }));
    };
    const bizMoment = (day: number) => istAt(day, r.int(9, 21), r.int(0, 59), r.int(0, 59));
    for (const s of states) {
      for (const f of s.filings) {
        const q = parseQuarterKey(f.quarter)?.q ?? 1;
        // The intimation precedes the meeting, whether or not the results are out yet: the one the calendar lists from.
        if (f.intimationMs !== undefined) add(s, f.intimationMs, "Meeting Intimation", { quarter: f.quarter, eventMs: f.ms });
        if (!f.filed || !f.facts) continue;
        const facts = f.facts;
        const outcomeMinutes = BOARD_OUTCOME_MAX_MS / MINUTE_MS - 1;
        add(s, f.ms + r.int(1, outcomeMinutes) * MINUTE_MS, "Outcome of Board Meeting", { quarter: f.quarter, results: facts, eventMs: f.ms });
        if (r.chance(0.45)) add(s, f.ms + r.int(1, outcomeMinutes) * MINUTE_MS, "Unaudited Financial Results", { quarter: f.quarter, results: facts });
        if (s.company.marketCapCr > 60_000 && r.chance(0.4)) add(s, f.ms + r.int(15, 90) * MINUTE_MS, "Media Release of Financial Results", { quarter: f.quarter, results: facts });
        if (r.chance(0.4)) add(s, f.ms + r.int(30, 240) * MINUTE_MS, "Investor Presentation", { quarter: f.quarter, results: facts });
        if (r.chance(0.8)) add(s, bizMoment(istDayStartMs(f.ms) + DAY_MS * r.int(1, 2)), "Newspaper Publication", { quarter: f.quarter, results: facts });
        if ((q === 2 || q === 4) && r.chance(0.3)) add(s, f.ms + r.int(1, outcomeMinutes) * MINUTE_MS, "Dividend", { quarter: f.quarter, results: facts, boardDay: true });
      }
    }
    const bySymbol = new Map(states.map((s) => [s.company.symbol, s]));
    for (const cc of out.concalls) {
      const s = bySymbol.get(cc.symbol);
      if (!s) continue;
      if (r.chance(0.3)) add(s, cc.date_ms <= cc.meeting_ms ? cc.date_ms : cc.meeting_ms - r.int(2, 7) * DAY_MS, "Concall", { quarter: cc.quarter, eventMs: cc.meeting_ms });
      if (cc.date_ms > cc.meeting_ms && r.chance(0.25)) add(s, cc.date_ms, "Concall", { quarter: cc.quarter, eventMs: cc.meeting_ms });
    }
    let guard = 0;
    while (out.announcements.length < target && guard++ < target * 10) {
      const s = pickState(r);
      const at = recentMoment(r, nowS, WINDOW_DAYS, [9, 23]);
      // Any results paperwork in the fill is about the company's latest results.
      const fact = latestFacts(s, at, 100);
      add(s, at, undefined, { quarter: fact?.quarter, results: fact });
    }
  }

  // Stable order: by time, then id.
  const byTime = <T extends { id: string }>(rows: T[], ms: (row: T) => number) => rows.sort((a, b) => ms(a) - ms(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  byTime(out.earnings, (x) => x.date_ms);
  byTime(out.upcoming_earnings, (x) => x.date_ms);
  byTime(out.alerts, (x) => x.ts_ms);
  byTime(out.news, (x) => x.date_ms);
  byTime(out.block_deals, (x) => x.date_ms);
  byTime(out.concalls, (x) => x.meeting_ms);
  byTime(out.announcements, (x) => x.date_ms);
  return out;
}

/** Random fill uses the same weights as single builds, minus the results paperwork already laid per filing. */
const FILL_OVERRIDES: Readonly<Record<string, number>> = {
  "Newspaper Publication": 5,
  "Outcome of Board Meeting": 0,
  "Meeting Intimation": 0,
  Dividend: 3,
  "Investor Presentation": 1,
  Concall: 0,
  "Unaudited Financial Results": 0,
  "Media Release of Financial Results": 0,
};
const ANNOUNCEMENT_WEIGHTS_FOR_FILL: readonly (readonly [string, number])[] = ANNOUNCEMENT_CATEGORY_WEIGHTS.map(
  ([category, weight]) => [category, FILL_OVERRIDES[category] ?? weight] as const,
).filter(([, weight]) => weight > 0);

/**
 * Fills the companies and every event table around `now`, in one transaction. Does nothing when the
 * database already holds a dataset (meta `dataset_seeded_at`).
 */
export function seedDataset(db: Db, options: SeedOptions): SeedReport {
  const started = performance.now();
  const empty: SeedCounts = { companies: 0, earnings: 0, upcoming_earnings: 0, alerts: 0, news: 0, block_deals: 0, concalls: 0, announcements: 0 };
  if (getMeta(db, "dataset_seeded_at") !== undefined) return { ...empty, seeded: false, durationMs: performance.now() - started };
  const data = generateDataset(options);
  const wrote = db.transaction((): boolean => {
    if (getMeta(db, "dataset_seeded_at") !== undefined) return false;
    for (const row of data.companies) insertCompany(db, row);
    for (const row of data.earnings) insertEarnings(db, row);
    for (const row of data.upcoming_earnings) insertUpcomingEarnings(db, row);
    for (const row of data.concalls) insertConcall(db, row);
    for (const row of data.alerts) insertAlert(db, row);
    for (const row of data.news) insertNews(db, row);
    for (const row of data.block_deals) insertBlockDeal(db, row);
    for (const row of data.announcements) insertAnnouncement(db, row);
    setMeta(db, "dataset_seeded_at", options.now.toISOString());
    setMeta(db, "dataset_seed", String(options.seed));
    setMeta(db, "dataset_scale", String(options.scale ?? 1));
    return true;
  })();
  if (!wrote) return { ...empty, seeded: false, durationMs: performance.now() - started };
  return {
    seeded: true,
    companies: data.companies.length,
    earnings: data.earnings.length,
    upcoming_earnings: data.upcoming_earnings.length,
    alerts: data.alerts.length,
    news: data.news.length,
    block_deals: data.block_deals.length,
    concalls: data.concalls.length,
    announcements: data.announcements.length,
    durationMs: performance.now() - started,
  };
}
