import "server-only";
import { AlphaError } from "@/lib/alpha/errors";

/** Reads a JSON body (at most `limitBytes`); 400 invalid_body when it is not JSON, 413 when too large. */
export async function readJsonBody(request: Request, limitBytes = 1_000_000): Promise<unknown> {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > limitBytes) throw new AlphaError("payload_too_large", `The request body is larger than ${limitBytes} bytes`);
  const text = await request.text();
  if (text.length > limitBytes) throw new AlphaError("payload_too_large", `The request body is larger than ${limitBytes} bytes`);
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AlphaError("invalid_body", "The request body is not valid JSON");
  }
}

/** The query string as an object: a key once is a string, a repeated key an array. */
export function queryObject(searchParams: URLSearchParams, skip?: ReadonlySet<string>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const name of new Set(searchParams.keys())) {
    if (skip?.has(name)) continue;
    const values = searchParams.getAll(name);
    out[name] = values.length === 1 ? (values[0] ?? "") : values;
  }
  return out;
}
