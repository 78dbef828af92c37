import "server-only";
/**
 * Reads the text behind a signed transcript link for the browser, which cannot (another origin, no CORS); only signed
 * transcript paths on the configured Alpha origin, so the route is no open proxy.
 */
import { AlphaError, isAlphaError } from "@/lib/alpha/errors";
import type { DeskContext } from "../core/context";
import { upstreamStream } from "./upstream-stream";

/** A transcript is a few thousand words; anything much larger is not one. */
export const MAX_TRANSCRIPT_BYTES = 2_000_000;

/** The signed transcript link as the desk accepts it, or an `invalid_parameter` error saying why not. */
export function checkTranscriptUrl(raw: string, alphaBaseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AlphaError("invalid_parameter", "url must be a transcript link from the Alpha API", { details: { fields: { url: ["is not a URL"] } } });
  }
  const base = new URL(alphaBaseUrl);
  const prefix = `${base.pathname.replace(/\/+$/, "")}/v1/assets/transcripts/`;
  const rest = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : null;
  const signed = url.searchParams.has("expires") && url.searchParams.has("signature");
  if (url.origin !== base.origin || rest === null || !/^[A-Za-z0-9._%-]+\.txt$/.test(rest) || !signed || url.username || url.password) {
    throw new AlphaError("invalid_parameter", "Only signed transcript links of the configured Alpha service can be read here", {
      details: { fields: { url: ["is not a signed transcript link of the Alpha service"] } },
    });
  }
  return url;
}

function explainAssetError(error: AlphaError): AlphaError {
  switch (error.code) {
    case "url_expired":
      return new AlphaError("url_expired", "This transcript link has expired. Ask for a new link (4 credits) to read it again.");
    case "invalid_signature":
      return new AlphaError("invalid_signature", "The Alpha service did not accept this transcript link. Ask for a new link.");
    case "not_found":
      return new AlphaError("not_found", "The Alpha service has no transcript behind this link.");
    default:
      return error.status >= 500 || error.status === 0
        ? new AlphaError("upstream_error", `The Alpha service failed to send the transcript (HTTP ${error.status}). Try again later.`)
        : new AlphaError(error.code, error.message, { status: error.status });
  }
}

/** The transcript's text, read through the streaming path: past MAX_TRANSCRIPT_BYTES the connection is dropped. */
export async function readTranscriptText({ ctx, input }: { ctx: DeskContext; input: { url: string } }): Promise<{ text: string; fetchedAt: string }> {
  const url = checkTranscriptUrl(input.url, ctx.config.alphaBaseUrl);
  const chunks: Buffer[] = [];
  try {
    const upstream = await upstreamStream(url, {
      headers: { Accept: "text/plain" },
      cap: MAX_TRANSCRIPT_BYTES,
      timeoutMs: ctx.config.upstreamTimeoutMs,
      overCap: () => new AlphaError("payload_too_large", "The transcript is larger than the desk reads"),
    });
    for await (const chunk of upstream.body) chunks.push(chunk);
  } catch (error) {
    if (!isAlphaError(error)) throw error;
    if (error.code === "upstream_timeout") throw new AlphaError("upstream_timeout", "The Alpha service did not send the transcript in time. Try again in a moment.");
    if (error.code === "upstream_unreachable") throw new AlphaError("upstream_unreachable", "The Alpha service could not be reached. Try again in a moment.");
    throw error.code === "payload_too_large" ? error : explainAssetError(error);
  }
  return { text: Buffer.concat(chunks).toString("utf8"), fetchedAt: ctx.now().toISOString() };
}
