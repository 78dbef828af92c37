import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import * as z from "zod";
import { PageHeader } from "@/components/shell/page-header";
import { BriefSchedules } from "@/components/briefs/brief-schedules";
import { TodaysBriefsLazy } from "@/components/briefs/brief-schedules-lazy";
import { BriefsCardSkeleton } from "@/components/briefs/briefs-skeleton";
import { SummariesView } from "@/components/summaries/summaries-view";
import { unitCredits } from "@/lib/alpha/costs";
import { formatCredits } from "@/lib/format/number";
import * as api from "@/lib/desk/route-meta";
import { deskQuery } from "@/lib/query/desk";
import { SUMMARY_CALLS } from "@/lib/query/summaries";
import { requireUser } from "@/lib/server/identity/auth";
import { getAlphaKeyStatus } from "@/lib/server/identity/key-vault";
import { pageContext, pageQueryClient } from "@/lib/server/routes/page-data";

export const metadata: Metadata = { title: "Summaries" };

const searchSchema = z.object({ entry: z.string().trim().min(1).max(80).optional().catch(undefined) });

export default async function SummariesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireUser();
  const ctx = await pageContext();
  const { entry } = searchSchema.parse(await searchParams);
  const client = pageQueryClient({ ctx, user });
  const [key] = await Promise.all([
    getAlphaKeyStatus({ ctx, userId: user.id }),
    client.prefetchQuery(deskQuery(api.listWatchlists)),
    client.prefetchQuery(deskQuery(api.listSummaries)),
    entry ? client.prefetchQuery(deskQuery(api.getSummary, { params: { id: entry } })) : null,
    // The scheduled briefs and today's runs, so neither card fetches on load.
    client.prefetchQuery(deskQuery(api.listBriefSchedules)),
    client.prefetchQuery(deskQuery(api.listBriefRuns)),
  ]);
  if (key.hasKey) await client.prefetchQuery(SUMMARY_CALLS.queryOptions("getAccount", {}));
  return (
    <>
      <PageHeader
        title="Summaries"
        description={`AI daily summaries of a watchlist or of symbols you type: ${formatCredits(unitCredits("createDailySummary").credits)} each, only when a summary is generated. Repeating one within 10 minutes opens the earlier result for free.`}
      />
      <HydrationBoundary state={dehydrate(client)}>
        {/*
          The form and history are in the page's shell, not a Suspense boundary: their data is here already, and React
          streams a finished boundary that comes after the first 12.8 kB of HTML as its own segment (its fallback first,
          its content a moment later), so a browser that painted in between saw the skeleton and then the briefs below
          pushed down (CLS 0.07–0.10 at 1440 px; e2e/layout-stability.spec.ts).
        */}
        <SummariesView hasKey={key.hasKey} />
        <section id="scheduled-briefs" aria-label="Scheduled briefs" className="grid scroll-mt-20 items-start gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
          <BriefSchedules hasKey={key.hasKey} />
          <Suspense fallback={<BriefsCardSkeleton label="Loading today's briefs" rows={2} />}>
            <TodaysBriefsLazy />
          </Suspense>
        </section>
      </HydrationBoundary>
    </>
  );
}
