"use client";

import { useQuery } from "@tanstack/react-query";
import { BellRingIcon, PlayIcon, SendIcon, Trash2Icon } from "lucide-react";
import { useId, useState } from "react";
import { CardHeading } from "@/components/shell/card-heading";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import * as alertEndpointsApi from "@/lib/desk/route-meta/alert-endpoints";
import * as pushApi from "@/lib/desk/route-meta/push";
import { formatIstDateTime } from "@/lib/format/time";
import { deskCall } from "@/lib/desk/client";
import { deskQuery, useDeskMutation } from "@/lib/query/desk";

/** Asks this browser for notification permission, subscribes it to Web Push with the desk's VAPID key, and stores it. */
async function subscribeThisBrowser(save: (subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) => Promise<unknown>): Promise<void> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) throw new Error("This browser cannot receive Web Push notifications.");
  if ((await Notification.requestPermission()) !== "granted") throw new Error("Notifications are blocked for the desk in this browser.");
  const registration = await navigator.serviceWorker.register("/alert-sw.js", { scope: "/" });
  await navigator.serviceWorker.ready;
  const { publicKey } = await deskCall(pushApi.getVapidKey);
  const key = Uint8Array.from(atob(publicKey.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  const subscription = (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  const json = subscription.toJSON() as { endpoint?: string; keys?: { p256dh?: string; auth?: string } };
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new Error("The browser gave no push address.");
  await save({ endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } });
}

const failed = (e: unknown) => toast.error(isAlphaError(e) ? e.message : "That did not work. Try again.");

/** Where alerts go outside the desk: webhooks (signed; the secret shown once), e-mail addresses, Telegram chats. */
export function EndpointsCard() {
  const id = useId();
  const endpoints = useQuery(deskQuery(alertEndpointsApi.listAlertEndpoints));
  const create = useDeskMutation(alertEndpointsApi.createAlertEndpoint);
  const remove = useDeskMutation(alertEndpointsApi.deleteAlertEndpoint);
  const resume = useDeskMutation(alertEndpointsApi.resumeAlertEndpoint);
  const [channel, setChannel] = useState<"webhook" | "email" | "telegram">("webhook");
  const [target, setTarget] = useState("");
  const [chatId, setChatId] = useState("");
  const [secret, setSecret] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = channel === "webhook" ? { channel, url: target } : channel === "email" ? { channel, address: target } : { channel, token: target, chatId };
    create.mutate(
      { body },
      {
        onSuccess: (made) => {
          setTarget("");
          setChatId("");
          setSecret(made.secret);
          toast.success(`Added ${made.label}.`);
        },
        onError: failed,
      },
    );
  };
  return (
    <Card data-testid="endpoints-card">
      <CardHeader>
        <CardHeading icon={SendIcon} title="Where alerts go" description="Webhooks are signed (Standard Webhooks); e-mail carries a one-click unsubscribe; an endpoint failing for a day is paused and you are told in the inbox." />
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-channel`}>Channel</Label>
            <NativeSelect id={`${id}-channel`} value={channel} onChange={(e) => setChannel(e.target.value as typeof channel)}>
              <NativeSelectOption value="webhook">Webhook</NativeSelectOption>
              <NativeSelectOption value="email">E-mail</NativeSelectOption>
              <NativeSelectOption value="telegram">Telegram</NativeSelectOption>
            </NativeSelect>
          </div>
          <div className="grid gap-1.5 sm:grid-cols-2 sm:gap-2">
            <div className={channel === "telegram" ? "grid gap-1.5" : "grid gap-1.5 sm:col-span-2"}>
              <Label htmlFor={`${id}-target`}>{channel === "webhook" ? "URL" : channel === "email" ? "Address" : "Bot token"}</Label>
              <Input id={`${id}-target`} required value={target} onChange={(e) => setTarget(e.target.value)} type={channel === "email" ? "email" : channel === "telegram" ? "password" : "url"} placeholder={channel === "webhook" ? "https://example.com/hooks/alpha" : channel === "email" ? "you@example.com" : "123456:ABC…"} autoComplete="off" />
            </div>
            {channel === "telegram" && (
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-chat`}>Chat id</Label>
                <Input id={`${id}-chat`} required value={chatId} onChange={(e) => setChatId(e.target.value)} placeholder="-1001234567890" />
              </div>
            )}
          </div>
          <Button type="submit" disabled={create.isPending}>
            Add
          </Button>
        </form>
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={create.isPending}
            onClick={() =>
              void subscribeThisBrowser((subscription) => create.mutateAsync({ body: { channel: "push", subscription, label: "This browser" } })).then(
                () => toast.success("This browser will show your alerts, even with no desk tab open."),
                (e: unknown) => toast.error(isAlphaError(e) || e instanceof Error ? e.message : "That did not work."),
              )
            }
          >
            <BellRingIcon aria-hidden /> Notify this browser
          </Button>
        </div>
        {secret && (
          <div className="grid gap-1.5 rounded-lg border bg-muted/40 p-3" data-testid="webhook-secret">
            <Label htmlFor={`${id}-secret`}>Signing secret (shown once: verify each request’s webhook-signature with it)</Label>
            <Input id={`${id}-secret`} readOnly value={secret} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
          </div>
        )}
        {endpoints.data?.length ? (
          <ul className="divide-y rounded-md border" aria-label="Your endpoints">
            {endpoints.data.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm" data-testid="endpoint" data-id={e.id}>
                <Badge variant="secondary">{e.channel}</Badge>
                <span className="min-w-0 flex-1 break-all">{e.label}</span>
                {e.pausedAt ? <Badge variant="destructive">paused {formatIstDateTime(e.pausedAt)}</Badge> : e.failingSince ? <Badge variant="outline">failing since {formatIstDateTime(e.failingSince)}</Badge> : null}
                {e.pausedAt && (
                  <Button variant="outline" size="sm" onClick={() => resume.mutate({ params: { id: e.id } }, { onError: failed })}>
                    <PlayIcon aria-hidden /> Resume
                  </Button>
                )}
                <Button variant="ghost" size="sm" onClick={() => remove.mutate({ params: { id: e.id } }, { onError: failed })}>
                  <Trash2Icon aria-hidden />
                  <span className="sr-only">Remove {e.label}</span>
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No endpoints yet: rules deliver to your inbox.</p>
        )}
      </CardContent>
    </Card>
  );
}
