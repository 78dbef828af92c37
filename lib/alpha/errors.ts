import * as z from "zod";

export { AlphaError, DESK_ERROR_STATUS, ERROR_STATUS, isAlphaError, type AlphaErrorCode, type DeskErrorCode, type FieldErrors } from "./alpha-error";
import { AlphaError, type FieldErrors } from "./alpha-error";

export const errorBodySchema = z.looseObject({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

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
