import { startsLikeFormula } from "./csv";
import * as z from "zod";
import { fieldErrorsFromZod } from "./errors";
import { intParam, openEnum } from "./primitives";
import { checkSummaryRequest, dailySummaryFieldsSchema, summaryDetailsSchema } from "./summaries";
import { didYouMean, instrumentOf, renamedOf } from "../symbols/instruments";
import { BATCH_LINE_URL, BATCH_MAX_FILE_BYTES, BATCH_MAX_LINES, BATCH_STATUSES, symbolsOfRequest } from "./batch-limits";

export * from "./batch-limits";

export const batchJobSchema = z.looseObject({
  id: z.string(),
  object: z.string().default("batch"),
  status: openEnum(BATCH_STATUSES),
  created_at: z.number().int(),
  in_progress_at: z.number().int().nullish(),
  completed_at: z.number().int().nullish(),
  cancelled_at: z.number().int().nullish(),
  failed_at: z.number().int().nullish(),
  display_name: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  request_counts: z.looseObject({ total: z.number().int(), completed: z.number().int(), failed: z.number().int() }),
  billing: z.record(z.string(), z.number()).nullish(),
});
export type BatchJob = z.infer<typeof batchJobSchema>;

export const batchLineSchema = dailySummaryFieldsSchema
  .extend({
    custom_id: z
      .string()
      .trim()
      .min(1, { message: "custom_id is required" })
      .max(64)
      // It comes back in every results file and CSV: a spreadsheet would run it as a formula.
      .refine((id) => !startsLikeFormula(id), { message: "custom_id must not start with = + - @ (a spreadsheet would read it as a formula)" }),
  })
  .superRefine(checkSummaryRequest);
export type BatchLine = z.infer<typeof batchLineSchema>;

export const batchResultLineSchema = z.looseObject({
  id: z.string(),
  custom_id: z.string(),
  status: z.string().nullish(),
  response: z
    .looseObject({
      status_code: z.number().int(),
      body: z
        .looseObject({
          summary: z.string().nullish(),
          status: z.string().nullish(),
          details: summaryDetailsSchema.nullish(),
        })
        .nullish(),
    })
    .nullish(),
  error: z.looseObject({ code: z.string(), message: z.string() }).nullish(),
});
export type BatchResultLine = z.infer<typeof batchResultLineSchema>;

/** The results body is JSONL; blank lines are skipped. */
export const batchResultsSchema = z
  .string()
  .transform((text, ctx) => {
    const out: unknown[] = [];
    text.split("\n").forEach((line, i) => {
      if (line.trim() === "") return;
      try {
        out.push(JSON.parse(line));
      } catch {
        ctx.addIssue({ code: "custom", message: `line ${i + 1} is not JSON` });
      }
    });
    return out;
  })
  .pipe(z.array(batchResultLineSchema));

export const createBatchJobFieldsSchema = z.object({
  display_name: z.string().trim().max(200).optional(),
  metadata: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return undefined;
      try {
        const parsed: unknown = JSON.parse(v);
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
      } catch {
        // fall through to the issue below
      }
      ctx.addIssue({ code: "custom", message: "metadata must be a JSON object serialized as a string" });
      return z.NEVER;
    })
    .refine((v) => v === undefined || JSON.stringify(v).length <= 8_192, { message: "metadata must be at most 8 KiB" }),
});

export const listBatchJobsQuerySchema = z.object({ limit: intParam(1, 100).default(20) });
export const batchJobPathSchema = z.object({ job_id: z.string().trim().min(1).max(64) });

export const batchJobListResponseSchema = z.looseObject({
  object: z.string().default("list"),
  data: z.array(batchJobSchema),
  has_next: z.boolean().optional(),
});
export const cancelBatchJobResponseSchema = z.looseObject({ id: z.string(), status: z.string() });

const REQUEST_FIELDS = ["portfolio", "symbols", "items", "mode", "context_window_days"] as const;

/**
 * A line in the common batch-API style (`{"custom_id", "method", "url", "body": {...}}`) becomes the flat line this
 * service takes; a flat line passes through. What cannot be unwrapped is said exactly, naming the field.
 */
