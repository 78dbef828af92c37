import "server-only";
/** How the desk reaches people outside it: SMTP, Telegram's Bot API, webhooks. Parsed from env once (core/env.ts). */

export interface DeliveryConfig {
  /** An SMTP URL nodemailer understands (smtp://user:pass@host:587, smtps://…:465); null: e-mail is off. */
  smtpUrl: string | null;
  /** The From of the desk's mail. */
  mailFrom: string;
  /** Telegram's Bot API base (a self-hosted Bot API server, or a test's receiver). */
  telegramApiUrl: string;
  /** Webhooks to private, loopback or link-local addresses (refused in production unless the operator allows them). */
  allowPrivateWebhooks: boolean;
  /** One webhook attempt's limit (connect, send, answer). */
  webhookTimeoutMs: number;
  /** Where the Web Push (VAPID) key pair is generated once and kept; null: a pair for this process only. */
  vapidFile?: string | null;
}

export const DEFAULT_DELIVERY_CONFIG: DeliveryConfig = {
  smtpUrl: null,
  mailFrom: "Alpha Desk <alerts@alpha-desk.invalid>",
  telegramApiUrl: "https://api.telegram.org",
  allowPrivateWebhooks: false,
  webhookTimeoutMs: 3_000,
};
