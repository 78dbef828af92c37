import * as z from "zod";
import {
  booleanParam,
  dateOrDateTimeParam,
  intParam,
  listParam,
  quarterKeySchema,
  scripCodeSchema,
  symbolSchema,
} from "./primitives";
import { resolveBound } from "./time";

import { MAX_LIST_VALUES, MAX_PAGE } from "./patterns";

export { MAX_LIST_VALUES, MAX_PAGE, MAX_TYPE_VALUES } from "./patterns";

export const symbolsParam = listParam(symbolSchema, MAX_LIST_VALUES);
export const scripCodesParam = listParam(scripCodeSchema, MAX_LIST_VALUES);
export const idsParam = listParam(z.string().min(1).max(64), MAX_LIST_VALUES);
export const pageParam = intParam(1, MAX_PAGE).default(1);
export function limitParam(defaultLimit: number, maxLimit: number) {
  return intParam(1, maxLimit).default(defaultLimit);
}

/** symbols, scrip_codes: the symbol filter most list endpoints share. */
export const symbolFilterShape = {
  symbols: symbolsParam.optional(),
  scrip_codes: scripCodesParam.optional(),
};

export const dateRangeShape = {
  from: dateOrDateTimeParam.optional(),
  to: dateOrDateTimeParam.optional(),
};

export const detailedParam = booleanParam.default(false);

/** Rejects a range whose `from` comes after its `to`, naming the field at fault. */
export function checkDateRange(value: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (value.from && value.to && resolveBound(value.from, "from") > resolveBound(value.to, "to")) {
    ctx.addIssue({ code: "custom", path: ["from"], message: "must not be after 'to'" });
  }
}

/** symbol xor scrip_code, plus a required quarter: the detail endpoints' selector. */
export const detailSelectorSchema = z
  .object({
    symbol: symbolSchema.optional(),
    scrip_code: scripCodeSchema.optional(),
    quarter: quarterKeySchema,
    detailed: detailedParam,
  })
  .superRefine((v, ctx) => {
    if (v.symbol && v.scrip_code) {
      ctx.addIssue({ code: "custom", path: ["scrip_code"], message: "pass either symbol or scrip_code, not both" });
    } else if (!v.symbol && !v.scrip_code) {
      ctx.addIssue({ code: "custom", path: ["symbol"], message: "symbol or scrip_code is required" });
    }
  });