export function unwrapBatchLine(json: Record<string, unknown>): { line: Record<string, unknown>; wrapped: boolean } | { error: string } {
  if (!("body" in json)) return { line: json, wrapped: false };
  const { body, method, url, custom_id: customId, ...rest } = json;
  if (!body || typeof body !== "object" || Array.isArray(body)) return { error: "body: must be a JSON object holding the summary request (symbols, items or portfolio)" };
  if (method !== undefined && (typeof method !== "string" || method.toUpperCase() !== "POST")) {
    return { error: `method: must be POST, the method of ${BATCH_LINE_URL}; found ${JSON.stringify(method)}` };
  }
  if (url !== undefined) {
    const path = typeof url === "string" ? url.replace(/^https?:\/\/[^/]+/i, "").split("?")[0] : null;
    if (path !== BATCH_LINE_URL && path !== BATCH_LINE_URL.slice(0, -1)) {
      return { error: `url: must be ${BATCH_LINE_URL}, the only endpoint a batch job runs; found ${JSON.stringify(url)}` };
    }
  }
  const outside = REQUEST_FIELDS.filter((k) => k in rest);
  if (outside.length > 0) return { error: `${outside[0]}: put the request inside body or at the top level, not both` };
  const inner = body as Record<string, unknown>;
  if (customId !== undefined && inner.custom_id !== undefined && inner.custom_id !== customId) {
    return { error: "body.custom_id: differs from the line's custom_id; give it once, at the top level" };
  }
  return { line: { ...inner, custom_id: customId ?? inner.custom_id }, wrapped: true };
}

export interface BatchLineError {
  line: number;
  message: string;
  /** The line is right but names symbols the service does not list: it may be skipped and the rest sent. */
  unknownSymbols?: string[];
}

export interface BatchFileCheck {
  lines: BatchLine[];
  errors: BatchLineError[];
}

/** An unknown symbol with what it is instead, when the desk can tell: "NIFTYBEES (an ETF, not a company)". */
function withHint(symbol: string): string {
  const instrument = instrumentOf(symbol);
  if (instrument) return `${symbol} (${instrument.kind === "etf" ? "an" : "a"} ${instrument.label}, not a company)`;
  const renamed = renamedOf(symbol);
  return renamed ? `${symbol} (${didYouMean(renamed)})` : symbol;
}

/**
 * Checks a whole JSONL batch file: each non-blank line is a summary request with a unique custom_id.
 * Used by the service before charging and by the desk before uploading; line numbers are 1-based.
 */
export function checkBatchFile(text: string, options: { knownSymbols?: ReadonlySet<string> } = {}): BatchFileCheck {
  const lines: BatchLine[] = [];
  const errors: BatchLineError[] = [];
  const seen = new Map<string, number>();
  if (new TextEncoder().encode(text).length > BATCH_MAX_FILE_BYTES) {
    return { lines, errors: [{ line: 0, message: `file is larger than ${BATCH_MAX_FILE_BYTES} bytes` }] };
  }
  const raw = text.split(/\r?\n/);
  raw.forEach((lineText, index) => {
    const line = index + 1;
    if (lineText.trim() === "") return;
    let json: unknown;
    try {
      json = JSON.parse(lineText);
    } catch {
      errors.push({ line, message: "not valid JSON" });
      return;
    }
    if (!json || typeof json !== "object" || Array.isArray(json)) {
      errors.push({ line, message: "each line must be a JSON object" });
      return;
    }
    const unwrapped = unwrapBatchLine(json as Record<string, unknown>);
    if ("error" in unwrapped) {
      errors.push({ line, message: unwrapped.error });
      return;
    }
    const parsed = batchLineSchema.safeParse(unwrapped.line);
    if (!parsed.success) {
      for (const [path, messages] of Object.entries(fieldErrorsFromZod(parsed.error))) {
        // Inside a wrapped line the fields live under body; custom_id stays at the top.
        const field = unwrapped.wrapped && path !== "custom_id" ? `body.${path}` : path;
        errors.push({ line, message: `${field}: ${messages.join("; ")}` });
      }
      return;
    }
    const previous = seen.get(parsed.data.custom_id);
    if (previous !== undefined) {
      errors.push({ line, message: `custom_id '${parsed.data.custom_id}' repeats line ${previous}` });
      return;
    }
    seen.set(parsed.data.custom_id, line);
    if (options.knownSymbols) {
      const unknown = symbolsOfRequest(parsed.data).filter((s) => !options.knownSymbols!.has(s));
      if (unknown.length > 0) {
        const field = parsed.data.symbols ? "symbols" : parsed.data.items ? "items" : "portfolio";
        errors.push({ line, message: `${unwrapped.wrapped ? "body." : ""}${field}: unknown symbols: ${unknown.map(withHint).join(", ")}`, unknownSymbols: unknown });
        return;
      }
    }
    lines.push(parsed.data);
  });
  if (lines.length === 0 && errors.length === 0) errors.push({ line: 0, message: "the file holds no requests" });
  if (lines.length > BATCH_MAX_LINES) errors.push({ line: 0, message: `at most ${BATCH_MAX_LINES} lines per job` });
  return { lines, errors };
}

