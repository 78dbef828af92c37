/** The rule form's event kinds, as people name them, and the stream filters each stands for (zod-free). */
import type { RuleKind } from "@/lib/desk/alert-rules";

export interface KindPreset {
  id: string;
  label: string;
  kinds: RuleKind[];
}

export const KIND_PRESETS: KindPreset[] = [
  {
    id: "results",
    label: "Results filed",
    kinds: [
      { product: "announcements", categories: ["Unaudited Financial Results", "Media Release of Financial Results"], importantOnly: false, keywords: [] },
      { product: "alerts", types: ["earnings"] },
    ],
  },
  { id: "board", label: "Board meeting booked, moved or cancelled", kinds: [{ product: "announcements", categories: ["Meeting Intimation", "Outcome of Board Meeting"], importantOnly: false, keywords: [] }] },
  { id: "concall", label: "Concall scheduled, transcript or presentation", kinds: [{ product: "announcements", categories: ["Concall", "Investor Presentation"], importantOnly: false, keywords: [] }] },
  { id: "important", label: "Any important filing", kinds: [{ product: "announcements", categories: [], importantOnly: true, keywords: [] }] },
  { id: "any-filing", label: "Any filing", kinds: [{ product: "announcements", categories: [], importantOnly: false, keywords: [] }] },
  { id: "price", label: "Price and volume alerts (52-week highs and lows, price, volume)", kinds: [{ product: "alerts", types: ["price_alert", "volume_alert", "vol_alert", "52w_high", "52w_low"] }] },
];

/** Which presets a stored rule's kinds are (for editing), and the extra kinds no preset covers. */
export function presetsOf(kinds: readonly RuleKind[]): Set<string> {
  const key = (k: RuleKind) => JSON.stringify(k);
  const have = new Set(kinds.map(key));
  return new Set(KIND_PRESETS.filter((p) => p.kinds.every((k) => have.has(key(k)))).map((p) => p.id));
}
