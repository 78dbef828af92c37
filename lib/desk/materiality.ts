import * as z from "zod";

/**
 * A user's materiality settings: the bar a filing's score must reach to be shown, the lexicon of material and routine
 * phrases (`*` stands for any letters within a word), the kinds (primary categories) muted, and how often each kind
 * was dismissed (at three the desk offers to mute it).
 */
export const MATERIAL_BAR_DEFAULT = 40;
export const DISMISSALS_BEFORE_MUTE_OFFER = 3;
const MAX_PHRASES = 200;

export const lexiconPhraseSchema = z
  .string()
  .trim()
  .min(2, { message: "a phrase needs at least 2 characters" })
  .max(80, { message: "a phrase has at most 80 characters" })
  .refine((p) => /[\p{L}\p{N}]/u.test(p), { message: "a phrase needs a letter or a digit" });

export const materialitySettingsSchema = z.object({
  bar: z.number().int().min(0).max(100),
  material: z.array(lexiconPhraseSchema).max(MAX_PHRASES),
  noise: z.array(lexiconPhraseSchema).max(MAX_PHRASES),
  muted: z.array(z.string().min(1).max(80)).max(100),
  dismissals: z.record(z.string().max(80), z.number().int().min(0)),
});
export type MaterialitySettings = z.output<typeof materialitySettingsSchema>;

export const saveMaterialityInputSchema = materialitySettingsSchema.omit({ dismissals: true });
export type SaveMaterialityInput = z.output<typeof saveMaterialityInputSchema>;

export const dismissFilingInputSchema = z.object({ kind: z.string().trim().min(1).max(80) });

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
