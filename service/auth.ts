import type { MiddlewareHandler } from "hono";
import { AlphaError } from "../lib/alpha/errors";
import { authenticateKey } from "./accounts";
import { countRequest } from "./billing/meter";
import type { AppEnv } from "./endpoint";

/** The key from `X-API-Key`, or from the `api_key` query parameter. */
export function apiKeyOf(req: Request | { header(name: string): string | undefined; url: string }): string | null {
  const header = req instanceof Request ? req.headers.get("x-api-key") : req.header("x-api-key");
  if (header && header.trim()) return header.trim();
  const url = req.url;
  const q = url.indexOf("?");
  if (q < 0 || !url.includes("api_key=", q)) return null;
  const fromQuery = new URLSearchParams(url.slice(q + 1)).get("api_key");
  return fromQuery && fromQuery.trim() ? fromQuery.trim() : null;
}

/**
 * Authenticates the request (401 `missing_api_key` / `invalid_api_key`, 403 `account_disabled`), puts the
 * Caller and its account on the context, and counts the request against the account's rate limits (429).
 */
export const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = apiKeyOf(c.req);
  if (!key) throw new AlphaError("missing_api_key", "Send an API key in the X-API-Key header (or the api_key query parameter)");
  const { found, dataVersion } = authenticateKey(c.get("ctx"), key);
  c.set("dataVersion", dataVersion);
  if (!found) throw new AlphaError("invalid_api_key", "The API key is not valid (unknown or revoked)");
  c.get("meter").balance = found.account.balance;
  if (found.account.status !== "active") throw new AlphaError("account_disabled", "This account is disabled");
  c.set("caller", found.caller);
  c.set("account", found.account);
  await countRequest(c, found.account);
  await next();
};
