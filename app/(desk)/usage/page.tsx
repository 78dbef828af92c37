import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import * as z from "zod";
import { PageHeader } from "@/components/shell/page-header";
import { PageSkeleton } from "@/components/shell/page-skeleton";
import { AccountProfileCard } from "@/components/usage/account-profile-card";
import { BudgetsCardLazy } from "@/components/usage/budgets-card-lazy";
import { SpendByUserCard } from "@/components/usage/spend-by-user";
import { SpendPanel } from "@/components/usage/spend-panel";
import { SpendWatchPanelLazy } from "@/components/usage/spend-watch-panel-lazy";
import { UsageOverview } from "@/components/usage/usage-overview";
import * as api from "@/lib/desk/route-meta";
import { spendRangeSchema } from "@/lib/desk/usage";
import { deskQuery } from "@/lib/query/desk";
import { requireUser } from "@/lib/server/identity/auth";
import { getAlphaKeyStatus } from "@/lib/server/identity/key-vault";
import { pageContext, pageQueryClient } from "@/lib/server/routes/page-data";

export const metadata: Metadata = { title: "Usage" };

const searchSchema = z.object({ range: spendRangeSchema.catch("24h"), week: z.string().optional().catch(undefined) });

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The header is sent at once, outside the boundary, so it paints with the first frame; the cards stream in. */
export default function UsagePage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <>
      <PageHeader
        title="Usage"
        description="Your credits, today's spend against your plan's limits, and what the desk's calls cost over time. Times are IST."
      />
      <Suspense fallback={<PageSkeleton cards={3} label="Loading usage" />}>
        <UsageBody searchParams={searchParams} />
      </Suspense>
    </>
  );
}

async function UsageBody({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireUser();
  const ctx = await pageContext();
  const { range, week } = searchSchema.parse(await searchParams);
  const key = await getAlphaKeyStatus({ ctx, userId: user.id });
  const isAdmin = user.role === "admin";

  // The same keys and shapes as the browser's fetches, so the cards open with data; a failed prefetch is left to them.
  const queryClient = pageQueryClient({ ctx, user });
  await Promise.all([
    key.hasKey ? queryClient.prefetchQuery(deskQuery(api.getUsage)) : null,
    queryClient.prefetchQuery(deskQuery(api.getSpend, { query: { range, scope: "me" } })),
    isAdmin ? queryClient.prefetchQuery(deskQuery(api.getSpend, { query: { range, scope: "all" } })) : null,
    key.hasKey ? queryClient.prefetchQuery(deskQuery(api.getSpendWatch, { query: week ? { week } : {} })) : null,
    queryClient.prefetchQuery(deskQuery(api.getSpendSettings)),
    isAdmin ? queryClient.prefetchQuery(deskQuery(api.listBudgets)) : null,
  ]);

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      {key.hasKey && <UsageOverview />}
      {/*
        No boundary of its own: the panel never waits (its spend is prefetched above, and this page is rendered per
        request, so reading the URL does not suspend). A boundary let React send the finished card as a later segment
        and paint its 288 px chart stand-in first, so the cards below moved down 66 px on about one load in three.
      */}
      <SpendPanel />
      {key.hasKey && <SpendWatchPanelLazy isAdmin={isAdmin} />}
      {key.hasKey && <AccountProfileCard />}
      {isAdmin && (
        <Suspense fallback={null}>
          <SpendByUserCard />
        </Suspense>
      )}
      {isAdmin && <BudgetsCardLazy />}
    </HydrationBoundary>
  );
}
