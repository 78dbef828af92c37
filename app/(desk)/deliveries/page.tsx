import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { DeliveriesTable } from "@/components/deliveries/deliveries-table";
import { PageHeader } from "@/components/shell/page-header";
import { listDeliveriesQuerySchema } from "@/lib/desk/alert-rules";
import * as api from "@/lib/desk/route-meta";
import { deskQuery } from "@/lib/query/desk";
import { requireUser } from "@/lib/server/identity/auth";
import { pageContext, pageQueryClient } from "@/lib/server/routes/page-data";

export const metadata: Metadata = { title: "Deliveries" };

export default async function DeliveriesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireUser();
  const ctx = await pageContext();
  const raw = await searchParams;
  const parsed = listDeliveriesQuerySchema.safeParse({ rule: raw.rule, channel: raw.channel, status: raw.status, before: raw.before });
  const query = parsed.success ? parsed.data : {};
  const client = pageQueryClient({ ctx, user });
  await Promise.all([client.prefetchQuery(deskQuery(api.listDeliveries, { query })), client.prefetchQuery(deskQuery(api.listAlertRules))]);
  return (
    <>
      <PageHeader title="Deliveries" description="Every send of your alert rules: one row per attempt, with its status, latency and error. A failed channel never holds up the others." />
      <HydrationBoundary state={dehydrate(client)}>
        <DeliveriesTable query={query} />
      </HydrationBoundary>
    </>
  );
}
