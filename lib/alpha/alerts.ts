import * as z from "zod";
import { booleanParam, listEnvelope, listParam, openEnum, optionalString } from "./primitives";
import type { ListView } from "./views";
import { ALERT_FILTER_ALIASES, ALERT_FILTER_TYPES, ALERT_OUTPUT_TYPES, alertOutputTypeForFilter } from "./vocabulary";
import { MAX_TYPE_VALUES, checkDateRange, dateRangeShape, limitParam, pageParam, symbolFilterShape } from "./query-params";

export { ALERT_FILTER_ALIASES, ALERT_FILTER_TYPES, ALERT_OUTPUT_TYPES, alertOutputTypeForFilter, type AlertOutputType } from "./vocabulary";

export const alertPriceSchema = z.looseObject({
  value: z.number(),
  change_percent: z.number(),
  as_of: z.string(),
});
export type AlertPrice = z.infer<typeof alertPriceSchema>;

export const alertSchema = z.looseObject({
  id: z.string(),
  symbol: z.string(),
  type: openEnum(ALERT_OUTPUT_TYPES).optional(),
  /** WebSocket compatibility alias of `type`. */
  alert_type: z.string().nullish(),
  reason: optionalString,
  timestamp: optionalString,
  price: alertPriceSchema.nullish(),
  meta: z.looseObject({ primary_drivers: z.array(z.string()).default([]) }).default({ primary_drivers: [] }),
});
export type Alert = z.infer<typeof alertSchema>;

const alertTypeFilterSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => alertOutputTypeForFilter(v) !== null, {
    message: `must be one of ${[...ALERT_FILTER_TYPES, ...Object.keys(ALERT_FILTER_ALIASES)].join(", ")}`,
  });

export const listAlertsQuerySchema = z
  .object({
    ...symbolFilterShape,
    type: listParam(alertTypeFilterSchema, MAX_TYPE_VALUES).optional(),
    ...dateRangeShape,
    important: booleanParam.default(false),
    page: pageParam,
    limit: limitParam(20, 50),
  })
  .superRefine(checkDateRange);

export const alertsResponseSchema = listEnvelope(alertSchema);

/** An alert as the desk shows it: its type whichever name carried it (REST `type`, a stream frame's `alert_type`). */
export type DeskAlert = Alert & { type: string };

export function toAlert(alert: Alert): DeskAlert {
  return { ...alert, type: alert.type ?? alert.alert_type ?? "alert" };
}

export function alertsView(answer: z.output<typeof alertsResponseSchema>): ListView<DeskAlert> {
  return { items: answer.data.map(toAlert), hasNext: answer.has_next };
}
