"use client";

import { useQuery } from "@tanstack/react-query";
import { AlarmClockIcon } from "lucide-react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatIstDateTime, formatIstTime } from "@/lib/format/time";
import * as api from "@/lib/desk/route-meta/briefs";
import { deskQuery } from "@/lib/query/desk";
import { runWords } from "./run-words";

const STATUS_WORDS = { generated: "Ready", running: "Generating", skipped: "Skipped", failed: "Not generated" } as const;

/**
 * Today's scheduled briefs (for the Today page): the ones generated, with a preview and a link to the full summary,
 * those skipped or failed with why, and the next one still to come. Self-contained: it loads its own data.
 */
export function TodaysBriefs() {
  const runs = useQuery({ ...deskQuery(api.listBriefRuns), refetchInterval: 60_000 });
  const schedules = useQuery({ ...deskQuery(api.listBriefSchedules), refetchInterval: 60_000 });
  const upcoming = (schedules.data ?? [])
    .filter((s) => s.nextRunAt && !(runs.data ?? []).some((r) => r.scheduleId === s.id))
    .sort((a, b) => (a.nextRunAt! < b.nextRunAt! ? -1 : 1))[0];
  return (
    <Card data-testid="todays-briefs">
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <AlarmClockIcon aria-hidden className="size-4" /> Today&apos;s briefs
          </h2>
        </CardTitle>
        <CardDescription>
          Summaries you scheduled, made on market days.{" "}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" href="/summaries#scheduled-briefs">
            Manage scheduled briefs
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {(runs.data ?? []).map((run) => (
          <article key={run.id} data-testid="todays-brief" data-status={run.status} className="flex flex-col gap-1 rounded-md border px-3 py-2">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{run.watchlistName}</span>
              <span className="text-sm text-muted-foreground tabular-nums">{formatIstTime(run.dueAt)}</span>
              <Badge variant="outline">{STATUS_WORDS[run.status]}</Badge>
            </div>
            {run.preview && <p className="text-sm break-words">{run.preview}</p>}
            <p className="text-sm text-muted-foreground">
              {run.status === "generated" ? runWords(run).replace(/^Generated [^·]*(· )?/, "") : runWords(run)}
              {run.summaryId && (
                <>
                  {" "}
                  <Link className="font-medium text-primary underline-offset-4 hover:underline" href={`/summaries?entry=${encodeURIComponent(run.summaryId)}`}>
                    Read the brief
                  </Link>
                </>
              )}
            </p>
          </article>
        ))}
        {runs.data?.length === 0 && !upcoming && (
          <p className="text-sm text-muted-foreground">{runs.isLoading ? "Loading…" : "No briefs today. Schedule one on the Summaries page."}</p>
        )}
        {upcoming?.nextRunAt && (
          <p className="text-sm text-muted-foreground" data-testid="todays-next-brief">
            Next: {upcoming.watchlistName}, {formatIstDateTime(upcoming.nextRunAt)}.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
