import type { AlertOutputType } from "../../lib/alpha/alerts";
import type { EarningsTable } from "../../lib/alpha/earnings";
import { formatQuarterKey, parseQuarterKey, previousQuarter } from "../../lib/alpha/quarters";
import type { Clock } from "../clock";
import type { CompanyRecord } from "../dataset/companies";
import { companies as ALL_COMPANIES } from "../dataset/companies";
import type { Rng } from "../dataset/rng";
import { createRng } from "../dataset/rng";
import type { QuarterFinancials, ResultsFacts } from "../dataset/rows";
import { ALERT_TYPE_WEIGHTS, baseQuarterFinancials, buildAlert, buildAnnouncement, buildBlockDeal, buildConcall, buildEarnings, buildNews, companyProfile, DAY_MS, defaultQuote, roundToTick, HOUR_MS, istAt, istDayStartMs, isTradingDay, istWallTime, MINUTE_MS, nextYearQuarter, pickResultsClass } from "../dataset/rows";
import type { EventBus } from "../events";
import type { Db } from "../store/db";
import { getMeta, setMeta } from "../store/db";
import { prepared } from "../store/prepared";
import type { RecordUnit } from "../store/record";
import { recordTogether } from "../store/record";
import type { ConcallRecord } from "../store/writes";
import type { Scheduler } from "../streams/scheduler";
import { realScheduler } from "../streams/scheduler";
import { factsOfStoredFiling, financialsFromTable } from "./financials";
import type { RatedKind } from "./rates";
import { ratesAt } from "./rates";
import type { MarketCalendarView } from "../../lib/market/calendar";
import { workingDaysDeadline } from "../../lib/market/calendar";
import { TRANSCRIPT_MAX_WORKING_DAYS } from "../dataset/rules";

export interface SimulatorContext {
  db: Db;
  bus: EventBus;
  clock: Clock;
}

export interface MarketSimulatorOptions {
  seed: number;
  /** 1 is real time; 60 makes an hour's worth of market activity happen in a minute. */
  speed?: number;
  scheduler?: Scheduler;
  /** Real time between steps (default 1 s). */
  tickMs?: number;
  /** The market calendar to follow (read at every step); the built-in NSE one when absent. */
  calendar?: () => MarketCalendarView;
}

export interface SimulatorCounts {
  alerts: number;
  news: number;
  announcements: number;
  blockDeals: number;
  results: number;
  concallsScheduled: number;
  concallsAnalysed: number;
}

/** A step never covers more than this much real time, so a process waking from a sleep does not burst. */
const MAX_STEP_MS = 60_000;
/** Calendar items handled per step at most, so a fast-forward spreads them out. */
const MAX_DUE_PER_STEP = 4;
/** A call's analysis is in this long after its meeting starts. */
const CALL_DONE_MS = 75 * MINUTE_MS;

/** Alert types drawn at random: earnings and high-growth-call alerts follow their events instead. */
const RANDOM_ALERT_TYPES = ALERT_TYPE_WEIGHTS.filter(([t]) => t !== "earnings" && t !== "high_growth_concalls") as readonly (readonly [
  AlertOutputType,
  number,
])[];

interface FollowUp {
  dueMs: number;
  run: (unit: RecordUnit, nowMs: number) => void;
}

/**
 * Adds market activity while the service runs, through record.ts so every row is published on the streams and
 * readable through REST. Random kinds follow `ratesAt` (Indian market hours, times the speed factor); results and
 * call analyses follow the stored calendars, on a simulated clock that runs `speed` times faster than the real
 * one from the start (rows always carry the real time). Seeded: the same seed, start time, clock steps and
 * database give the same rows.
 */
export class MarketSimulator {
  readonly speed: number;
  private readonly rng: Record<RatedKind | "results" | "calls", Rng>;
  private readonly startMs: number;
  private lastMs: number;
  private readonly universe: CompanyRecord[];
  private readonly cumulative: number[];
  private readonly followUps: FollowUp[] = [];
  private cancelTick: (() => void) | null = null;
  /** Intimations are filed up to this moment (read from the database on the first step). */
  private intimatedThrough: number | null = null;
  readonly counts: SimulatorCounts = { alerts: 0, news: 0, announcements: 0, blockDeals: 0, results: 0, concallsScheduled: 0, concallsAnalysed: 0 };

