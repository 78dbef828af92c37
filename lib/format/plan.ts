import { formatNumber } from "./number";

/** Plan and add-on codes as people read them: the wire codes (`pro_1000`, `starter`) never reach the page. */

function titleCase(word: string): string {
  return word ? `${word[0]?.toUpperCase() ?? ""}${word.slice(1).toLowerCase()}` : word;
}

/** "pro_1000" → "Pro, up to 1,000 symbols"; "scale" → "Scale"; anything else in words, never as a code. */
export function formatAddonTier(tier: string): string {
  const m = /^([a-z]+)_(\d+)$/i.exec(tier.trim());
  if (m?.[1] && m[2]) return `${titleCase(m[1])}, up to ${formatNumber(Number(m[2]))} symbols`;
  return tier
    .trim()
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map(titleCase)
    .join(" ");
}

/** The plan's name when the service gives one, else its code in words ("sandbox" → "Sandbox"). */
export function formatPlanName(name: unknown, id: unknown): string | null {
  if (typeof name === "string" && name.trim()) return name.trim();
  if (typeof id === "string" && id.trim()) return formatAddonTier(id);
  return null;
}

/** "active" → "Active", "past_due" → "Past due". */
export function formatStatusWord(status: string): string {
  const words = status.trim().split(/[_\s-]+/).filter(Boolean);
  return words.map((w, i) => (i === 0 ? titleCase(w) : w.toLowerCase())).join(" ");
}
