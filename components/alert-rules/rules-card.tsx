"use client";

import { useQuery } from "@tanstack/react-query";
import { BellPlusIcon, PauseIcon, PlayIcon, Trash2Icon } from "lucide-react";
import Link from "next/link";
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
import { listAlerts, listAnnouncements, listBlockDeals, listNews } from "@/lib/alpha/catalogue-meta";
import type { AlertRule, RuleKind, SaveAlertRuleInput } from "@/lib/desk/alert-rules";
import * as alertEndpointsApi from "@/lib/desk/route-meta/alert-endpoints";
import * as alertRulesApi from "@/lib/desk/route-meta/alert-rules";
import * as watchlistsApi from "@/lib/desk/route-meta/watchlists";
import { deskQuery, useDeskMutation } from "@/lib/query/desk";
import { KIND_PRESETS } from "./kind-presets";

const failed = (e: unknown) => toast.error(isAlphaError(e) ? e.message : "That did not work. Try again.");
const list = (text: string) =>
  text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

function inputOf(rule: AlertRule, change: Partial<SaveAlertRuleInput> = {}): SaveAlertRuleInput {
  return { name: rule.name, scope: rule.scope, kinds: rule.kinds, timing: rule.timing, channels: rule.channels, paused: rule.paused, ...change };
}

function describeTiming(rule: AlertRule): string {
  const t = rule.timing;
  const base = t.mode === "digest" ? `Digest at ${t.digestTime} IST` : t.quietOutsideSession ? `Instant in the session, else the ${t.digestTime} digest` : "Instant";
  return [base, t.cooldownMinutes ? `${t.cooldownMinutes} min cooldown per symbol` : null, t.catchUpHours ? `catches up ${t.catchUpHours} h after downtime` : null].filter(Boolean).join("; ");
}

/** What a catch-up read costs per stream, as the catalogue prices the list reads the engine makes. */
const CATCH_UP_PRICE: Record<RuleKind["product"], string> = {
  announcements: `${listAnnouncements.cost.detailedCredits} credits per announcement`,
  alerts: `${listAlerts.cost.credits} credits per page of alerts`,
  news: `${listNews.cost.credits} credit per page of news`,
  "block-deals": `${listBlockDeals.cost.credits} credit per block deal`,
};

