import type * as z from "zod";
import * as zm from "zod/mini";

export { AlphaError, DESK_ERROR_STATUS, ERROR_STATUS, isAlphaError, type AlphaErrorCode, type DeskErrorCode, type FieldErrors } from "./alpha-error";
import { AlphaError, type FieldErrors } from "./alpha-error";

/**
 * Every error answer of the service and of the desk's routes. In zod/mini (the same checks as zod's full API) because
 * every page of the desk parses it: the browser's error path costs a few kB, not all of zod.
 */
export const errorBodySchema = zm.looseObject({
  error: zm.looseObject({
    code: zm.string(),
    message: zm.string(),
    details: zm.optional(zm.record(zm.string(), zm.unknown())),
  }),
});
export type ErrorBody = zm.infer<typeof errorBodySchema>;

/** Field errors from a zod failure, keyed by the dotted path of each issue. */
export function fieldErrorsFromZod(error: z.ZodError, prefix?: string): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const path = [prefix, ...issue.path.map(String)].filter((p) => p !== undefined && p !== "").join(".") || "(root)";
    (out[path] ??= []).push(issue.message);
  }
  return out;
}

export function invalidParameter(error: z.ZodError, where: "query" | "body" | "path" = "query"): AlphaError {
  const fields = fieldErrorsFromZod(error);
  const first = Object.entries(fields)[0];
  const message = first ? `Invalid ${where} parameter '${first[0]}': ${first[1][0]}` : `Invalid ${where}`;
  return new AlphaError(where === "body" ? "invalid_body" : "invalid_parameter", message, { details: { fields } });
}
