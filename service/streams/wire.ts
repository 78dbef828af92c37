import type { StreamProduct } from "../../lib/alpha/account";
import type { ServiceContext } from "../context";
import { alertById } from "../routes/alerts";
import { announcementById } from "../routes/announcements";
import { blockDealById } from "../routes/block-deals";
import { concallById } from "../routes/concalls";
import { earningsStreamRowById } from "../routes/earnings";
import { newsItemById } from "../routes/news";
import type { LoadPublishableRow, PublishableRow } from "./hub";

/**
 * Stored rows in their wire shapes, read with the REST routes' own mappers so a frame's `data` equals the REST
 * row: `detailed` picks the detail or the list shape. Alerts add `alert_type` (the SDK's WebSocket alias of
 * `type`); earnings add a signed `attachment_url` (done by the earnings route's stream mapper).
 */
const readers: Record<StreamProduct, (ctx: ServiceContext, id: string, detailed: boolean) => object | null> = {
  alerts: (ctx, id) => {
    const alert = alertById(ctx, id);
    return alert ? { ...alert, alert_type: alert.type } : null;
  },
  news: (ctx, id) => newsItemById(ctx, id),
  "block-deals": (ctx, id) => blockDealById(ctx, id),
  announcements: (ctx, id, detailed) => announcementById(ctx, id, detailed),
  earnings: (ctx, id, detailed) => earningsStreamRowById(ctx, id, detailed),
  concalls: (ctx, id, detailed) => concallById(ctx, id, detailed),
};

/** Products whose list and detail shapes are the same, so one read serves both. */
const SAME_SHAPE: ReadonlySet<StreamProduct> = new Set(["alerts", "news", "block-deals"]);

export function createRowLoader(ctx: ServiceContext): LoadPublishableRow {
  return (product, id) => {
    const read = readers[product];
    const first = read(ctx, id, true);
    if (!first) return null;
    const json: [string | undefined, string] = [undefined, JSON.stringify(first)];
    const row: PublishableRow = {
      json(detailed) {
        if (detailed || SAME_SHAPE.has(product)) return json[1];
        if (json[0] === undefined) json[0] = JSON.stringify(read(ctx, id, false) ?? first);
        return json[0];
      },
    };
    return row;
  };
}
