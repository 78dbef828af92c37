import * as z from "zod";
import { booleanParam, listEnvelope, listParam, openEnum, optionalString } from "./primitives";
import { MAX_TYPE_VALUES, checkDateRange, dateRangeShape, limitParam, pageParam, symbolFilterShape } from "./query-params";

/** Alert types as the service writes them on output. */
export const ALERT_OUTPUT_TYPES = [
  "52w_high",
  "52w_low",
  "earnings",
  "high_growth_concalls",
  "price_alert",
  "vol_alert",
  "volume_alert",
] as const;
export type AlertOutputType = (typeof ALERT_OUTPUT_TYPES)[number];

/** Values the `type` filter takes: the public list, where `rvol_alert` selects `vol_alert` output. */
export const ALERT_FILTER_TYPES = [
  "52w_high",
  "52w_low",
  "earnings",
  "high_growth_concalls",
  "price_alert",
  "rvol_alert",
  "volume_alert",
] as const;
/** Accepted aliases of filter values. */
export const ALERT_FILTER_ALIASES = { "52w_high_60": "52w_high", "52w_low_60": "52w_low", vol_alert: "rvol_alert" } as const;

/** The output type(s) a filter value selects. */
export function alertOutputTypeForFilter(filter: string): AlertOutputType | null {
  const canonical = (ALERT_FILTER_ALIASES as Record<string, string>)[filter] ?? filter;
  if (canonical === "rvol_alert") return "vol_alert";
  return (ALERT_OUTPUT_TYPES as readonly string[]).includes(canonical) ? (canonical as AlertOutputType) : null;
}

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