  constructor(
    private readonly ctx: SimulatorContext,
    private readonly options: MarketSimulatorOptions,
  ) {
    this.speed = options.speed ?? 1;
    if (!(this.speed > 0)) throw new Error(`simulator speed must be positive, got ${this.speed}`);
    this.startMs = ctx.clock.now().getTime();
    this.lastMs = this.startMs;
    const root = createRng(`market-simulator|${options.seed}|${this.startMs}`);
    this.rng = {
      alerts: root.fork("alerts"),
      news: root.fork("news"),
      announcements: root.fork("announcements"),
      blockDeals: root.fork("block-deals"),
      results: root.fork("results"),
      calls: root.fork("calls"),
    };
    const stored = new Set((prepared(ctx.db, "SELECT symbol FROM companies").all() as { symbol: string }[]).map((r) => r.symbol));
    this.universe = ALL_COMPANIES.filter((c) => stored.has(c.symbol));
    let sum = 0;
    // Bigger companies make more news, as in the seeded history.
    this.cumulative = this.universe.map((c) => (sum += Math.pow(c.marketCapCr, 0.42)));
    // Held calls still owed a recording or a transcript get them on time.
    const owed = prepared(ctx.db, "SELECT id, meeting_ms, has_transcript, has_recording FROM concalls WHERE short_analysis IS NOT NULL AND (has_transcript = 0 OR has_recording = 0) ORDER BY meeting_ms, id").all() as {
      id: string;
      meeting_ms: number;
      has_transcript: number;
      has_recording: number;
    }[];
    for (const c of owed) this.scheduleCallAssets({ id: c.id, meeting_ms: c.meeting_ms, has_transcript: c.has_transcript === 1, has_recording: c.has_recording === 1 });
  }

  /** Starts stepping on the scheduler every tick; returns itself. */
  start(): this {
    if (!this.cancelTick) this.cancelTick = (this.options.scheduler ?? realScheduler).every(this.options.tickMs ?? 1_000, () => this.tick());
    return this;
  }

  stop(): void {
    this.cancelTick?.();
    this.cancelTick = null;
  }

  /** The simulated moment that decides which calendar items are due: real time, sped up from the start. */
  simulatedNow(nowMs = this.ctx.clock.now().getTime()): number {
    return this.startMs + (nowMs - this.startMs) * this.speed;
  }

  /** One step covering the real time since the previous step (by the injected clock). */
  tick(): void {
    const nowMs = this.ctx.clock.now().getTime();
    const elapsed = Math.min(MAX_STEP_MS, Math.max(0, nowMs - this.lastMs));
    this.lastMs = nowMs;
    if (this.universe.length === 0) return;
    this.step(nowMs, elapsed);
  }

  private step(nowMs: number, elapsedMs: number): void {
    const rates = ratesAt(nowMs, this.options.calendar?.());
    const hours = (elapsedMs * this.speed) / HOUR_MS;
    for (const kind of ["alerts", "news", "announcements", "blockDeals"] as const) {
      const n = poisson(this.rng[kind], rates[kind] * hours);
      for (let i = 0; i < n; i++) this.store((u) => this.randomEvent(u, kind, nowMs));
    }
    this.fileIntimations(nowMs);
    const simNow = this.simulatedNow(nowMs);
    for (const due of this.dueResults(simNow)) this.store((u) => this.fileResults(u, due, nowMs));
    for (const call of this.dueCalls(simNow, nowMs)) this.store((u) => this.analyseCall(u, call, nowMs));
    const ready = this.followUps.filter((f) => f.dueMs <= simNow);
    if (ready.length > 0) {
      this.followUps.splice(0, this.followUps.length, ...this.followUps.filter((f) => f.dueMs > simNow));
      for (const f of ready) this.store((u) => f.run(u, nowMs));
    }
  }

