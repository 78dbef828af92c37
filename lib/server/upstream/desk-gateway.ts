import "server-only";
/**
 * The Alpha API's own paths under the desk's `/alpha` base, for scripts with a desk token in `X-API-Key`: the token's
 * scope, address, rate and caps are checked before anything is sent; a paid call is logged pending (counted against
 * the token's caps and its owner's seat in one transaction) under the X-Client-Request-Id it is sent with, like every
 * desk call; the request goes upstream with the organisation key, its answer comes back as the service sent it
 * (body and credit, rate and request headers), and settles the row. The token never leaves the desk.
 */
import { catalogue, matchEndpoint, type EndpointId } from "@/lib/alpha/catalogue";
import { FETCH_TAKES_TIMEOUT } from "@/lib/alpha/client";
import { isPaid, priceInputOf, priceRequest } from "@/lib/alpha/costs";
import { AlphaError, isAlphaError } from "@/lib/alpha/errors";
import { DESK_ALPHA_BASE } from "@/lib/desk/token-labels";
import type { DeskContext } from "../core/context";
import { clientAddress } from "../core/forwarded";
import { withOrgKey } from "../identity/key-vault";
import type { SessionUser } from "../identity/users";
import { dropPaidCall, openPaidCall, settlePaidCall } from "../records/pending-spend";
import { admitTokenCall, authenticateDeskToken, scopeOf, touchDeskToken, type ActiveToken } from "../teams/desk-tokens";
import { guardPaidCall, reservationPrice } from "../teams/seats";
import { featureOf, ladderHold, ladderRefusal, ladderVerdict } from "../teams/budget-guard";
import { assertJobVisible, ownershipApplies, recordJobOwner, visibleJobIds } from "../teams/visibility";
import { forgetAccountMemo } from "./alpha-proxy";

/** Request headers a script's call carries on to the service (the key is the desk's own; nothing else is forwarded). */
const FORWARDED_REQUEST_HEADERS = ["accept", "content-type", "x-alpha-content-retention"];
/** Answer headers not passed back: hop-by-hop, the body's transfer (re-sent decoded), cookies, the desk's own id. */
const DROPPED_RESPONSE_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "content-encoding", "content-length", "set-cookie", "x-client-request-id", "upgrade"]);
/** Bodies larger than the service's largest upload (a 5 MB batch file in multipart) are refused before they are read. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

function errorAnswer(error: AlphaError): Response {
  const headers: Record<string, string> = { "Content-Type": "application/json", "Cache-Control": "no-store" };
  if (error.retryAfter !== undefined) headers["Retry-After"] = String(error.retryAfter);
  return new Response(JSON.stringify(error.toBody()), { status: error.status, headers });
}

/** The upstream path of a request to the base: `/alpha/v1/news` → `/v1/news`; null when it is not under the base. */
export function upstreamPathOf(pathname: string): string | null {
  if (!pathname.startsWith(`${DESK_ALPHA_BASE}/`)) return null;
  return pathname.slice(DESK_ALPHA_BASE.length);
}

/** The token from `X-API-Key`, or the `api_key` query parameter (as the service takes it). */
export function tokenSecretOf(request: Request, url: URL): string | null {
  return request.headers.get("x-api-key") ?? url.searchParams.get("api_key");
}

/** A query string as the cost rules read it: repeated keys become a list. */
function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = all.length > 1 ? all : all[0]!;
  }
  return out;
}

/** The most a call may cost, from its query or body as sent (a body the service cannot read is refused by it, free). */
async function priceOf(id: EndpointId, contentType: string | null, query: URLSearchParams, body: Uint8Array | null): Promise<number> {
  if (!isPaid(id)) return 0;
  if (id === "createBatchJob") {
    if (!body) return 0;
    try {
      const form = await new Request("http://body.invalid/", { method: "POST", headers: contentType ? { "content-type": contentType } : {}, body: body as BodyInit }).formData();
      return await reservationPrice(id, { file: form.get("file") ?? "" });
    } catch {
      return reservationPrice(id, { file: "" });
    }
  }
  let raw: unknown = queryObject(query);
  if (body && body.length > 0) {
    try {
      raw = JSON.parse(new TextDecoder().decode(body)) as unknown;
    } catch {
      raw = {};
    }
  }
  return priceRequest(id, priceInputOf(id, raw)).credits;
}

