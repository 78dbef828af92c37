import type { MaterialitySettings } from "@/lib/desk/materiality";
import { isImportantCategory } from "@/lib/alpha/vocabulary";
import type { Announcement } from "./announcement-model";
import { announcementTime, isImportantAnnouncement, longSummaryOf, relatedOf } from "./announcement-model";

/**
 * A deterministic materiality score of each filing, with the reasons that make it up, from what the desk already holds
 * (the filings in view, the free results calendar, the watchlists): no call is made to score. Same input, same score.
 */

const DAY_MS = 86_400_000;
export const FIRST_OF_KIND_DAYS = 90;
const IST_MS = 5.5 * 3_600_000;

export const POINTS = {
  important: 30,
  related: 10,
  relatedMax: 20,
  materialFirst: 25,
  materialMore: 10,
  materialMax: 45,
  noise: -30,
  noiseMax: -60,
  firstOfKind: 15,
  sameDay: 10,
  weightMax: 30,
} as const;

export interface Reason {
  points: number;
  text: string;
}

export interface Scored {
  item: Announcement;
  /** The filing's kind: its primary category. */
  kind: string;
  score: number;
  reasons: Reason[];
  passes: boolean;
  muted: boolean;
}

export interface CompanyEvent {
  what: string;
  id?: string;
}

export interface ScoreContext {
  settings: Pick<MaterialitySettings, "bar" | "material" | "noise" | "muted">;
  /** Share of the user's watchlists (0..1) per symbol. */
  weights: ReadonlyMap<string, number>;
  /** Company events by `SYMBOL|YYYY-MM-DD` (IST day), e.g. "results board meeting"; `id` when a filing is the event. */
  events: ReadonlyMap<string, readonly CompanyEvent[]>;
}

/** A routine phrase's label as a kind: "trading window" → "Trading Window". */
export function phraseLabel(phrase: string): string {
  return phrase
    .replaceAll("*", "")
    .trim()
    .split(/\s+/)
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(" ");
}

/** The filing's kind: the first routine phrase it matches (so "trading window" closures group together), else its primary category. */
export function kindOf(item: Announcement, noise: readonly string[] = []): string {
  const hit = matchedPhrases(noise, searchText(item))[0];
  return hit ? phraseLabel(hit) : item.category?.trim() || "Uncategorised";
}

function searchText(item: Announcement): string {
  return [item.category, ...relatedOf(item), item.summary, longSummaryOf(item)].filter(Boolean).join(" \n ");
}

/** The IST calendar day of an instant, YYYY-MM-DD. */
export function istDay(ms: number): string {
  return new Date(ms + IST_MS).toISOString().slice(0, 10);
}

/** A lexicon phrase as a whole-word, case-blind pattern; `*` is any run of letters or digits within a word. */
const patterns = new Map<string, RegExp>();

export function phrasePattern(phrase: string): RegExp {
  const hit = patterns.get(phrase);
  if (hit) return hit;
  const body = phrase
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.split("*").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[\\p{L}\\p{N}]*"))
    .join("\\s+");
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, "iu");
  if (patterns.size > 500) patterns.clear();
  patterns.set(phrase, pattern);
  return pattern;
}

function matchedPhrases(phrases: readonly string[], text: string): string[] {
  const out: string[] = [];
  for (const p of phrases) {
    if (out.includes(p)) continue;
    if (phrasePattern(p).test(text)) out.push(p);
  }
  return out;
}

function percent(weight: number): string {
  const pct = weight * 100;
  return `${pct >= 10 ? pct.toFixed(0) : pct.toFixed(1)}%`;
}

