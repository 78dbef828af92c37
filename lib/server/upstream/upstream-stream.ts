import "server-only";
/**
 * Large Alpha answers read as a stream, never held whole: the wire contract checked before the body, then the body
 * pulled under the endpoint's byte cap as fast as the reader takes it.
 */
import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import { errorFromResponse } from "@/lib/alpha/client";
import { AlphaError } from "@/lib/alpha/errors";
import { agents, headerContractBreak, isContractErrorBody, upstreamByteCap } from "../core/upstream-fetch";

export interface UpstreamStreamOptions {
  headers?: Record<string, string>;
  /** Bytes the desk reads of this answer; the endpoint's cap by default. */
  cap?: number;
  /** Longest silence of the connection, before the answer and between chunks. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The error past the cap (a 502 contract break by default). */
  overCap?: () => AlphaError;
}

export interface UpstreamStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body's chunks, as the reader pulls them; fails past the cap or when the connection breaks. */
  body: AsyncIterable<Buffer>;
  /** Bytes of the body read so far. */
  bytesRead(): number;
  /** Drops the connection (the reader went away). */
  cancel(): void;
}

const ERROR_BODY_CAP = 64 * 1024;
const MB = 1024 * 1024;

function plainHeaders(raw: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  return out;
}

/** A failed answer as the Alpha client would report it; a body outside the contract is a 502. */
async function errorOf(res: http.IncomingMessage, status: number): Promise<AlphaError> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > ERROR_BODY_CAP) {
      res.destroy();
      return new AlphaError("upstream_contract_violation", `The Alpha API answered HTTP ${status} with an error body larger than its interface allows`);
    }
    chunks.push(chunk);
  }
  const body = Buffer.concat(chunks);
  if (!isContractErrorBody(body)) return new AlphaError("upstream_contract_violation", `The Alpha API answered HTTP ${status} with a body outside its interface`);
  return errorFromResponse(new Response(new Uint8Array(body), { status, headers: plainHeaders(res.headers) }));
}

class StaleSocket extends Error {}

function open(url: URL, options: UpstreamStreamOptions, cap: number): Promise<UpstreamStream> {
  const transport = url.protocol === "https:" ? https : http;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const overCap = options.overCap ?? (() => new AlphaError("upstream_contract_violation", `The Alpha API's answer is larger than the ${Math.round(cap / MB)} MB the desk reads for ${url.pathname}`));
  return new Promise<UpstreamStream>((resolve, reject) => {
    let answered = false;
    const req = transport.request(url, { method: "GET", headers: options.headers, agent: agents[url.protocol as "http:" | "https:"] }, (res) => {
      answered = true;
      const status = res.statusCode ?? 502;
      const broken = headerContractBreak(status, res.headers);
      if (broken) {
        res.destroy();
        return reject(new AlphaError("upstream_contract_violation", broken));
      }
      if (Number(res.headers["content-length"] ?? "0") > cap) {
        res.destroy();
        return reject(overCap());
      }
      if (status >= 400) return void errorOf(res, status).then(reject, reject);
      let size = 0;
      async function* body(): AsyncGenerator<Buffer> {
        try {
          for await (const chunk of res as AsyncIterable<Buffer>) {
            size += chunk.length;
            // Counted before it is passed on: the chunk that crosses the cap is the last one read.
            if (size > cap) throw overCap();
            yield chunk;
          }
          if (!res.complete) throw new AlphaError("upstream_unreachable", "The Alpha API's answer broke off before its end");
        } finally {
          if (!res.complete) res.destroy();
        }
      }
      resolve({ status, headers: res.headers, body: body(), bytesRead: () => size, cancel: () => res.destroy() });
    });
    req.on("socket", (socket: Socket) => socket.setTimeout(0));
    req.setTimeout(timeoutMs, () => req.destroy(new AlphaError("upstream_timeout", `The Alpha API was silent for ${timeoutMs} ms`)));
    const signal = options.signal;
    const onAbort = () => req.destroy(signal?.reason instanceof Error ? signal.reason : new Error("aborted"));
    signal?.addEventListener("abort", onAbort, { once: true });
    req.on("close", () => signal?.removeEventListener("abort", onAbort));
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (answered) return; // the body's reader sees the break
      if (signal?.aborted || error instanceof AlphaError) return reject(error);
      // The server closed a kept-alive socket as we wrote: it never saw this request, so it may be sent once more.
      if (req.reusedSocket && ["ECONNRESET", "EPIPE", "ECONNABORTED"].includes(error.code ?? "")) return reject(new StaleSocket());
      reject(new AlphaError("upstream_unreachable", "The Alpha API could not be reached", { cause: error }));
    });
    req.end();
  });
}

export async function upstreamStream(target: string | URL, options: UpstreamStreamOptions = {}): Promise<UpstreamStream> {
  const url = new URL(target);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new AlphaError("upstream_unreachable", "The Alpha API's address is not http(s)");
  const cap = options.cap ?? upstreamByteCap(url.pathname);
  options.signal?.throwIfAborted();
  try {
    return await open(url, options, cap);
  } catch (error) {
    if (!(error instanceof StaleSocket)) throw error;
    try {
      return await open(url, options, cap);
    } catch (again) {
      throw again instanceof StaleSocket ? new AlphaError("upstream_unreachable", "The Alpha API could not be reached") : again;
    }
  }
}
