import "server-only";
/**
 * The desk's fetch for Alpha calls: node:http with keep-alive agents, since Node 20's fetch cost several times the
 * proxy's own work per call. The wire contract is enforced here first: redirects, bad errors or charges, oversize.
 */
import { isUtf8 } from "node:buffer";
import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import { FETCH_TAKES_TIMEOUT, upstreamTimeoutError, type BodyBytesResponse, type TimedRequestInit } from "@/lib/alpha/client";
import { errorBodySchema } from "@/lib/alpha/errors";

/** Node's http server closes idle keep-alive sockets after 5 s unless it says otherwise (Keep-Alive: timeout=N). */
const DEFAULT_SERVER_IDLE_MS = 5_000;
const IDLE_MARGIN_MS = 1_000;
const idleBudget = new WeakMap<Socket, number>();

/** `Keep-Alive: timeout=N` of an answer, in milliseconds. */
export function keepAliveTimeoutMs(header: string | string[] | undefined): number | null {
  const match = /(?:^|[,\s])timeout=(\d+)/i.exec(Array.isArray(header) ? header.join(",") : (header ?? ""));
  return match ? Number(match[1]) * 1000 : null;
}

function makeAgent<A extends http.Agent>(agent: A): A {
  // After the agent has parked a socket (its own 'free' listener ran first), give it an idle timeout the agent
  // enforces by destroying it: a second short of when the server would close it.
  agent.on("free", (socket: Socket) => {
    const serverIdle = idleBudget.get(socket) ?? DEFAULT_SERVER_IDLE_MS;
    socket.setTimeout(Math.max(250, serverIdle - IDLE_MARGIN_MS));
  });
  return agent;
}

export const agents = {
  "http:": makeAgent(new http.Agent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 32 })),
  "https:": makeAgent(new https.Agent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 32 })),
};

const MB = 1024 * 1024;
/** What the desk reads of one answer, by endpoint: large documents get room, everything else a few MB. */
export function upstreamByteCap(pathname: string): number {
  if (/^\/v1\/batch\/jobs\/[^/]+\/results\/?$/.test(pathname)) return 64 * MB;
  if (/^\/v1\/concalls\/transcripts?\/?$/.test(pathname)) return 16 * MB;
  if (/\/citations\/[^/]+\/pdf\/?$/.test(pathname)) return 32 * MB;
  if (pathname.startsWith("/v1/batch/")) return 16 * MB;
  return 8 * MB;
}

/** The headers of an answer: node lower-cases names; repeated ones are joined as fetch does. */
class LeanHeaders {
  constructor(private readonly raw: http.IncomingHttpHeaders) {}
  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
  }
  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }
  forEach(fn: (value: string, name: string) => void): void {
    for (const name of Object.keys(this.raw)) {
      const value = this.get(name);
      if (value !== null) fn(value, name);
    }
  }
}

/**
 * Just what lib/alpha/client.ts reads of an answer: ok, status, headers.get/has, the body as text or JSON, and its
 * bytes (BodyBytesResponse) so the proxy sends what the upstream sent without encoding the decoded text again.
 */
class LeanResponse implements BodyBytesResponse {
  readonly ok: boolean;
  readonly headers: LeanHeaders;
  private readonly body: Buffer;
  constructor(
    readonly status: number,
    readonly statusText: string,
    headers: http.IncomingHttpHeaders,
    body: Buffer,
  ) {
    this.ok = status >= 200 && status < 300;
    this.headers = new LeanHeaders(headers);
    this.body = body;
  }
  async text(): Promise<string> {
    return this.body.toString("utf8");
  }
  async json(): Promise<unknown> {
    return JSON.parse(this.body.toString("utf8"));
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    return new Uint8Array(this.body).buffer;
  }
  /** The body's bytes when they are well-formed UTF-8 (then they are exactly `text()` encoded again), else null. */
  bodyBytes(): Uint8Array | null {
    return isUtf8(this.body) ? this.body : null;
  }
  bodyEquals(bytes: Uint8Array): boolean {
    return this.body.equals(bytes);
  }
}

