import type { Service } from "../app";

/*
 * Helpers for the batch tests and bench: building uploads and polling for a condition with a deadline
 * (never a fixed sleep).
 */

export function jsonl(lines: readonly unknown[]): string {
  return `${lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n")}\n`;
}

export function uploadForm(file: string, fields: { display_name?: string; metadata?: string; filename?: string } = {}): FormData {
  const form = new FormData();
  form.set("file", new Blob([file], { type: "application/jsonl" }), fields.filename ?? "batch.jsonl");
  if (fields.display_name !== undefined) form.set("display_name", fields.display_name);
  if (fields.metadata !== undefined) form.set("metadata", fields.metadata);
  return form;
}

export function submitBatch(
  service: Service,
  headers: Record<string, string>,
  file: string,
  fields: { display_name?: string; metadata?: string } = {},
): Promise<Response> {
  return Promise.resolve(service.app.request("/v1/batch/jobs", { method: "POST", headers, body: uploadForm(file, fields) }));
}

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 15_000, what = "condition"): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
