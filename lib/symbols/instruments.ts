/**
 * What a symbol the service has no company for may be instead: a listed instrument that is not a company (an ETF, a
 * sovereign gold bond, a government security, a REIT or InvIT), kept in a book but never filing results; or a company
 * that now trades under another symbol (renamed, merged or demerged). Zod-free and pure: server and browser alike.
 */

export const INSTRUMENT_KINDS = ["etf", "gold_bond", "government_security", "reit", "invit"] as const;
export type InstrumentKind = (typeof INSTRUMENT_KINDS)[number];

export interface Instrument {
  symbol: string;
  kind: InstrumentKind;
  /** The kind in words, singular: "ETF", "Sovereign gold bond". */
  label: string;
}

export const INSTRUMENT_LABELS: Record<InstrumentKind, string> = {
  etf: "ETF",
  gold_bond: "Sovereign gold bond",
  government_security: "Government security",
  reit: "REIT",
  invit: "InvIT",
};

/** NSE's naming of these series: SGB + month + year (SGBAUG28V), BeES and *ETF funds, coupon + GS + year (718GS2033). */
const RULES: readonly [RegExp, InstrumentKind][] = [
  [/^SGB[A-Z]{3}\d{2}[A-Z0-9-]*$/, "gold_bond"],
  [/^SGB\d{2}[A-Z0-9-]*$/, "gold_bond"],
  [/BEES$|ETF|^SETF/, "etf"],
  [/^\d{2,4}GS\d{4}[A-Z0-9-]*$|^\d{2,3}D\d{6}$|^\d{2,3}TB\d/, "government_security"],
  [/INVIT$|^INDIGRID$|^PGINVIT$/, "invit"],
  [/^(EMBASSY|MINDSPACE|BIRET|NXST)$/, "reit"],
];

/** The instrument a symbol names when it is not a company, else null. */
export function instrumentOf(symbol: string): Instrument | null {
  const s = symbol.trim().toUpperCase();
  for (const [re, kind] of RULES) if (re.test(s)) return { symbol: s, kind, label: INSTRUMENT_LABELS[kind] };
  return null;
}

export interface Renamed {
  symbol: string;
  /** What the company trades as now: one symbol after a rename or merger, several after a demerger. */
  to: string[];
  /** The corporate action in a sentence. */
  note: string;
}

/** Symbols retired on NSE by a rename, merger or demerger that a broker's older export may still carry. */
const RENAMED: Record<string, Omit<Renamed, "symbol">> = {
  TATAMOTORS: { to: ["TMPV", "TMCV"], note: "Tata Motors demerged in 2025 into Tata Motors Passenger Vehicles (TMPV) and Tata Motors commercial vehicles (TMCV)." },
  ZOMATO: { to: ["ETERNAL"], note: "Zomato renamed itself Eternal in 2025." },
  MINDTREE: { to: ["LTIM"], note: "Mindtree merged with L&T Infotech in 2022 to form LTIMindtree (LTIM)." },
  LTI: { to: ["LTIM"], note: "L&T Infotech became LTIMindtree (LTIM) in 2022." },
  HDFC: { to: ["HDFCBANK"], note: "HDFC Ltd merged into HDFC Bank in 2023." },
  MOTHERSUMI: { to: ["MOTHERSON"], note: "Motherson Sumi Systems trades as Samvardhana Motherson (MOTHERSON) since 2022." },
  CADILAHC: { to: ["ZYDUSLIFE"], note: "Cadila Healthcare renamed itself Zydus Lifesciences in 2022." },
  ADANITRANS: { to: ["ADANIENSOL"], note: "Adani Transmission renamed itself Adani Energy Solutions in 2023." },
  "L&TFH": { to: ["LTF"], note: "L&T Finance Holdings trades as L&T Finance (LTF) since 2024." },
  AMARAJABAT: { to: ["ARE&M"], note: "Amara Raja Batteries renamed itself Amara Raja Energy & Mobility in 2023." },
  "MCDOWELL-N": { to: ["UNITDSPR"], note: "United Spirits trades as UNITDSPR since 2024." },
};

/** The symbols a retired symbol now trades as, else null. */
export function renamedOf(symbol: string): Renamed | null {
  const s = symbol.trim().toUpperCase();
  const r = RENAMED[s];
  return r ? { symbol: s, ...r } : null;
}

/** "did you mean TMPV or TMCV?" */
export function didYouMean(r: Pick<Renamed, "to">): string {
  const list = r.to.length > 1 ? `${r.to.slice(0, -1).join(", ")} or ${r.to.at(-1)}` : (r.to[0] ?? "");
  return `did you mean ${list}?`;
}
