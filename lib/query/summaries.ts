import { createDailySummary, getAccount } from "@/lib/alpha/catalogue-meta";
import { alphaCalls } from "@/lib/query/alpha-core";

/** The Alpha endpoints the summary generator calls: the page carries these entries, not the whole catalogue. */
export const SUMMARY_CALLS = /* @__PURE__ */ alphaCalls({ getAccount, createDailySummary });
