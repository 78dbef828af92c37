import * as z from "zod";
import { booleanParam, listEnvelope, listParam, optionalString } from "./primitives";
import { checkDateRange, dateRangeShape, detailedParam, idsParam, limitParam, MAX_LIST_VALUES, pageParam, symbolFilterShape } from "./query-params";
import { earningsAttachmentsResponseSchema, recordIdParam } from "./earnings";
import { closestName } from "./closest";
import { ANNOUNCEMENT_CATEGORIES, CATEGORY_ALIASES } from "./vocabulary";

export { ANNOUNCEMENT_CATEGORIES, IMPORTANT_CATEGORIES, isImportantCategory, NOT_IMPORTANT_CATEGORIES, type AnnouncementCategory } from "./vocabulary";

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

/**
 * Categories are matched case-insensitively against the catalogue's labels and the hosted client's spellings of them
 * (CATEGORY_ALIASES); an unknown label is an error naming the closest known one.
 */
const categoryParamItem = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const lower = v.toLowerCase().replace(/\s+/g, " ");
    const hit = ANNOUNCEMENT_CATEGORIES.find((c) => c.toLowerCase() === lower) ?? CATEGORY_ALIASES[lower];
    if (!hit) {
      const closest = closestName(v, ANNOUNCEMENT_CATEGORIES);
      ctx.addIssue({ code: "custom", message: `unknown category '${v}'${closest ? `; did you mean '${closest}'?` : ""} See GET /v1/announcements/categories` });
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