/** The desk's verdict on an answer outside the contract: a 502 in the contract's own error shape. */
function contractBreak(message: string): LeanResponse {
  const body = Buffer.from(JSON.stringify({ error: { code: "upstream_contract_violation", message } }));
  return new LeanResponse(502, "Bad Gateway", { "content-type": "application/json; charset=utf-8" }, body);
}

/** Error bodies the desk accepts: the contract's `{ error: { code, message } }`, or the hosted API's `{ detail }`. */
export function isContractErrorBody(body: Buffer): boolean {
  let json: unknown;
  try {
    json = JSON.parse(body.toString("utf8"));
  } catch {
    return false;
  }
  if (errorBodySchema.safeParse(json).success) return true;
  const detail = (json as { detail?: unknown } | null)?.detail;
  return typeof detail === "string";
}

/** What of an answer breaks the contract before its body is read (status, charge header); null when nothing. */
export function headerContractBreak(status: number, headers: http.IncomingHttpHeaders): string | null {
  if (status >= 300 && status < 400) {
    return `The Alpha API answered with a redirect (HTTP ${status}${headers.location ? "" : ", and no Location"}); its interface never redirects`;
  }
  if (status < 200 || status >= 600) return `The Alpha API answered with HTTP status ${status}, which its interface does not use`;
  const charged = headers["x-credits-charged"];
  if (charged !== undefined) {
    const value = Array.isArray(charged) ? charged.join(",") : charged;
    if (!/^\d{1,12}$/.test(value.trim())) {
      return `The Alpha API sent X-Credits-Charged "${value.slice(0, 40)}", which is not a whole number of credits of 0 or more`;
    }
  }
  return null;
}

/**
 * The one cast of this module. Invariant: the Alpha client (lib/alpha/client.ts) touches only `ok`, `status`,
 * `headers.get` and `text()` of what its fetch returns; LeanResponse provides those (and a little more).
 */
function asResponse(lean: LeanResponse): Response {
  return lean as unknown as Response;
}

async function encodeBody(body: BodyInit | null | undefined, headers: Record<string, string>): Promise<Buffer | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return Buffer.from(body);
  // FormData, Blob and the rest: the platform encodes them (multipart boundary included).
  const encoded = new Request("http://encode.invalid/", { method: "POST", body });
  const type = encoded.headers.get("content-type");
  if (type && !Object.keys(headers).some((h) => h.toLowerCase() === "content-type")) headers["content-type"] = type;
  return Buffer.from(await encoded.arrayBuffer());
}

function plainHeaders(init: HeadersInit | undefined): Record<string, string> {
  if (!init) return {};
  if (init instanceof Headers) return Object.fromEntries(init.entries());
  if (Array.isArray(init)) return Object.fromEntries(init);
  return { ...init };
}

/** A request failed on a kept-alive socket before any answer: the server closed it as we wrote (safe to send again). */
class StaleSocketError extends Error {
  constructor(readonly original: Error) {
    super("stale keep-alive socket");
  }
}

interface Attempt {
  url: URL;
  transport: typeof http | typeof https;
  method: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
  signal: AbortSignal | undefined;
  /** When the whole answer must have arrived (performance.now() ms), with the timeout it came from; null: no limit. */
  deadline: { at: number; timeoutMs: number } | null;
}

