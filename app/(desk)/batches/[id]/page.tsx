import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import * as z from "zod";
import { BatchJobSkeleton, BatchJobView } from "@/components/batches/batch-job-view";
import { PageHeader } from "@/components/shell/page-header";
import { batchJobPathSchema } from "@/lib/alpha/batch";
import { requireUser } from "@/lib/server/identity/auth";
import { alphaQueryOptions } from "@/lib/query/alpha";
import { pageContext, userHasKey, pageQueryClient } from "@/lib/server/routes/page-data";
import { notFound } from "next/navigation";

export const metadata: Metadata = { title: "Batch job" };

const paramsSchema = z.object({ id: batchJobPathSchema.shape.job_id });

export default async function BatchJobPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireUser();
  const ctx = await pageContext();
  const parsed = paramsSchema.safeParse(await params);
  if (!parsed.success) notFound();
  const jobId = parsed.data.id;
  const client = pageQueryClient({ ctx, user });
  if (await userHasKey({ ctx, user })) await client.prefetchQuery(alphaQueryOptions("getBatchJob", { path: { job_id: jobId } }));
  return (
    <>
      <PageHeader title="Batch job" description="Live status until the job finishes, then its results. Times are IST; everything on this page is free." />
      <HydrationBoundary state={dehydrate(client)}>
        <Suspense fallback={<BatchJobSkeleton />}>
          <BatchJobView jobId={jobId} />
        </Suspense>
      </HydrationBoundary>
    </>
  );
}
