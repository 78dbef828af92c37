import { IST_OFFSET_MINUTES } from "../../lib/alpha/time";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60_000;

function istParts(ms: number) {
  const d = new Date(ms + IST_OFFSET_MS);
  return {
    day: d.getUTCDate(),
    month: MONTHS[d.getUTCMonth()] ?? "",
    year: d.getUTCFullYear(),
    hh: String(d.getUTCHours()).padStart(2, "0"),
    mm: String(d.getUTCMinutes()).padStart(2, "0"),
  };
}

/** `12 May 2026` in Asia/Kolkata. */
export function formatIstDate(ms: number): string {
  const p = istParts(ms);
  return `${p.day} ${p.month} ${p.year}`;
}

/** `12 May 2026, 10:15 IST`. */
export function formatIstDateTime(ms: number): string {
  const p = istParts(ms);
  return `${p.day} ${p.month} ${p.year}, ${p.hh}:${p.mm} IST`;
}

/** `10:15 IST`. */
export function formatIstTime(ms: number): string {
  const p = istParts(ms);
  return `${p.hh}:${p.mm} IST`;
}

/** Indian digit grouping (lakh, crore): 1234567.8 → `12,34,567.8`. */
export function groupIndian(value: number, fractionDigits = 0): string {
  const fixed = Math.abs(value).toFixed(fractionDigits);
  const [whole = "0", fraction] = fixed.split(".");
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",");
  const grouped = rest ? `${rest},${last3}` : last3;
  return `${value < 0 ? "-" : ""}${grouped}${fraction ? `.${fraction}` : ""}`;
}

export function formatRupees(value: number): string {
  return `₹${groupIndian(value, 2)}`;
}

export function formatCrore(value: number): string {
  return `₹${groupIndian(value, Math.abs(value) >= 100 ? 0 : 1)} cr`;
}

/** `+3.20%` / `-2.05%`. */
export function formatSignedPercent(value: number, digits = 2): string {
  return `${value > 0 ? "+" : value < 0 ? "-" : "±"}${Math.abs(value).toFixed(digits)}%`;
}

export function formatShare(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`;
}

const ABBREVIATIONS = /(?:\b(?:Ltd|Co|Corp|Inc|Pvt|Rs|No|vs|Mr|Mrs|Ms|Dr|St|approx|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)|\b[A-Z])$/;

/** First sentence of a text, capped, for citing without pasting whole paragraphs; `Ltd.` and the like end none. */
export function firstSentence(text: string, max = 220): string {
  const clean = text.replace(/\s+/g, " ").trim();
  const re = /[.!?](?=\s+["“(]?[A-Z0-9₹])/g;
  let end = clean.length;
  for (let m = re.exec(clean); m; m = re.exec(clean)) {
    if (!ABBREVIATIONS.test(clean.slice(0, m.index))) {
      end = m.index + 1;
      break;
    }
  }
  const sentence = clean.slice(0, end);
  return sentence.length > max ? `${sentence.slice(0, max - 1).trimEnd()}…` : sentence;
}

/** A cited sentence without its closing full stop, for text that carries on after it. */
export function clause(text: string, max = 220): string {
  return firstSentence(text, max).replace(/[.!?]+$/, "");
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** `A, B and C`. */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Markdown-safe inline text: no line breaks, no stray emphasis markers. */
export function inline(text: string): string {
  return text.replace(/\s+/g, " ").replace(/([*_`[\]])/g, "\\$1").trim();
}
