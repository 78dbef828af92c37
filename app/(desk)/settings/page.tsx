import type { Metadata } from "next";
import { AlphaKeyCard } from "@/components/settings/alpha-key-card";
import { ProfileCard } from "@/components/settings/profile-card";
import { SpendThresholdCard } from "@/components/settings/spend-threshold-card";
import { PageHeader } from "@/components/shell/page-header";
import { requireUser } from "@/lib/server/auth";
import { getDeskContext } from "@/lib/server/default-context";
import { getAlphaKeyStatus } from "@/lib/server/key-vault";
import { countRecentFailures } from "@/lib/server/sign-in";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const user = await requireUser();
  const status = await getAlphaKeyStatus(user.id);
  const failedSignIns = await countRecentFailures(await getDeskContext(), user.email);
  return (
    <>
      <PageHeader title="Settings" description="Your Alpha key, how the desk asks before spending credits, and how it looks." />
      <AlphaKeyCard initialStatus={status} />
      <div className="grid gap-6 lg:grid-cols-2">
        <SpendThresholdCard />
        <ProfileCard user={user} failedSignIns={failedSignIns} />
      </div>
    </>
  );
}
