import * as z from "zod";
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

export const SYMBOL_LIST_FORMATS = ["csv", "json"] as const;
/** The columns of `GET /v1/symbols?format=csv`, in order (the metadata fields). */
export const SYMBOL_CSV_COLUMNS = [
  "symbol",
  "company_name",
  "scrip_code",
  "isin",
  "sector",
  "industry",
  "basic_industry",
  "macro_economic_indicator",
  "market_cap",
  "logo",
] as const;

export const listSymbolsQuerySchema = z.object({
  format: z.enum(SYMBOL_LIST_FORMATS, { message: "must be csv or json" }).default("csv"),
});

/** The whole catalogue: CSV text (the hosted client's default) or the metadata envelope with format=json. */
export const symbolListResponseSchema = z.union([symbolMetadataResponseSchema, z.string()]);
