import type { Readable } from "node:stream";
import { ExchangeFileError } from "./files";

/**
 * The rows of an exchange JSON answer saved to disk: a list, or the list under one of `keys` (NSE's `data`, BSE's
 * `Table`). JSON has no line per row; rows are named by their place ("item 3").
 */
export async function jsonItems(stream: Readable, path: string, keys: readonly string[] = ["data", "Table"]): Promise<{ at: string; row: Record<string, unknown> | null }[]> {
  let text = "";
  for await (const chunk of stream) text += chunk as string;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (e) {
    throw new ExchangeFileError(`${path}: not JSON (${(e as Error).message})`);
  }
  let list: unknown = body;
  if (!Array.isArray(list) && typeof list === "object" && list !== null) {
    const key = keys.find((k) => Array.isArray((list as Record<string, unknown>)[k]));
    if (key === undefined) throw new ExchangeFileError(`${path}: a JSON object without a row list (${keys.join(" or ")})`);
    list = (list as Record<string, unknown>)[key];
  }
  if (!Array.isArray(list)) throw new ExchangeFileError(`${path}: a JSON list of rows was expected`);
  return list.map((row, i) => ({ at: `item ${i + 1}`, row: typeof row === "object" && row !== null && !Array.isArray(row) ? (row as Record<string, unknown>) : null }));
}
