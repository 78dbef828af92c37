import type { StreamProduct } from "../../lib/alpha/account";
import type { ServiceContext } from "../context";
import { alertStreamJsonById } from "../routes/alerts";
import { announcementJsonById } from "../routes/announcements";
import { blockDealJsonById } from "../routes/block-deals";
import { concallJsonById } from "../routes/concalls";
import { earningsStreamJsonById } from "../routes/earnings";
import { newsJsonById } from "../routes/news";
import type { LoadPublishableRow, PublishableRow } from "./hub";

/**
 * Stored rows as JSON, read by the REST routes from the rows' stored JSON so a frame's `data` equals the REST row:
 * `detailed` picks the detail or the list shape. Alerts add `alert_type` (the SDK's WebSocket alias of `type`);
 * earnings add a signed `attachment_url` (done by the earnings route's stream reader).
 */
const readers: Record<StreamProduct, (ctx: ServiceContext, id: string, detailed: boolean) => string | null> = {
  alerts: (ctx, id) => alertStreamJsonById(ctx, id),
  news: (ctx, id) => newsJsonById(ctx, id),
  "block-deals": (ctx, id) => blockDealJsonById(ctx, id),
  announcements: (ctx, id, detailed) => announcementJsonById(ctx, id, detailed),
  earnings: (ctx, id, detailed) => earningsStreamJsonById(ctx, id, detailed),
  concalls: (ctx, id, detailed) => concallJsonById(ctx, id, detailed),
};

/** Products whose list and detail shapes are the same, so one read serves both. */
const SAME_SHAPE: ReadonlySet<StreamProduct> = new Set(["alerts", "news", "block-deals"]);

export function createRowLoader(ctx: ServiceContext): LoadPublishableRow {
  return (product, id) => {
    const read = readers[product];
    const first = read(ctx, id, true);
    if (first === null) return null;
    const json: [string | undefined, string] = [undefined, first];
    const row: PublishableRow = {
      json(detailed) {
        if (detailed || SAME_SHAPE.has(product)) return json[1];
        if (json[0] === undefined) json[0] = read(ctx, id, false) ?? first;
        return json[0];
      },
    };
    return row;
  };
}
