import { alertSchema } from "@/lib/alpha/alerts";
import { announcementDetailSchema } from "@/lib/alpha/announcements";
import { blockDealSchema } from "@/lib/alpha/block-deals";
import { newsItemSchema } from "@/lib/alpha/news";
import { livePollSchema, liveStatusSchema } from "@/lib/query/live-schema";

/**
 * What the live hub checks each server-sent event against: the relay's status and poll events, and each product's
 * rows (the contract's REST shapes). The hub imports this on demand, when it opens a stream, so zod and these
 * schemas stay out of the feed pages' first load.
 */
export const LIVE_ROW_SCHEMAS = { alerts: alertSchema, news: newsItemSchema, announcements: announcementDetailSchema, "block-deals": blockDealSchema } as const;

export { livePollSchema, liveStatusSchema };
