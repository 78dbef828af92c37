/**
 * Numbers with lakh and crore grouping without `Intl` (see ./calendar-parts.ts), rounding as ICU does for en-IN: half
 * away from zero on the shortest decimal that reads back as the number. indian-digits.test.ts checks it against Intl.
 */

/** The shortest decimal of a finite, non-negative number as integer and fraction digits (no exponent). */
function decimalDigits(abs: number): { int: string; frac: string } {
  const text = String(abs);
  const e = text.indexOf("e");
  if (e === -1) {
    const dot = text.indexOf(".");
    return dot === -1 ? { int: text, frac: "" } : { int: text.slice(0, dot), frac: text.slice(dot + 1) };
  }
  const mantissa = text.slice(0, e).replace(".", "");
  const pointAt = (text.indexOf(".") === -1 || text.indexOf(".") > e ? e : text.indexOf(".")) + Number(text.slice(e + 1));
  if (pointAt <= 0) return { int: "0", frac: "0".repeat(-pointAt) + mantissa };
  if (pointAt >= mantissa.length) return { int: mantissa + "0".repeat(pointAt - mantissa.length), frac: "" };
  return { int: mantissa.slice(0, pointAt), frac: mantissa.slice(pointAt) };
}

/** Adds one to a string of decimal digits. */
function increment(digits: string): string {
  const out = digits.split("");
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== "9") {
      out[i] = String(Number(out[i]) + 1);
      return out.join("");
    }
    out[i] = "0";
  }
  return `1${out.join("")}`;
}

/** Groups integer digits as en-IN does: the last three, then pairs (12,34,56,789). */
export function groupIndian(int: string): string {
  if (int.length <= 3) return int;
  const head = int.slice(0, -3);
  const pairs: string[] = [];
  for (let end = head.length; end > 0; end -= 2) pairs.unshift(head.slice(Math.max(0, end - 2), end));
  return `${pairs.join(",")},${int.slice(-3)}`;
}

export type DigitsOptions = { minimumFractionDigits?: number; maximumFractionDigits?: number };

/** The digits of `|value|`, rounded and grouped, and whether a minus sign belongs in front. Finite values only. */
export function indianDigits(value: number, options: DigitsOptions = {}): { negative: boolean; text: string } {
  const max = options.maximumFractionDigits ?? Math.max(3, options.minimumFractionDigits ?? 0);
  const min = Math.min(options.minimumFractionDigits ?? 0, max);
  let { int, frac } = decimalDigits(Math.abs(value));
  if (frac.length > max) {
    const roundUp = frac.charCodeAt(max) >= 53; // "5" or more: half away from zero
    frac = frac.slice(0, max);
    if (roundUp) {
      const bumped = increment(int + frac);
      int = bumped.slice(0, bumped.length - max) || "0";
      frac = bumped.slice(bumped.length - max);
    }
  }
  frac = frac.replace(/0+$/, "");
  if (frac.length < min) frac = frac.padEnd(min, "0");
  const zero = /^0*$/.test(int) && /^0*$/.test(frac);
  const text = frac ? `${groupIndian(int)}.${frac}` : groupIndian(int);
  return { negative: value < 0 && !zero, text };
}

/** "-1,23,456.5": a number with Indian grouping (three fraction digits at most unless told). */
export function formatIndian(value: number, options: DigitsOptions = {}): string {
  const { negative, text } = indianDigits(value, options);
  return negative ? `-${text}` : text;
}
