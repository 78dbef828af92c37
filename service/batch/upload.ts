import type { Context } from "hono";
import type { BatchLine } from "../../lib/alpha/batch";
import { BATCH_MAX_FILE_BYTES, BATCH_MAX_LINES, checkBatchFile, createBatchJobFieldsSchema } from "../../lib/alpha/batch";
import { AlphaError, invalidParameter } from "../../lib/alpha/errors";
import type { AppEnv } from "../endpoint";

/** Room for the multipart framing and the small text parts around a file at the size cap. */
export { BATCH_UPLOAD_OVERHEAD_BYTES } from "../../lib/alpha/batch";
/** How many line errors a refused file lists; `error_count` says how many there were in all. */
export const MAX_LISTED_LINE_ERRORS = 100;

export interface BatchUpload {
  lines: BatchLine[];
  displayName: string | undefined;
  metadata: Record<string, unknown> | undefined;
}

export function payloadTooLarge(message: string, details: Record<string, unknown>): AlphaError {
  return new AlphaError("payload_too_large", message, { details });
}

async function readForm(c: Context<AppEnv>): Promise<FormData> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    throw new AlphaError("unsupported_media_type", "Send the batch upload as multipart/form-data with a `file` part");
  }
  try {
    return await c.req.formData();
  } catch {
    throw new AlphaError("invalid_body", "The multipart body could not be read");
  }
}

/**
 * Reads and checks a whole batch upload before anything is charged: the parts (400), the file's size and line
 * count (413), then every line (400 listing each bad line by its 1-based number and the reason).
 */
export async function readBatchUpload(c: Context<AppEnv>): Promise<BatchUpload> {
  const form = await readForm(c);
  const textPart = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const fields = createBatchJobFieldsSchema.safeParse({ display_name: textPart("display_name"), metadata: textPart("metadata") });
  if (!fields.success) throw invalidParameter(fields.error, "body");

  const file = form.get("file");
  if (file === null) {
    throw new AlphaError("invalid_body", "Invalid body parameter 'file': a .jsonl file part is required", {
      details: { fields: { file: ["a .jsonl file part is required"] } },
    });
  }
  const size = typeof file === "string" ? Buffer.byteLength(file) : file.size;
  if (size > BATCH_MAX_FILE_BYTES) {
    throw payloadTooLarge(`The batch file is ${size} bytes; at most ${BATCH_MAX_FILE_BYTES} bytes are accepted`, {
      max_bytes: BATCH_MAX_FILE_BYTES,
      bytes: size,
    });
  }
  const text = typeof file === "string" ? file : await file.text();
  const check = checkBatchFile(text);
  if (check.lines.length > BATCH_MAX_LINES && check.errors.length === 1) {
    throw payloadTooLarge(`The batch file holds ${check.lines.length} requests; at most ${BATCH_MAX_LINES} are accepted`, {
      max_lines: BATCH_MAX_LINES,
      lines: check.lines.length,
    });
  }
  if (check.errors.length > 0) {
    const listed = check.errors.slice(0, MAX_LISTED_LINE_ERRORS);
    const first = listed[0];
    const where = (e: { line: number; message: string }) => (e.line > 0 ? `line ${e.line}: ${e.message}` : e.message);
    throw new AlphaError(
      "invalid_body",
      `The batch file was refused: ${check.errors.length} problem${check.errors.length === 1 ? "" : "s"}${first ? `, first ${where(first)}` : ""}`,
      {
        details: {
          lines: listed,
          error_count: check.errors.length,
          fields: { file: listed.map(where) },
        },
      },
    );
  }
  return { lines: check.lines, displayName: fields.data.display_name || undefined, metadata: fields.data.metadata };
}
