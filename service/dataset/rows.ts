/**
 * Pure row builders for the event tables: given a generator, a company and a moment, each returns one row
 * shaped like its table. The seeder lays them out over time; the market simulator can call them one by one.
 * Nothing here reads the clock, the database or Math.random.
 */
import type { AlertOutputType, AlertPrice } from "../../lib/alpha/alerts";
import { isImportantCategory } from "../../lib/alpha/announcements";
import type { EarningsTable } from "../../lib/alpha/earnings";
import { formatQuarterKey, parseQuarterKey, previousQuarter, quarterBounds, quarterKeyOfDate, quarterLabel } from "../../lib/alpha/quarters";
import { IST_OFFSET_MINUTES, toIstIso } from "../../lib/alpha/time";
import { isTradingDay as isMarketTradingDay, workingDaysDeadline } from "../../lib/market/calendar";
import type {
  AlertRecord,
  AnnouncementRecord,
  CompanyRow,
  BlockDealRecord,
  ConcallRecord,
  EarningsRecord,
  NewsRecord,
  SentimentAnalysis,
  UpcomingEarningsRecord,
} from "../store/writes";
import { kept } from "../kept";
import type { CompanyRecord } from "./companies";
import { companies } from "./companies";
import { REFERENCE_QUARTERS } from "./reference-quarters";
import * as phrases from "./phrases";
import { BLOCK_DEAL_MIN_CR, inAnnualSeason, MARKET_WRAP_RE, SESSION_STORY_RE } from "./rules";
import { createRng, hashHex, makeId, type Rng } from "./rng";

// ───────────────────────────── time ─────────────────────────────

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
const IST_MS = IST_OFFSET_MINUTES * MINUTE_MS;

