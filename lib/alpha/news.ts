import * as z from "zod";
import { listEnvelope, openEnum, optionalString } from "./primitives";
import { checkDateRange, dateRangeShape, limitParam, pageParam, symbolFilterShape } from "./query-params";

import { SENTIMENTS } from "./vocabulary";

export { SENTIMENTS, type Sentiment } from "./vocabulary";

export const newsItemSchema = z.looseObject({
  id: z.string(),
  title: optionalString,
  specific_title: optionalString,
  summary: optionalString,
  long_summary: optionalString,
  company: optionalString,
  symbol: optionalString,
  sentiment: openEnum(SENTIMENTS).nullish(),
  source: optionalString,
  article_type: optionalString,
  link: optionalString,
  scrip_code: optionalString,
  date: optionalString,
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const listNewsQuerySchema = z
  .object({
    ...symbolFilterShape,
    sentiment: z.enum(SENTIMENTS, { message: "must be positive, negative or neutral" }).optional(),
    ...dateRangeShape,
    page: pageParam,
    limit: limitParam(20, 50),
  })
  .superRefine(checkDateRange);

export const newsResponseSchema = listEnvelope(newsItemSchema);
