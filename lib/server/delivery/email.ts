import "server-only";
/** E-mail through SMTP (nodemailer): plain text and HTML, a one-click unsubscribe link (List-Unsubscribe) per rule. */
import nodemailer, { type Transporter } from "nodemailer";
import type { DeliveryConfig } from "../core/delivery-config";
import type { AttemptResult } from "./webhook";

const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    // Bounded waits: an unreachable host fails an attempt in seconds, never holds a delivery.
    transport = nodemailer.createTransport(smtpUrl, { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 } as never);
    if (transports.size > 20) transports.clear();
    transports.set(smtpUrl, transport);
  }
  return transport;
}

export interface EmailSend {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one-click unsubscribe URL (List-Unsubscribe + List-Unsubscribe-Post), or null. */
  unsubscribeUrl: string | null;
  /** The same on every retry, so a receiving system can drop a repeat. */
  messageId: string;
}

export function isEmailAddress(value: string): boolean {
  return /^[^\s@<>()[\],;:"]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)+$/.test(value) && value.length <= 254;
}

/** Secrets never reach a ledger row: an SMTP URL's password is cut from any message that quotes it. */
function scrub(message: string, smtpUrl: string): string {
  try {
    const { password } = new URL(smtpUrl);
    return password ? message.replaceAll(decodeURIComponent(password), "…") : message;
  } catch {
    return message;
  }
}

export async function sendEmail(config: Pick<DeliveryConfig, "smtpUrl" | "mailFrom">, mail: EmailSend): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  if (!config.smtpUrl) return { ok: false, status: null, latencyMs: 0, error: "E-mail is not set up on this desk (DESK_SMTP_URL)", permanent: true };
  try {
    const info = (await transportFor(config.smtpUrl).sendMail({
      from: config.mailFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      ...(mail.unsubscribeUrl
        ? { list: { unsubscribe: { url: mail.unsubscribeUrl, comment: "Unsubscribe from this alert rule" } }, headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } }
        : {}),
    })) as { rejected?: unknown[] };
    if (Array.isArray(info.rejected) && info.rejected.length) return { ok: false, status: null, latencyMs: elapsed(), error: `the SMTP server refused ${mail.to}` };
    return { ok: true, status: 250, latencyMs: elapsed(), error: null };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const code = (error as { responseCode?: number }).responseCode;
    // 5xx is the server's final word on this message; anything else (unreachable, 4xx) may pass later.
    return { ok: false, status: code ?? null, latencyMs: elapsed(), error: `SMTP: ${scrub(text, config.smtpUrl)}`, ...(code && code >= 500 ? { permanent: true } : {}) };
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}
