import { AlphaError } from "@/lib/alpha/alpha-error";

/** `Retry-After` of a desk route: delta-seconds (what the desk sends) or an HTTP date. */
function retryAfterSeconds(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * `{ error: { code, message, details? } }` (lib/alpha/errors.ts's errorBodySchema), checked by hand: this module is in
 * every page's first load, and the schema would bring zod with it. Anything else is not an error body (null).
 */
export function readErrorBody(json: unknown): { code: string; message: string; details?: Record<string, unknown> } | null {
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!isRecord(json) || !isRecord(json.error)) return null;
  const { code, message, details } = json.error;
  if (typeof code !== "string" || typeof message !== "string") return null;
  if (details === undefined) return { code, message };
  return isRecord(details) ? { code, message, details } : null;
}

/**
 * A desk route's error answer as an AlphaError. Kept apart from the contract's client (which would pull the whole
 * catalogue into every page) because the desk's routes always answer `{ error: { code, message, details? } }`.
 */
async function deskError(response: Response): Promise<AlphaError> {
  const text = await response.text().catch(() => "");
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const retryAfter = retryAfterSeconds(response.headers.get("Retry-After"));
  const parsed = readErrorBody(json);
  if (parsed) {
    const { code, message, details } = parsed;
    return new AlphaError(code, message, { status: response.status, details, retryAfter });
  }
  return new AlphaError(response.status >= 500 ? "internal_error" : "http_error", `The desk answered HTTP ${response.status}`, { status: response.status, retryAfter });
}

/**
 * Fetches one of the desk's own JSON routes from the browser. A non-2xx answer becomes an AlphaError carrying the
 * route's code, message, details and any `Retry-After`; a network failure a `desk_unreachable` one. The body's type
 * is the route's documented answer (the one cast of the data layer).
 */
export async function deskFetch<T>(url: string, init: RequestInit = {}): Promise<{ body: T; response: Response }> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin", ...init, headers: { Accept: "application/json", ...init.headers } });
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new AlphaError("desk_unreachable", "The desk could not be reached. Check your connection and try again.", { status: 0, cause });
  }
  if (!response.ok) throw await deskError(response);
  const text = await response.text();
  return { body: (text ? JSON.parse(text) : null) as T, response };
}
