import * as z from "zod";
import { ISO_DATE_RE, QUARTER_KEY_RE, SYMBOL_RE } from "./patterns";

export { isDateOnly, QUARTER_KEY_RE, SYMBOL_RE } from "./patterns";

/** An enum that keeps values it does not know: the hosted service may add a status or type. */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.string().min(1)]) as z.ZodType<T[number] | (string & {}), string>;
}

export const quarterKeySchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(QUARTER_KEY_RE, { message: "must be a quarter key like q4_26 (qN_YY)" });

export const symbolSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(SYMBOL_RE, { message: "must be an exchange symbol such as RELIANCE or M&M" });
export const scripCodeSchema = z.string().trim().regex(/^\d{5,7}$/, { message: "must be a BSE scrip code of 5 to 7 digits" });

/**
 * A multi-value query parameter: comma-separated, repeated keys, or an array from a typed caller.
 * Empty pieces are dropped; more than `max` values is an error.
 */
export function listParam<T extends z.ZodType<string, string>>(item: T, max: number) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(","))
        .map((s) => s.trim())
        .filter((s) => s.length > 0),
    )
    .pipe(z.array(item).max(max, { message: `at most ${max} values` }));
}

export const booleanParam = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((v) => v === true || v === "true" || v === "1");

export function intParam(min: number, max: number) {
  return z
    .union([z.number(), z.string().trim().regex(/^-?\d+$/, { message: "must be an integer" }).transform(Number)])
    .pipe(z.number().int().min(min).max(max));
}

/** An ISO date (a whole Asia/Kolkata day) or an ISO datetime (with or without offset; no offset means IST). */
export const dateOrDateTimeParam = z
  .string()
  .trim()
  .refine(
    (v) => (ISO_DATE_RE.test(v) ? z.iso.date().safeParse(v).success : z.iso.datetime({ offset: true, local: true }).safeParse(v).success),
    { message: "must be an ISO date (2026-05-01) or datetime (2026-05-11T23:59:59Z)" },
  );

/** The list envelope every list endpoint returns. */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.looseObject({ data: z.array(item), has_next: z.boolean() });
}

/** Loose object whose nullable optional fields also accept null: the hosted service sends null for absent values. */
export const optionalString = z.string().nullish();
export const optionalNumber = z.number().nullish();
