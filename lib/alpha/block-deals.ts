import * as z from "zod";
import { listEnvelope, optionalNumber, optionalString } from "./primitives";
import { checkDateRange, dateRangeShape, limitParam, pageParam, symbolsParam } from "./query-params";

import { BLOCK_DEAL_EXCHANGES } from "./vocabulary";

export { BLOCK_DEAL_EXCHANGES } from "./vocabulary";

export const blockDealSchema = z.looseObject({
  id: z.string(),
  symbol: optionalString,
  company: optionalString,
  exchange: optionalString,
  trade_value_cr: optionalNumber,
  shares: z.number().int().nullish(),
  price: optionalNumber,
  date: optionalString,
});
export type BlockDeal = z.infer<typeof blockDealSchema>;

export const listBlockDealsQuerySchema = z
  .object({
    symbols: symbolsParam.optional(),
    exchange: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(z.enum(BLOCK_DEAL_EXCHANGES, { message: "must be NSE, BSE or NSE/BSE" }))
      .optional(),
    ...dateRangeShape,
    page: pageParam,
    limit: limitParam(20, 50),
  })
  .superRefine(checkDateRange);

export const blockDealsResponseSchema = listEnvelope(blockDealSchema);
