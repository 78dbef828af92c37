import * as z from "zod";
import { booleanParam, listEnvelope, listParam, optionalString } from "./primitives";
import { checkDateRange, dateRangeShape, detailedParam, idsParam, limitParam, MAX_LIST_VALUES, pageParam, symbolFilterShape } from "./query-params";
import { earningsAttachmentsResponseSchema, recordIdParam } from "./earnings";

export const IMPORTANT_CATEGORIES = [
  "Acquisition",
  "Annual Report",
  "Award/Receipt of Order",
  "Bonus Issue",
  "Buyback",
  "Capex/Expansion",
  "Change in Management",
  "Conversion of Warrants",
  "De-listing",
  "Demerger",
  "Divestment",
  "Dividend",
  "Incident/Accident",
  "Incorporation of Subsidiary",
  "Intimation of proposal of IPO of Subsidiary",
  "Investor Presentation",
  "Issue of Securities",
  "Joint Venture",
  "Liquidation/Insolvency",
  "Litigation",
  "Media Release of Financial Results",
  "Merger",
  "Offer for Sale (OFS)",
  "Outcome of Board Meeting",
  "Partnership",
  "Penalty",
  "Redemption of Securities",
  "Reduction of Stake",
  "Regulatory Approval",
  "Rights Issue",
  "Stock Split",
  "Unaudited Financial Results",
] as const;

export const NOT_IMPORTANT_CATEGORIES = [
  "AGM/EGM",
  "Change in company name",
  "Company Update",
  "Concall",
  "Corp Action",
  "Credit Rating",
  "ESOPs",
  "GST Payment",
  "Income Tax",
  "Meeting Intimation",
  "Monitoring Agency Report",
  "Newspaper Publication",
  "Others",
  "Regulatory Authority Inspection",
] as const;

export const ANNOUNCEMENT_CATEGORIES = [...IMPORTANT_CATEGORIES, ...NOT_IMPORTANT_CATEGORIES] as const;
export type AnnouncementCategory = (typeof ANNOUNCEMENT_CATEGORIES)[number];

export function isImportantCategory(category: string): boolean {
  return (IMPORTANT_CATEGORIES as readonly string[]).includes(category);
}

export const announcementCategoriesSchema = z.looseObject({
  important: z.array(z.string()),
  not_important: z.array(z.string()),
});
export const announcementCategoriesResponseSchema = z.looseObject({ data: announcementCategoriesSchema });

export const announcementRowSchema = z.looseObject({
  id: z.string(),
  symbol: z.string(),
  company_name: optionalString,
  image: optionalString,
  date: optionalString,
  summary: optionalString,
  category: optionalString,
});
export type AnnouncementRow = z.infer<typeof announcementRowSchema>;

export const announcementDetailSchema = announcementRowSchema.extend({
  long_summary: optionalString,
  related_categories: z.array(z.string()).nullish(),
  important: z.boolean().nullish(),
});
export type AnnouncementDetail = z.infer<typeof announcementDetailSchema>;

/** Categories are matched case-insensitively against the catalogue's labels; an unknown label is an error. */
const categoryParamItem = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const hit = ANNOUNCEMENT_CATEGORIES.find((c) => c.toLowerCase() === v.toLowerCase());
    if (!hit) {
      ctx.addIssue({ code: "custom", message: `unknown category '${v}'; see GET /v1/announcements/categories` });
      return z.NEVER;
    }
    return hit as string;
  });

export const listAnnouncementsQuerySchema = z
  .object({
    ...symbolFilterShape,
    // Labels such as "Award/Receipt of Order" hold no commas, so the comma list stays unambiguous.
    categories: listParam(categoryParamItem, MAX_LIST_VALUES).optional(),
    ...dateRangeShape,
    important: booleanParam.optional(),
    detailed: detailedParam,
    page: pageParam,
    limit: limitParam(20, 50),
  })
  .superRefine(checkDateRange);

export const announcementsResponseSchema = listEnvelope(z.union([announcementDetailSchema, announcementRowSchema]));

/** `GET /v1/announcements/attachments?ids=`: signed links to the announcements' filing documents, like the earnings form. */
export const listAnnouncementAttachmentsQuerySchema = z.object({
  ids: idsParam.refine((v) => v.length > 0, { message: "at least one id is required" }),
});
export const announcementAttachmentsResponseSchema = earningsAttachmentsResponseSchema;

export const announcementCitationPathSchema = z.object({ announcement_id: recordIdParam });