/** UTC ISO with Z, whole seconds: the alerts' canonical timestamp. */
export function isoUtc(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** ISO with +05:30: news, earnings, announcements and block deal dates. */
export function istIso(ms: number): string {
  return toIstIso(new Date(ms));
}

/** IST wall time without an offset, as the concall sample writes `date`. */
export function istWallTime(ms: number): string {
  return toIstIso(new Date(ms)).slice(0, 19);
}

export function istDayStartMs(ms: number): number {
  const shifted = ms + IST_MS;
  return shifted - (((shifted % DAY_MS) + DAY_MS) % DAY_MS) - IST_MS;
}

/** 0 = Sunday … 6 = Saturday, in Asia/Kolkata. */
export function istWeekday(ms: number): number {
  return new Date(ms + IST_MS).getUTCDay();
}

/** A full NSE trading day (weekdays less the exchange's holidays, plus full special sessions): the market calendar's. */
export function isTradingDay(ms: number): boolean {
  return isMarketTradingDay(ms);
}

/** The instant of an IST wall-clock time on the day that starts at `dayStartMs`. */
export function istAt(dayStartMs: number, hours: number, minutes: number, seconds = 0): number {
  return dayStartMs + hours * HOUR_MS + minutes * MINUTE_MS + seconds * 1000;
}

/** A moment in the NSE session (09:15–15:30 IST), busier at the open and the close. */
export function marketMoment(rng: Rng, dayStartMs: number): number {
  const band = rng.weighted([
    [[555, 615], 0.36],
    [[615, 870], 0.39],
    [[870, 930], 0.25],
  ] as const);
  const minute = rng.int(band[0], band[1] - 1);
  return dayStartMs + minute * MINUTE_MS + rng.int(0, 59) * 1000;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** `November 12, 2026` for the IST day holding `ms`. */
export function formatLongDate(ms: number): string {
  const d = new Date(ms + IST_MS);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

function formatIsoDateLong(isoDate: string): string {
  return formatLongDate(Date.parse(`${isoDate}T12:00:00+05:30`));
}

/** `FY27` for the fiscal year holding `ms`; `offset` 1 gives the next one. */
export function fiscalYearLabel(ms: number, offset = 0): string {
  const key = quarterKeyOfDate(new Date(ms));
  const fy = (parseQuarterKey(key)?.fy ?? 0) + offset;
  return `FY${String(fy % 100).padStart(2, "0")}`;
}

/** The instant after the last IST day of a quarter (its results clock starts here). */
export function quarterEndMs(quarterKey: string): number {
  const q = parseQuarterKey(quarterKey);
  if (!q) throw new Error(`bad quarter key ${quarterKey}`);
  return Date.parse(`${quarterBounds(q).end}T00:00:00+05:30`) + DAY_MS;
}

// ───────────────────────────── numbers ─────────────────────────────

const inr0 = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });
const inr1 = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const inr2 = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const round2 = (x: number): number => Math.round(x * 100) / 100;
const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

/** Three significant figures, the way the press rounds a crore figure. */
function niceRound(x: number): number {
  if (x <= 0) return 0;
  const mag = 10 ** Math.max(0, Math.floor(Math.log10(x)) - 2);
  return Math.round(x / mag) * mag;
}

/** `₹1,240 crore`, `₹1.52 lakh crore`; `exact` keeps two decimals as a results table does. */
export function formatCrore(cr: number, exact = false): string {
  const sign = cr < 0 ? "-" : "";
  const v = Math.abs(cr);
  if (exact) return `${sign}₹${inr2.format(v)} crore`;
  if (v >= 100_000) return `${sign}₹${String(Number((v / 100_000).toFixed(2)))} lakh crore`;
  if (v >= 100) return `${sign}₹${inr0.format(Math.round(v))} crore`;
  if (v >= 10) return `${sign}₹${inr1.format(v)} crore`;
  return `${sign}₹${inr2.format(v)} crore`;
}

export function formatRupees(value: number): string {
  return `₹${inr2.format(value)}`;
}

function formatRupeesRound(value: number): string {
  return `₹${inr0.format(value)}`;
}

const pctText = (x: number): string => `${Math.abs(x).toFixed(1)}%`;
/** A percentage move as a reader sees it at one decimal: a move that shows as 0.0% is flat, never "rose 0.0%". */
export const visibleMove = (x: number): boolean => Math.abs(x) >= 0.05;
export const movedText = (x: number, up: string, down: string, flat: string): string => (visibleMove(x) ? `${x > 0 ? up : down} ${pctText(x)}` : flat);
const bpsText = (points: number): string => `${Math.round(Math.abs(points) * 100)} bps`;
/** A margin change as a reader sees it, to the basis point: one that rounds to 0 bps is unchanged. */
export const visibleBps = (points: number): boolean => Math.round(Math.abs(points) * 100) > 0;

/** NSE tick: prices move in steps of five paise. */
export function roundToTick(price: number): number {
  return Math.round(price * 20) / 20;
}

// ───────────────────────────── company profile ─────────────────────────────

export type SectorGroup =
  | "Financial Services"
  | "Information Technology"
  | "Fast Moving Consumer Goods"
  | "Consumer Discretionary"
  | "Healthcare"
  | "Commodities"
  | "Energy"
  | "Industrials"
  | "Utilities"
  | "Telecommunication"
  | "Services"
  | "Realty";

interface SectorParams {
  group: SectorGroup;
  pe: number;
  margin: number; // EBITDA (or operating-profit) margin, %
  conv: number; // PAT / EBITDA
  vol: number; // daily price volatility
  growth: number; // trend revenue growth, fraction a year
  season: readonly [number, number, number, number]; // Q1..Q4 revenue weights
}

const FLAT = [1, 1, 1, 1] as const;
const SECTORS: Record<string, SectorParams> = {
  "Financial Services": { group: "Financial Services", pe: 20, margin: 42, conv: 0.62, vol: 0.016, growth: 0.16, season: FLAT },
  "Information Technology": { group: "Information Technology", pe: 28, margin: 23, conv: 0.7, vol: 0.015, growth: 0.09, season: FLAT },
  "Fast Moving Consumer Goods": { group: "Fast Moving Consumer Goods", pe: 52, margin: 22, conv: 0.7, vol: 0.012, growth: 0.09, season: [0.98, 1, 1.03, 0.99] },
  "Consumer Durables": { group: "Consumer Discretionary", pe: 60, margin: 12, conv: 0.62, vol: 0.018, growth: 0.14, season: [1.05, 0.88, 1.07, 1.0] },
  "Consumer Services": { group: "Consumer Discretionary", pe: 75, margin: 13, conv: 0.45, vol: 0.021, growth: 0.2, season: [0.95, 0.97, 1.1, 0.98] },
  "Automobile and Auto Components": { group: "Consumer Discretionary", pe: 30, margin: 14, conv: 0.62, vol: 0.017, growth: 0.12, season: [0.93, 1.0, 1.04, 1.03] },
  Textiles: { group: "Consumer Discretionary", pe: 24, margin: 12, conv: 0.45, vol: 0.02, growth: 0.08, season: [0.97, 1.01, 1.02, 1.0] },
  "Media, Entertainment & Publication": { group: "Consumer Discretionary", pe: 28, margin: 17, conv: 0.5, vol: 0.022, growth: 0.07, season: [0.95, 1.0, 1.07, 0.98] },
  Healthcare: { group: "Healthcare", pe: 38, margin: 24, conv: 0.62, vol: 0.015, growth: 0.12, season: FLAT },
  Chemicals: { group: "Commodities", pe: 42, margin: 18, conv: 0.6, vol: 0.019, growth: 0.1, season: [0.98, 1.0, 0.97, 1.05] },
  "Metals & Mining": { group: "Commodities", pe: 15, margin: 19, conv: 0.48, vol: 0.021, growth: 0.07, season: [0.97, 0.96, 1.01, 1.06] },
  "Construction Materials": { group: "Commodities", pe: 42, margin: 18, conv: 0.45, vol: 0.016, growth: 0.09, season: [1.02, 0.88, 0.97, 1.13] },
  "Oil, Gas & Consumable Fuels": { group: "Energy", pe: 14, margin: 13, conv: 0.55, vol: 0.016, growth: 0.06, season: FLAT },
  "Capital Goods": { group: "Industrials", pe: 48, margin: 14, conv: 0.62, vol: 0.019, growth: 0.17, season: [0.88, 0.95, 1.0, 1.17] },
  Construction: { group: "Industrials", pe: 30, margin: 12, conv: 0.45, vol: 0.019, growth: 0.13, season: [0.92, 0.88, 1.0, 1.2] },
  Power: { group: "Utilities", pe: 22, margin: 34, conv: 0.38, vol: 0.017, growth: 0.1, season: [1.06, 1.02, 0.93, 0.99] },
  Telecommunication: { group: "Telecommunication", pe: 55, margin: 48, conv: 0.25, vol: 0.015, growth: 0.11, season: FLAT },
  Services: { group: "Services", pe: 35, margin: 22, conv: 0.55, vol: 0.018, growth: 0.13, season: [0.98, 0.97, 1.02, 1.03] },
  Realty: { group: "Realty", pe: 45, margin: 30, conv: 0.6, vol: 0.023, growth: 0.15, season: [0.85, 0.9, 1.0, 1.25] },
};
/** Share of a business's below-EBITDA charges that is interest: asset-light businesses borrow little. */
const INTEREST_SHARE: Partial<Record<SectorGroup, number>> = {
  "Information Technology": 0.06,
  "Fast Moving Consumer Goods": 0.08,
  "Consumer Discretionary": 0.2,
  Healthcare: 0.15,
  Commodities: 0.35,
  Energy: 0.35,
  Industrials: 0.3,
  Utilities: 0.55,
  Telecommunication: 0.5,
  Services: 0.35,
  Realty: 0.4,
};
/** Cash and investments over annual revenue. */
const CASH_RATIO: Partial<Record<SectorGroup, number>> = {
  "Information Technology": 0.35,
  "Fast Moving Consumer Goods": 0.2,
  Healthcare: 0.2,
  "Consumer Discretionary": 0.12,
};
const ORDER_BOOK_SECTORS = ["Capital Goods", "Construction"];
const EXPORT_GROUPS: readonly SectorGroup[] = ["Commodities", "Healthcare", "Consumer Discretionary", "Industrials", "Fast Moving Consumer Goods"];
const SERVICE_INDUSTRIES = /Retailing|Leisure|Services|Media|Entertainment|Construction$|Realty|Hospital/i;
const DEFAULT_SECTOR: SectorParams = { group: "Industrials", pe: 30, margin: 16, conv: 0.55, vol: 0.018, growth: 0.1, season: FLAT };

export interface CompanyProfile {
  financial: boolean;
  bank: boolean;
  group: SectorGroup;
  pe: number;
  margin: number;
  conv: number;
  taxRate: number;
  vol: number;
  growth: number;
  season: readonly [number, number, number, number];
  /** A reference share price in ₹; walks start from it. */
  price: number;
  /** Annual revenue (total income for lenders), ₹ crore, at the reference valuation. */
  annualRevenue: number;
  /** -1 … 1: the company's business momentum, tilting results and news. */
  momentum: number;
  /** Shares outstanding, crore: the price is market cap ÷ this. */
  sharesCr: number;
  /** Depreciation as a share of revenue, and the annual interest rate on gross debt. */
  depRate: number;
  interestRate: number;
  /** Gross debt and cash with investments at the reference scale, ₹ crore (0 for lenders, whose balance sheet is their business). */
  debt: number;
  cash: number;
  /** Order book ÷ annual revenue for businesses that run on orders; null for the rest. */
  orderBookRatio: number | null;
  /** Share of revenue from exports (%) for businesses that export goods; null for the rest. */
  exportShare: number | null;
}

const profileCache = new Map<string, CompanyProfile>();

/** Sector economics and a reference price, derived from the company alone (the same under every seed). */
export function companyProfile(company: CompanyRecord): CompanyProfile {
  // Keyed by every field it reads: an imported company of the same symbol has its own profile.
  const key = `${company.symbol}|${company.sector}|${company.industry}|${company.marketCapCr}|${company.sharesCr ?? ""}|${company.revenueCr ?? ""}|${company.ebitdaMarginPct ?? ""}|${company.patToEbitda ?? ""}`;
  const hit = profileCache.get(key);
  if (hit) return hit;
  const r = createRng(`profile|${company.symbol}`);
  const s = SECTORS[company.sector] ?? DEFAULT_SECTOR;
  const financial = company.sector === "Financial Services";
  const bank = company.industry === "Banks";
  const pe = s.pe * Math.exp(r.normal(0, 0.25)) * (bank ? 0.7 : 1);
  // A company's own margin and conversion when the list carries them; else its sector's, with a company's spread. (The
  // draws are made either way, so every later draw of the profile stays where it was.)
  const drawnMargin = clamp(s.margin * Math.exp(r.normal(0, 0.2)), 4, 70);
  const drawnConv = clamp(s.conv * Math.exp(r.normal(0, 0.12)), 0.15, 0.82);
  const margin = company.ebitdaMarginPct ?? drawnMargin;
  const conv = company.patToEbitda ?? drawnConv;
  // A company's own revenue when the list carries it (its P/E then follows); else revenue from a sector P/E.
  const annualRevenue = company.revenueCr ?? company.marketCapCr / pe / ((margin / 100) * conv);
  const big = company.marketCapCr > 150_000;
  const logPrice = big ? r.float(Math.log(350), Math.log(4800)) : r.float(Math.log(45), Math.log(7500));
  const sharesCr = company.sharesCr ?? company.marketCapCr / Math.exp(logPrice);
  const price = roundToTick(company.marketCapCr / sharesCr);
  const taxRate = clamp(r.normal(0.252, 0.02), 0.2, 0.32);
  // What EBITDA must cover before tax: depreciation and interest take it, other income tops it up.
  const charges = Math.max(0.1, 1 - conv / (1 - taxRate) + 0.08) * (margin / 100);
  const interestShare = financial ? 0 : (INTEREST_SHARE[s.group] ?? 0.2) * r.float(0.6, 1.4);
  const interestRate = r.float(0.075, 0.095);
  const debt = financial ? 0 : (charges * interestShare * annualRevenue) / interestRate;
  const cash = financial ? 0 : annualRevenue * (CASH_RATIO[s.group] ?? 0.1) * r.float(0.6, 1.5);
  const orderBookRatio = ORDER_BOOK_SECTORS.includes(company.sector) ? r.float(1.8, 4) : null;
  const exportShare = EXPORT_GROUPS.includes(s.group) && !SERVICE_INDUSTRIES.test(company.industry) ? Math.round(r.float(6, 35)) : null;
  const p: CompanyProfile = {
    financial,
    bank,
    group: s.group,
    pe: company.revenueCr ? company.marketCapCr / (annualRevenue * (margin / 100) * conv) : pe,
    margin,
    conv,
    taxRate,
    vol: s.vol * Math.exp(r.normal(0, 0.18)) * (big ? 0.85 : 1.1),
    growth: clamp(s.growth + r.normal(0, 0.05), -0.02, 0.4),
    season: s.season,
    price,
    annualRevenue,
    momentum: clamp(r.normal(0.1, 0.45), -1, 1),
    sharesCr,
    depRate: charges * (1 - interestShare) * r.float(0.85, 1.1),
    interestRate,
    debt,
    cash,
    orderBookRatio,
    exportShare,
  };
  profileCache.set(key, p);
  return p;
}

/** Where the API serves the company's logo (`renderLogoSvg`), relative to the public base URL. */
export function companyLogoPath(symbol: string): string {
  return `/v1/assets/logos/${encodeURIComponent(symbol)}.svg`;
}

/** A dataset company as its `companies` table row. */
export function companyRow(c: CompanyRecord): CompanyRow {
  return {
    symbol: c.symbol,
    company_name: c.companyName,
    scrip_code: c.scripCode,
    isin: c.isin,
    sector: c.sector,
    industry: c.industry,
    basic_industry: c.basicIndustry,
    macro_economic_indicator: c.macroEconomicIndicator,
    market_cap: c.marketCapCr,
    logo: companyLogoPath(c.symbol),
  };
}

// ───────────────────────────── text templates ─────────────────────────────

const PLACEHOLDER_RE = /\{([a-zA-Z]+)\}/g;
const keyCache = new Map<string, readonly string[]>();

export function templateKeys(template: string): readonly string[] {
  return kept(keyCache, template, () => [...new Set([...template.matchAll(PLACEHOLDER_RE)].map((m) => m[1] as string))]);
}

/** Replaces `{key}` tokens; a key without a value is left as written so tests can catch it. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  // Names ending in "Ltd." must not double the full stop that ends a sentence.
  return template.replace(PLACEHOLDER_RE, (whole, key: string) => values[key] ?? whole).replace(/\b(Ltd|Co|Inc|Bros)\.\./g, "$1.");
}

const POSITIVE_TONE = /\b(expan|improv|strong|robust|rais|record|grew|beat|gain|healthy|resilient|encourag|confiden|ahead|upgrad|outperform|accelerat|surg|jump|rall|climb|wins?\b|bags?\b|turns net|net cash|highest|buyers in control)/i;
const NEGATIVE_TONE = /\b(declin|contract|pressure|weak|cautious|slow|fell|drop|soft|challeng|below|delay|loss|miss|cut|withdr|disappoint|headwind|slump|slip|slid|tumbl|downgrad|negative|evasive|burn|stretch|exit|lower)/i;

export type Tone = "positive" | "negative" | "neutral";

const toneCache = new Map<string, { pos: boolean; neg: boolean }>();
function toneFits(text: string, tone: Tone): boolean {
  if (tone === "neutral") return true;
  const t = kept(toneCache, text, () => ({ pos: POSITIVE_TONE.test(text), neg: NEGATIVE_TONE.test(text) }));
  return tone === "positive" ? !t.neg : !t.pos;
}

/** Templates whose tone fits; all of them when none does. */
function byTone(templates: readonly string[], tone: Tone): readonly string[] {
  const fit = templates.filter((t) => toneFits(t, tone));
  return fit.length > 0 ? fit : templates;
}

/** What a piece of text is about: the facts its placeholders may draw on. */
export interface TextScene {
  company: CompanyRecord;
  atMs: number;
  tone: Tone;
  /** Current share price. */
  price?: number;
  /** Quarter the text talks about (results just out, or results coming). */
  quarter?: string;
  /** Results facts: enable growth and margin placeholders. */
  results?: ResultsFacts;
  /** The quarter's fact sheet when the text is not about the results themselves (else read from `results`). */
  sheet?: FactSheet;
  /** A dated event the text announces (results day, meeting, record date). */
  eventMs?: number;
  /** Values that must be used as given (an alert's price, a move's size). */
  fixed?: Readonly<Record<string, string>>;
  /** Figures already quoted in this scene, reused so one document never gives two capex plans. */
  memo?: Map<string, string>;
  /** The share's real moves (%, signed) over the day, the week and the month to the text's moment, and whether it stands at its high or low. */
  moves?: ShareMoves;
  /** The day's block deal before the text, as a share of the company's equity (%). */
  block?: { pct: number };
}

export interface ShareMoves {
  day: number;
  week: number;
  month: number;
  atHigh: boolean;
  atLow: boolean;
}

const AT_HIGH_RE = /\b(hits?|at|to|crossed|closed at|broke past) (a |its )?(fresh |previous )?(52-week|record|all-time) high\b|\bhits all-time high/i;
const AT_LOW_RE = /\b(hits?|hit|at|to|breached|touched|closed at) (a |its )?(fresh |previous )?52-week low|a fresh 52-week low/i;

const RESULT_KEYS = new Set(["margin", "marginChange", "revenueGrowth", "ebitdaGrowth", "patGrowth"]);

function keyAvailable(key: string, scene: TextScene): boolean {
  if (scene.fixed && key in scene.fixed) return true;
  if (RESULT_KEYS.has(key)) return scene.results !== undefined;
  if (key === "quarter" || key === "periodEnd") return scene.quarter !== undefined || scene.results !== undefined;
  if (key === "date") return scene.eventMs !== undefined;
  if (key === "exportShare") return sceneSheet(scene)?.exportShare != null;
  return true;
}

const CONSUMER: readonly SectorGroup[] = ["Fast Moving Consumer Goods", "Consumer Discretionary"];
/** Listed companies without a promoter group (their shareholding pattern shows none). */
export const WIDELY_HELD: ReadonlySet<string> = new Set(["HDFCBANK", "ICICIBANK", "AXISBANK", "ITC", "LT"]);
type FitRule = readonly [RegExp, (g: SectorGroup, c: CompanyRecord) => boolean];
const isIndustry = (c: CompanyRecord, ...names: string[]) => names.includes(c.industry);
const SECTOR_RULES: readonly FitRule[] = [
  [/\brural\b|festive|channel inventory|gst rates|gst rationalisation|same-store|downtrading|quick commerce|distribution reach/i, (g) => CONSUMER.includes(g)],
  [/order book|bid pipeline|order inflow|order pipeline|bags order|order worth|order win|lowest bidder|letter of award|\bL1\b|tenders?\b/i, (g) => ["Industrials", "Utilities", "Commodities", "Telecommunication"].includes(g)],
  [/\borders?\b|contracts?\b/i, (g) => ["Industrials", "Utilities", "Commodities", "Energy", "Information Technology", "Telecommunication"].includes(g)],
  [/new facility|\bplants?\b|raw material|input (cost|prices)|commodit|commissioned|commissioning|manufactur|inventory|freight|greenfield|capacity|utilisation levels|new lines/i, (g) => g !== "Financial Services" && g !== "Information Technology"],
  [/volumes?\b|product mix|price increase|price hikes?|new products?|launches|exports?\b|realisations|direct-to-customer/i, (g) => g !== "Financial Services" && g !== "Information Technology"],
  [/premium|ebitda/i, (g) => g !== "Financial Services"],
  [/direct-to-customer|channel partners|dealers?\b/i, (g) => CONSUMER.includes(g)],
  [/credit costs?|asset quality|\bAUM\b|loan growth|\bNPA|underwriting/i, (g) => g === "Financial Services"],
  [/capex|capital expenditure|gross debt|net[- ]debt|net cash|debt[- ]free|working capital|cash flow|incident|fire\b|suspension of operations/i, (g) => g !== "Financial Services"],
  [/deal wins|verticals|total contract value|utilisation staying above|as utilisation improves|headcount|BFSI/i, (g) => g === "Information Technology"],
  // Consumer pricing: a refiner's, a utility's and a telco's prices follow a formula, a regulator or a tariff; lenders and IT have none.
  [/premiumi[sz]ation|premium portfolio|brand-building|flagship category/i, (g, c) => CONSUMER.includes(g) || g === "Realty" || isIndustry(c, "Cement & Cement Products")],
  [/price hikes?|price increases?|pricing power|pricing actions/i, (g, c) => CONSUMER.includes(g) || ["Commodities", "Healthcare", "Realty"].includes(g) || isIndustry(c, "Gas")],
  [/new (product )?launches|successful new launches|new products?\b/i, (g, c) => g !== "Utilities" && g !== "Energy" && !isIndustry(c, "Ferrous Metals", "Non - Ferrous Metals", "Diversified Metals", "Minerals & Mining", "Metals & Minerals Trading")],
  [/attrition/i, (g) => ["Information Technology", "Financial Services", "Services", "Healthcare"].includes(g)],
  [/client concentration|top five customers/i, (g, c) => ["Information Technology", "Industrials", "Commodities", "Healthcare", "Services"].includes(g) || isIndustry(c, "Auto Components")],
  // Market drivers that only move some businesses: a regulator's plant inspection, an input price, a policy lever.
  [/\bUS ?FDA\b|\bANDA\b|warning letter/i, (_g, c) => isIndustry(c, "Pharmaceuticals & Biotechnology", "Healthcare Equipment & Supplies")],
  [/crude oil|crude and gas/i, (g, c) => g === "Energy" || isIndustry(c, "Chemicals & Petrochemicals", "Paints", "Transport Services", "Fertilizers & Agrochemicals", "Auto Components")],
  [/steel prices/i, (_g, c) => isIndustry(c, "Ferrous Metals", "Automobiles", "Auto Components", "Construction", "Industrial Products", "Capital Goods", "Consumer Durables", "Agricultural, Commercial & Construction Vehicles")],
  [/global tech cues|rupee weakens/i, (g) => g === "Information Technology" || g === "Healthcare"],
  [/monsoon/i, (g, c) => CONSUMER.includes(g) || isIndustry(c, "Fertilizers & Agrochemicals", "Agricultural Food & other Products", "Power")],
  [/RBI policy/i, (g) => g === "Financial Services" || g === "Realty"],
  [/PLI scheme/i, (_g, c) => isIndustry(c, "Pharmaceuticals & Biotechnology", "Electrical Equipment", "Consumer Durables", "Auto Components", "Automobiles", "Telecom - Equipment & Accessories", "Industrial Manufacturing", "Aerospace & Defense", "Food Products")],
  [/Budget announcement on capex/i, (g) => g === "Industrials" || g === "Utilities" || g === "Commodities"],
  [/Monthly sales numbers/i, (_g, c) => isIndustry(c, "Automobiles", "Agricultural, Commercial & Construction Vehicles", "Cement & Cement Products")],
  [/GST rate change/i, (g) => CONSUMER.includes(g)],
  [/Commodity prices ease/i, (g) => g !== "Financial Services" && g !== "Information Technology" && g !== "Services" && g !== "Telecommunication"],
  // Widely held companies have no promoter group; large groups' promoters do not pledge their shares.
  [/\bpromoters?\b/i, (_g, c) => !WIDELY_HELD.has(c.symbol)],
  [/\bpledg/i, (_g, c) => c.marketCapCr < 100_000],
];

/** What the fit rules read of a company: its business, and whether it has a promoter group that might pledge. */
function ownershipKey(company: CompanyRecord): string {
  return `${company.sector}|${company.industry}|${WIDELY_HELD.has(company.symbol) ? "w" : company.marketCapCr >= 100_000 ? "b" : "s"}`;
}

/** Whether a line makes sense for this kind of business (no plants for banks, no tenders for FMCG, no FDA for a lender). */
export function fitsSector(text: string, company: CompanyRecord): boolean {
  const g = companyProfile(company).group;
  const k = ownershipKey(company);
  return kept(kept(sectorFitCache, k, () => new Map<string, boolean>()), text, () => SECTOR_RULES.every(([re, ok]) => !re.test(text) || ok(g, company)));
}
const sectorFitCache = new Map<string, Map<string, boolean>>();

type Usable = { fit: string[]; byStory: Map<string, string[]> };
const usableCache = new WeakMap<readonly string[], Map<string, Usable>>();

/** The templates a scene can fill completely and that suit the company's business. */
export function usableTemplates(templates: readonly string[], scene: TextScene, sectorCheck = true): string[] {
  // What decides usability is small (which facts the scene has, the business, the story's signs), so results are cached:
  // first what the scene can fill for this business, then what of that tells the quarter's story.
  const fixedKeys = scene.fixed ? Object.keys(scene.fixed).sort().join(",") : "";
  const story = { r: scene.results, s: sceneSheet(scene) };
  const baseSig = `${sectorCheck ? ownershipKey(scene.company) : "-"}|${scene.results ? 1 : 0}${scene.quarter ? 1 : 0}${scene.eventMs !== undefined ? 1 : 0}|${fixedKeys}|${story.s?.exportShare != null ? 1 : 0}`;
  const base = kept(kept(usableCache, templates, () => new Map<string, Usable>()), baseSig, () => ({
    fit: templates.filter((t) => templateKeys(t).every((k) => keyAvailable(k, scene)) && (!sectorCheck || fitsSector(t, scene.company))),
    byStory: new Map(),
  }));
  return kept(base.byStory, storySignature(story), () => base.fit.filter((t) => storyFits(t, story)));
}

const ratingLadder = ["AAA", "AA+", "AA", "AA-", "A+", "A"] as const;
const ratingAgencies = [
  (g: string) => `CRISIL ${g}/Stable`,
  (g: string) => `ICRA ${g} (Stable)`,
  (g: string) => `CARE ${g}; Stable`,
  (g: string) => `IND ${g}/Stable by India Ratings`,
] as const;

export function creditRating(rng: Rng, company: CompanyRecord): string {
  const tier = company.marketCapCr > 200_000 ? 0 : company.marketCapCr > 60_000 ? rng.int(0, 2) : rng.int(1, 5);
  const grade = ratingLadder[Math.min(tier, ratingLadder.length - 1)] ?? "AA";
  return rng.pick(ratingAgencies)(grade);
}

/** Roles a filing or story may say someone was appointed to: everything but the call roster's (transcripts.ts). */
export const ROSTER_ROLE_RE = /chief executive|chief financial|chairman & managing|investor relations/i;
const APPOINTABLE_DESIGNATIONS = phrases.managementDesignations.filter((d) => !ROSTER_ROLE_RE.test(d));

export function personName(rng: Rng): string {
  return `${rng.pick(phrases.personFirstNames)} ${rng.pick(phrases.personLastNames)}`;
}

type AmountKind =
  | "mcap"
  | "loss"
  | "pat"
  | "revenue"
  | "orderBook"
  | "revenueTarget"
  | "levy"
  | "buyback"
  | "deal"
  | "order"
  | "capex"
  | "funding"
  | "debt"
  | "cash"
  | "contingent"
  | "warrants"
  | "investment"
  | "other";

/** The words around a placeholder's first use: what the figure measures. */
function nearPlaceholder(template: string, key: string, before = 45, after = 30): string {
  const i = template.indexOf(`{${key}}`);
  if (i < 0) return template.toLowerCase();
  return template.slice(Math.max(0, i - before), i + key.length + 2 + after).toLowerCase();
}

const amountKindCache = [new Map<string, AmountKind>(), new Map<string, AmountKind>()] as const;
function amountKind(template: string, hasResults: boolean): AmountKind {
  const cache = amountKindCache[hasResults ? 1 : 0];
  return kept(cache, template, () => amountKindOf(template, hasResults));
}

function amountKindOf(template: string, hasResults: boolean): AmountKind {
  const t = nearPlaceholder(template, "amount");
  if (/market capitali[sz]ation/.test(t)) return "mcap";
  if (hasResults && /(loss of|net loss|swings? to a loss)/.test(t)) return "loss";
  if (hasResults && /net profit for the quarter came in at/.test(t)) return "pat";
  // "an order worth {amount}, taking its order book to a record": the order, not the book.
  if (/(order|contract) worth \{amount\}/.test(t)) return "order";
  if (/order book/.test(t)) return "orderBook";
  if (/(revenue of \{amount\} by|targets revenue)/.test(t)) return "revenueTarget";
  if (/(tax demand|demand of|penalty|gst|fine|demand order)/.test(t)) return "levy";
  if (/buyback/.test(t)) return "buyback";
  if (/(acqui|consideration|enterprise value|stake in a strategic)/.test(t)) return "deal";
  if (/(order|contract|award|bidder|bags|wins)/.test(t)) return "order";
  if (/(capex|capital expenditure|expansion|plant|capacity|greenfield|facility)/.test(t)) return "capex";
  if (/(debenture|ncd|qip|qualified institutions|raise|raising|rights issue|placement|commercial paper|redemption)/.test(t)) return "funding";
  if (/(debt|repaid|repay)/.test(t)) return "debt";
  if (/cash and investments/.test(t)) return "cash";
  if (/contingent/.test(t)) return "contingent";
  if (/balance consideration/.test(t)) return "warrants";
  if (/investment of|initial investment/.test(t)) return "investment";
  if (hasResults && /(revenue|sales|topline|came in at)/.test(t)) return "revenue";
  return "other";
}

function amountOf(rng: Rng, kind: AmountKind, scene: TextScene): number {
  const rev = companyProfile(scene.company).annualRevenue;
  const mcap = scene.company.marketCapCr;
  const r = scene.results;
  const sheet = sceneSheet(scene);
  if (sheet) {
    if (kind === "orderBook" && sheet.orderBook !== null) return niceRound(sheet.orderBook);
    if (kind === "debt" && sheet.debt !== null && sheet.debtPrev !== null) return niceRound(Math.max(sheet.debt * 0.01, Math.abs(sheet.debt - sheet.debtPrev)));
    if (kind === "cash" && sheet.cash !== null) return niceRound(sheet.cash);
  }
  switch (kind) {
    case "mcap": {
      const marks = [5_000, 10_000, 25_000, 50_000, 75_000, 100_000, 150_000, 200_000, 300_000, 500_000, 1_000_000, 1_500_000, 2_000_000];
      return [...marks].reverse().find((m) => m <= mcap) ?? niceRound(mcap);
    }
    case "loss":
      return niceRound((r?.revenue ?? rev / 4) * rng.float(0.01, 0.06));
    case "pat":
      return r?.pat ?? niceRound(rev * 0.02);
    case "revenue":
      return r?.revenue ?? niceRound(rev / 4);
    case "orderBook":
      return niceRound(rev * rng.float(1.8, 4));
    case "revenueTarget":
      return niceRound(rev * rng.float(1.5, 2.4));
    case "levy":
      return round2(Math.max(0.4, rev * rng.float(0.0002, 0.004)));
    case "buyback":
      return niceRound(mcap * rng.float(0.008, 0.035));
    case "deal":
      return niceRound(mcap * rng.float(0.005, 0.05));
    case "order":
      return niceRound(Math.max(25, rev * rng.float(0.005, 0.09)));
    case "capex":
      return niceRound(rev * rng.float(0.03, 0.18));
    case "funding":
      return niceRound(Math.max(50, mcap * rng.float(0.003, 0.03)));
    case "debt":
      return niceRound(rev * rng.float(0.02, 0.1));
    case "cash":
      return niceRound(mcap * rng.float(0.03, 0.15));
    case "contingent":
      return niceRound(rev * rng.float(0.01, 0.05));
    case "warrants":
      return niceRound(Math.max(20, mcap * rng.float(0.002, 0.01)));
    case "investment":
      return niceRound(Math.max(20, Math.min(rev, mcap * 0.3) * rng.float(0.004, 0.03)));
    default:
      return niceRound(Math.max(20, rev * rng.float(0.01, 0.05)));
  }
}

type PctKind = "stake" | "upside" | "holding" | "share" | "growth" | "monthMove" | "gap" | "relative" | "range" | "weekMove" | "move";

const pctKindCache = new Map<string, PctKind>();
function pctKind(template: string): PctKind {
  return kept(pctKindCache, template, () => pctKindOf(template));
}

function pctKindOf(template: string): PctKind {
  // "gains {pct} as promoters raise stake" is the day's move, whatever follows it.
  if (/\b(gains?|rises?|jumps?|surges?|climbs?|slips?|falls?|drops?|tumbles?|slides?|rall(y|ies)|slumps?|(stock|shares?|is) (up|down)) \{pct\}/i.test(template)) return "move";
  const t = nearPlaceholder(template, "pct", 40, 25);
  if (/(fpi stake|fpi ownership|steady at)/.test(t)) return "holding";
  if (/(stake|of the company's equity|paid-up equity|of its stake|by \{pct\}\.?$)/.test(t)) return "stake";
  if (/upside/.test(t)) return "upside";
  if (/of revenue/.test(t)) return "share";
  if (/(guidance|growth guidance|growth of \{pct\}|compounded|above \{pct\}|guided for \{pct\})/.test(t)) return "growth";
  if (/(past month|since the last results|rally since)/.test(t)) return "monthMove";
  if (/(200-day|recent peak)/.test(t)) return "gap";
  if (/nifty by/.test(t)) return "relative";
  if (/(range|swung|swinging|either side)/.test(t)) return "range";
  if (/in a week|from recent peak/.test(t)) return "weekMove";
  return "move";
}

/** The share's real move a price-move figure must quote, when the scene knows the moves. */
function realMove(scene: TextScene, kind: PctKind): number | undefined {
  const m = scene.moves;
  if (!m) return undefined;
  return kind === "move" ? m.day : kind === "weekMove" ? m.week : kind === "monthMove" ? m.month : undefined;
}

const FPI_UP = /\b(FPIs? (raise|add|increase)|foreign (portfolio )?investors (raised|added|increased))/i;
const FPI_DOWN = /\b(FPIs? (trim|cut|reduce)|foreign (portfolio )?investors (cut|trimmed|reduced))/i;

/** Foreign investors bought or sold a company in a quarter, one way: every story of that quarter says the same. */
export function holdersFit(template: string, scene: TextScene): boolean {
  const up = FPI_UP.test(template);
  if (!up && !FPI_DOWN.test(template)) return true;
  const bought = createRng(`fpi|${scene.company.symbol}|${quarterKeyOfDate(new Date(scene.atMs))}`).chance(0.5);
  return up === bought;
}

/** Smallest real move a story quotes as news, by kind: a 0.3% day is not a headline. */
const MOVE_WORTH: Partial<Record<PctKind, number>> = { move: 1.5, weekMove: 3, monthMove: 4 };

/** Whether a template's price-move figure can be the share's real move, in size and in the story's direction. */
export function moveFits(template: string, scene: TextScene): boolean {
  if (!scene.moves) return true;
  // A share at a fresh high or low is one the walk has there (its 52-week alerts say the same).
  const level = template.replace(/order book to (a|its) record high/gi, "");
  if (AT_HIGH_RE.test(level) && !scene.moves.atHigh) return false;
  if (AT_LOW_RE.test(level) && !scene.moves.atLow) return false;
  // A story of the session's move goes the way the share went that day.
  if (scene.tone !== "neutral" && SESSION_STORY_RE.test(template) && (scene.tone === "positive") !== scene.moves.day > 0) return false;
  if (!template.includes("{pct}")) return true;
  const kind = pctKind(template);
  const actual = realMove(scene, kind);
  if (actual === undefined) return true;
  if (Math.abs(actual) < (MOVE_WORTH[kind] ?? 0)) return false;
  return scene.tone === "neutral" || (scene.tone === "positive") === actual > 0;
}

const PCT_RANGES: Readonly<Record<PctKind, readonly [number, number]>> = {
  stake: [0.5, 6],
  upside: [12, 35],
  holding: [8, 42],
  share: [6, 20],
  growth: [8, 22],
  monthMove: [6, 24],
  gap: [5, 28],
  relative: [4, 18],
  range: [3, 9],
  weekMove: [5, 14],
  move: [1.8, 8.5],
};

/** Values for every placeholder of a template, drawn to fit the scene. */
export function sceneValues(rng: Rng, template: string, scene: TextScene): Record<string, string> {
  const out: Record<string, string> = {};
  const { company } = scene;
  const p = companyProfile(company);
  const price = scene.price ?? p.price;
  const r = scene.results;
  const quarter = scene.quarter ?? r?.quarter;
  const remember = (memoKey: string, make: () => string): string => {
    const hit = scene.memo?.get(memoKey);
    if (hit !== undefined) return hit;
    const v = make();
    scene.memo?.set(memoKey, v);
    return v;
  };
  for (const key of templateKeys(template)) {
    const fixed = scene.fixed?.[key];
    if (fixed !== undefined) {
      out[key] = fixed;
      continue;
    }
    switch (key) {
      case "company":
        out[key] = company.companyName;
        break;
      case "symbol":
        out[key] = company.symbol;
        break;
      case "sector":
        out[key] = company.sector;
        break;
      case "quarter":
        if (quarter) out[key] = quarterLabel(quarter);
        break;
      case "periodEnd": {
        const q = quarter ? parseQuarterKey(quarter) : null;
        if (q) out[key] = formatIsoDateLong(quarterBounds(q).end);
        break;
      }
      case "fy":
        out[key] = fiscalYearLabel(scene.atMs);
        break;
      case "nextFy":
        out[key] = fiscalYearLabel(scene.atMs, 1);
        break;
      case "lastFy":
        out[key] = fiscalYearLabel(scene.atMs, -1);
        break;
      case "date":
        out[key] = formatLongDate(scene.eventMs ?? scene.atMs);
        break;
      case "pct": {
        const kind = pctKind(template);
        const [lo, hi] = PCT_RANGES[kind];
        // A headline and its summary quote one move: every price-move kind shares the figure.
        const memoKind = kind === "move" || kind === "weekMove" || kind === "monthMove" || kind === "gap" ? "priceMove" : kind;
        const guide = kind === "growth" ? sceneSheet(scene)?.growthGuide : undefined;
        const actual = realMove(scene, kind);
        const block = kind === "stake" && /block deal/i.test(template) ? scene.block?.pct : undefined;
        if (block !== undefined) out[key] = remember("pct:block", () => `${block.toFixed(block < 1 ? 2 : 1)}%`);
        else if (actual !== undefined) out[key] = remember(`pct:${kind}`, () => pctText(Math.abs(actual)));
        else out[key] = remember(`pct:${memoKind}`, () => pctText(guide ?? rng.float(lo, hi)));
        break;
      }
      case "amount": {
        // One figure per kind within a scene: a transcript quotes the same capex plan every time.
        const kind = amountKind(template, r !== undefined);
        if (kind === "revenueTarget") {
          // The target is this year's revenue compounded at the growth the same sentence quotes, two years on.
          const g = parseFloat(remember("pct:growth", () => pctText(sceneSheet(scene)?.growthGuide ?? rng.float(8, 22))));
          const annual = r ? 4 * r.revenue : p.annualRevenue;
          out[key] = remember("amount:revenueTarget", () => formatCrore(niceRound(annual * (1 + g / 100) ** 2)));
          break;
        }
        out[key] = remember(`amount:${kind}`, () => formatCrore(amountOf(rng, kind, scene)));
        break;
      }
      case "price":
        out[key] = formatRupees(price);
        break;
      case "targetPrice":
        out[key] = remember(key, () => {
          const f = scene.tone === "positive" ? rng.float(1.12, 1.38) : scene.tone === "negative" ? rng.float(0.68, 0.9) : rng.float(0.96, 1.12);
          const step = price > 1000 ? 10 : 5;
          return formatRupeesRound(Math.max(step, Math.round((price * f) / step) * step));
        });
        break;
      case "dps":
        // One dividend per company and quarter, whichever filing or story names it.
        out[key] = remember(key, () => {
          const quarter = scene.results?.quarter ?? scene.quarter ?? quarterKeyOfDate(new Date(scene.atMs - 40 * DAY_MS));
          const payout = createRng(`dps|${company.symbol}|${quarter}`).float(0.2, 0.6);
          return formatRupees(Math.max(0.5, Math.round((p.price / p.pe / 4) * payout * 4) / 4));
        });
        break;
      case "ratio":
        out[key] = remember(/bonus/i.test(template) ? "ratio:bonus" : "ratio:split", () =>
          /bonus/i.test(template) ? rng.pick(["1:1", "1:2", "2:1", "1:1"]) : rng.pick(["1:2", "1:5", "1:10", "1:2"]),
        );
        break;
      case "rating":
        out[key] = remember(key, () => creditRating(rng, company));
        break;
      case "multiple":
        out[key] = `${rng.float(2.1, 6.8).toFixed(1)}x`;
        break;
      case "margin":
        if (r) out[key] = `${r.margin.toFixed(1)}%`;
        break;
      case "exportShare": {
        const share = sceneSheet(scene)?.exportShare;
        if (share != null) out[key] = `${share}%`;
        break;
      }
      case "marginChange":
        if (r) out[key] = bpsText(r.marginChange);
        break;
      case "revenueGrowth":
        if (r) out[key] = pctText(r.revenueGrowth);
        break;
      case "ebitdaGrowth":
        if (r) out[key] = pctText(r.ebitdaGrowth);
        break;
      case "patGrowth":
        if (r) out[key] = pctText(r.patGrowth);
        break;
      case "source":
        out[key] = remember(key, () => rng.pick(phrases.newsSources).name);
        break;
      case "brokerage":
        out[key] = remember(key, () => rng.pick(phrases.analystFirms));
        break;
      case "person":
        out[key] = remember(key, () => personName(rng));
        break;
      case "designation":
        // The call roster's roles (CEO, CFO, investor relations) stay with their people across quarters.
        out[key] = remember(key, () => rng.pick(APPOINTABLE_DESIGNATIONS));
        break;
      default:
        break;
    }
  }
  return out;
}

const STOP_WORDS = new Set(
  "company companys shares share stock stocks quarter said with from after this that their which according year years will have been over into also more than analysts analyst management board exchanges exchange filing informed basis period ahead following during about could would should while where when there these those other being under company's".split(" "),
);
const topicCache = new Map<string, ReadonlySet<string>>();

/** Content-word stems of a template (placeholders ignored): what it is about. */
function topicWords(text: string): ReadonlySet<string> {
  return kept(topicCache, text, () => {
    const found = text.toLowerCase().replace(/\{[a-z]+\}/gi, " ").match(/[a-z][a-z'-]{3,}/g) ?? [];
    return new Set(found.filter((w) => !STOP_WORDS.has(w)).map((w) => w.slice(0, 6)));
  });
}

/** How much two templates share, from 0 to 1 (overlap of content words over the smaller set). */
const relatednessCache = new Map<string, Map<string, number>>();
function relatedness(a: string, b: string): number {
  return kept(kept(relatednessCache, a, () => new Map<string, number>()), b, () => relatednessOf(a, b));
}

function relatednessOf(a: string, b: string): number {
  const wa = topicWords(a);
  const wb = topicWords(b);
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared++;
  return shared / Math.max(1, Math.min(wa.size, wb.size));
}

/** The template of `pool` that shares most content with `reference` (ties broken by the generator). */
export function pickRelated(rng: Rng, pool: readonly string[], reference: string): string {
  return pickRelatedScored(rng, pool, reference).template;
}

function pickRelatedScored(rng: Rng, pool: readonly string[], reference: string): { template: string; score: number } {
  if (pool.length === 0) return { template: "", score: 0 };
  let best = 0;
  let bestOnes: string[] = [];
  for (const t of pool) {
    const score = relatedness(t, reference);
    if (score > best + 1e-9) {
      best = score;
      bestOnes = [t];
    } else if (Math.abs(score - best) <= 1e-9) bestOnes.push(t);
  }
  return { template: rng.pick(best > 0 ? bestOnes : pool), score: best };
}

/** Below this, two templates are about different things. */
const RELATED_ENOUGH = 0.3;

const GENERIC_NEWS_SUMMARIES = {
  positive: [
    "Market participants welcomed the development, and {company} shares drew buying interest from institutional investors.",
    "Analysts said the development supports the earnings outlook for {company} over the coming quarters.",
    "The news lifted sentiment around {company}, with traders pointing to improving earnings visibility.",
  ],
  negative: [
    "The development weighed on sentiment around {company}, and analysts said near-term earnings visibility has weakened.",
    "Investors reacted cautiously, and {company} shares saw selling pressure through the session.",
    "Analysts said the news adds to near-term headwinds for {company} and could weigh on estimates.",
  ],
  neutral: [
    "{company} made the disclosure in a filing with the stock exchanges; it did not indicate any financial impact.",
    "The update was shared with the exchanges in line with disclosure requirements, and the stock traded largely unchanged.",
    "Market participants will track further details from {company}, which said it would keep the exchanges informed.",
  ],
} as const;

const FILING_FOLLOW_UPS = [
  "The disclosure has been made under Regulation 30 of the SEBI (Listing Obligations and Disclosure Requirements) Regulations, 2015.",
  "The intimation is also available on the website of the company.",
  "The company said it will keep the exchanges informed of any further developments in this regard.",
  "The filing was signed by the Company Secretary and Compliance Officer.",
] as const;

/** Picks a template the scene can fill (tone-fitted when possible) and fills it. */
export function renderFrom(rng: Rng, templates: readonly string[], scene: TextScene): string {
  const usable = usableTemplates(templates, scene);
  const pool = usable.length > 0 ? usable : templates;
  const template = rng.pick(byTone(pool, scene.tone));
  return fillTemplate(template, sceneValues(rng, template, scene));
}

// ───────────────────────────── financial model ─────────────────────────────

export type ResultsClass = "positive" | "negative" | "mixed";

/** One quarter's P&L lines, ₹ crore (EPS in ₹). Lenders use the same slots with their own labels. */
export interface QuarterFinancials {
  quarter: string;
  revenue: number;
  ebitda: number;
  /** EBITDA (operating profit) margin, %. */
  margin: number;
  otherIncome: number;
  depreciation: number;
  financeCost: number;
  /** Lenders: provisions and contingencies. */
  provisions: number;
  pbt: number;
  tax: number;
  pat: number;
  eps: number;
}

/** What a text needs to know about a set of results, growth measured YoY from the rounded table values. */
export interface ResultsFacts {
  quarter: string;
  cls: ResultsClass;
  revenue: number;
  pat: number;
  eps: number;
  revenueGrowth: number;
  ebitdaGrowth: number;
  patGrowth: number;
  margin: number;
  /** Margin change in percentage points (signed). */
  marginChange: number;
  significant: boolean;
  financial: boolean;
  /** The previous quarter's revenue and both quarters' finance costs, when the table has them (the fact sheet reads debt from them). */
  revenuePrev?: number;
  financeCost?: number;
  financeCostPrev?: number;
}

/** Gross debt at a quarter's end, ₹ crore: the profile's level, scaled with the business, moving a little each quarter. */
export function debtAt(company: CompanyRecord, quarter: string, revenue: number): number {
  const p = companyProfile(company);
  if (p.debt <= 0) return 0;
  const wobble = createRng(`debt|${company.symbol}|${quarter}`).normal(0, 0.035);
  return p.debt * Math.sqrt(Math.max(0.2, revenue / (p.annualRevenue / 4))) * Math.exp(clamp(wobble, -0.09, 0.09));
}

/**
 * Below-EBITDA lines: depreciation follows revenue, finance costs follow the quarter's debt, other income takes the
 * rest; when the story's profit would need negative other income, profit gives way instead.
 */
function completeLines(company: CompanyRecord, quarter: string, revenue: number, ebitda: number, pat: number, rng: Rng): QuarterFinancials {
  const p = companyProfile(company);
  const taxRate = clamp(p.taxRate + rng.normal(0, 0.012), 0.15, 0.35);
  let pbt = pat / (1 - taxRate);
  let otherIncome = 0;
  let depreciation = 0;
  let financeCost = 0;
  let provisions = 0;
  if (p.financial) {
    provisions = ebitda - pbt;
    if (provisions < ebitda * 0.02) {
      provisions = ebitda * rng.float(0.02, 0.05);
      pbt = ebitda - provisions;
      pat = pbt * (1 - taxRate);
    }
  } else {
    depreciation = revenue * p.depRate * rng.float(0.97, 1.03);
    financeCost = (debtAt(company, quarter, revenue) * p.interestRate) / 4;
    otherIncome = pbt - ebitda + depreciation + financeCost;
    const floor = revenue * rng.float(0.003, 0.008);
    if (otherIncome < floor) {
      otherIncome = floor;
      pbt = ebitda + otherIncome - depreciation - financeCost;
      pat = pbt > 0 ? pbt * (1 - taxRate) : pbt;
    }
  }
  const r = {
    quarter,
    revenue: round2(revenue),
    ebitda: round2(ebitda),
    otherIncome: round2(otherIncome),
    depreciation: round2(depreciation),
    financeCost: round2(financeCost),
    provisions: round2(provisions),
    pbt: round2(pbt),
    tax: round2(pbt - pat),
    pat: round2(pat),
    eps: round2(pat / p.sharesCr),
    margin: 0,
  };
  r.margin = round2((r.ebitda / r.revenue) * 100);
  return r;
}

/** A quarter before the reported window: the base the first reported quarters grow from. */
export function baseQuarterFinancials(rng: Rng, company: CompanyRecord, quarter: string, yearsBack: number): QuarterFinancials {
  const p = companyProfile(company);
  const q = parseQuarterKey(quarter)?.q ?? 1;
  const seasonal = p.season[q - 1] ?? 1;
  const revenue = ((p.annualRevenue / 4) * seasonal * Math.exp(rng.normal(0, 0.03))) / (1 + p.growth) ** yearsBack;
  const margin = clamp(p.margin * Math.exp(rng.normal(0, 0.05)), 3, 75);
  const ebitda = (revenue * margin) / 100;
  const pat = ebitda * clamp(p.conv * Math.exp(rng.normal(0, 0.05)), 0.1, 0.85);
  return completeLines(company, quarter, revenue, ebitda, pat, rng);
}

/**
 * Quarter to quarter, a business moves smoothly: each quarter's revenue, margin and conversion to profit are drawn
 * towards the previous quarter's (bigger companies more), then its lines are completed again. Texts are written later,
 * from these tables, so every story still tells what its table says.
 */
export function smoothQuarters(company: CompanyRecord, fin: Map<string, QuarterFinancials>, keys: readonly string[]): void {
  const p = companyProfile(company);
  const w = company.marketCapCr > 50_000 ? 0.45 : company.marketCapCr > 20_000 ? 0.75 : 0.95;
  const seasonOf = (k: string) => p.season[(parseQuarterKey(k)?.q ?? 1) - 1] ?? 1;
  const blend = (a: number, b: number) => w * a + (1 - w) * b;
  for (let i = 1; i < keys.length; i++) {
    const q = fin.get(keys[i] as string);
    const prev = fin.get(keys[i - 1] as string);
    if (!q || !prev || q.revenue <= 0 || prev.revenue <= 0 || q.ebitda <= 0 || prev.ebitda <= 0 || q.pat <= 0 || prev.pat <= 0) continue;
    const revenue = Math.exp(blend(Math.log(q.revenue), Math.log((prev.revenue * seasonOf(q.quarter)) / seasonOf(prev.quarter))));
    let ebitda = revenue * blend(q.ebitda / q.revenue, prev.ebitda / prev.revenue);
    let pat = ebitda * blend(q.pat / q.ebitda, prev.pat / prev.ebitda);
    const keep = q.pat / q.pbt;
    let pbt = pat / keep;
    let { otherIncome, depreciation, provisions } = q;
    const k = revenue / q.revenue;
    const financeCost = q.financeCost * Math.sqrt(k);
    if (p.financial) {
      provisions = ebitda - pbt;
      if (provisions < ebitda * 0.02) [provisions, pbt] = [ebitda * 0.02, ebitda * 0.98];
      pat = pbt * keep;
    } else {
      depreciation *= k;
      otherIncome = pbt - ebitda + depreciation + financeCost;
      const floor = revenue * 0.004;
      if (otherIncome < floor) [depreciation, otherIncome] = [depreciation + floor - otherIncome, floor];
    }
    // A move the table rounds to nothing would be written as a rise: nudge it to a visible one.
    const yearAgo = i >= 4 ? fin.get(keys[i - 4] as string) : undefined;
    if (yearAgo && Math.abs(pat / yearAgo.pat - 1) < 0.001) {
      const nudge = pat * 0.003;
      [pat, pbt] = [pat + nudge, pbt + nudge / keep];
      if (p.financial) provisions -= nudge / keep;
      else otherIncome += nudge / keep;
    }
    if (yearAgo && Math.abs((ebitda / revenue) * 100 - yearAgo.margin) < 0.01) {
      const nudge = revenue * 0.0003;
      ebitda += nudge;
      if (p.financial) provisions += nudge;
      else otherIncome -= nudge;
    }
    fin.set(q.quarter, roundedQuarter(q.quarter, { revenue, ebitda, otherIncome, depreciation, financeCost, provisions, pbt, pat }, p.sharesCr));
  }
}

type QuarterLines = Pick<QuarterFinancials, "revenue" | "ebitda" | "otherIncome" | "depreciation" | "financeCost" | "provisions" | "pbt" | "pat">;

/** A quarter's lines as the table prints them: each rounded, tax, EPS and margin worked out from the unrounded ones. */
function roundedQuarter(quarter: string, l: QuarterLines, sharesCr: number): QuarterFinancials {
  return {
    quarter,
    revenue: round2(l.revenue),
    ebitda: round2(l.ebitda),
    otherIncome: round2(l.otherIncome),
    depreciation: round2(l.depreciation),
    financeCost: round2(l.financeCost),
    provisions: round2(l.provisions),
    pbt: round2(l.pbt),
    tax: round2(l.pbt - l.pat),
    pat: round2(l.pat),
    eps: round2(l.pat / sharesCr),
    margin: round2((l.ebitda / l.revenue) * 100),
  };
}

/**
 * Scales a company's quarters so the reference quarter shows its real revenue and profit, each line by one factor for
 * every quarter (growth rates and stories stay): revenue, EBITDA and finance costs with revenue (margins stay the real
 * ones), profit with profit; other income, then depreciation, take up the difference. A lender's lines all follow profit.
 */
export function pinToReference(company: CompanyRecord, fin: Map<string, QuarterFinancials>): void {
  const ref = REFERENCE_QUARTERS[company.symbol];
  const at = ref ? fin.get(ref.quarter) : undefined;
  if (!ref || !at || at.revenue <= 0 || at.pat <= 0) return;
  const kR0 = ref.revenueCr / at.revenue;
  const kP0 = ref.patCr / at.pat;
  const p = companyProfile(company);
  // With the year-ago revenue known, the series is also tilted (the same rate every year) so that year's growth is real.
  const indexOf = (k: string) => ((parseQuarterKey(k)?.fy ?? 0) * 4 + (parseQuarterKey(k)?.q ?? 0)) / 4;
  const refQ = parseQuarterKey(ref.quarter);
  const yearAgo = refQ ? fin.get(formatQuarterKey({ ...refQ, fy: refQ.fy - 1 })) : undefined;
  const tilt = ref.yearAgoRevenueCr && yearAgo && yearAgo.revenue > 0 ? ref.yearAgoRevenueCr / (yearAgo.revenue * kR0) : 1;
  for (const [quarter, q] of fin) {
    const t = tilt ** (indexOf(ref.quarter) - indexOf(quarter));
    const [kR, kP] = [kR0 * t, kP0 * t];
    const revenue = q.revenue * kR;
    const pat = q.pat * kP;
    const pbt = q.pbt * kP;
    let { ebitda, otherIncome, depreciation, financeCost, provisions } = q;
    if (p.financial) [ebitda, provisions] = [ebitda * kP, provisions * kP];
    else {
      ebitda *= kR;
      financeCost *= kR;
      depreciation *= kR;
      otherIncome = pbt - ebitda + depreciation + financeCost;
      const floor = revenue * 0.004;
      if (otherIncome < floor) [depreciation, otherIncome] = [depreciation + floor - otherIncome, floor];
    }
    fin.set(quarter, roundedQuarter(quarter, { revenue, ebitda, otherIncome, depreciation, financeCost, provisions, pbt, pat }, p.sharesCr));
  }
}

/** How this quarter's results land, tilted by the company's momentum and by last year's print. */
export function pickResultsClass(rng: Rng, company: CompanyRecord): ResultsClass {
  const p = companyProfile(company);
  const m = p.momentum;
  return rng.weighted([
    ["positive", 0.56 + 0.2 * m],
    ["mixed", 0.22],
    ["negative", Math.max(0.05, 0.22 - 0.17 * m - (p.financial ? 0.08 : 0))],
  ] as const);
}

/**
 * A fiscal year's underlying revenue growth (%) for the company; quarters of one year share it, so
 * sequential numbers stay smooth.
 */
export function yearGrowth(rng: Rng, company: CompanyRecord): number {
  const p = companyProfile(company);
  return rng.normal(p.growth * 100 + 5 * p.momentum, 4.5);
}

/** A quarter's story and revenue growth (%) from the year's growth: a revenue decline is a negative print. */
export function quarterOutcome(rng: Rng, company: CompanyRecord, growthOfYear: number): { cls: ResultsClass; revenueGrowth: number } {
  const g = clamp(growthOfYear + rng.normal(0, 3), -22, 38);
  if (g < 1) return { cls: "negative", revenueGrowth: Math.min(g, -1.2) };
  const mixed = g >= 3 && rng.chance(0.24 - 0.08 * companyProfile(company).momentum);
  return { cls: mixed ? "mixed" : "positive", revenueGrowth: g };
}

/** This year's quarter from last year's same quarter, shaped so the numbers tell the class's story. */
export function nextYearQuarter(
  rng: Rng,
  company: CompanyRecord,
  yearAgo: QuarterFinancials,
  quarter: string,
  cls: ResultsClass,
  revenueGrowth?: number,
): QuarterFinancials {
  const p = companyProfile(company);
  const trend = p.growth * 100;
  let g: number; // revenue growth, %
  let e: number; // EBITDA growth, %
  if (cls === "positive") {
    g = clamp(revenueGrowth ?? rng.normal(trend, 4), 1.5, 38);
    const newMargin = clamp(yearAgo.margin + rng.float(0.1, 1.8), 3, 78);
    e = ((1 + g / 100) * (newMargin / yearAgo.margin) - 1) * 100;
  } else if (cls === "negative") {
    g = clamp(revenueGrowth ?? rng.normal(-5, 4), -22, -1.2);
    const newMargin = clamp(yearAgo.margin - rng.float(0.2, 2.6), 2, 75);
    e = ((1 + g / 100) * (newMargin / yearAgo.margin) - 1) * 100;
  } else {
    g = clamp(revenueGrowth ?? rng.normal(trend, 4), 3, 30);
    e = rng.float(Math.min(1, g * 0.2), Math.max(1.2, g * 0.8));
  }
  const revenue = yearAgo.revenue * (1 + g / 100);
  const ebitda = yearAgo.ebitda * (1 + e / 100);
  // PAT follows EBITDA with a pull back towards the profile's conversion, so the series does not drift.
  const convNow = yearAgo.pat / Math.max(1e-6, yearAgo.ebitda);
  const pull = Math.sqrt(p.conv / clamp(convNow, 0.05, 1.5));
  let pg: number;
  if (cls === "positive") pg = clamp(((1 + e / 100) * pull * rng.float(0.98, 1.08) - 1) * 100, 1.5, 70);
  else if (cls === "negative") pg = clamp(((1 + e / 100) * pull * rng.float(0.82, 0.99) - 1) * 100, -60, -1.5);
  else pg = clamp(rng.normal(-9, 6), -32, -1.5);
  const pat = yearAgo.pat * (1 + pg / 100);
  return completeLines(company, quarter, revenue, ebitda, pat, rng);
}

// Unrounded, so text rounding once (to one decimal) matches a reader's own arithmetic on the table.
const growthPct = (now: number, then: number): number => (then === 0 ? 0 : ((now - then) / Math.abs(then)) * 100);

/** Facts of a quarter against its year-ago quarter, from the rounded values a table shows. */
export function resultsFacts(company: CompanyRecord, current: QuarterFinancials, previous: QuarterFinancials, yearAgo: QuarterFinancials): ResultsFacts {
  const revenueGrowth = growthPct(current.revenue, yearAgo.revenue);
  const patGrowth = growthPct(current.pat, yearAgo.pat);
  const financial = companyProfile(company).financial;
  // The story is what the numbers say: both up, both down, or the two apart.
  const cls: ResultsClass = revenueGrowth > 0 && patGrowth > 0 ? "positive" : revenueGrowth < 0 && patGrowth < 0 ? "negative" : "mixed";
  return {
    quarter: current.quarter,
    revenuePrev: previous.revenue,
    ...(financial ? {} : { financeCost: current.financeCost, financeCostPrev: previous.financeCost }),
    cls,
    revenue: current.revenue,
    pat: current.pat,
    eps: current.eps,
    revenueGrowth,
    ebitdaGrowth: growthPct(current.ebitda, yearAgo.ebitda),
    patGrowth,
    margin: current.margin,
    marginChange: round2(current.margin - yearAgo.margin),
    significant: Math.abs(patGrowth) >= 45 || Math.abs(revenueGrowth) >= 28 || (cls === "negative" && patGrowth <= -30),
    financial,
  };
}

// ───────────────────────────── fact sheet ─────────────────────────────

/**
 * What a company's quarter says beyond the P&L: balance sheet, cash, order book and guidance. Every text about the
 * quarter (summary, call, analysis, news, alerts) reads it, so a direction or figure is the same wherever it appears.
 */
export interface FactSheet {
  quarter: string;
  /** Gross debt at quarter end and at the previous quarter's end, ₹ crore (null for lenders). */
  debt: number | null;
  debtPrev: number | null;
  cash: number | null;
  netCash: boolean;
  debtTrend: "up" | "down" | null;
  cashFlow: "improved" | "weakened";
  workingCapital: "improved" | "stretched";
  orderBook: number | null;
  orderBookTrend: "up" | "down" | null;
  guidance: "raised" | "retained" | "cut";
  /** The revenue growth management guides for, %. */
  growthGuide: number;
  exportShare: number | null;
}

const sheetCache = new Map<string, FactSheet>();

/** The quarter's fact sheet, from its results (debt is read back from the finance costs the table shows). */
export function factSheet(company: CompanyRecord, r: ResultsFacts): FactSheet {
  const key = `${company.symbol}|${r.quarter}|${r.revenue}|${r.pat}|${r.financeCost ?? ""}|${r.financeCostPrev ?? ""}`;
  const hit = sheetCache.get(key);
  if (hit) return hit;
  const p = companyProfile(company);
  const q = parseQuarterKey(r.quarter);
  const prevKey = q ? formatQuarterKey(previousQuarter(q)) : r.quarter;
  const revenuePrev = r.revenuePrev ?? r.revenue / (1 + p.growth / 4);
  const rng = createRng(`sheet|${company.symbol}|${r.quarter}`);
  let debt: number | null = null;
  let debtPrev: number | null = null;
  let cash: number | null = null;
  if (!p.financial && p.debt > 0) {
    debt = r.financeCost !== undefined ? (r.financeCost * 4) / p.interestRate : debtAt(company, r.quarter, r.revenue);
    debtPrev = r.financeCostPrev !== undefined ? (r.financeCostPrev * 4) / p.interestRate : debtAt(company, prevKey, revenuePrev);
  }
  if (!p.financial) cash = p.cash * (r.revenue / (p.annualRevenue / 4)) * Math.exp(createRng(`cash|${company.symbol}|${r.quarter}`).normal(0, 0.08));
  const profitUp = r.patGrowth > 0;
  const cls = r.revenueGrowth > 0 && r.patGrowth > 0 ? "positive" : r.revenueGrowth < 0 && r.patGrowth < 0 ? "negative" : "mixed";
  const obAt = (quarter: string, revenue: number) =>
    p.orderBookRatio === null ? null : p.orderBookRatio * revenue * 4 * Math.exp(createRng(`orders|${company.symbol}|${quarter}`).normal(0, 0.06));
  const orderBook = obAt(r.quarter, r.revenue);
  const orderBookPrev = obAt(prevKey, revenuePrev);
  const guidance: FactSheet["guidance"] =
    cls === "positive" ? (rng.chance(0.35) ? "raised" : "retained") : cls === "mixed" ? (rng.chance(0.2) ? "cut" : "retained") : rng.chance(0.5) ? "cut" : "retained";
  const sheet: FactSheet = {
    quarter: r.quarter,
    debt,
    debtPrev,
    cash,
    netCash: cash !== null && cash > (debt ?? 0),
    debtTrend: debt === null || debtPrev === null ? null : debt > debtPrev ? "up" : "down",
    cashFlow: rng.chance(profitUp ? 0.85 : 0.2) ? "improved" : "weakened",
    workingCapital: rng.chance(profitUp ? 0.7 : 0.25) ? "improved" : "stretched",
    orderBook,
    orderBookTrend: orderBook === null || orderBookPrev === null ? null : orderBook >= orderBookPrev ? "up" : "down",
    guidance,
    growthGuide: Math.round(clamp(r.revenueGrowth + (guidance === "raised" ? 1.5 : guidance === "cut" ? -2 : 0) + rng.normal(0, 1), 3, 30) * 2) / 2,
    exportShare: p.exportShare,
  };
  sheetCache.set(key, sheet);
  return sheet;
}

interface Story {
  r?: ResultsFacts;
  s?: FactSheet;
}
/** Claims a text makes about the quarter, and when the facts bear them out (unknown facts allow the claim). */
const STORY_RULES: readonly (readonly [RegExp, (x: Story) => boolean])[] = [
  [/higher (interest|finance) costs|higher interest and depreciation|rising interest costs|interest costs from the recent expansion/i, ({ s }) => !s || s.debtTrend === "up"],
  [/lower finance costs|finance costs declined/i, ({ s }) => !s || s.debtTrend === "down"],
  [/debt rose|net debt increased|rising debt|elevated debt|borrowings have risen|higher-than-expected borrowing|stretched balance sheet/i, ({ s }) => !s || (s.debtTrend === "up" && !s.netCash)],
  [/\brepa(y|id)\b|reduce (gross |short-term )?(debt|borrowings)|debt reduction|reduction in debt|lower leverage|net debt under control|net debt to EBITDA|net-debt free|deleverag/i, ({ s }) => !s || (s.debtTrend === "down" && !s.netCash)],
  [/turns net|turned net cash/i, ({ s }) => !s || (s.netCash && s.debtTrend === "down")],
  [/net cash|cash position/i, ({ s }) => !s || s.netCash],
  [/operating cash flow improved|strong operating cash flow|healthy free cash flow|free cash flow more than covered|cash conversion|steady cash generation|generated strong operating cash/i, ({ s }) => !s || s.cashFlow === "improved"],
  [/cash flow weakened|weak operating cash flow|negative free cash flow|free cash flow was negative|ramp-up in cash flows|cash flow weakens|burn cash/i, ({ s }) => !s || s.cashFlow === "weakened"],
  [/working capital (days )?improved|working capital discipline|releasing cash/i, ({ s }) => !s || s.workingCapital === "improved"],
  [/working capital (also )?deteriorated|working capital (increased|days have gone up)|stretched working capital|working capital stretch|increase in working capital|rise in receivables|receivable days increased|higher receivable days|working capital borrowings/i, ({ s }) => !s || s.workingCapital === "stretched"],
  [/order book|book-to-bill|order pipeline|order inflow/i, ({ s }) => !s || s.orderBook !== null],
  [/record order book|highest in the company's history|order book swells|order book to a record|rises to a record|highest level ever|strong order inflow|order inflow was strong/i, ({ s }) => !s || s.orderBookTrend !== "down"],
  [/order book has stagnated|weak order inflow/i, ({ s }) => !s || s.orderBookTrend === "down"],
  [/\b(raised|raises|raising|upgraded)\b[^.]{0,40}\b(guidance|outlook)\b|guidance raised/i, ({ s }) => !s || s.guidance === "raised"],
  [/\b(withdrew|withdrawn|cut|lowered|trimmed)\b[^.]{0,40}\bguidance\b|guidance cut|did not reiterate/i, ({ s }) => !s || s.guidance === "cut"],
  [/\b(reiterated|retained|maintained|reaffirmed)\b[^.]{0,30}\bguidance\b|guidance[^.]{0,20}\b(retained|reiterated|maintained)\b/i, ({ s }) => !s || s.guidance === "retained"],
  [/\bexports?\b|export (business|markets|demand|growth)/i, ({ s }) => !s || s.exportShare !== null],
  [/margin expansion|margins? (expanded|widened|improved)|expansion in EBITDA margin/i, ({ r }) => !r || r.marginChange > 0],
  [/margin contraction|margins? (contracted|narrowed|compressed)|compressed EBITDA margin/i, ({ r }) => !r || r.marginChange < 0],
  [/revenue growth ahead of estimates|topline growth/i, ({ r }) => !r || r.revenueGrowth > 0],
  [/record quarterly revenue|highest-ever quarterly revenue/i, ({ r }) => !r || (r.revenueGrowth > 0 && (r.revenuePrev === undefined || r.revenue > r.revenuePrev))],
  [/despite reported profit growth/i, ({ r }) => !r || r.patGrowth > 0],
  [/profitability outpaced revenue|profits? (grew|rose) faster than (revenue|sales)/i, ({ r }) => !r || r.patGrowth > r.revenueGrowth],
];

const UP_WORD = /\b(up|rose|rise|rising|grew|grow|grows|growth|growing|increase|increased|increases|higher|expanded|expansion|improved|improvement|climbed|jumped|gained|lifted|widened|surged|outpaced)\b/gi;
const DOWN_WORD = /\b(down|fell|fall|falls|declined|decline|declines|lower|slipped|slipping|slip|dropped|drop|contracted|contraction|narrowed|narrowing|eased|compressed|compression|slumped|shrank)\b/gi;
const DIRECTED_KEYS = ["revenueGrowth", "ebitdaGrowth", "patGrowth", "marginChange"] as const;

function lastDirection(text: string): "up" | "down" | null {
  let at = -1;
  let dir: "up" | "down" | null = null;
  for (const m of text.matchAll(UP_WORD)) if (m.index > at) [at, dir] = [m.index, "up"];
  for (const m of text.matchAll(DOWN_WORD)) if (m.index > at) [at, dir] = [m.index, "down"];
  return dir;
}

/** The direction a template gives a results placeholder: a word right after it ("a {x} fall"), else the last one before it in its clause. */
export function claimedDirection(template: string, key: string): "up" | "down" | null {
  const i = template.indexOf(`{${key}}`);
  if (i < 0) return null;
  const after = template.slice(i + key.length + 2).match(/^\s*(?:YoY\s+|year-on-year\s+)?(rise|growth|increase|expansion|improvement|fall|decline|drop|contraction)\b/i);
  if (after) return /rise|growth|increase|expansion|improvement/i.test(after[1] ?? "") ? "up" : "down";
  const before = template.slice(0, i);
  const clauseStart = Math.max(before.lastIndexOf("}"), before.lastIndexOf(". "), before.lastIndexOf(";"), before.lastIndexOf(", "), before.lastIndexOf(": "));
  return lastDirection(before.slice(clauseStart + 1));
}

/** Which story rules a template triggers and the directions it gives its figures: fixed per template, so worked out once. */
interface TemplateClaims {
  rules: readonly number[];
  directed: readonly (readonly [(typeof DIRECTED_KEYS)[number], "up" | "down"])[];
}
const claimsCache = new Map<string, TemplateClaims>();
function templateClaims(template: string): TemplateClaims {
  let hit = claimsCache.get(template);
  if (!hit) {
    const rules: number[] = [];
    STORY_RULES.forEach(([re], i) => {
      if (re.test(template)) rules.push(i);
    });
    const directed: [(typeof DIRECTED_KEYS)[number], "up" | "down"][] = [];
    for (const k of DIRECTED_KEYS) {
      const dir = claimedDirection(template, k);
      if (dir) directed.push([k, dir]);
    }
    hit = { rules, directed };
    claimsCache.set(template, hit);
  }
  return hit;
}

/** The way a figure moved as its text shows it: a margin change to the basis point, a growth rate to one decimal; "0" when it shows as none. */
function shownSign(key: (typeof DIRECTED_KEYS)[number], x: number): "+" | "-" | "0" {
  const visible = key === "marginChange" ? visibleBps(x) : visibleMove(x);
  return !visible ? "0" : x > 0 ? "+" : "-";
}

/** Whether a template's claims (directions of its figures, balance sheet, guidance) agree with the quarter's facts. */
export function storyFits(template: string, story: Story): boolean {
  if (!story.r && !story.s) return true;
  const { rules, directed } = templateClaims(template);
  const r = story.r;
  return rules.every((i) => (STORY_RULES[i] as (typeof STORY_RULES)[number])[1](story)) && (!r || directed.every(([k, dir]) => shownSign(k, r[k]) === (dir === "up" ? "+" : "-")));
}

export function storySignature({ r, s }: Story): string {
  const rs = r ? DIRECTED_KEYS.map((k) => shownSign(k, r[k])).join("") : "";
  const ss = s
    ? `${s.debt === null ? "n" : s.netCash ? "c" : "d"}${s.debtTrend ?? "-"}${s.cashFlow[0]}${s.workingCapital[0]}${s.orderBook === null ? "n" : s.orderBookTrend}${s.guidance[0]}${s.exportShare === null ? "n" : "x"}`
    : "";
  return `${rs}/${ss}`;
}

/** The CFO's balance-sheet line, straight from the fact sheet: finance costs, debt and cash with their directions. */
export function balanceSheetLine(company: CompanyRecord, r: ResultsFacts): string | null {
  const s = factSheet(company, r);
  if (s.cash === null) return null;
  const parts: string[] = [];
  if (s.debt !== null && s.debtPrev !== null && r.financeCost !== undefined && r.financeCostPrev !== undefined) {
    const up = s.debtTrend === "up";
    parts.push(
      `Finance costs were ${formatCrore(r.financeCost, true)} against ${formatCrore(r.financeCostPrev, true)} in the previous quarter, ` +
        `${up ? "higher" : "lower"} as gross debt ${up ? "rose" : "came down"} by ${formatCrore(niceRound(Math.max(s.debt * 0.01, Math.abs(s.debt - s.debtPrev))))} to ${formatCrore(niceRound(s.debt))}.`,
    );
  }
  parts.push(
    s.netCash
      ? `Cash and investments stood at ${formatCrore(niceRound(s.cash))}, so we remain net cash.`
      : `Cash and investments stood at ${formatCrore(niceRound(s.cash))}, leaving net debt of ${formatCrore(niceRound((s.debt ?? 0) - s.cash))}.`,
  );
  parts.push(s.cashFlow === "improved" ? "Operating cash flow improved over the same quarter last year." : "Operating cash flow weakened against the same quarter last year.");
  return parts.join(" ");
}

/** The scene's fact sheet: given, or read from its results. */
export function sceneSheet(scene: TextScene): FactSheet | undefined {
  if (scene.sheet || !scene.results) return scene.sheet;
  let sheet = sheetOfResults.get(scene.results);
  if (!sheet) {
    sheet = factSheet(scene.company, scene.results);
    sheetOfResults.set(scene.results, sheet);
  }
  return sheet;
}
const sheetOfResults = new WeakMap<ResultsFacts, FactSheet>();

/** The detailed filing's table: this quarter, the previous quarter and the year-ago quarter. */
export function buildEarningsTable(company: CompanyRecord, current: QuarterFinancials, previous: QuarterFinancials, yearAgo: QuarterFinancials): EarningsTable {
  const cols = [current, previous, yearAgo];
  const row = (label: string, pick: (f: QuarterFinancials) => number) => ({ label, values: cols.map(pick) });
  const financial = companyProfile(company).financial;
  const rows = financial
    ? [
        row("Total income", (f) => f.revenue),
        row("Pre-provision operating profit", (f) => f.ebitda),
        row("Operating profit margin (%)", (f) => f.margin),
        row("Provisions and contingencies", (f) => f.provisions),
        row("Profit before tax", (f) => f.pbt),
        row("Tax expense", (f) => f.tax),
        row("PAT", (f) => f.pat),
        row("EPS (₹)", (f) => f.eps),
      ]
    : [
        row("Revenue from operations", (f) => f.revenue),
        row("EBITDA", (f) => f.ebitda),
        row("EBITDA margin (%)", (f) => f.margin),
        row("Other income", (f) => f.otherIncome),
        row("Depreciation and amortisation", (f) => f.depreciation),
        row("Finance costs", (f) => f.financeCost),
        row("Profit before tax", (f) => f.pbt),
        row("Tax expense", (f) => f.tax),
        row("PAT", (f) => f.pat),
        row("EPS (₹)", (f) => f.eps),
      ];
  const periods = cols.map((f) => quarterLabel(f.quarter));
  const share = standaloneShare(company);
  if (share === null) return { unit: "₹ crore", periods, basis: "standalone", rows };
  // The parent's own books: every amount a steady share of the group's, ratios as the group's.
  const scale = (r: { label: string; values: number[] }) => ({ label: r.label, values: /\(%\)$/.test(r.label) ? r.values : r.values.map((v) => round2(v * share)) });
  return { unit: "₹ crore", periods, basis: "consolidated", rows, standalone: { rows: rows.map(scale) } };
}

/** Groups with subsidiaries file both bases: about half the companies, the parent's share fixed per company. */
function standaloneShare(company: CompanyRecord): number | null {
  const h = Number.parseInt(hashHex(`standalone|${company.symbol}`).slice(0, 8), 16) / 0xffffffff;
  return h < 0.5 ? null : round2(0.55 + (h - 0.5) * 0.8);
}

/** Reads results facts back from a stored table (for transcripts written from a stored row). */
export function factsFromEarningsTable(quarter: string, table: EarningsTable | null | undefined): Omit<ResultsFacts, "cls" | "significant" | "financial"> | null {
  const rows = table?.rows;
  if (!rows || rows.length < 3) return null;
  const get = (i: number, col: number): number | null => rows[i]?.values[col] ?? null;
  const find = (re: RegExp): number => rows.findIndex((r) => re.test(r.label));
  const iRev = 0;
  const iEbitda = 1;
  const iMargin = 2;
  const iPat = find(/^PAT/);
  const iEps = find(/^EPS/);
  const rev = get(iRev, 0);
  const revYa = get(iRev, 2);
  const eb = get(iEbitda, 0);
  const ebYa = get(iEbitda, 2);
  const m = get(iMargin, 0);
  const mYa = get(iMargin, 2);
  const pat = iPat >= 0 ? get(iPat, 0) : null;
  const patYa = iPat >= 0 ? get(iPat, 2) : null;
  const iFin = find(/^Finance costs/);
  const fin = iFin >= 0 ? get(iFin, 0) : null;
  const finPrev = iFin >= 0 ? get(iFin, 1) : null;
  const revPrev = get(iRev, 1);
  if (rev === null || revYa === null || eb === null || ebYa === null || m === null || mYa === null || pat === null || patYa === null) return null;
  return {
    quarter,
    revenue: rev,
    ...(revPrev !== null ? { revenuePrev: revPrev } : {}),
    ...(fin !== null && finPrev !== null ? { financeCost: fin, financeCostPrev: finPrev } : {}),
    pat,
    eps: (iEps >= 0 ? get(iEps, 0) : null) ?? 0,
    revenueGrowth: growthPct(rev, revYa),
    ebitdaGrowth: growthPct(eb, ebYa),
    patGrowth: growthPct(pat, patYa),
    margin: m,
    marginChange: round2(m - mYa),
  };
}

/** Plausible results facts when the caller has no filing at hand (a transcript or an alert built alone). */
export function plausibleResults(rng: Rng, company: CompanyRecord, quarter: string): ResultsFacts {
  const p = companyProfile(company);
  const cls = rng.weighted([["positive", 0.6], ["mixed", 0.22], ["negative", 0.18]] as const);
  const revenueGrowth = cls === "negative" ? -rng.float(1.5, 12) : rng.float(4, 22);
  const marginChange = round2(cls === "positive" ? rng.float(0.2, 2.4) : -rng.float(0.2, 2.6));
  const margin = round2(p.margin + marginChange);
  const ebitdaGrowth = ((1 + revenueGrowth / 100) * (margin / (margin - marginChange)) - 1) * 100;
  const patGrowth = cls === "positive" ? rng.float(3, 30) : -rng.float(2, 25);
  const revenue = round2((p.annualRevenue / 4) * rng.float(0.95, 1.08));
  const pat = round2((revenue * margin * p.conv) / 100);
  return {
    quarter,
    cls,
    revenue,
    pat,
    eps: round2(pat / p.sharesCr),
    revenueGrowth,
    ebitdaGrowth,
    patGrowth,
    margin,
    marginChange,
    significant: false,
    financial: p.financial,
  };
}

// ───────────────────────────── earnings ─────────────────────────────

const FINANCIAL_SUMMARIES: Record<ResultsClass, readonly string[]> = {
  positive: [
    "{company}'s {quarter} net profit rose {patGrowth} YoY as total income grew {revenueGrowth}. Pre-provision operating profit was up {ebitdaGrowth}, and credit costs stayed within the guided range.",
    "A strong quarter for {company}: total income up {revenueGrowth} YoY, operating profit up {ebitdaGrowth} and PAT up {patGrowth}. The operating margin improved {marginChange} to {margin} while asset quality held steady.",
    "Healthy loan growth and stable spreads lifted {company}'s total income {revenueGrowth} YoY in {quarter}. Operating profit grew {ebitdaGrowth}, and lower provisions helped PAT rise {patGrowth}.",
    "{company} beat estimates in {quarter}, with PAT up {patGrowth} YoY on a {revenueGrowth} rise in total income. Operating profit margin widened {marginChange} to {margin} as cost-to-income improved.",
  ],
  negative: [
    "{company}'s {quarter} PAT fell {patGrowth} YoY as total income declined {revenueGrowth} and higher provisions weighed on earnings. Pre-provision operating profit dropped {ebitdaGrowth}.",
    "A soft quarter: total income slipped {revenueGrowth} YoY, operating profit fell {ebitdaGrowth} and net profit declined {patGrowth}, with the operating margin narrowing {marginChange} to {margin}.",
    "Margin compression and elevated credit costs hurt {company} in {quarter}: PAT was down {patGrowth} YoY on a {revenueGrowth} fall in total income, and operating profit declined {ebitdaGrowth}.",
  ],
  mixed: [
    "{company}'s total income grew {revenueGrowth} YoY in {quarter} and operating profit rose {ebitdaGrowth}, but PAT fell {patGrowth} as provisions rose sharply.",
    "Business growth stayed healthy with total income up {revenueGrowth}, but a jump in credit costs pulled {quarter} net profit down {patGrowth} YoY despite a {ebitdaGrowth} rise in operating profit.",
    "Operating profit grew {ebitdaGrowth} YoY, though the operating margin eased {marginChange} to {margin}; higher provisions meant PAT declined {patGrowth} even as total income rose {revenueGrowth}.",
  ],
};

/** The quarter in one signed sentence, for numbers no summary template tells. */
function plainResultsLead(company: CompanyRecord, r: ResultsFacts): string {
  return (
    `${company.companyName}'s ${r.financial ? "total income" : "revenue"} ${movedText(r.revenueGrowth, "rose", "fell", "was flat")} YoY in ${quarterLabel(r.quarter)}; ` +
    `${r.financial ? "operating profit" : "EBITDA"} ${movedText(r.ebitdaGrowth, "rose", "fell", "was flat")} and PAT ${movedText(r.patGrowth, "rose", "fell", "was flat")}.`
  );
}

export interface EarningsInput {
  quarter: string;
  current: QuarterFinancials;
  previous: QuarterFinancials;
  yearAgo: QuarterFinancials;
}

/** One results filing with its summary and table; also returns the facts texts about it can use. */
export function buildEarnings(rng: Rng, company: CompanyRecord, atMs: number, input: EarningsInput): { row: EarningsRecord; facts: ResultsFacts } {
  const facts = resultsFacts(company, input.current, input.previous, input.yearAgo);
  const scene: TextScene = { company, atMs, tone: facts.cls === "negative" ? "negative" : facts.cls === "positive" ? "positive" : "neutral", results: facts, quarter: input.quarter };
  const bank = facts.financial ? FINANCIAL_SUMMARIES[facts.cls] : phrases.earningsSummaries[facts.cls];
  const fitting = usableTemplates(bank, scene);
  // Numbers no written story fits (revenue down, profit up) are told plainly.
  const lead = fitting.length > 0 ? renderFrom(rng, fitting, scene) : plainResultsLead(company, facts);
  const label = quarterLabel(input.quarter);
  const yaLabel = quarterLabel(input.yearAgo.quarter);
  const line = facts.financial ? "Total income" : "Revenue from operations";
  const tail =
    `${line} stood at ${formatCrore(input.current.revenue, true)} against ${formatCrore(input.yearAgo.revenue, true)} in ${yaLabel}; ` +
    `PAT was ${formatCrore(input.current.pat, true)} and EPS ${formatRupees(input.current.eps)} for ${label}.`;
  const row: EarningsRecord = {
    id: makeId("ern", `${company.symbol}|${input.quarter}|${atMs}|${rng.uint32()}`),
    symbol: company.symbol,
    quarter: input.quarter,
    date: istIso(atMs),
    date_ms: atMs,
    summary: `${lead} ${tail}`,
    earnings_table: buildEarningsTable(company, input.current, input.previous, input.yearAgo),
    earnings_significant: facts.significant,
    has_attachment: rng.chance(0.96),
  };
  return { row, facts };
}

// ───────────────────────────── upcoming results (board meetings) ─────────────────────────────

export const RESULTS_PURPOSES = [
  ["Financial Results", 0.58],
  ["Financial Results/Dividend", 0.16],
  ["Financial Results/Fund Raising", 0.08],
  ["Financial Results/Other business matters", 0.18],
] as const;

export const OTHER_BOARD_PURPOSES = [
  ["Fund Raising", "to consider and approve raising of funds by way of issue of equity shares and/or other eligible securities through permissible modes, including a qualified institutions placement"],
  ["Dividend", "to consider and declare an interim dividend on the equity shares of the Company for the financial year {fy}"],
  ["Buyback", "to consider a proposal for buyback of fully paid-up equity shares of the Company"],
  ["Bonus Issue", "to consider a proposal for issue of bonus equity shares to the shareholders of the Company"],
  ["Stock Split", "to consider a proposal for sub-division of the equity shares of the Company"],
  ["Preferential Issue", "to consider raising of funds through a preferential issue of equity shares and/or convertible warrants"],
  ["Issue of Non-Convertible Debentures", "to consider issue of secured, rated, listed, redeemable non-convertible debentures on a private placement basis"],
  ["Scheme of Arrangement", "to consider a draft scheme of arrangement between the Company and its wholly owned subsidiary"],
] as const;

function fitsQuarter(text: string, q: number): boolean {
  const audited = /audited financial results for the quarter and (financial )?year|year ended|final dividend/i.test(text) && !/unaudited/i.test(text);
  const half = /half year/i.test(text);
  if (q === 4) return !half;
  if (audited) return false;
  if (half) return q === 2;
  return true;
}

/** A board-meeting intimation for results (or, with `otherPurpose`, for another business). */
export function buildUpcomingEarnings(
  rng: Rng,
  company: CompanyRecord,
  meetingMs: number,
  input: { quarter: string; otherPurpose?: boolean },
): UpcomingEarningsRecord {
  const q = parseQuarterKey(input.quarter)?.q ?? 1;
  const scene: TextScene = { company, atMs: meetingMs, tone: "neutral", quarter: input.quarter, eventMs: meetingMs };
  const eventId = String(100_000_000 + (rng.uint32() % 900_000_000));
  const id = makeId("upe", `${company.symbol}|${input.quarter}|${meetingMs}|${eventId}`);
  const periodEnd = sceneValues(rng, "{periodEnd}", scene).periodEnd ?? "";
  const meetingDate = formatLongDate(meetingMs);
  let purpose: string;
  let title: string;
  let bmDesc: string;
  let body: string;
  if (input.otherPurpose) {
    const [name, what] = rng.pick(OTHER_BOARD_PURPOSES);
    const desc = fillTemplate(what, { fy: fiscalYearLabel(meetingMs) });
    purpose = name;
    title = `Board Meeting Intimation for ${name}`;
    bmDesc = `${company.companyName} has informed BSE that a meeting of the Board of Directors of the Company is scheduled on ${meetingDate}, inter alia, ${desc}.`;
    body =
      `Pursuant to Regulation 29 of the SEBI (Listing Obligations and Disclosure Requirements) Regulations, 2015, we wish to inform you that a meeting ` +
      `of the Board of Directors of ${company.companyName} will be held on ${meetingDate}, inter alia, ${desc}. ` +
      `This intimation is also available on the website of the Company. Kindly take the same on record.`;
  } else {
    purpose = rng.weighted(RESULTS_PURPOSES);
    // The title and body mention a dividend or fund raising only when the purpose does.
    const fitsPurpose = (t: string) =>
      (purpose.includes("Fund") || !/raising of funds|fund raising/i.test(t)) && (purpose.includes("Dividend") || !/dividend/i.test(t));
    const titles = phrases.boardMeetingTitles.filter((t) => fitsQuarter(t, q) && fitsPurpose(t));
    const bodies = phrases.boardMeetingBodies.filter((t) => fitsQuarter(t, q) && fitsPurpose(t));
    title = renderFrom(rng, titles.length > 0 ? titles : phrases.boardMeetingTitles, scene);
    body = renderFrom(rng, bodies.length > 0 ? bodies : phrases.boardMeetingBodies, scene);
    const kind = q === 4 ? "Audited Financial Results (Standalone and Consolidated) for the quarter and financial year ended" : q === 2 ? "Unaudited Financial Results (Standalone and Consolidated) for the quarter and half year ended" : "Unaudited Financial Results (Standalone and Consolidated) for the quarter ended";
    const extra = purpose.includes("Dividend")
      ? q === 4
        ? " and to recommend a final dividend, if any"
        : " and to consider declaration of an interim dividend, if any"
      : purpose.includes("Fund")
        ? " and to consider raising of funds through issue of non-convertible debentures on a private placement basis"
        : "";
    bmDesc = `${company.companyName} has informed BSE that a meeting of the Board of Directors of the Company is scheduled on ${meetingDate}, inter alia, to consider and approve the ${kind} ${periodEnd}${extra}.`;
  }
  return {
    id,
    event_id: eventId,
    symbol: company.symbol,
    purpose,
    title,
    bm_desc: bmDesc,
    body,
    date: istIso(meetingMs),
    date_ms: meetingMs,
    quarter: input.quarter,
  };
}

// ───────────────────────────── concalls ─────────────────────────────

const NO_REDFLAGS = [
  "No material red flags were raised on the call; management answered questions on margins and working capital directly.",
  "Nothing alarming surfaced on the call; disclosures were consistent with the previous quarter's commentary.",
];

/** What the business talks about: its industry's own lines first, then its sector's. */
export function sectorLines(company: CompanyRecord): readonly string[] {
  const key = ownershipKey(company);
  let lines = sectorLinesCache.get(key);
  if (!lines) {
    const group = companyProfile(company).group;
    const industry = phrases.industryCommentary[company.industry] ?? [];
    const sector = phrases.sectorCommentary[group] ?? phrases.sectorCommentary[company.sector] ?? [];
    lines = industry.length > 0 ? [...industry, ...sector.filter((line) => fitsSector(line, company))] : sector;
    sectorLinesCache.set(key, lines);
  }
  return lines;
}
const sectorLinesCache = new Map<string, readonly string[]>();

/** An analysis tag about guidance and what the guidance text must say for it to apply. */
export const GUIDANCE_TAGS: readonly (readonly [RegExp, RegExp])[] = [
  [/^guidance raised/i, /\b(raised|raises|raising|upgraded)\b/i],
  [/^guidance cut/i, /\b(cut|cuts|lowered|trimmed|withdrew|withdrawn)\b/i],
  [/guidance retained/i, /\b(reiterated|retained|maintained|reaffirmed)\b/i],
];

export interface ConcallInput {
  quarter: string;
  meetingMs: number;
  /** When the call was intimated to the exchanges (before the meeting). */
  intimationMs: number;
  /** Decides what has happened yet: analysis, transcript and recording exist only after the call. */
  nowMs: number;
  results?: ResultsFacts;
}

/** A conference call row: analysed once the call has happened, a bare calendar row before that. */
export function buildConcall(rng: Rng, company: CompanyRecord, input: ConcallInput): ConcallRecord {
  const id = makeId("cc", `${company.symbol}|${input.quarter}|${input.meetingMs}|${rng.uint32()}`);
  const happened = input.meetingMs + 75 * MINUTE_MS <= input.nowMs;
  let filedMs = input.intimationMs;
  let short_analysis: ConcallRecord["short_analysis"] = null;
  let sentiment_analysis: SentimentAnalysis | null = null;
  let expanded_analysis: ConcallRecord["expanded_analysis"] = null;
  let hasTranscript = false;
  let hasRecording = false;
  if (happened) {
    // The analysis is filed the evening of the call, so the call has one date everywhere.
    const postCall = input.meetingMs + rng.int(80, 180) * MINUTE_MS;
    filedMs = Math.min(postCall, input.nowMs - 1000);
    const cls = input.results?.cls ?? pickResultsClass(rng, company);
    const tone: Tone = cls === "positive" ? "positive" : cls === "negative" ? "negative" : "neutral";
    const scene: TextScene = { company, atMs: input.meetingMs, tone, quarter: input.quarter, results: input.results, memo: new Map() };
    const guidance = rng
      .sample(byTone(usableTemplates(phrases.guidanceLines, scene), tone), rng.int(1, 3))
      .map((t) => fillTemplate(t, sceneValues(rng, t, scene)))
      .join(" ");
    const flagCount = cls === "negative" ? rng.int(1, 3) : cls === "mixed" ? rng.int(1, 2) : rng.weighted([[0, 0.45], [1, 0.45], [2, 0.1]] as const);
    const redflags =
      flagCount === 0
        ? rng.pick(NO_REDFLAGS)
        : rng
            .sample(usableTemplates(phrases.redflagLines, scene), flagCount)
            .map((t) => fillTemplate(t, sceneValues(rng, t, scene)))
            .join(" ");
    short_analysis = { guidance, redflags };
    const nPos = cls === "positive" ? rng.int(3, 5) : cls === "mixed" ? rng.int(2, 3) : rng.int(0, 2);
    const nNeg = cls === "negative" ? rng.int(3, 5) : cls === "mixed" ? rng.int(1, 3) : rng.int(0, 2);
    // Tags say what the text says: "Guidance raised" only when a guidance line raises it, and so on.
    const tagFits = (tag: string) => GUIDANCE_TAGS.every(([tagRe, textRe]) => !tagRe.test(tag) || textRe.test(guidance));
    const positive = rng.sample(usableTemplates(phrases.positiveIndicators, scene).filter(tagFits), nPos);
    // An indicator and its opposite ("Guidance raised", "Guidance cut") never appear together.
    const heads = new Set(positive.map((x) => (x.split(" ")[0] ?? "").toLowerCase()));
    const negative = rng.sample(
      usableTemplates(phrases.negativeIndicators, scene).filter((x) => tagFits(x) && !heads.has((x.split(" ")[0] ?? "").toLowerCase())),
      nNeg,
    );
    sentiment_analysis = { sentiment: { key_indicators: { positive, negative } } };
    // A section with nothing that suits the business is left out rather than filled with another sector's lines.
    const fitting = phrases.expandedAnalysisSections.filter((s) => usableTemplates(s.paragraphs, scene).length > 0);
    const sections = rng.sample(fitting, rng.int(4, 6)).map((s) => {
      const usable = usableTemplates(s.paragraphs, scene);
      const pool = byTone(usable, tone);
      const paragraphs = rng.sample(pool.length > 0 ? pool : usable, rng.int(1, 2)).map((t) => fillTemplate(t, sceneValues(rng, t, scene)));
      return { heading: s.heading, paragraphs };
    });
    const sector = usableTemplates(sectorLines(company), scene, false);
    if (sector.length > 0) {
      sections.splice(1, 0, {
        heading: `${company.sector} context`,
        paragraphs: [rng.sample(sector, 2).map((t) => fillTemplate(t, sceneValues(rng, t, scene))).join(" ")],
      });
    }
    if (input.results) {
      const r = input.results;
      const revWord = r.financial ? "Total income" : "Revenue";
      sections.unshift({
        heading: "Quarter in numbers",
        paragraphs: [
          `${revWord} for ${quarterLabel(r.quarter)} was ${formatCrore(r.revenue, true)}, ${movedText(r.revenueGrowth, "up", "down", "flat")} YoY; ` +
            `${r.financial ? "operating profit" : "EBITDA"} ${movedText(r.ebitdaGrowth, "rose", "fell", "was flat")} with the margin at ${r.margin.toFixed(1)}% ` +
            `(${visibleBps(r.marginChange) ? `${r.marginChange > 0 ? "+" : "-"}${bpsText(r.marginChange)}` : "flat"} YoY), and PAT ${movedText(r.patGrowth, "grew", "declined", "was flat at")} to ${formatCrore(r.pat, true)}.`,
        ],
      });
    }
    expanded_analysis = { sections };
    // SEBI: the recording is up within 24 hours, the transcript within five working days.
    hasRecording = input.nowMs >= input.meetingMs + rng.int(2 * 60, 20 * 60) * MINUTE_MS;
    hasTranscript = input.nowMs >= workingDaysDeadline(input.meetingMs, rng.int(1, 5)) - DAY_MS + rng.int(10 * 60, 20 * 60) * MINUTE_MS;
  }
  return {
    id,
    symbol: company.symbol,
    quarter: input.quarter,
    date: istWallTime(filedMs),
    date_ms: filedMs,
    meeting_date: isoUtc(input.meetingMs),
    meeting_ms: input.meetingMs,
    short_analysis,
    sentiment_analysis,
    expanded_analysis,
    has_transcript: hasTranscript,
    has_recording: hasRecording,
    intimation_attachment: `/v1/assets/intimations/${id}.pdf`,
  };
}

// ───────────────────────────── alerts ─────────────────────────────

export const ALERT_TYPE_WEIGHTS = [
  ["price_alert", 0.27],
  ["volume_alert", 0.19],
  ["vol_alert", 0.17],
  ["52w_high", 0.15],
  ["52w_low", 0.08],
  ["earnings", 0.09],
  ["high_growth_concalls", 0.05],
] as const satisfies readonly (readonly [AlertOutputType, number])[];

export const PRICE_ALERT_TYPES: readonly AlertOutputType[] = ["price_alert", "52w_high", "52w_low"];

const INTRADAY_REASONS = {
  up: [
    "{symbol} is up {pct} at {price}, among the top gainers in the {sector} pack.",
    "{company} jumped {pct} to {price} in intraday trade, its sharpest move in several sessions.",
    "{symbol} surged {pct} to {price} on strong buying interest.",
    "{symbol} is trading {pct} higher at {price}, extending gains through the session.",
  ],
  down: [
    "{symbol} is down {pct} at {price}, among the top losers in the {sector} pack.",
    "{company} slumped {pct} to {price} in intraday trade amid heavy selling.",
    "{symbol} fell {pct} to {price}, extending its recent weakness.",
    "{symbol} is trading {pct} lower at {price} as selling pressure builds.",
  ],
};

/** A delayed quote: the price at the alert and its change from the previous close. */
export interface Quote {
  price: number;
  changePercent: number;
}

export interface AlertInput {
  type?: AlertOutputType;
  quote?: Quote;
  /** For earnings and high-growth concall alerts. */
  results?: ResultsFacts;
  /** Forces the curated flag; by default it follows the move's size and the type. */
  important?: boolean;
  /** The share's real moves to the alert: a month's or a week's move the text quotes is one of them. */
  moves?: ShareMoves;
}

const NEGATIVE_DRIVER = /(down|downgrade|miss|cut|negative|selloff|exit|ban|weak|observations|stake sale|weakens|exclusion)/i;

/** Drivers that speak of results or a call: only an earnings or concall alert names them (as its lead). */
export const RESULTS_DRIVER = /quarterly results|guidance (raised|cut) on concall|business update ahead of results/i;
const driverPools = new Map<string, readonly string[]>();
/** Drivers that fit the move's direction and the company's business (no FDA for a lender, no crude for a retailer). */
function driversFor(rng: Rng, company: CompanyRecord, direction: "up" | "down" | "flat", max: number): string[] {
  const key = `${direction}|${ownershipKey(company)}`;
  let pool = driverPools.get(key);
  if (!pool) {
    pool = phrases.alertDrivers.filter(
      (d) => !RESULTS_DRIVER.test(d) && fitsSector(d, company) && (direction === "up" ? !NEGATIVE_DRIVER.test(d) : direction === "down" ? NEGATIVE_DRIVER.test(d) || /sector-wide|F&O|short covering/i.test(d) : true),
    );
    driverPools.set(key, pool);
  }
  const n = rng.weighted([[0, 0.2], [1, 0.4], [2, 0.28], [3, 0.12]] as const);
  return rng.sample(pool, Math.min(n, max));
}

/** A default delayed quote for a type, around the company's reference price. */
export function defaultQuote(rng: Rng, company: CompanyRecord, type: AlertOutputType): Quote {
  const base = companyProfile(company).price;
  const change =
    type === "52w_high" ? rng.float(0.8, 7.5) : type === "52w_low" ? -rng.float(0.8, 7.5) : (rng.chance(0.55) ? 1 : -1) * rng.float(2.2, 11);
  return { price: roundToTick(base * (1 + change / 100)), changePercent: round2(change) };
}

/** One alert. Price types carry `price` (delayed; `as_of` a few minutes before the alert); others do not. */
export function buildAlert(rng: Rng, company: CompanyRecord, atMs: number, input: AlertInput = {}): AlertRecord {
  const type = input.type ?? rng.weighted(ALERT_TYPE_WEIGHTS);
  if ((type === "earnings" || type === "high_growth_concalls") && !input.results) {
    // Built alone (a simulator tick): speak of the last quarter that has ended, with plausible figures.
    const lastQuarter = quarterKeyOfDate(new Date(atMs - 20 * DAY_MS));
    let facts = plausibleResults(rng, company, lastQuarter);
    for (let i = 0; type === "high_growth_concalls" && facts.cls !== "positive" && i < 10; i++) facts = plausibleResults(rng, company, lastQuarter);
    input = { ...input, results: facts };
  }
  const isPrice = PRICE_ALERT_TYPES.includes(type);
  const quote = input.quote ?? defaultQuote(rng, company, type);
  const direction: "up" | "down" | "flat" = quote.changePercent > 0.3 ? "up" : quote.changePercent < -0.3 ? "down" : "flat";
  const tone: Tone = direction === "up" ? "positive" : direction === "down" ? "negative" : "neutral";
  const fixed: Record<string, string> = { price: formatRupees(quote.price) };
  if (type === "price_alert") fixed.pct = pctText(quote.changePercent);
  if (type === "vol_alert") fixed.pct = pctText(Math.max(Math.abs(quote.changePercent) * rng.float(1.3, 2), rng.float(3, 7)));
  if (type === "volume_alert") fixed.pct = pctText(quote.changePercent);
  const scene: TextScene = {
    company,
    atMs,
    tone,
    price: quote.price,
    results: input.results,
    quarter: input.results?.quarter,
    eventMs: input.results ? atMs : undefined,
    fixed,
    moves: input.moves,
  };
  let templates: readonly string[];
  if (type === "price_alert") templates = direction === "down" ? INTRADAY_REASONS.down : INTRADAY_REASONS.up;
  else templates = phrases.alertReasons[type] ?? INTRADAY_REASONS.up;
  if (!isMarketTradingDay(atMs)) {
    const closed = templates.filter((t) => !SESSION_STORY_RE.test(t) && !MARKET_WRAP_RE.test(t));
    if (closed.length > 0) templates = closed;
  }
  // A month's or a week's move the alert quotes is the share's own (the day's is the quote's, fixed above).
  if (scene.moves && fixed.pct === undefined) {
    const real = templates.filter((t) => moveFits(t, { ...scene, moves: { ...(scene.moves as ShareMoves), atHigh: true, atLow: true } }));
    if (real.length > 0) templates = real;
  }
  const reason = renderFrom(rng, templates, scene);
  let drivers: string[];
  if (type === "earnings" || type === "high_growth_concalls") {
    const r = input.results;
    const beat = r ? r.cls === "positive" : true;
    const lead =
      type === "high_growth_concalls"
        ? "Guidance raised on concall"
        : beat
          ? "Quarterly results beat estimates"
          : r?.cls === "negative"
            ? "Quarterly results miss estimates"
            : "Business update ahead of results";
    drivers = rng.chance(0.25) ? [] : [lead, ...driversFor(rng, company, beat ? "up" : "down", 1)];
  } else {
    drivers = driversFor(rng, company, direction, 3);
  }
  const move = Math.abs(quote.changePercent);
  let important: boolean;
  if (input.important !== undefined) important = input.important;
  else if (type === "earnings") important = rng.chance(input.results?.significant ? 0.9 : 0.35);
  else if (type === "high_growth_concalls") important = rng.chance(0.35);
  else if (type === "price_alert") important = rng.chance(move >= 7 ? 0.85 : move >= 5 ? 0.5 : move >= 3.5 ? 0.12 : 0.04);
  else if (type === "52w_high" || type === "52w_low") important = rng.chance(move >= 4 ? 0.5 : 0.15);
  else important = rng.chance(0.09);
  const asOf = atMs - rng.int(60, 9 * 60) * 1000;
  const price: AlertPrice | null = isPrice ? { value: quote.price, change_percent: round2(quote.changePercent), as_of: isoUtc(asOf) } : null;
  return {
    id: makeId("alt", `${company.symbol}|${type}|${atMs}|${rng.uint32()}`),
    symbol: company.symbol,
    type,
    reason,
    timestamp: isoUtc(atMs),
    ts_ms: atMs,
    price,
    primary_drivers: [...new Set(drivers)].slice(0, 3),
    important,
  };
}

// ───────────────────────────── news ─────────────────────────────

const SOURCE_WEIGHTS: Readonly<Record<string, number>> = {
  "The Economic Times": 16,
  Moneycontrol: 15,
  Mint: 12,
  "Business Standard": 11,
  "CNBC-TV18": 9,
  "Financial Express": 7,
  "NDTV Profit": 7,
  "The Hindu BusinessLine": 6,
  Reuters: 4,
  "Business Today": 4,
  "Zee Business": 3,
  "ET Now": 3,
  "Press Trust of India": 3,
  Bloomberg: 2,
};

const ARTICLE_TYPE_WEIGHTS = [
  ["news", 0.84],
  ["analysis", 0.1],
  ["interview", 0.03],
  ["opinion", 0.03],
] as const;

export function slugify(text: string, max = 90): string {
  const slug = text
    .toLowerCase()
    .replace(/₹/g, "rs ")
    .replace(/%/g, " pc")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max);
  return cut.slice(0, Math.max(20, cut.lastIndexOf("-")));
}


const GENERIC_TITLES = {
  positive: [
    "Stock market today: Sensex, Nifty end higher; {company} among top gainers",
    "{sector} stocks rally: {company}, {peerA} lead gains on heavy volumes",
    "Buzzing stocks: {company}, {peerA}, {peerB} and others in focus today",
    "Top gainers today: {company}, {peerA} and {peerB} outperform the market",
  ],
  negative: [
    "Stock market today: Sensex, Nifty slip; {company} among top losers",
    "{sector} stocks under pressure: {company}, {peerA} drag the index",
    "Top losers today: {company}, {peerA} and {peerB} lead the decline",
    "Buzzing stocks: {company}, {peerA}, {peerB} and others in focus today",
  ],
  neutral: [
    "Stocks to watch today: {company}, {peerA}, {peerB} among names in focus",
    "Stocks to watch: {company}, {peerA}, {peerB} and more",
    "Corporate announcements roundup: {company}, {peerA}, {peerB}",
    "{sector} stocks: what to watch in {company}, {peerA} this week",
  ],
} as const;

const shortName = (c: CompanyRecord | undefined): string => (c?.companyName ?? "").replace(/ (Ltd\.?|Limited)$/i, "");

/** What kind of article a headline is. */
function articleTypeFor(rng: Rng, titleTemplate: string): string {
  if (titleTemplate.includes("{brokerage}")) return rng.chance(0.85) ? "brokerage_view" : "analysis";
  if (/preview|what to expect|expects|^why |key takeaways/i.test(titleTemplate)) return rng.chance(0.75) ? "analysis" : "opinion";
  if (/board approves|declares|appoints|allots|incorporates|fixes record date|to raise|files annual report|clarifies|schedules|publishes|closes trading window|completes payment/i.test(titleTemplate))
    return rng.chance(0.45) ? "press_release" : "news";
  if (/management|sets ambitious|targets/i.test(titleTemplate) && rng.chance(0.3)) return "interview";
  return rng.weighted(ARTICLE_TYPE_WEIGHTS);
}

const peersBySector = new Map<string, CompanyRecord[]>();
function peersOf(company: CompanyRecord): CompanyRecord[] {
  let list = peersBySector.get(company.sector);
  if (!list) {
    list = companies.filter((c) => c.sector === company.sector);
    peersBySector.set(company.sector, list);
  }
  const others = list.filter((c) => c.symbol !== company.symbol);
  return others.length >= 2 ? others : companies.filter((c) => c.symbol !== company.symbol);
}

export interface NewsInput {
  sentiment?: "positive" | "negative" | "neutral";
  price?: number;
  /** The company's latest results before the article (used when the article is about them). */
  results?: ResultsFacts;
  /** Results coming up: quarter and when. */
  upcoming?: { quarter: string; atMs: number };
  /** The latest results whose fact sheet (debt, order book, guidance) any story on the company quotes. */
  sheetResults?: ResultsFacts;
  /** The share's real moves to the story's moment (%, signed): a move the story quotes is one of them. */
  moves?: ShareMoves;
  /** The day's block deal before the story (% of equity): a block-sale story needs one. */
  blockDeal?: { pct: number };
}

const dayFitCache = new WeakMap<readonly string[], Map<string, readonly string[]>>();
/** Stories a day can carry: session stories on market days only, annual-meeting business in its season. */
function dayFitting(pool: readonly string[], atMs: number, traded: boolean): readonly string[] {
  const key = `${traded ? 1 : 0}|${new Date(atMs + IST_MS).getUTCMonth()}`;
  let byKey = dayFitCache.get(pool);
  if (!byKey) {
    byKey = new Map();
    dayFitCache.set(pool, byKey);
  }
  let hit = byKey.get(key);
  if (!hit) {
    hit = pool.filter((t) => inAnnualSeason(t, atMs) && (traded || (!MARKET_WRAP_RE.test(t) && !SESSION_STORY_RE.test(t))));
    byKey.set(key, hit);
  }
  return hit;
}

/** One news article about the company. */
export function buildNews(rng: Rng, company: CompanyRecord, atMs: number, input: NewsInput = {}): NewsRecord {
  const sentiment = input.sentiment ?? rng.weighted([["positive", 0.4], ["negative", 0.27], ["neutral", 0.33]] as const);
  // Results figures are used only when the results tell the same story as the article.
  const resultsFit = input.results && ((sentiment === "positive" && input.results.cls === "positive") || (sentiment === "negative" && input.results.cls === "negative"));
  const scene: TextScene = {
    company,
    atMs,
    tone: sentiment,
    memo: new Map(),
    price: input.price,
    results: resultsFit ? input.results : undefined,
    sheet: (input.results ?? input.sheetResults) ? factSheet(company, (input.results ?? input.sheetResults) as ResultsFacts) : undefined,
    quarter: sentiment === "neutral" ? input.upcoming?.quarter : resultsFit ? input.results?.quarter : undefined,
    eventMs: sentiment === "neutral" ? input.upcoming?.atMs : undefined,
    moves: input.moves,
    block: input.blockDeal,
  };
  // Market-wrap headlines (how the indices closed, top gainers) run only on days the market traded, once it opened.
  const traded = isMarketTradingDay(atMs) && (atMs - istDayStartMs(atMs)) / MINUTE_MS >= 9 * 60 + 15;
  const noWrap = (pool: readonly string[]) =>
    dayFitting(pool, atMs, traded).filter((t) => moveFits(t, scene) && holdersFit(t, scene) && (scene.block !== undefined || !/block deal/i.test(t)));
  const titlePool = noWrap(usableTemplates(phrases.newsTitles[sentiment], scene));
  const titleTemplate = rng.pick(byTone(titlePool.length > 0 ? titlePool : noWrap(phrases.newsTitles[sentiment]), sentiment));
  const companyTitle = fillTemplate(titleTemplate, sceneValues(rng, titleTemplate, scene));
  // The summary tells the headline's story, with the same figures (the scene remembers them); an initiation is no upgrade.
  const initiation = /initiates coverage/i.test(titleTemplate);
  const sameAction = (t: string) => !initiation || !/\b(upgraded|downgraded)\b/i.test(t);
  const summaries = noWrap(usableTemplates(phrases.newsSummaries[sentiment], scene)).filter(sameAction);
  const picked = pickRelatedScored(rng, summaries.length > 0 ? summaries : phrases.newsSummaries[sentiment], titleTemplate);
  // A headline the summary bank does not cover gets a summary that adds no new facts.
  const summaryTemplate = picked.score >= RELATED_ENOUGH ? picked.template : rng.pick(noWrap(GENERIC_NEWS_SUMMARIES[sentiment]));
  const summary = fillTemplate(summaryTemplate, sceneValues(rng, summaryTemplate, scene));
  let longSummary: string | null = null;
  if (rng.chance(0.45)) {
    const longs = noWrap(usableTemplates(phrases.newsLongSummaries[sentiment], scene)).filter(sameAction);
    const long = pickRelatedScored(rng, longs, `${titleTemplate} ${summaryTemplate}`);
    if (longs.length > 0 && long.score >= 0.45) longSummary = fillTemplate(long.template, sceneValues(rng, long.template, scene));
  }
  let title = companyTitle;
  let specificTitle: string | null = null;
  const generics = noWrap(GENERIC_TITLES[sentiment]);
  if (rng.chance(0.22) && generics.length > 0) {
    const peers = rng.sample(peersOf(company), 2);
    const generic = rng.pick(generics);
    title = fillTemplate(generic, { company: shortName(company), peerA: shortName(peers[0]), peerB: shortName(peers[1]), sector: company.sector });
    specificTitle = companyTitle;
  }
  const sourceEntries = phrases.newsSources.map((s) => [s, SOURCE_WEIGHTS[s.name] ?? 1] as const);
  const source = rng.weighted(sourceEntries);
  const articleType = articleTypeFor(rng, titleTemplate);
  return {
    id: makeId("nws", `${company.symbol}|${atMs}|${rng.uint32()}`),
    symbol: company.symbol,
    title,
    specific_title: specificTitle,
    summary,
    long_summary: longSummary,
    sentiment,
    source: source.name,
    article_type: articleType,
    // A generated article exists nowhere: an address on the publisher's site would land on its 404. No link; an
    // imported real item keeps its own (docs/import/README.md).
    link: "",
    date: istIso(atMs),
    date_ms: atMs,
  };
}

// ───────────────────────────── block deals ─────────────────────────────

/** One block deal: value ₹ crore = shares × price / 1e7, kept consistent after rounding. */
export function buildBlockDeal(rng: Rng, company: CompanyRecord, atMs: number, input: { price?: number } = {}): BlockDealRecord {
  const ref = input.price ?? companyProfile(company).price;
  const price = roundToTick(ref * (1 + rng.float(-0.03, 0.012)));
  const band = rng.weighted([
    [[25, 50], 0.05],
    [[50, 300], 0.55],
    [[300, 1000], 0.3],
    [[1000, 2000], 0.08],
    [[2000, 6000], 0.02],
  ] as const);
  const cap = Math.max(30, company.marketCapCr * 0.035);
  const target = Math.min(cap, Math.exp(rng.float(Math.log(band[0]), Math.log(band[1]))));
  // Never below the block-deal minimum, after rounding to whole shares.
  const shares = Math.max(Math.ceil((BLOCK_DEAL_MIN_CR * 1e7) / price), Math.round((target * 1e7) / price));
  return {
    id: makeId("blk", `${company.symbol}|${atMs}|${rng.uint32()}`),
    symbol: company.symbol,
    exchange: rng.weighted([["NSE", 0.56], ["NSE/BSE", 0.29], ["BSE", 0.15]] as const),
    trade_value_cr: round2((shares * price) / 1e7),
    shares,
    price,
    date: istIso(atMs),
    date_ms: atMs,
  };
}

// ───────────────────────────── announcements ─────────────────────────────

export const ANNOUNCEMENT_CATEGORY_WEIGHTS: readonly (readonly [string, number])[] = [
  ["Company Update", 14],
  ["Newspaper Publication", 11],
  ["Outcome of Board Meeting", 7],
  ["Credit Rating", 6],
  ["Others", 6],
  ["Meeting Intimation", 6],
  ["Dividend", 5],
  ["Concall", 5],
  ["Investor Presentation", 4],
  ["Change in Management", 4],
  ["Award/Receipt of Order", 4],
  ["Unaudited Financial Results", 3],
  ["Media Release of Financial Results", 2.5],
  ["AGM/EGM", 3],
  ["ESOPs", 3],
  ["Corp Action", 2],
  ["GST Payment", 2],
  ["Issue of Securities", 2],
  ["Income Tax", 1.5],
  ["Acquisition", 1.5],
  ["Capex/Expansion", 1.5],
  ["Incorporation of Subsidiary", 1.5],
  ["Redemption of Securities", 1.5],
  ["Regulatory Approval", 1],
  ["Litigation", 1],
  ["Penalty", 1],
  ["Partnership", 1],
  ["Annual Report", 1],
  ["Joint Venture", 0.6],
  ["Monitoring Agency Report", 0.6],
  ["Regulatory Authority Inspection", 0.6],
  ["Reduction of Stake", 0.5],
  ["Merger", 0.4],
  ["Divestment", 0.4],
  ["Buyback", 0.3],
  ["Bonus Issue", 0.3],
  ["Stock Split", 0.3],
  ["Rights Issue", 0.3],
  ["Conversion of Warrants", 0.3],
  ["Demerger", 0.25],
  ["Offer for Sale (OFS)", 0.25],
  ["Incident/Accident", 0.25],
  ["Intimation of proposal of IPO of Subsidiary", 0.15],
  ["Change in company name", 0.1],
  ["Liquidation/Insolvency", 0.08],
  ["De-listing", 0.05],
];

/** Categories that usually travel together in one filing. */
const RELATED: Readonly<Record<string, readonly string[]>> = {
  "Outcome of Board Meeting": ["Unaudited Financial Results", "Dividend", "Change in Management", "Issue of Securities", "Corp Action"],
  "Unaudited Financial Results": ["Outcome of Board Meeting", "Media Release of Financial Results", "Investor Presentation"],
  "Media Release of Financial Results": ["Unaudited Financial Results", "Investor Presentation"],
  "Investor Presentation": ["Concall", "Media Release of Financial Results"],
  Dividend: ["Corp Action", "Outcome of Board Meeting"],
  "Bonus Issue": ["Corp Action", "Outcome of Board Meeting"],
  "Stock Split": ["Corp Action", "Outcome of Board Meeting"],
  Buyback: ["Outcome of Board Meeting", "Corp Action"],
  "Issue of Securities": ["Outcome of Board Meeting", "Credit Rating"],
  Concall: ["Investor Presentation", "Meeting Intimation"],
  "Meeting Intimation": ["Concall", "Unaudited Financial Results"],
  Acquisition: ["Regulatory Approval", "Incorporation of Subsidiary"],
  Merger: ["Regulatory Approval", "Outcome of Board Meeting"],
  Demerger: ["Regulatory Approval", "Outcome of Board Meeting"],
  "AGM/EGM": ["Annual Report", "Dividend", "Newspaper Publication"],
  "Annual Report": ["AGM/EGM"],
  "Newspaper Publication": ["Unaudited Financial Results", "AGM/EGM"],
  "Credit Rating": ["Issue of Securities", "Redemption of Securities"],
  "GST Payment": ["Litigation", "Penalty"],
  "Income Tax": ["Litigation"],
  Penalty: ["Litigation"],
  "Capex/Expansion": ["Outcome of Board Meeting", "Company Update"],
  "Award/Receipt of Order": ["Company Update"],
};

export function pickAnnouncementCategory(rng: Rng, weights: readonly (readonly [string, number])[] = ANNOUNCEMENT_CATEGORY_WEIGHTS): string {
  return rng.weighted(weights);
}

/** 0–3 related categories: never `Others`, never the primary, no repeats. */
export function relatedCategoriesFor(rng: Rng, primary: string): string[] {
  const n = rng.weighted([[0, 0.45], [1, 0.32], [2, 0.17], [3, 0.06]] as const);
  if (n === 0) return [];
  const likely = (RELATED[primary] ?? []).filter((c) => c !== primary && c !== "Others");
  const out: string[] = [];
  for (const c of rng.shuffle(likely)) if (out.length < n) out.push(c);
  while (out.length < n) {
    const c = rng.weighted(ANNOUNCEMENT_CATEGORY_WEIGHTS);
    if (c !== primary && c !== "Others" && !out.includes(c)) out.push(c);
  }
  return out;
}

export interface AnnouncementInput {
  category?: string;
  /** Category frequencies when `category` is not given. */
  categoryWeights?: readonly (readonly [string, number])[];
  /** The quarter the filing is about (results, newspaper ads, meetings). */
  quarter?: string;
  results?: ResultsFacts;
  /** A dated event the filing mentions (meeting, record date). */
  eventMs?: number;
  price?: number;
  /** Filed on the day the board met for the results: only then does a dividend filing say the board declared one. */
  boardDay?: boolean;
}

/** One exchange filing, categorised; `important` follows the primary category's group. */
export function buildAnnouncement(rng: Rng, company: CompanyRecord, atMs: number, input: AnnouncementInput = {}): AnnouncementRecord {
  const eventMs = input.eventMs ?? atMs + rng.int(7, 30) * DAY_MS;
  const baseScene: TextScene = {
    company,
    atMs,
    tone: "neutral",
    price: input.price,
    quarter: input.quarter ?? input.results?.quarter ?? quarterKeyOfDate(new Date(atMs - 40 * DAY_MS)),
    results: input.results,
    eventMs,
    memo: new Map(),
  };
  // A dated event in the past is reported as done; one ahead is announced as scheduled.
  // A board meeting's intimation names the meeting's date.
  const namesMeeting = (t: string) =>
    (input.category !== "Meeting Intimation" || input.eventMs === undefined || t.includes("{date}")) &&
    (input.boardDay === true || !/^The board of \{company\} has (declared|recommended)[^.]*dividend/.test(t));
  const tenseFits = (t: string) =>
    namesMeeting(t) &&
    inAnnualSeason(t, atMs) &&
    (eventMs < atMs ? !/(schedul|will be held|will meet|is scheduled|to consider)/i.test(t) : !/(submitted the audio|proceedings|held to discuss|meeting held on)/i.test(t));
  const usable = (cat: string) => usableTemplates(phrases.announcementSummaries[cat] ?? [], baseScene).filter(tenseFits);
  let category = input.category ?? pickAnnouncementCategory(rng, input.categoryWeights);
  // An unlikely filing for this business (a plant fire at a bank) gives way to another category.
  for (let i = 0; !input.category && usable(category).length === 0 && i < 12; i++) category = pickAnnouncementCategory(rng, input.categoryWeights);
  const tone: Tone = /Penalty|Litigation|Incident|Liquidation|GST|Income Tax/.test(category) ? "negative" : "neutral";
  const scene: TextScene = { ...baseScene, tone };
  const shortBank = phrases.announcementSummaries[category] ?? phrases.announcementSummaries.Others ?? [];
  const longBank = phrases.announcementLongSummaries[category] ?? phrases.announcementLongSummaries.Others ?? shortBank;
  const shortPool = usable(category);
  const template = rng.pick(shortPool.length > 0 ? shortPool : shortBank);
  const summary = fillTemplate(template, sceneValues(rng, template, scene));
  const longPool = usableTemplates(longBank, scene).filter(tenseFits);
  const long = pickRelatedScored(rng, longPool, template);
  // Without a long text on the same matter, the long summary is the short one with the filing's formalities.
  const long_summary =
    longPool.length > 0 && long.score >= 0.45 ? fillTemplate(long.template, sceneValues(rng, long.template, scene)) : `${summary} ${rng.sample(FILING_FOLLOW_UPS, 2).join(" ")}`;
  return {
    id: makeId("ann", `${company.symbol}|${category}|${atMs}|${rng.uint32()}`),
    symbol: company.symbol,
    category,
    related_categories: relatedCategoriesFor(rng, category),
    important: isImportantCategory(category),
    summary,
    long_summary,
    date: istIso(atMs),
    date_ms: atMs,
  };
}