/** Every filing scored: its reasons in a fixed order, the sum, and whether it passes the bar (and is not muted). */
export function scoreAnnouncements(items: readonly Announcement[], ctx: ScoreContext): Scored[] {
  const material = ctx.settings.material;
  const noise = ctx.settings.noise;
  const muted = new Set(ctx.settings.muted);
  // Earlier filings of each company and kind, oldest first, for "first of its kind in 90 days".
  const seen = new Map<string, { at: number; id: string }[]>();
  const kinds = new Map(items.map((item) => [item, kindOf(item, noise)]));
  for (const item of items) {
    const key = `${item.symbol}|${kinds.get(item)}`;
    const list = seen.get(key) ?? [];
    list.push({ at: announcementTime(item), id: item.id });
    seen.set(key, list);
  }
  return items.map((item) => {
    const kind = kinds.get(item)!;
    const reasons: Reason[] = [];
    const flag = "important" in item && typeof item.important === "boolean" ? item.important : null;
    if (isImportantAnnouncement(item)) reasons.push({ points: POINTS.important, text: flag === null ? `Important category: ${kind}` : "Flagged important by the service" });

    const related = relatedOf(item).filter((c) => c !== item.category && isImportantCategory(c));
    let relatedPoints = 0;
    for (const c of related) {
      const points = Math.min(POINTS.related, POINTS.relatedMax - relatedPoints);
      if (points <= 0) break;
      relatedPoints += points;
      reasons.push({ points, text: `Related important category: ${c}` });
    }

    // Material phrases are looked for in the filing's own words: its categories already scored above.
    const text = [item.summary, longSummaryOf(item)].filter(Boolean).join(" \n ");
    let materialPoints = 0;
    for (const p of matchedPhrases(material, text)) {
      const points = Math.min(materialPoints === 0 ? POINTS.materialFirst : POINTS.materialMore, POINTS.materialMax - materialPoints);
      if (points <= 0) break;
      materialPoints += points;
      reasons.push({ points, text: `Material phrase “${p}”` });
    }
    let noisePoints = 0;
    for (const p of matchedPhrases(noise, searchText(item))) {
      const points = Math.max(POINTS.noise, POINTS.noiseMax - noisePoints);
      if (points >= 0) break;
      noisePoints += points;
      reasons.push({ points, text: `Routine phrase “${p}”` });
    }

    const at = announcementTime(item);
    // Filings stamped the same second are ordered by id, so exactly one of them is the first.
    const earlier = (seen.get(`${item.symbol}|${kind}`) ?? []).filter((o) => (o.at < at || (o.at === at && o.id < item.id)) && o.at >= at - FIRST_OF_KIND_DAYS * DAY_MS);
    if (at > 0 && earlier.length === 0) reasons.push({ points: POINTS.firstOfKind, text: `First ${kind} filing by ${item.symbol} in ${FIRST_OF_KIND_DAYS} days` });

    const sameDay = new Set((at > 0 ? (ctx.events.get(`${item.symbol}|${istDay(at)}`) ?? []) : []).filter((e) => e.id !== item.id).map((e) => e.what));
    for (const what of sameDay) reasons.push({ points: POINTS.sameDay, text: `Same day: ${what}` });

    const weight = ctx.weights.get(item.symbol) ?? 0;
    if (weight > 0) reasons.push({ points: Math.max(1, Math.round(POINTS.weightMax * weight)), text: `${percent(weight)} of your watchlists` });

    const score = reasons.reduce((sum, r) => sum + r.points, 0);
    const isMuted = muted.has(kind);
    return { item, kind, score, reasons, passes: !isMuted && score >= ctx.settings.bar, muted: isMuted };
  });
}

export interface HiddenLedger {
  total: number;
  /** Hidden filings per kind, most first (then by name). */
  kinds: { kind: string; count: number; muted: boolean }[];
}

/** What the bar and the mutes hid, counted per kind. */
export function hiddenLedger(scored: readonly Scored[]): HiddenLedger {
  const counts = new Map<string, { count: number; muted: boolean }>();
  let total = 0;
  for (const s of scored) {
    if (s.passes) continue;
    total += 1;
    const had = counts.get(s.kind) ?? { count: 0, muted: s.muted };
    had.count += 1;
    counts.set(s.kind, had);
  }
  const kinds = [...counts.entries()].map(([kind, v]) => ({ kind, ...v })).sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
  return { total, kinds };
}

/** Share of the user's watchlists per symbol: by exposure where the lists have it, else each holding an equal part. */
export function holdingWeights(lists: readonly { items: readonly { symbol: string; exposure?: number | null }[] }[]): Map<string, number> {
  const exposure = new Map<string, number>();
  let total = 0;
  const items = lists.flatMap((l) => l.items);
  const withExposure = items.some((i) => typeof i.exposure === "number" && i.exposure > 0);
  for (const i of items) {
    const value = withExposure ? (typeof i.exposure === "number" && i.exposure > 0 ? i.exposure : 0) : 1;
    exposure.set(i.symbol, (exposure.get(i.symbol) ?? 0) + value);
    total += value;
  }
  const out = new Map<string, number>();
  if (total <= 0) return out;
  for (const [symbol, value] of exposure) if (value > 0) out.set(symbol, value / total);
  return out;
}

/** Company events the desk holds, by symbol and IST day: results filed among the filings, results meetings booked, alerts and deals seen. */
export function companyEvents(
  items: readonly Announcement[],
  meetings: readonly { symbol: string; date?: string | null }[],
  others: readonly { symbol: string; at?: string | null; what: string }[] = [],
): Map<string, CompanyEvent[]> {
  const out = new Map<string, CompanyEvent[]>();
  const add = (key: string, what: string, id?: string) => {
    const list = out.get(key) ?? [];
    list.push(id ? { what, id } : { what });
    out.set(key, list);
  };
  for (const m of meetings) {
    const ms = m.date ? Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(m.date) ? `${m.date}T12:00:00+05:30` : m.date) : NaN;
    if (Number.isFinite(ms)) add(`${m.symbol.toUpperCase()}|${istDay(ms)}`, "results board meeting");
  }
  for (const o of others) {
    const ms = o.at ? Date.parse(o.at) : NaN;
    if (Number.isFinite(ms)) add(`${o.symbol.toUpperCase()}|${istDay(ms)}`, o.what);
  }
  for (const a of items) {
    const at = announcementTime(a);
    // Only a results filing itself (a newspaper copy of results is related to them, but is not the filing).
    if (at > 0 && /financial results/i.test(a.category ?? "")) add(`${a.symbol}|${istDay(at)}`, "results filed", a.id);
  }
  return out;
}