function send({ url, transport, method, headers, body, signal, deadline }: Attempt): Promise<LeanResponse> {
  const cap = upstreamByteCap(url.pathname);
  return new Promise<LeanResponse>((rawResolve, rawReject) => {
    let answered = false;
    // One timer for the whole attempt (request, answer and body), cleared as soon as the promise settles.
    let timer: NodeJS.Timeout | undefined;
    const resolve = (value: LeanResponse) => {
      clearTimeout(timer);
      rawResolve(value);
    };
    const reject = (error: unknown) => {
      clearTimeout(timer);
      rawReject(error);
    };
    const req = transport.request(url, { method, headers, agent: agents[url.protocol as "http:" | "https:"] }, (res) => {
      answered = true;
      const socket = res.socket as Socket | null;
      const serverIdle = keepAliveTimeoutMs(res.headers["keep-alive"]);
      if (socket && serverIdle !== null) idleBudget.set(socket, serverIdle);
      const status = res.statusCode ?? 502;
      const broken = headerContractBreak(status, res.headers);
      const declared = Number(res.headers["content-length"] ?? "0");
      if (broken || declared > cap) {
        res.destroy();
        resolve(contractBreak(broken ?? `The Alpha API's answer is larger than the ${Math.round(cap / MB)} MB the desk reads for ${url.pathname}`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > cap) {
          res.destroy();
          resolve(contractBreak(`The Alpha API's answer is larger than the ${Math.round(cap / MB)} MB the desk reads for ${url.pathname}`));
          return;
        }
        chunks.push(chunk);
      });
      res.on("error", reject);
      res.on("end", () => {
        // Mostly one chunk (a page fits a socket read): used as it is, not copied.
        const buffer = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
        if (status >= 400 && !isContractErrorBody(buffer)) {
          resolve(contractBreak(`The Alpha API answered HTTP ${status} with a body outside its interface`));
          return;
        }
        resolve(new LeanResponse(status, res.statusMessage ?? "", res.headers, buffer));
      });
    });
    req.on("socket", (socket: Socket) => socket.setTimeout(0));
    if (deadline) {
      timer = setTimeout(() => {
        const error = upstreamTimeoutError(deadline.timeoutMs);
        reject(error);
        req.destroy(error);
      }, Math.max(0, deadline.at - performance.now()));
    }
    const onAbort = () => req.destroy(signal?.reason instanceof Error ? signal.reason : new Error("aborted"));
    signal?.addEventListener("abort", onAbort, { once: true });
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (signal?.aborted) return reject(signal.reason);
      const stale = req.reusedSocket && !answered && ["ECONNRESET", "EPIPE", "ECONNABORTED"].includes(error.code ?? "");
      reject(stale ? new StaleSocketError(error) : new TypeError("fetch failed", { cause: error }));
    });
    req.on("close", () => signal?.removeEventListener("abort", onAbort));
    req.end(body);
  });
}

async function upstreamFetchImpl(input: RequestInfo | URL, init: TimedRequestInit = {}): Promise<Response> {
  const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
  const transport = url.protocol === "https:" ? https : url.protocol === "http:" ? http : null;
  if (!transport) {
    const { timeoutMs, ...rest } = init;
    if (timeoutMs === undefined) return globalThis.fetch(input, rest);
    const timeout = AbortSignal.timeout(timeoutMs);
    return globalThis.fetch(input, { ...rest, signal: rest.signal ? AbortSignal.any([rest.signal, timeout]) : timeout });
  }
  const headers = plainHeaders(init.headers);
  const body = init.body === undefined || init.body === null ? undefined : await encodeBody(init.body, headers);
  if (body) headers["content-length"] = String(body.length);
  const signal = init.signal ?? undefined;
  signal?.throwIfAborted();
  const timeoutMs = init.timeoutMs;
  const deadline = timeoutMs !== undefined && Number.isFinite(timeoutMs) ? { at: performance.now() + timeoutMs, timeoutMs } : null;
  // A stale socket's second attempt runs within the first one's time.
  const attempt: Attempt = { url, transport, method: init.method ?? "GET", headers, body, signal, deadline };
  try {
    return asResponse(await send(attempt));
  } catch (error) {
    if (!(error instanceof StaleSocketError)) throw error;
    // Once, and only for a socket the server closed before answering: it never saw this request.
    try {
      return asResponse(await send(attempt));
    } catch (again) {
      throw again instanceof StaleSocketError ? new TypeError("fetch failed", { cause: again.original }) : again;
    }
  }
}

/**
 * fetch for the Alpha API. Besides fetch's init it takes `timeoutMs` (the whole answer within that long, else it
 * rejects with a TimeoutError and drops the request), and says so to the Alpha client (FETCH_TAKES_TIMEOUT).
 */
export const upstreamFetch: typeof fetch = Object.assign(upstreamFetchImpl, { [FETCH_TAKES_TIMEOUT]: true }) as unknown as typeof fetch;
