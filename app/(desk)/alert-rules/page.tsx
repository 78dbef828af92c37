import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { EndpointsCard } from "@/components/alert-rules/endpoints-card";
import { RulesCard } from "@/components/alert-rules/rules-card";
import { PageHeader } from "@/components/shell/page-header";
import * as api from "@/lib/desk/route-meta";
import { deskQuery } from "@/lib/query/desk";
import { requireUser } from "@/lib/server/identity/auth";
import { pageContext, pageQueryClient } from "@/lib/server/routes/page-data";

export const metadata: Metadata = { title: "Alert rules" };

export default async function AlertRulesPage() {
  const user = await requireUser();
  const ctx = await pageContext();
  const client = pageQueryClient({ ctx, user });
  await Promise.all([client.prefetchQuery(deskQuery(api.listAlertRules)), client.prefetchQuery(deskQuery(api.listAlertEndpoints)), client.prefetchQuery(deskQuery(api.listWatchlists))]);
  return (
    <>
      <PageHeader
        title="Alert rules"
        description="Be told when a company you hold files results, books a board meeting or has a block deal, and left alone otherwise: in the inbox, by webhook, e-mail or Telegram."
        actions={
          <Link href="/deliveries" className="text-sm underline underline-offset-4">
            Delivery ledger
          </Link>
        }
      />
      <HydrationBoundary state={dehydrate(client)}>
        <RulesCard />
        <EndpointsCard />
      </HydrationBoundary>
    </>
  );
}
