"use client";

import { useQuery } from "@tanstack/react-query";
import { AlarmClockIcon, PauseIcon, PlayIcon, Trash2Icon } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { PriceTag, priceWords } from "@/components/paid/price-tag";
import { modeLabel, MODE_INFO } from "@/components/summaries/summary-params";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ClockInput } from "@/components/shell/typed-date-time-inputs";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { priceBy } from "@/lib/alpha/cost-rules";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import type { SummaryMode } from "@/lib/alpha/summaries";
import { SUMMARY_MODES } from "@/lib/alpha/summary-rules";
import type { BriefSchedule } from "@/lib/desk/briefs";
import { briefRequest } from "@/lib/desk/brief-request";
import { formatIstDateTime } from "@/lib/format/time";
import * as briefsApi from "@/lib/desk/route-meta/briefs";
import * as watchlistsApi from "@/lib/desk/route-meta/watchlists";
import { deskQuery, useDeskMutation } from "@/lib/query/desk";
import { runWords } from "./run-words";
import { SUMMARY_CALLS } from "@/lib/query/summaries";

const PRESETS = [
  { time: "08:45", label: "Before the open (08:45)" },
  { time: "16:15", label: "After the close (16:15)" },
] as const;

function ScheduleRow({ schedule }: { schedule: BriefSchedule }) {
  const toggle = useDeskMutation(briefsApi.updateBriefSchedule, {
    onSuccess: (s) => toast.success(s.paused ? "Brief paused." : "Brief resumed."),
    onError: (e) => toast.error(isAlphaError(e) ? e.message : "That did not work. Try again."),
  });
  const remove = useDeskMutation(briefsApi.deleteBriefSchedule, {
    onSuccess: () => toast.success("Scheduled brief deleted."),
    onError: (e) => toast.error(isAlphaError(e) ? e.message : "That did not work. Try again."),
  });
  const params = { id: schedule.id };
  return (
    <li data-testid="brief-schedule" data-id={schedule.id} className="flex flex-col gap-1 rounded-md border px-3 py-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium tabular-nums">{schedule.time} IST</span>
        <span className="min-w-0 break-words">
          {schedule.watchlistName} · {modeLabel(schedule.mode)}
        </span>
        {schedule.paused && <Badge variant="outline">Paused</Badge>}
        <span className="ml-auto flex gap-1">
          <Button variant="ghost" size="sm" onClick={() => toggle.mutate({ params, body: { paused: !schedule.paused } })} disabled={toggle.isPending} aria-label={`${schedule.paused ? "Resume" : "Pause"} the ${schedule.time} brief of ${schedule.watchlistName}`}>
            {schedule.paused ? <PlayIcon aria-hidden /> : <PauseIcon aria-hidden />}
            {schedule.paused ? "Resume" : "Pause"}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => remove.mutate({ params })} disabled={remove.isPending} aria-label={`Delete the ${schedule.time} brief of ${schedule.watchlistName}`}>
            <Trash2Icon aria-hidden />
            Delete
          </Button>
        </span>
      </div>
      <p className="text-sm text-muted-foreground" data-testid="brief-next-run">
        {schedule.nextRunAt ? `Next brief ${formatIstDateTime(schedule.nextRunAt)} (market days only).` : "Paused: no brief until you resume it."}
      </p>
      {schedule.lastRun && (
        <p className="text-sm" data-testid="brief-last-run" data-status={schedule.lastRun.status}>
          <span className="text-muted-foreground">Last: </span>
          {runWords(schedule.lastRun)}
          {schedule.lastRun.summaryId && (
            <>
              {" "}
              <Link className="font-medium text-primary underline-offset-4 hover:underline" href={`/summaries?entry=${encodeURIComponent(schedule.lastRun.summaryId)}`}>
                Open it
              </Link>
            </>
          )}
        </p>
      )}
    </li>
  );
}

/**
 * Scheduled briefs: a watchlist's daily summary at a time in IST on market days. The price shows once, here, before
 * scheduling; a brief is charged only when the server generates it (its entry then joins the summary history).
 */
