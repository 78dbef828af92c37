import "server-only";
/** Telegram through the Bot API (its base URL configurable): sendMessage to a chat, the token only in the path. */
import type { AttemptResult } from "./webhook";

export function isTelegramToken(token: string): boolean {
  return /^\d{5,15}:[A-Za-z0-9_-]{30,60}$/.test(token);
}

export async function sendTelegram({ apiUrl, token, chatId, text, timeoutMs = 5_000, fetchImpl = fetch }: { apiUrl: string; token: string; chatId: string; text: string; timeoutMs?: number; fetchImpl?: typeof fetch }): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  if (!isTelegramToken(token)) return { ok: false, status: null, latencyMs: 0, error: "That is not a Telegram bot token (digits, a colon, then 30+ letters)", permanent: true };
  try {
    const response = await fetchImpl(`${apiUrl.replace(/\/+$/, "")}/bot${token}/sendMessage`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ chat_id: chatId, text: text.slice(0, 4000), disable_web_page_preview: true }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json().catch(() => null)) as { ok?: boolean; description?: string } | null;
    if (response.ok && body?.ok) return { ok: true, status: response.status, latencyMs: elapsed(), error: null };
    const why = (body?.description ?? `answered ${response.status}`).replaceAll(token, "…");
    // 401 (bad token), 400 (chat not found), 403 (bot blocked): no retry mends them.
    return { ok: false, status: response.status, latencyMs: elapsed(), error: `Telegram: ${why}`, permanent: [400, 401, 403, 404].includes(response.status) };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return { ok: false, status: null, latencyMs: elapsed(), error: `Telegram: ${text.replaceAll(token, "…")}` };
  }
}
