import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { AlphaKeyCard } from "@/components/settings/alpha-key-card";
import { CalendarFeedsCard } from "@/components/settings/calendar-feeds-card";
import { DeskTokensCard } from "@/components/settings/desk-tokens-card";
import { ProfileCard } from "@/components/settings/profile-card";
import { SpendThresholdCard } from "@/components/settings/spend-threshold-card";
import { PageHeader } from "@/components/shell/page-header";
import { requireUser } from "@/lib/server/identity/auth";
import { pageContext, pageQueryClient } from "@/lib/server/routes/page-data";
import * as api from "@/lib/desk/route-meta";
import { deskQuery } from "@/lib/query/desk";
import { getAlphaKeyStatus } from "@/lib/server/identity/key-vault";
import { countRecentFailures } from "@/lib/server/identity/sign-in";
import { KeyInUseCard } from "@/components/teams/key-in-use";
import { getKeyInUse } from "@/lib/server/teams/key-in-use";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const user = await requireUser();
  const ctx = await pageContext();
  const status = await getAlphaKeyStatus({ ctx, userId: user.id });
  // The calendar card's feeds and watchlists come with the page, so it asks the desk nothing while loading.
  const client = pageQueryClient({ ctx, user });
  const [failedSignIns, keyInUse] = await Promise.all([
    countRecentFailures({ ctx, email: user.email }),
    getKeyInUse({ ctx, user }),
    client.prefetchQuery(deskQuery(api.listCalendarFeeds)),
    client.prefetchQuery(deskQuery(api.listWatchlists)),
    client.prefetchQuery(deskQuery(api.listDeskTokens)),
    // The token card's owner picker lists the members, for admins.
    user.role === "admin" ? client.prefetchQuery(deskQuery(api.listUsers)) : null,
  ]);
  return (
    <>
      <PageHeader title="Settings" description="Your Alpha key, how the desk asks before spending credits, your calendar subscriptions, and how it looks." />
      <KeyInUseCard keyInUse={keyInUse} />
      <AlphaKeyCard initialStatus={status} />
      <div className="grid gap-6 lg:grid-cols-2">
        <SpendThresholdCard />
        <ProfileCard user={user} failedSignIns={failedSignIns} />
      </div>
      <HydrationBoundary state={dehydrate(client)}>
        <CalendarFeedsCard />
        <DeskTokensCard isAdmin={user.role === "admin"} />
      </HydrationBoundary>
    </>
  );
}
