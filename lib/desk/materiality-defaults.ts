/** The materiality settings' limits, defaults and phrase rule without zod, for the pages' first load. */
import type { MaterialitySettings } from "./materiality";

/**
 * A user's materiality settings: the bar a filing's score must reach to be shown, the lexicon of material and routine
 * phrases (`*` stands for any letters within a word), the kinds (primary categories) muted, and how often each kind
 * was dismissed (at three the desk offers to mute it).
 */
export const MATERIAL_BAR_DEFAULT = 40;
export const DISMISSALS_BEFORE_MUTE_OFFER = 3;
export const MAX_PHRASES = 200;

/** Why a lexicon phrase is refused, or null: the one rule the schema and the page's editor both apply. */
export function lexiconPhraseProblem(phrase: string): string | null {
  const p = phrase.trim();
  if (p.length < 2) return "a phrase needs at least 2 characters";
  if (p.length > 80) return "a phrase has at most 80 characters";
  if (!/[\p{L}\p{N}]/u.test(p)) return "a phrase needs a letter or a digit";
  return null;
}

/** The desk's starting lexicon: what traders look for, and the routine filings they skip. */
export const DEFAULT_MATERIAL_PHRASES = [
  "order win*",
  "bag* order*",
  "receipt of order*",
  "acqui*",
  "merger",
  "amalgamation",
  "demerger",
  "buyback",
  "fund rais*",
  "preferential issue",
  "resign*",
  "managing director",
  "chief executive",
  "default*",
  "penalt*",
  "fraud",
  "bonus issue",
  "stock split",
  "capacity expansion",
];
export const DEFAULT_NOISE_PHRASES = [
  "newspaper publication*",
  "trading window",
  "duplicate share certificate*",
  "loss of share certificate*",
  "transmission of shares",
  "compliance certificate",
  "certificate under regulation*",
];

export const DEFAULT_MATERIALITY: MaterialitySettings = {
  bar: MATERIAL_BAR_DEFAULT,
  material: DEFAULT_MATERIAL_PHRASES,
  noise: DEFAULT_NOISE_PHRASES,
  muted: [],
  dismissals: {},
};
