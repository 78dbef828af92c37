import type { Metadata } from "next";
import { AlphaKeyCard } from "@/components/settings/alpha-key-card";
import { CalendarFeedsCard } from "@/components/settings/calendar-feeds-card";
import { ProfileCard } from "@/components/settings/profile-card";
import { SpendThresholdCard } from "@/components/settings/spend-threshold-card";
import { PageHeader } from "@/components/shell/page-header";
import { requireUser } from "@/lib/server/identity/auth";
import { pageContext } from "@/lib/server/routes/page-data";
import { getAlphaKeyStatus } from "@/lib/server/identity/key-vault";
import { countRecentFailures } from "@/lib/server/identity/sign-in";
import { KeyInUseCard } from "@/components/teams/key-in-use";
import { getKeyInUse } from "@/lib/server/teams/key-in-use";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const user = await requireUser();
  const ctx = await pageContext();
  const status = await getAlphaKeyStatus({ ctx, userId: user.id });
  const [failedSignIns, keyInUse] = await Promise.all([countRecentFailures({ ctx, email: user.email }), getKeyInUse({ ctx, user })]);
  return (
    <>
      <PageHeader title="Settings" description="Your Alpha key, how the desk asks before spending credits, your calendar subscriptions, and how it looks." />
      <KeyInUseCard keyInUse={keyInUse} />
      <AlphaKeyCard initialStatus={status} />
      <div className="grid gap-6 lg:grid-cols-2">
        <SpendThresholdCard />
        <ProfileCard user={user} failedSignIns={failedSignIns} />
      </div>
      <CalendarFeedsCard />
    </>
  );
}
