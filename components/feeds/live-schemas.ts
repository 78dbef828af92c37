import { alertSchema, toAlert } from "@/lib/alpha/alerts";
import { announcementDetailSchema } from "@/lib/alpha/announcements";
import { blockDealSchema } from "@/lib/alpha/block-deals";
import { newsItemSchema } from "@/lib/alpha/news";
import type { LiveProduct, LiveRowOf } from "@/lib/query/live";

/**
 * What the live hub reads each row event with: each product's row (the contract's REST shape), reshaped as a page of
 * the same product is. Loaded on demand with the first row, so zod stays out of the feed pages' first load.
 */
const LIVE_ROWS: { [P in LiveProduct]: (value: unknown) => LiveRowOf[P] | null } = {
  alerts: (value) => {
    const parsed = alertSchema.safeParse(value);
    return parsed.success ? toAlert(parsed.data) : null;
  },
  news: (value) => newsItemSchema.safeParse(value).data ?? null,
  announcements: (value) => announcementDetailSchema.safeParse(value).data ?? null,
  "block-deals": (value) => blockDealSchema.safeParse(value).data ?? null,
};

export function readLiveRow<P extends LiveProduct>(product: P, value: unknown): LiveRowOf[P] | null {
  return LIVE_ROWS[product](value);
}
