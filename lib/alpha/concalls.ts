import * as z from "zod";
import { listEnvelope, openEnum, optionalString, quarterKeySchema, scripCodeSchema, symbolSchema } from "./primitives";
import {
  checkDateRange,
  dateRangeShape,
  detailedParam,
  detailSelectorSchema,
  limitParam,
  pageParam,
  symbolFilterShape,
} from "./query-params";
import { earningsIndexResponseSchema, listEarningsIndexQuerySchema, recordIdParam } from "./earnings";

export const shortAnalysisSchema = z.looseObject({
  guidance: optionalString,
  redflags: optionalString,
});

export const sentimentAnalysisSchema = z.looseObject({
  sentiment: z
    .looseObject({
      key_indicators: z
        .looseObject({
          positive: z.array(z.string()).nullish(),
          negative: z.array(z.string()).nullish(),
        })
        .nullish(),
    })
    .nullish(),
});

/** Our expanded analysis: titled sections of paragraphs. The hosted shape is not published, so extra keys pass. */
export const expandedAnalysisSchema = z.looseObject({
  sections: z
    .array(z.looseObject({ heading: z.string(), paragraphs: z.array(z.string()) }))
    .optional(),
});
export type ExpandedAnalysis = z.infer<typeof expandedAnalysisSchema>;

export const concallSchema = z.looseObject({
  id: z.string(),
  symbol: z.string(),
  quarter: optionalString,
  /** Ingestion time of the concall filing; may carry no UTC offset. */
  date: optionalString,
  short_analysis: shortAnalysisSchema.nullish(),
  sentiment_analysis: sentimentAnalysisSchema.nullish(),
  transcript_url: optionalString,
  audio_url: optionalString,
  expanded_analysis: expandedAnalysisSchema.nullish(),
});
export type Concall = z.infer<typeof concallSchema>;

export const CONCALL_ASSET_STATUSES = ["ready", "no_transcript", "not_found"] as const;

const assetBase = { symbol: z.string(), quarter: z.string() };
export const concallAssetReadySchema = z.looseObject({
  ...assetBase,
  status: z.literal("ready"),
  id: z.string(),
  transcript_url: z.string(),
  audio_url: optionalString,
  expires_in: z.number().int(),
});
export const concallAssetNoTranscriptSchema = z.looseObject({
  ...assetBase,
  status: z.literal("no_transcript"),
  id: z.string(),
  message: z.string(),
});
export const concallAssetNotFoundSchema = z.looseObject({
  ...assetBase,
  status: z.literal("not_found"),
  message: z.string(),
});
/** A status this client does not know yet is kept, with whatever fields it came with. */
export const concallAssetOtherSchema = z.looseObject({
  ...assetBase,
  status: openEnum(CONCALL_ASSET_STATUSES),
  id: optionalString,
  message: optionalString,
});
export const concallAssetResultSchema = z.union([
  concallAssetReadySchema,
  concallAssetNoTranscriptSchema,
  concallAssetNotFoundSchema,
  concallAssetOtherSchema,
]);
export type ConcallAssetResult = z.infer<typeof concallAssetResultSchema>;

export const upcomingConcallSchema = z.looseObject({
  id: z.string(),
  symbol: z.string(),
  quarter: optionalString,
  meeting_date: optionalString,
  intimation_attachment: optionalString,
});
export type UpcomingConcall = z.infer<typeof upcomingConcallSchema>;

export const listConcallsQuerySchema = z
  .object({
    ...symbolFilterShape,
    ...dateRangeShape,
    page: pageParam,
    limit: limitParam(20, 50),
    detailed: detailedParam,
  })
  .superRefine(checkDateRange);

export const getConcallDetailQuerySchema = detailSelectorSchema;

export const MAX_TRANSCRIPT_ITEMS = 20;
export const lookupConcallTranscriptsBodySchema = z.object({
  items: z
    .array(z.object({ symbol: symbolSchema, quarter: quarterKeySchema }))
    .min(1, { message: "at least one item is required" })
    .max(MAX_TRANSCRIPT_ITEMS, { message: `at most ${MAX_TRANSCRIPT_ITEMS} items` }),
});

export const listUpcomingConcallsQuerySchema = z.object({
  ...symbolFilterShape,
  page: pageParam,
  limit: limitParam(20, 50),
  detailed: detailedParam,
});

export const concallsResponseSchema = listEnvelope(concallSchema);
/** One call, answered as itself (no `data` envelope), like the earnings detail. */
export const concallDetailResponseSchema = concallSchema;
export const concallTranscriptsResponseSchema = z.looseObject({ data: z.array(concallAssetResultSchema) });
export const upcomingConcallsResponseSchema = listEnvelope(upcomingConcallSchema);

/** `GET /v1/concalls/index`: the earnings index's parameters and shape, over calls that have happened. Free. */
export const listConcallsIndexQuerySchema = listEarningsIndexQuerySchema;
export const concallsIndexResponseSchema = earningsIndexResponseSchema;

/** `GET /v1/concalls/transcript`: the single-call form of the transcript lookup (symbol or scrip_code, and quarter). */
export const getConcallTranscriptQuerySchema = z.object({ symbol: symbolSchema.optional(), scrip_code: scripCodeSchema.optional(), quarter: quarterKeySchema }).superRefine((v, ctx) => {
  if (v.symbol && v.scrip_code) ctx.addIssue({ code: "custom", path: ["scrip_code"], message: "pass either symbol or scrip_code, not both" });
  else if (!v.symbol && !v.scrip_code) ctx.addIssue({ code: "custom", path: ["symbol"], message: "symbol or scrip_code is required" });
});
export const concallArtifactUrlsResponseSchema = z.looseObject({
  id: optionalString,
  symbol: optionalString,
  quarter: optionalString,
  transcript_url: optionalString,
  audio_url: optionalString,
  expires_in: z.number().int().nullish(),
});
export type ConcallArtifactUrls = z.infer<typeof concallArtifactUrlsResponseSchema>;

export const concallCitationPathSchema = z.object({ concall_id: recordIdParam });
