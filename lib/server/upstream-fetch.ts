import "server-only";
/**
 * The desk's fetch for Alpha API calls: node:http(s) with keep-alive agents and a lean answer object. On Node 20 the
 * built-in fetch and a WHATWG Response cost several times the CPU of the desk's own proxy logic per call; this one
 * keeps the proxy's overhead small. It buffers answers (Alpha bodies are JSON or JSONL of a few MB at most).
 */
import http from "node:http";
import https from "node:https";

const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 32 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 32 }),
};

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

/** Just what lib/alpha/client.ts reads of an answer: ok, status, headers.get/has and the body as text or JSON. */
class LeanResponse {
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

export const upstreamFetch: typeof fetch = async (input, init = {}) => {
  const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
  const transport = url.protocol === "https:" ? https : url.protocol === "http:" ? http : null;
  if (!transport) return globalThis.fetch(input, init);
  const headers = plainHeaders(init.headers);
  const body = await encodeBody(init.body, headers);
  if (body) headers["content-length"] = String(body.length);
  const signal = init.signal ?? undefined;
  signal?.throwIfAborted();
  const method = init.method ?? "GET";
  return new Promise<Response>((resolve, reject) => {
    const req = transport.request(url, { method, headers, agent: agents[url.protocol as "http:" | "https:"] }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => resolve(asResponse(new LeanResponse(res.statusCode ?? 502, res.statusMessage ?? "", res.headers, Buffer.concat(chunks)))));
    });
    const onAbort = () => req.destroy(signal?.reason instanceof Error ? signal.reason : new Error("aborted"));
    signal?.addEventListener("abort", onAbort, { once: true });
    req.on("error", (error) => reject(signal?.aborted ? signal.reason : new TypeError("fetch failed", { cause: error })));
    req.on("close", () => signal?.removeEventListener("abort", onAbort));
    req.end(body);
  });
};
