/** The scorecard's words, zod-free so the season page can show them without loading the contract's schemas. */

/** Line items a results table carries, all "higher is better", so a surprise above the band is a beat. */
export const LINE_ITEMS = ["revenue", "total_income", "ebitda", "ppop", "pbt", "pat"] as const;
export type LineItem = (typeof LINE_ITEMS)[number];
export const LINE_ITEM_LABELS: Record<LineItem, string> = {
  revenue: "Revenue",
  total_income: "Total income",
  ebitda: "EBITDA",
  ppop: "Pre-provision operating profit",
  pbt: "PBT",
  pat: "PAT",
};

export const SCORE_OUTCOMES = ["beat", "in_line", "missed", "no_estimate", "table_not_held", "not_comparable"] as const;
export type ScoreOutcome = (typeof SCORE_OUTCOMES)[number];

export const OUTCOME_WORDS: Record<ScoreOutcome, string> = {
  beat: "Beat",
  in_line: "In line",
  missed: "Missed",
  no_estimate: "No estimate",
  table_not_held: "Table not held",
  not_comparable: "Not comparable",
};
