import { z } from "zod";
import { optionalNumber, optionalString } from "./primitives";
import { symbolFilterShape } from "./query-params";

export const symbolMetadataSchema = z.looseObject({
  symbol: z.string(),
  company_name: optionalString,
  basic_industry: optionalString,
  industry: optionalString,
  isin: optionalString,
  logo: optionalString,
  macro_economic_indicator: optionalString,
  /** Market capitalisation in ₹ crore. */
  market_cap: optionalNumber,
  scrip_code: optionalString,
  sector: optionalString,
});
export type SymbolMetadata = z.infer<typeof symbolMetadataSchema>;

export const listSymbolMetadataQuerySchema = z.object(symbolFilterShape).refine(
  (v) => (v.symbols?.length ?? 0) + (v.scrip_codes?.length ?? 0) > 0,
  { message: "pass symbols or scrip_codes", path: ["symbols"] },
);

export const symbolMetadataResponseSchema = z.looseObject({ data: z.array(symbolMetadataSchema) });
