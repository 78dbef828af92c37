import { alertSchema } from "@/lib/alpha/alerts";
import { announcementDetailSchema } from "@/lib/alpha/announcements";
import { blockDealSchema } from "@/lib/alpha/block-deals";
import { newsItemSchema } from "@/lib/alpha/news";

/**
 * What the live hub checks each row event against: each product's rows (the contract's REST shapes). The hub imports
 * this on demand, when the first row arrives, so zod and these schemas stay out of the feed pages' load (the relay's
 * status and poll events are read without zod: readLiveStatus and readLivePoll in lib/query/live.ts).
 */
export const LIVE_ROW_SCHEMAS = { alerts: alertSchema, news: newsItemSchema, announcements: announcementDetailSchema, "block-deals": blockDealSchema } as const;
