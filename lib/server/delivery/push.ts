import "server-only";
/**
 * Web Push: the desk's VAPID key pair is generated once into the data folder (0600) and kept; each notification is
 * encrypted for its subscription (aes128gcm) and sent by `web-push` to the browser's push service, so it arrives with
 * no desk tab open. A subscription the push service says is gone (404, 410) fails for good.
 */
import { existsSync, readFileSync } from "node:fs";
import webpush from "web-push";
import { createPrivateFile } from "../core/db";
import type { DeliveryConfig } from "../core/delivery-config";
import { writeFileSync } from "node:fs";
import { postGuarded, type AttemptResult } from "./webhook";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const cached = new Map<string, VapidKeys>();

/** The VAPID key pair: read from its file, or generated into it the first time (or per process without a file). */
export function vapidKeys(config: Pick<DeliveryConfig, "vapidFile">): VapidKeys {
  const file = config.vapidFile ?? "";
  const hit = cached.get(file);
  if (hit) return hit;
  let keys: VapidKeys | null = null;
  if (file && existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<VapidKeys>;
    if (typeof parsed.publicKey === "string" && typeof parsed.privateKey === "string") keys = { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
  }
  if (!keys) {
    keys = webpush.generateVAPIDKeys();
    if (file) {
      createPrivateFile(file);
      writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
    }
  }
  cached.set(file, keys);
  return keys;
}

export interface PushSubscriptionKeys {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Encrypts with web-push and posts through the desk's guarded client (the push service's address checked like a webhook's). */
export async function sendPush(
  config: Pick<DeliveryConfig, "vapidFile" | "allowPrivateWebhooks">,
  input: { subscription: PushSubscriptionKeys; payload: unknown; timeoutMs?: number; subject?: string },
): Promise<AttemptResult> {
  const keys = vapidKeys(config);
  let details: { headers: Record<string, string | number>; body: Buffer | string | null; endpoint: string };
  try {
    details = webpush.generateRequestDetails(input.subscription, JSON.stringify(input.payload), {
      vapidDetails: { subject: input.subject ?? "mailto:alerts@alpha-desk.invalid", publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: 24 * 3600,
      contentEncoding: "aes128gcm",
    }) as typeof details;
  } catch (error) {
    return { ok: false, status: null, latencyMs: 0, error: `push: ${error instanceof Error ? error.message : String(error)}`, permanent: true };
  }
  const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
  const result = await postGuarded({ url: details.endpoint, headers, body: details.body ?? "", timeoutMs: input.timeoutMs ?? 5_000, allowPrivate: config.allowPrivateWebhooks });
  if (result.ok) return result;
  const gone = result.status === 404 || result.status === 410;
  return { ...result, error: gone ? "the browser's subscription has ended (turn notifications on again)" : `push service: ${result.error ?? "failed"}`, permanent: gone || result.permanent };
}
