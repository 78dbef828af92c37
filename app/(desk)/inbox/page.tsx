import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { InboxList } from "@/components/inbox/inbox-list";
import { PageHeader } from "@/components/shell/page-header";
import { listInboxQuerySchema } from "@/lib/desk/inbox";
import * as api from "@/lib/desk/route-meta";
import { deskQuery } from "@/lib/query/desk";
import { requireUser } from "@/lib/server/identity/auth";
import { pageContext, pageQueryClient } from "@/lib/server/routes/page-data";

export const metadata: Metadata = { title: "Inbox" };

export default async function InboxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireUser();
  const ctx = await pageContext();
  const raw = await searchParams;
  const parsed = listInboxQuerySchema.safeParse({ show: raw.show, before: raw.before });
  const query = parsed.success ? parsed.data : { show: "all" as const };
  const client = pageQueryClient({ ctx, user });
  await client.prefetchQuery(deskQuery(api.listInbox, { query }));
  return (
    <>
      <PageHeader title="Inbox" description="What your alert rules delivered, budget crossings and notices about your deliveries. Items for your whole Alpha account show to each of its users." />
      <HydrationBoundary state={dehydrate(client)}>
        <InboxList query={query} />
      </HydrationBoundary>
    </>
  );
}