  /** One unit of work; a clash with a stored id (a restart on the same seed and instant) is skipped, not fatal. */
  private store(fill: (unit: RecordUnit) => void): void {
    try {
      recordTogether(this.ctx, fill);
    } catch (error) {
      if (error instanceof Error && /UNIQUE constraint failed/.test(error.message)) return;
      throw error;
    }
  }

  private pick(rng: Rng): CompanyRecord {
    const r = rng.next() * (this.cumulative[this.cumulative.length - 1] ?? 0);
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.cumulative[mid] ?? 0) > r) hi = mid;
      else lo = mid + 1;
    }
    return this.universe[lo] as CompanyRecord;
  }

  private randomEvent(u: RecordUnit, kind: RatedKind, nowMs: number): void {
    const rng = this.rng[kind];
    const company = this.pick(rng);
    if (kind === "alerts") {
      const type = rng.weighted(RANDOM_ALERT_TYPES);
      const quote = type === "52w_high" || type === "52w_low" ? this.freshMark(rng, company, type) : undefined;
      const alert = buildAlert(rng, company, nowMs, { type, quote });
      u.alert(alert);
      this.counts.alerts++;
      // One move moves related names: a sharp price move often trips a sector peer the same way within minutes.
      if (type === "price_alert" && alert.price && Math.abs(alert.price.change_percent) >= 2.5 && rng.chance(0.45)) {
        const peers = this.universe.filter((c) => c.sector === company.sector && c.symbol !== company.symbol);
        if (peers.length > 0) {
          const peer = rng.pick(peers);
          const change = alert.price.change_percent * rng.float(0.55, 0.95);
          const base = companyProfile(peer).price;
          const peerQuote = { price: roundToTick(base * (1 + change / 100)), changePercent: Math.round(change * 100) / 100 };
          u.alert(buildAlert(rng, peer, nowMs + rng.int(30, 240) * 1000, { type: "price_alert", quote: peerQuote }));
          this.counts.alerts++;
        }
      }
    } else if (kind === "news") {
      const wanted = rng.weighted([["positive", 0.4], ["negative", 0.27], ["neutral", 0.33]] as const);
      u.news(buildNews(rng, company, nowMs, { sentiment: this.agreedSentiment(company.symbol, nowMs, wanted, false) }));
      this.counts.news++;
    } else if (kind === "announcements") {
      u.announcement(buildAnnouncement(rng, company, nowMs));
      this.counts.announcements++;
    } else {
      u.blockDeal(buildBlockDeal(rng, company, nowMs));
      this.counts.blockDeals++;
    }
  }

  /** A new 52-week mark beyond the symbol's last stored one: highs only climb, lows only fall. */
  private freshMark(rng: Rng, company: CompanyRecord, type: "52w_high" | "52w_low"): { price: number; changePercent: number } {
    const quote = defaultQuote(rng, company, type);
    const row = prepared(this.ctx.db, "SELECT price FROM alerts WHERE symbol = ? AND type = ? AND price IS NOT NULL ORDER BY ts_ms DESC, id DESC LIMIT 1").get(company.symbol, type) as
      | { price: string }
      | undefined;
    const last = row ? (JSON.parse(row.price) as { value: number }).value : undefined;
    if (last === undefined) return quote;
    const price = type === "52w_high" ? Math.max(quote.price, roundToTick(last * (1 + rng.float(0.001, 0.012)))) : Math.min(quote.price, roundToTick(last * (1 - rng.float(0.001, 0.012))));
    return { price, changePercent: quote.changePercent };
  }

  /**
   * No contradicting headlines on one name within hours: a story takes the side of a recent one on the same symbol;
   * a story whose side is fixed (results coverage) goes neutral instead.
   */
  private agreedSentiment(symbol: string, atMs: number, wanted: "positive" | "negative" | "neutral", fixed: boolean): "positive" | "negative" | "neutral" {
    if (wanted === "neutral") return wanted;
    const recent = prepared(this.ctx.db, "SELECT sentiment FROM news WHERE symbol = ? AND date_ms > ? AND sentiment != 'neutral' ORDER BY date_ms DESC LIMIT 1").get(symbol, atMs - 6 * HOUR_MS) as
      | { sentiment: "positive" | "negative" }
      | undefined;
    if (!recent || recent.sentiment === wanted) return wanted;
    return fixed ? "neutral" : recent.sentiment;
  }

  // ── board meetings ──

  /**
   * Files the intimation of every stored results meeting whose moment has come since the last step (or since the
   * dataset was made): the calendar lists the meeting from then, and the exchange feed carries the filing.
   */
  private fileIntimations(nowMs: number): void {
    if (this.intimatedThrough === null) {
      const stored = Number(getMeta(this.ctx.db, "intimations_through") ?? Date.parse(getMeta(this.ctx.db, "dataset_seeded_at") ?? ""));
      this.intimatedThrough = Number.isFinite(stored) ? stored : nowMs;
    }
    const from = this.intimatedThrough;
    if (from >= nowMs) return;
    this.intimatedThrough = nowMs;
    const due = prepared(
      this.ctx.db,
      `SELECT symbol, quarter, date_ms, announced_ms FROM upcoming_earnings
        WHERE announced_ms > ? AND announced_ms <= ? AND purpose LIKE '%Financial Results%' ORDER BY announced_ms, id`,
    ).all(from, nowMs) as { symbol: string; quarter: string; date_ms: number; announced_ms: number }[];
    for (const m of due) {
      const company = this.universe.find((c) => c.symbol === m.symbol);
      if (!company) continue;
      this.store((u) => u.announcement(buildAnnouncement(this.rng.announcements, company, m.announced_ms, { category: "Meeting Intimation", quarter: m.quarter, eventMs: m.date_ms })));
      this.counts.announcements++;
    }
    if (due.length > 0) setMeta(this.ctx.db, "intimations_through", String(nowMs));
  }

  // ── results ──

  private dueResults(simNow: number): { symbol: string; quarter: string }[] {
    return prepared(
      this.ctx.db,
      `SELECT u.symbol, u.quarter FROM upcoming_earnings u
        WHERE u.purpose LIKE '%Financial Results%' AND u.date_ms <= ?
          AND NOT EXISTS (SELECT 1 FROM earnings e WHERE e.symbol = u.symbol AND e.quarter = u.quarter)
        GROUP BY u.symbol, u.quarter ORDER BY MIN(u.date_ms), u.symbol LIMIT ?`,
    ).all(simNow, MAX_DUE_PER_STEP) as { symbol: string; quarter: string }[];
  }

  private storedTable(symbol: string, quarter: string): EarningsTable | null {
    const row = prepared(this.ctx.db, "SELECT earnings_table FROM earnings WHERE symbol = ? AND quarter = ? ORDER BY date_ms DESC LIMIT 1").get(symbol, quarter) as
      | { earnings_table: string | null }
      | undefined;
    return row?.earnings_table ? (JSON.parse(row.earnings_table) as EarningsTable) : null;
  }

  /** Files a quarter's results: the filing, its announcement and alert, the calendar entry gone, a call intimated. */
  private fileResults(u: RecordUnit, due: { symbol: string; quarter: string }, nowMs: number): void {
    const company = this.universe.find((c) => c.symbol === due.symbol) ?? ALL_COMPANIES.find((c) => c.symbol === due.symbol);
    const q = parseQuarterKey(due.quarter);
    if (!company || !q) return void u.removeUpcomingEarnings(due.symbol, due.quarter);
    const rng = this.rng.results;
    const yearAgoKey = formatQuarterKey({ ...q, fy: q.fy - 1 });
    const previousKey = formatQuarterKey(previousQuarter(q));
    const yearAgo: QuarterFinancials =
      financialsFromTable(yearAgoKey, this.storedTable(company.symbol, yearAgoKey)) ?? baseQuarterFinancials(rng, company, yearAgoKey, 1);
    const previous: QuarterFinancials =
      financialsFromTable(previousKey, this.storedTable(company.symbol, previousKey)) ?? baseQuarterFinancials(rng, company, previousKey, 0.25);
    const cls = pickResultsClass(rng, company);
    const current = nextYearQuarter(rng, company, yearAgo, due.quarter, cls);
    const { row, facts } = buildEarnings(rng, company, nowMs, { quarter: due.quarter, current, previous, yearAgo });
    u.earnings(row);
    u.removeUpcomingEarnings(company.symbol, due.quarter);
    // The board's outcome reaches the exchange within 30 minutes of the meeting; the results filing often with it.
    u.announcement(buildAnnouncement(rng, company, nowMs + 1_000, { category: "Outcome of Board Meeting", quarter: due.quarter, results: facts }));
    if (rng.chance(0.5)) {
      const category = q.q === 4 ? "Media Release of Financial Results" : "Unaudited Financial Results";
      u.announcement(buildAnnouncement(rng, company, nowMs + 1_500, { category, quarter: due.quarter, results: facts }));
      this.counts.announcements++;
    }
    u.alert(buildAlert(rng, company, nowMs + 2_000, { type: "earnings", results: facts }));
    this.counts.results++;
    this.counts.announcements++;
    this.counts.alerts++;
    // Coverage of the numbers follows within the hour (in simulated time).
    const simNow = this.simulatedNow(nowMs);
    this.followUps.push({
      dueMs: simNow + rng.int(15, 60) * MINUTE_MS,
      run: (unit, at) => {
        const sentiment = this.agreedSentiment(company.symbol, at, cls === "positive" ? "positive" : cls === "negative" ? "negative" : "neutral", true);
        unit.news(buildNews(this.rng.news, company, at, { sentiment, results: facts }));
        this.counts.news++;
      },
    });
    if (rng.chance(0.85)) this.intimateCall(u, rng, company, due.quarter, nowMs, facts);
  }

  /** Schedules the earnings call: later the same evening or on one of the next trading days. */
  private intimateCall(u: RecordUnit, rng: Rng, company: CompanyRecord, quarter: string, nowMs: number, facts: ResultsFacts): void {
    let meeting: number;
    const today = istDayStartMs(nowMs);
    if (nowMs < istAt(today, 16, 0) && rng.chance(0.4)) {
      meeting = Math.ceil((nowMs + rng.int(90, 180) * MINUTE_MS) / (30 * MINUTE_MS)) * 30 * MINUTE_MS;
    } else {
      let day = today + rng.weighted([[1, 0.55], [2, 0.3], [3, 0.15]] as const) * DAY_MS;
      while (!isTradingDay(day)) day += DAY_MS;
      meeting = istAt(day, rng.pick([10, 11, 12, 14, 15, 16, 17]), rng.pick([0, 30]));
    }
    u.concall(buildConcall(rng, company, { quarter, meetingMs: meeting, intimationMs: nowMs, nowMs, results: facts }));
    this.counts.concallsScheduled++;
  }

  // ── calls ──

  private dueCalls(simNow: number, nowMs: number): ConcallRecord[] {
    const rows = prepared(
      this.ctx.db,
      `SELECT id, symbol, quarter, date_ms, meeting_ms, intimation_attachment FROM concalls
        WHERE short_analysis IS NULL AND meeting_ms <= ? ORDER BY meeting_ms, id LIMIT ?`,
    ).all(simNow - CALL_DONE_MS, MAX_DUE_PER_STEP) as {
      id: string;
      symbol: string;
      quarter: string;
      date_ms: number;
      meeting_ms: number;
      intimation_attachment: string | null;
    }[];
    const out: ConcallRecord[] = [];
    for (const r of rows) {
      const company = ALL_COMPANIES.find((c) => c.symbol === r.symbol);
      if (!company) continue;
      // On a fast-forward the meeting is moved into the real past, so REST lists the call as held.
      const meetingMs = Math.min(r.meeting_ms, nowMs - CALL_DONE_MS);
      const table = this.storedTable(r.symbol, r.quarter);
      const facts = factsOfStoredFiling(r.quarter, table, companyProfile(company).financial) ?? undefined;
      const built = buildConcall(this.rng.calls, company, { quarter: r.quarter, meetingMs, intimationMs: Math.min(r.date_ms, meetingMs), nowMs, results: facts });
      out.push({ ...built, id: r.id, intimation_attachment: r.intimation_attachment ?? built.intimation_attachment });
    }
    return out;
  }

  /**
   * SEBI's timelines: a held call's recording is posted within 24 hours of the call, its transcript within five
   * working days; each lands as a follow-up that republishes the stored call with the flag set.
   */
  private scheduleCallAssets(call: { id: string; meeting_ms: number; has_transcript: boolean; has_recording: boolean }): void {
    const rng = this.rng.calls;
    const toSim = (realMs: number) => (realMs <= this.startMs ? this.startMs : this.simulatedNow(realMs));
    const recordingDue = call.meeting_ms + rng.int(2 * 60, 20 * 60) * MINUTE_MS;
    const transcriptDue = workingDaysDeadline(call.meeting_ms, rng.int(1, TRANSCRIPT_MAX_WORKING_DAYS)) - DAY_MS + rng.int(10 * 60, 20 * 60) * MINUTE_MS;
    for (const [dueMs, flag] of [
      [recordingDue, "has_recording"],
      [transcriptDue, "has_transcript"],
    ] as const) {
      if (call[flag]) continue;
      this.followUps.push({
        dueMs: toSim(dueMs),
        run: (unit) => {
          const stored = this.storedConcall(call.id);
          if (stored && !stored[flag]) unit.replaceConcall({ ...stored, [flag]: true });
        },
      });
    }
  }

  private storedConcall(id: string): ConcallRecord | null {
    const row = prepared(this.ctx.db, "SELECT * FROM concalls WHERE id = ?").get(id) as Record<string, unknown> | undefined;
    if (!row) return null;
    const json = <T>(v: unknown): T | null => (typeof v === "string" ? (JSON.parse(v) as T) : null);
    return {
      id: String(row.id),
      symbol: String(row.symbol),
      quarter: String(row.quarter),
      date: String(row.date),
      date_ms: Number(row.date_ms),
      meeting_date: String(row.meeting_date),
      meeting_ms: Number(row.meeting_ms),
      short_analysis: json<ConcallRecord["short_analysis"]>(row.short_analysis),
      sentiment_analysis: json<ConcallRecord["sentiment_analysis"]>(row.sentiment_analysis),
      expanded_analysis: json<ConcallRecord["expanded_analysis"]>(row.expanded_analysis),
      has_transcript: row.has_transcript === 1,
      has_recording: row.has_recording === 1,
      intimation_attachment: typeof row.intimation_attachment === "string" ? row.intimation_attachment : null,
    };
  }

  /** Rewrites a held call with its analysis (published again), and flags a high-growth call. */
  private analyseCall(u: RecordUnit, call: ConcallRecord, nowMs: number): void {
    const filed = { ...call, date: istWallTime(nowMs), date_ms: nowMs };
    u.replaceConcall(filed);
    this.counts.concallsAnalysed++;
    this.scheduleCallAssets(filed);
    const company = ALL_COMPANIES.find((c) => c.symbol === call.symbol);
    const table = this.storedTable(call.symbol, call.quarter);
    const facts = company ? factsOfStoredFiling(call.quarter, table, companyProfile(company).financial) : null;
    if (company && facts && facts.cls === "positive" && facts.revenueGrowth >= 12) {
      u.alert(buildAlert(this.rng.calls, company, nowMs + 1_000, { type: "high_growth_concalls", results: facts }));
      this.counts.alerts++;
    }
  }
}

/** A Poisson draw (Knuth for small means, a rounded normal beyond). */
function poisson(rng: Rng, mean: number): number {
  if (!(mean > 0)) return 0;
  if (mean > 30) return Math.max(0, Math.round(rng.normal(mean, Math.sqrt(mean))));
  const limit = Math.exp(-mean);
  let k = 0;
  let p = rng.next();
  while (p > limit) {
    k++;
    p *= rng.next();
  }
  return k;
}

export function startMarketSimulator(ctx: SimulatorContext, options: MarketSimulatorOptions): MarketSimulator {
  return new MarketSimulator(ctx, options).start();
}