async function ownerOf(ctx: DeskContext, token: ActiveToken): Promise<SessionUser> {
  const row = await ctx.db.selectFrom("users").select(["id", "email", "name", "role"]).where("id", "=", token.ownerId).executeTakeFirst();
  if (!row) throw new AlphaError("invalid_api_key", "The desk token's owner is no longer a member");
  return { id: row.id, email: row.email, name: row.name, role: row.role === "admin" ? "admin" : "member" };
}

/** Which endpoint a method and upstream path name; 404 or 405 in the service's words otherwise. */
export function endpointOf(method: string, path: string): { id: EndpointId; params: Record<string, string> } {
  const match = matchEndpoint(method === "HEAD" ? "GET" : method, path);
  if (match) return match;
  const other = ["GET", "POST", "DELETE"].some((m) => m !== method && matchEndpoint(m, path));
  if (other) throw new AlphaError("method_not_allowed", `${method} is not allowed on ${path}`);
  throw new AlphaError("not_found", `No endpoint at ${path}`);
}

export interface TokenCaller {
  token: ActiveToken;
  owner: SessionUser;
}

/** Authenticates the token and admits it to the endpoint's scope (address, scope, rate): every refusal is free. */
export async function admitDeskToken({ ctx, request, url, id }: { ctx: DeskContext; request: Request; url: URL; id: EndpointId | "stream" }): Promise<TokenCaller> {
  const token = await authenticateDeskToken({ ctx, secret: tokenSecretOf(request, url) });
  const address = clientAddress((name) => request.headers.get(name), ctx.config.forwarded);
  await admitTokenCall({ ctx, token, input: { scope: id === "stream" ? "streams" : scopeOf(id), address } });
  const owner = await ownerOf(ctx, token);
  void touchDeskToken({ ctx, id: token.id }).catch(() => undefined);
  return { token, owner };
}

/** One REST call through the base. Every answer is the service's shape: its own, or the desk's refusal in its words. */
export async function serveDeskGateway({ ctx, request }: { ctx: DeskContext; request: Request }): Promise<Response> {
  try {
    return await gatewayCall(ctx, request);
  } catch (error) {
    if (isAlphaError(error)) return errorAnswer(error);
    console.error(JSON.stringify({ level: "error", msg: "desk gateway failed", error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }));
    return errorAnswer(new AlphaError("internal_error", "Something went wrong in the desk while calling the Alpha service"));
  }
}

