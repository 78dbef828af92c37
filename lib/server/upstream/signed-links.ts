import "server-only";
/**
 * "Never pay twice" for signed links: a paid answer of expiring URLs is handed out again, each `expires_in` counted down,
 * until shortly before its first link expires. Bodies are compared with their items sorted.
 */
import type { EndpointId } from "@/lib/alpha/catalogue";

export const SIGNED_LINK_ENDPOINTS: ReadonlySet<EndpointId> = new Set<EndpointId>(["lookupConcallTranscripts", "listAnnouncementAttachments"]);
/** A link handed out again has more than this long left: time to open it, and for a recording to start. */
export const REUSE_MARGIN_SECONDS = 120;
/** Links live 15 minutes on the service; nothing is kept longer than this whatever an answer says. */
export const MAX_LINK_REUSE_SECONDS = 24 * 60 * 60;

export function canonicalBody(parsed: Record<string, unknown> | undefined): string {
  const items = Array.isArray(parsed?.items) ? (parsed.items as { symbol: string; quarter: string }[]) : [];
  const keys = items.map((i) => `${i.symbol}:${i.quarter}`).sort();
  return JSON.stringify({ ...parsed, items: [...new Set(keys)] });
}

interface LinkAnswer {
  data: ({ status?: string; expires_in?: number } & Record<string, unknown>)[];
}

export function reuseSignedLinks(body: string, ageSeconds: number): string | null {
  let answer: LinkAnswer;
  try {
    answer = JSON.parse(body) as LinkAnswer;
  } catch {
    return null;
  }
  if (!Array.isArray(answer.data)) return null;
  const lifetimes = answer.data.filter((item) => typeof item.expires_in === "number").map((item) => item.expires_in as number);
  // No link in the answer (nothing ready): nothing was paid, so nothing is worth keeping.
  if (lifetimes.length === 0) return null;
  if (Math.min(...lifetimes) - ageSeconds <= REUSE_MARGIN_SECONDS) return null;
  const data = answer.data.map((item) => (typeof item.expires_in === "number" ? { ...item, expires_in: item.expires_in - ageSeconds } : item));
  return JSON.stringify({ ...answer, data });
}
