import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import { BatchJobsListLazy } from "@/components/batches/batch-jobs-list-lazy";
import { BatchJobsListSkeleton } from "@/components/batches/batch-jobs-list-skeleton";
import { NewBatchJob } from "@/components/batches/new-batch-job";
import { PageHeader } from "@/components/shell/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { unitCredits } from "@/lib/alpha/costs";
import { formatCredits } from "@/lib/format/number";
import * as api from "@/lib/desk/route-meta";
import { BATCH_CALLS, JOB_LIST_INPUT } from "@/lib/query/batches";
import { deskQuery } from "@/lib/query/desk";
import { requireUser } from "@/lib/server/identity/auth";
import { pageContext, pageQueryClient, userHasKey } from "@/lib/server/routes/page-data";

export const metadata: Metadata = { title: "Batch jobs" };

/** The submission fee and the per-summary charge, from the catalogue's cost rule (lib/alpha/costs.ts). */
const batch = unitCredits("createBatchJob");

export default async function BatchesPage() {
  const user = await requireUser();
  const ctx = await pageContext();
  const client = pageQueryClient({ ctx, user });
  const [hasKey] = await Promise.all([userHasKey({ ctx, user }), client.prefetchQuery(deskQuery(api.listWatchlists))]);
  if (hasKey) await client.prefetchQuery(BATCH_CALLS.queryOptions("listBatchJobs", JOB_LIST_INPUT));
  return (
    <>
      <PageHeader
        title="Batch jobs"
        description={`Many daily summaries in one job: ${formatCredits(batch.credits)} to submit plus ${batch.detailedCredits} per generated summary. Jobs run in the background; follow them here and download their results.`}
      />
      <HydrationBoundary state={dehydrate(client)}>
        <Suspense fallback={<Skeleton className="h-96" />}>
          <NewBatchJob hasKey={hasKey} />
        </Suspense>
        <Suspense fallback={<BatchJobsListSkeleton />}>
          <BatchJobsListLazy hasKey={hasKey} />
        </Suspense>
      </HydrationBoundary>
    </>
  );
}
