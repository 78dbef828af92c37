/**
 * Example lines of a batch file, one per request form and mode, plus the common batch-API wrapping. Each passes
 * `checkBatchFile` as written, so the line shown on the page and the template both upload as they are.
 */
import type { SummaryMode } from "@/lib/alpha/summaries";
import { SUMMARY_MODES, WINDOWED_MODES } from "@/lib/alpha/summary-rules";
import { BATCH_LINE_URL } from "@/lib/alpha/batch-limits";
import { toJsonl } from "./batch-lines";

export const EXAMPLE_FORMS = ["symbols", "items", "portfolio", "wrapped"] as const;
export type ExampleForm = (typeof EXAMPLE_FORMS)[number];

export const EXAMPLE_FORM_LABELS: Record<ExampleForm, string> = {
  symbols: "symbols: a list of symbols",
  items: "items: symbols with exposure and label",
  portfolio: "portfolio: holdings with exposure",
  wrapped: "Common batch format (method, url, body)",
};

/** The request of one example: large caps the service always knows, with a window where the mode reads one. */
function request(form: Exclude<ExampleForm, "wrapped">, mode: SummaryMode): Record<string, unknown> {
  const holdings =
    form === "symbols"
      ? { symbols: ["TCS", "INFY", "HDFCBANK"] }
      : form === "items"
        ? { items: [{ symbol: "TCS", exposure: 350000, label: "IT" }, { symbol: "HDFCBANK", exposure: 180000, label: "banks" }] }
        : { portfolio: [{ symbol: "RELIANCE", exposure: 500000 }, { symbol: "ITC", exposure: 120000 }] };
  return { ...holdings, mode, ...(WINDOWED_MODES.includes(mode) ? { context_window_days: 3 } : {}) };
}

export function exampleLine(form: ExampleForm, mode: SummaryMode): Record<string, unknown> {
  const customId = `${form}-${mode}`.replace(/_/g, "-");
  if (form === "wrapped") return { custom_id: customId, method: "POST", url: BATCH_LINE_URL, body: request("symbols", mode) };
  return { custom_id: customId, ...request(form, mode) };
}

/** Every form × mode, one line each: a file that uploads as it is. */
export function exampleTemplate(): string {
  return toJsonl(EXAMPLE_FORMS.flatMap((form) => SUMMARY_MODES.map((mode) => exampleLine(form, mode))));
}