function RuleForm() {
  const id = useId();
  const watchlists = useQuery(deskQuery(watchlistsApi.listWatchlists));
  const endpoints = useQuery(deskQuery(alertEndpointsApi.listAlertEndpoints));
  const create = useDeskMutation(alertRulesApi.createAlertRule);
  const [name, setName] = useState("");
  const [watchlistIds, setWatchlistIds] = useState<string[]>([]);
  const [symbols, setSymbols] = useState("");
  const [presets, setPresets] = useState<string[]>(["results", "board"]);
  const [keywords, setKeywords] = useState("");
  const [blockCr, setBlockCr] = useState("");
  const [mode, setMode] = useState<"instant" | "digest">("instant");
  const [digestTime, setDigestTime] = useState("08:30");
  const [cooldown, setCooldown] = useState("0");
  const [quiet, setQuiet] = useState(false);
  const [catchUp, setCatchUp] = useState("6");
  const [inbox, setInbox] = useState(true);
  const [endpointIds, setEndpointIds] = useState<string[]>([]);
  const toggle = (values: string[], value: string, on: boolean) => (on ? [...values, value] : values.filter((v) => v !== value));
  const products = new Set<RuleKind["product"]>(KIND_PRESETS.filter((p) => presets.includes(p.id)).flatMap((p) => p.kinds.map((k) => k.product)));
  if (keywords.trim()) products.add("announcements");
  if (blockCr.trim()) products.add("block-deals");
  const catchUpCost = [...products].map((p) => CATCH_UP_PRICE[p]).join(", ");

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const kinds: RuleKind[] = KIND_PRESETS.filter((p) => presets.includes(p.id)).flatMap((p) => p.kinds);
    if (keywords.trim()) kinds.push({ product: "announcements", categories: [], importantOnly: false, keywords: list(keywords) });
    if (blockCr.trim()) kinds.push({ product: "block-deals", minValueCr: Number(blockCr) });
    create.mutate(
      {
        body: {
          name,
          scope: { watchlistIds, symbols: list(symbols) },
          kinds,
          timing: { mode, digestTime, cooldownMinutes: Number(cooldown) || 0, quietOutsideSession: quiet, catchUpHours: Number(catchUp) },
          channels: { inbox, endpointIds },
        },
      },
      {
        onSuccess: (rule) => {
          toast.success(`Rule “${rule.name}” saved.`);
          setName("");
          setSymbols("");
        },
        onError: failed,
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4" data-testid="rule-form" aria-label="New alert rule">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input id={`${id}-name`} required maxLength={80} value={name} onChange={(e) => setName(e.target.value)} placeholder="Results of my holdings" />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <fieldset className="grid gap-1.5">
          <legend className="mb-1 text-sm font-medium">Watchlists (members followed as they change)</legend>
          {watchlists.data?.length ? (
            watchlists.data.map((w) => (
              <label key={w.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="size-4 accent-primary" checked={watchlistIds.includes(w.id)} onChange={(e) => setWatchlistIds((v) => toggle(v, w.id, e.target.checked))} />
                {w.name}
                {w.owner && <span className="text-muted-foreground">(shared by {w.owner.name})</span>}
              </label>
            ))
          ) : (
            <p className="text-sm text-muted-foreground">
              No watchlists yet. <Link href="/watchlists" className="underline underline-offset-4">Make one</Link> or name symbols.
            </p>
          )}
          <Label htmlFor={`${id}-symbols`} className="mt-2">
            Symbols
          </Label>
          <Input id={`${id}-symbols`} value={symbols} onChange={(e) => setSymbols(e.target.value)} placeholder="TCS, INFY" />
        </fieldset>
        <fieldset className="grid gap-1.5">
          <legend className="mb-1 text-sm font-medium">Events</legend>
          {KIND_PRESETS.map((p) => (
            <label key={p.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4 accent-primary" checked={presets.includes(p.id)} onChange={(e) => setPresets((v) => toggle(v, p.id, e.target.checked))} />
              {p.label}
            </label>
          ))}
          <Label htmlFor={`${id}-keywords`} className="mt-2">
            Filings mentioning (wildcards * and ?)
          </Label>
          <Input id={`${id}-keywords`} value={keywords} onChange={(e) => setKeywords(e.target.value)} placeholder="buyback, order win*" />
          <Label htmlFor={`${id}-block`}>Block deals of at least (₹ crore)</Label>
          <Input id={`${id}-block`} inputMode="decimal" value={blockCr} onChange={(e) => setBlockCr(e.target.value)} placeholder="Off" />
        </fieldset>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <fieldset className="grid gap-1.5">
          <legend className="mb-1 text-sm font-medium">Timing</legend>
          <div className="grid grid-cols-2 gap-2">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-mode`}>Send</Label>
              <NativeSelect id={`${id}-mode`} value={mode} onChange={(e) => setMode(e.target.value as typeof mode)}>
                <NativeSelectOption value="instant">As they arrive</NativeSelectOption>
                <NativeSelectOption value="digest">In a daily digest</NativeSelectOption>
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-time`}>Digest at (IST)</Label>
              <Input id={`${id}-time`} type="time" value={digestTime} onChange={(e) => setDigestTime(e.target.value)} required />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-cooldown`}>Cooldown per symbol (min)</Label>
              <Input id={`${id}-cooldown`} inputMode="numeric" value={cooldown} onChange={(e) => setCooldown(e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-catch-up`}>Catch up after downtime</Label>
              <NativeSelect id={`${id}-catch-up`} value={catchUp} onChange={(e) => setCatchUp(e.target.value)}>
                <NativeSelectOption value="0">Off</NativeSelectOption>
                <NativeSelectOption value="1">Last hour</NativeSelectOption>
                <NativeSelectOption value="6">Last 6 hours</NativeSelectOption>
                <NativeSelectOption value="24">Last 24 hours</NativeSelectOption>
              </NativeSelect>
            </div>
          </div>
          <label className="mt-1 flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-primary" checked={quiet} onChange={(e) => setQuiet(e.target.checked)} />
            Quiet outside the NSE session: hold them for the next digest
          </label>
        </fieldset>
        <fieldset className="grid gap-1.5">
          <legend className="mb-1 text-sm font-medium">Channels</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-primary" checked={inbox} onChange={(e) => setInbox(e.target.checked)} />
            The desk’s inbox
          </label>
          {endpoints.data?.map((e) => (
            <label key={e.id} className="flex items-center gap-2 text-sm break-all">
              <input type="checkbox" className="size-4 shrink-0 accent-primary" checked={endpointIds.includes(e.id)} onChange={(ev) => setEndpointIds((v) => toggle(v, e.id, ev.target.checked))} />
              {e.channel}: {e.label}
            </label>
          ))}
        </fieldset>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={create.isPending}>
          <BellPlusIcon aria-hidden /> Save rule
        </Button>
        <p className="text-sm text-muted-foreground" data-testid="rule-cost">
          Costs 0 credits a day: rules run on the live streams, whose arrivals are free.{" "}
          {catchUp === "0"
            ? "Events stored while the desk is down are not sent (the ledger lists them as skipped when another rule reads them)."
            : `Events stored while the desk is down are read when it is back, from the last ${catchUp === "1" ? "hour" : `${catchUp} hours`}, and sent marked as late: ${catchUpCost} read (a page holds up to 50), paid only after downtime.`}
        </p>
      </div>
    </form>
  );
}

/** The user's alert rules, and the form for a new one. */
export function RulesCard() {
  const rules = useQuery(deskQuery(alertRulesApi.listAlertRules));
  const update = useDeskMutation(alertRulesApi.updateAlertRule);
  const remove = useDeskMutation(alertRulesApi.deleteAlertRule);
  return (
    <Card data-testid="rules-card">
      <CardHeader>
        <CardHeading icon={BellPlusIcon} title="Rules" description="A rule is a scope (watchlists, shared ones too, or symbols) × events × timing × channels." />
      </CardHeader>
      <CardContent className="grid gap-6">
        {rules.data?.length ? (
          <ul className="divide-y rounded-md border" aria-label="Your rules">
            {rules.data.map((rule) => (
              <li key={rule.id} className="grid gap-1 px-3 py-2 text-sm sm:grid-cols-[1fr_auto] sm:items-center" data-testid="rule" data-id={rule.id}>
                <div className="grid min-w-0 gap-0.5">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium break-words">{rule.name}</span>
                    {rule.paused && <Badge variant="outline">paused</Badge>}
                  </div>
                  <span className="break-words text-muted-foreground">
                    {[...rule.watchlists.map((w) => w.name), ...rule.scope.symbols].join(", ") || "—"} · {describeTiming(rule)} · {[rule.channels.inbox ? "inbox" : null, rule.channels.endpointIds.length ? `${rule.channels.endpointIds.length} endpoint(s)` : null].filter(Boolean).join(" + ")}
                  </span>
                </div>
                <div className="flex gap-1">
                  <Button variant="ghost" size="sm" onClick={() => update.mutate({ params: { id: rule.id }, body: inputOf(rule, { paused: !rule.paused }) }, { onError: failed })}>
                    {rule.paused ? <PlayIcon aria-hidden /> : <PauseIcon aria-hidden />}
                    {rule.paused ? "Resume" : "Pause"}
                    <span className="sr-only"> {rule.name}</span>
                  </Button>
                  <Link href={`/deliveries?rule=${rule.id}`} className="inline-flex h-8 items-center rounded-md px-2 text-sm underline-offset-4 hover:underline">
                    Deliveries<span className="sr-only"> of {rule.name}</span>
                  </Link>
                  <Button variant="ghost" size="sm" onClick={() => remove.mutate({ params: { id: rule.id } }, { onError: failed })}>
                    <Trash2Icon aria-hidden />
                    <span className="sr-only">Delete {rule.name}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No rules yet.</p>
        )}
        <RuleForm />
      </CardContent>
    </Card>
  );
}