export function BriefSchedules({ hasKey }: { hasKey: boolean }) {
  const schedules = useQuery({ ...deskQuery(briefsApi.listBriefSchedules), refetchInterval: 60_000 });
  const watchlists = useQuery(deskQuery(watchlistsApi.listWatchlists));
  const [watchlistId, setWatchlistId] = useState<string>("");
  const [time, setTime] = useState<string>("08:45");
  const [mode, setMode] = useState<SummaryMode>("news_context");
  const chosen = watchlists.data?.find((w) => w.id === watchlistId) ?? null;
  const price = chosen && chosen.items.length > 0 ? priceBy("createDailySummary", SUMMARY_CALLS.endpoints.createDailySummary.cost, briefRequest(chosen.items, mode)) : null;
  const create = useDeskMutation(briefsApi.createBriefSchedule, {
    onSuccess: (s) => toast.success(`Scheduled: ${s.watchlistName} at ${s.time} IST on market days.`),
    onError: (e) => toast.error(isAlphaError(e) ? e.message : "The brief was not scheduled. Try again."),
  });
  const list = schedules.data ?? [];
  return (
    <Card data-testid="brief-schedules">
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <AlarmClockIcon aria-hidden className="size-4" /> Scheduled briefs
          </h2>
        </CardTitle>
        <CardDescription>A watchlist&apos;s summary made for you each market day at a time you choose; it waits for you on Today and in the history.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {list.length > 0 ? (
          <ul className="flex flex-col gap-2">
            {list.map((s) => (
              <ScheduleRow key={s.id} schedule={s} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{schedules.isLoading ? "Loading your scheduled briefs…" : "No scheduled briefs yet."}</p>
        )}
        <form
          className="flex flex-col gap-3 border-t pt-4"
          aria-label="Schedule a brief"
          onSubmit={(e) => {
            e.preventDefault();
            if (chosen && price) create.mutate({ body: { watchlistId, time, mode } });
          }}
        >
          <div className="flex flex-wrap items-end gap-3">
            <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
              <Label htmlFor="brief-watchlist">Watchlist</Label>
              <NativeSelect id="brief-watchlist" className="w-full" value={watchlistId} onChange={(e) => setWatchlistId(e.target.value)}>
                <NativeSelectOption value="" disabled>
                  {watchlists.data?.length === 0 ? "No watchlists yet" : "Choose a watchlist"}
                </NativeSelectOption>
                {(watchlists.data ?? []).map((w) => (
                  <NativeSelectOption key={w.id} value={w.id} disabled={w.items.length === 0}>
                    {`${w.name} (${w.items.length} symbols)`}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor="brief-time">Time (IST)</Label>
              <ClockInput id="brief-time" className="w-24" required value={time} onChange={setTime} />
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor="brief-mode">Kind of summary</Label>
              <NativeSelect id="brief-mode" className="w-48" value={mode} onChange={(e) => setMode(SUMMARY_MODES.find((m) => m === e.target.value) ?? mode)}>
                {SUMMARY_MODES.map((m) => (
                  <NativeSelectOption key={m} value={m}>
                    {MODE_INFO[m].label}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </div>
          </div>
          <div className="flex flex-wrap gap-2" role="group" aria-label="Suggested times">
            {PRESETS.map((p) => (
              <Button key={p.time} type="button" variant={time === p.time ? "secondary" : "outline"} size="sm" aria-pressed={time === p.time} onClick={() => setTime(p.time)}>
                {p.label}
              </Button>
            ))}
          </div>
          {price && (
            <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="brief-price">
              <PriceTag credits={price.credits} upTo={!price.exact} description={price.description} />
              <span>
                Each brief costs {priceWords({ credits: price.credits, upTo: !price.exact })}, charged only when one is generated. Scheduling is free; days the market is shut are skipped.
              </span>
            </p>
          )}
          <div>
            <Button type="submit" disabled={!hasKey || !price || create.isPending}>
              {create.isPending ? "Scheduling…" : "Schedule brief"}
            </Button>
            {!hasKey && <p className="mt-1 text-sm text-muted-foreground">Add your Alpha key in Settings first: briefs are made with it.</p>}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