async function gatewayCall(ctx: DeskContext, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = upstreamPathOf(url.pathname);
  if (path === null) throw new AlphaError("not_found", `No endpoint at ${url.pathname}`);
  if (path.replace(/\/+$/, "") === "/v1/ws") throw new AlphaError("upgrade_required", "Open /v1/ws as a WebSocket");
  const { id, params } = endpointOf(request.method, path);
  const { token, owner } = await admitDeskToken({ ctx, request, url, id });
  const { apiKey, accountId } = await withOrgKey({ ctx });
  // The owner's seat decides which paid actions the token takes, and counts its spend (as for the owner's own calls).
  const seat = await guardPaidCall({ ctx, user: owner, input: { id, source: "organisation" } });
  // A budget past its limit: the base holds no cache of its own, so a call the ladder holds to the cache is refused.
  if (isPaid(id)) {
    const feature = featureOf(id);
    const hold = await ladderHold({ ctx, input: { accountId, userId: owner.id, tokenId: token.id, features: feature ? [feature] : [] } });
    if (ladderVerdict(hold, owner, id, catalogue[id].method) !== "pass" && hold) throw ladderRefusal(hold);
  }
  const jobId = typeof params.job_id === "string" ? params.job_id : null;
  if (jobId !== null) await assertJobVisible({ ctx, user: owner, input: { jobId, source: "organisation" } });

  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new AlphaError("payload_too_large", `The request body is larger than ${MAX_BODY_BYTES / (1024 * 1024)} MB`);
  const body = request.method === "GET" || request.method === "HEAD" || request.method === "DELETE" ? null : new Uint8Array(await request.arrayBuffer());
  if (body && body.length > MAX_BODY_BYTES) throw new AlphaError("payload_too_large", `The request body is larger than ${MAX_BODY_BYTES / (1024 * 1024)} MB`);
  const query = new URLSearchParams(url.search);
  query.delete("api_key");
  const contentType = request.headers.get("content-type");
  const price = await priceOf(id, contentType, query, body);
  const pending = isPaid(id) ? await openPaidCall({ ctx, user: owner, input: { endpoint: id, accountId, price, seat, token } }) : null;

  const headers: Record<string, string> = { "X-API-Key": apiKey };
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  if (pending) headers["X-Client-Request-Id"] = pending.clientRequestId;
  const search = query.toString();
  const target = `${ctx.config.alphaBaseUrl.replace(/\/+$/, "")}${path}${search ? `?${search}` : ""}`;
  const timeoutMs = ctx.config.upstreamTimeoutMs;
  let upstream: Response;
  let bytes: ArrayBuffer;
  try {
    const takesTimeout = (ctx.fetch as unknown as Record<symbol, unknown>)[FETCH_TAKES_TIMEOUT] === true;
    upstream = await ctx.fetch(target, {
      method: request.method,
      headers,
      ...(body ? { body: body as BodyInit } : {}),
      ...(takesTimeout ? { timeoutMs } : { signal: AbortSignal.timeout(timeoutMs) }),
    } as RequestInit);
    bytes = await upstream.arrayBuffer();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    const base = timedOut
      ? new AlphaError("upstream_timeout", "The Alpha service did not answer in time.")
      : new AlphaError("upstream_unreachable", "The Alpha service could not be reached.");
    if (!pending) throw base;
    // It may have been charged: the row stays pending until the ledger says (docs/spend-settlement.md).
    throw new AlphaError(base.code, `${base.message} The service may have charged up to ${pending.quoted} credits; the desk will confirm.`, {
      details: { charge_pending: { max_credits: pending.quoted, client_request_id: pending.clientRequestId } },
    });
  }

  const status = upstream.status;
  if (pending) {
    if (status >= 200 && status < 300) {
      const credits = Math.max(0, Number(upstream.headers.get("x-credits-charged") ?? "0") || 0);
      const requestId = upstream.headers.get("x-request-id");
      const createdJob = id === "createBatchJob" ? jobIdOfBody(bytes) : null;
      await Promise.all([
        settlePaidCall({ ctx, input: { rowId: pending.rowId, credits, requestId, jobId: createdJob, counted: id === "createBatchJob" ? "keep" : credits } }),
        createdJob ? recordJobOwner({ ctx, user: owner, input: { jobId: createdJob, accountId, source: "organisation" } }) : null,
      ]).catch((error: unknown) => console.error(JSON.stringify({ level: "error", msg: "token spend write failed", endpoint: id, error: String(error) })));
    } else if (status >= 400 && status < 500) {
      // The service refused: it charged nothing.
      await dropPaidCall({ ctx, input: { rowId: pending.rowId } }).catch(() => undefined);
    }
    // A 5xx may have been charged: the row stays pending for the ledger.
  }
  if (status < 400 && (isPaid(id) || catalogue[id].method !== "GET")) await forgetAccountMemo({ ctx, accountId, stateChanged: catalogue[id].method !== "GET" }).catch(() => undefined);

  const out = new Headers();
  upstream.headers.forEach((value, name) => {
    if (!DROPPED_RESPONSE_HEADERS.has(name.toLowerCase())) out.set(name, value);
  });
  let payload: ArrayBuffer | string = bytes;
  // The organisation key lists every member's jobs: a member's token sees its owner's own.
  if (id === "listBatchJobs" && status === 200 && ownershipApplies(owner, "organisation")) {
    const list = JSON.parse(new TextDecoder().decode(bytes)) as { data: { id: string }[] };
    const own = await visibleJobIds({ ctx, user: owner, input: { jobIds: list.data.map((j) => j.id) } });
    payload = JSON.stringify({ ...list, data: list.data.filter((j) => own.has(j.id)) });
  }
  return new Response(request.method === "HEAD" || status === 204 || status === 304 ? null : payload, { status, headers: out });
}

function jobIdOfBody(bytes: ArrayBuffer): string | null {
  try {
    const value = JSON.parse(new TextDecoder().decode(bytes)) as { id?: unknown };
    return typeof value.id === "string" ? value.id : null;
  } catch {
    return null;
  }
}
