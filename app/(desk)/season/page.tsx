import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import { NeedsKeyNote } from "@/components/season/needs-key-note";
import { SeasonTracker } from "@/components/season/season-tracker";
import { PageHeader } from "@/components/shell/page-header";
import { PageSkeleton } from "@/components/shell/page-skeleton";
import { seasonQuerySchema } from "@/lib/desk/season";
import * as api from "@/lib/desk/route-meta";
import { seasonQueryInput } from "@/lib/desk/season-scopes";
import { deskQuery } from "@/lib/query/desk";
import { pageContext, pageQueryClient, userHasKey } from "@/lib/server/routes/page-data";
import { requireUser } from "@/lib/server/identity/auth";
import { listWatchlists } from "@/lib/server/portfolio/watchlists";

export const metadata: Metadata = { title: "Results season" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const HEADER = (
  <PageHeader
    title="Results season"
    description="Who has reported this season, who has a board meeting booked, and how many days the rest have before the deadline (45 days after the quarter ends, 60 for the fourth quarter). Built from the free results calendar and index: it costs no credits."
  />
);

/** The header is sent at once, outside the boundary, so it paints with the first frame; the tracker streams in. */
export default function SeasonPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <>
      {HEADER}
      <Suspense fallback={<PageSkeleton cards={2} label="Loading the season" />}>
        <SeasonBody searchParams={searchParams} />
      </Suspense>
    </>
  );
}

async function SeasonBody({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireUser();
  const ctx = await pageContext();
  const [hasKey, watchlists, raw] = await Promise.all([userHasKey({ ctx, user }), listWatchlists({ ctx, user }), searchParams]);
  if (!hasKey) return <NeedsKeyNote what="The season tracker" />;
  // The same selection and key as the browser's query; a bad URL is left to the browser, which shows its error.
  const parsed = seasonQuerySchema.safeParse(Object.fromEntries(Object.entries(raw).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : []))));
  const client = pageQueryClient({ ctx, user });
  if (parsed.success) {
    const input = parsed.data;
    await client.prefetchQuery(deskQuery(api.getSeason, { query: seasonQueryInput({ scope: input.scope, watchlist: input.watchlist ?? null, quarter: input.quarter ?? null }) }));
  }
  return (
    <HydrationBoundary state={dehydrate(client)}>
      <SeasonTracker watchlists={watchlists.map((w) => ({ id: w.id, name: w.name }))} />
    </HydrationBoundary>
  );
}
