import * as z from "zod";
import { intParam, listEnvelope, optionalString, quarterKeySchema } from "./primitives";
import {
  checkDateRange,
  dateRangeShape,
  detailedParam,
  detailSelectorSchema,
  idsParam,
  limitParam,
  pageParam,
  symbolFilterShape,
} from "./query-params";

const earningsTableRowsSchema = z.array(z.looseObject({ label: z.string(), values: z.array(z.number().nullable()) }));

/**
 * The earnings table of a detailed filing: periods as columns, line items as rows (values in ₹ crore), on the basis
 * named by `basis`; a filing with both bases carries the parent's own lines in `standalone` (same periods).
 */
export const earningsTableSchema = z.looseObject({
  unit: z.string().optional(),
  periods: z.array(z.string()).optional(),
  basis: z.union([z.enum(["consolidated", "standalone"]), z.string()]).optional(),
  rows: earningsTableRowsSchema.optional(),
  standalone: z.looseObject({ rows: earningsTableRowsSchema }).nullish(),
});
export type EarningsTable = z.infer<typeof earningsTableSchema>;

export const earningsRowSchema = z.looseObject({
  id: z.string(),
  symbol: z.string(),
  scrip_code: optionalString,
  company_name: optionalString,
  image: optionalString,
  quarter: optionalString,
  date: optionalString,
  summary: optionalString,
  earnings_table: earningsTableSchema.nullish(),
});
export type EarningsRow = z.infer<typeof earningsRowSchema>;

export const earningsIndexRowSchema = z.looseObject({
  id: z.string(),
  symbol: z.string(),
  quarter: optionalString,
  date: optionalString,
});
export type EarningsIndexRow = z.infer<typeof earningsIndexRowSchema>;

export const earningsDetailSchema = earningsRowSchema.extend({
  earnings_significant: z.boolean().nullish(),
});
export type EarningsDetail = z.infer<typeof earningsDetailSchema>;

/** WebSocket earnings rows add the filing's attachment URL. */
export const earningsStreamRowSchema = earningsDetailSchema.extend({ attachment_url: optionalString });
export type EarningsStreamRow = z.infer<typeof earningsStreamRowSchema>;

export const upcomingEarningsRowSchema = z.looseObject({
  id: z.string(),
  event_id: optionalString,
  symbol: z.string(),
  company: optionalString,
  purpose: optionalString,
  title: optionalString,
  bm_desc: optionalString,
  body: optionalString,
  date: optionalString,
  quarter: optionalString,
});
export type UpcomingEarningsRow = z.infer<typeof upcomingEarningsRowSchema>;

export const attachmentLookupItemSchema = z.looseObject({
  id: z.string(),
  status: z.union([z.enum(["ready", "not_found", "invalid_id", "no_attachment"]), z.string()]),
  url: optionalString,
  expires_in: z.number().int().nullish(),
  message: optionalString,
});
export type AttachmentLookupItem = z.infer<typeof attachmentLookupItemSchema>;

export const listEarningsQuerySchema = z
  .object({
    ids: idsParam.optional(),
    ...symbolFilterShape,
    quarter: quarterKeySchema.optional(),
    ...dateRangeShape,
    page: pageParam,
    limit: limitParam(20, 50),
    detailed: detailedParam,
  })
  .superRefine(checkDateRange);

export const listEarningsIndexQuerySchema = z
  .object({
    ...symbolFilterShape,
    quarter: quarterKeySchema.optional(),
    ...dateRangeShape,
    page: pageParam,
    limit: limitParam(50, 100),
  })
  .superRefine(checkDateRange);

export const listUpcomingEarningsQuerySchema = z.object({
  ...symbolFilterShape,
  page: pageParam,
  limit: limitParam(20, 50),
});

export const getEarningsDetailQuerySchema = detailSelectorSchema;

export const listEarningsAttachmentsQuerySchema = z.object({
  ids: idsParam.refine((v) => v.length > 0, { message: "at least one id is required" }),
});

/** A citation document is answered as PDF bytes. */
export const pdfDocumentSchema = z.instanceof(Uint8Array);

/** The id of a stored record in a path (a citation's filing, announcement or call). */
export const recordIdParam = z.string().trim().min(1).max(64);
/** 1-based page of a filing's citation document. */
export const citationPageParam = intParam(1, 1000);
export const earningsCitationPathSchema = z.object({ earnings_id: recordIdParam });
export const earningsCitationPagePathSchema = z.object({ earnings_id: recordIdParam, page: citationPageParam });
export const earningsCitationQuerySchema = z.object({ page: citationPageParam.optional() });

export const earningsListResponseSchema = listEnvelope(earningsRowSchema);
export const earningsIndexResponseSchema = listEnvelope(earningsIndexRowSchema);
export const upcomingEarningsResponseSchema = listEnvelope(upcomingEarningsRowSchema);
/** One earnings detail record, answered as itself (no `data` envelope), as the interface and the hosted client have it. */
export const earningsDetailResponseSchema = earningsDetailSchema;
export const earningsAttachmentsResponseSchema = z.looseObject({ data: z.array(attachmentLookupItemSchema) });
