import type { Metadata } from "next";
import { PageHeader } from "@/components/shell/page-header";
import { AuditCard } from "@/components/teams/audit-card";
import { InvitesCard } from "@/components/teams/invites-card";
import { MembersCard } from "@/components/teams/members-card";
import { OrgKeyCard } from "@/components/teams/org-key-card";
import { TeamThresholdCard } from "@/components/teams/team-threshold-card";
import { getDeskContext } from "@/lib/server/core/default-context";
import { requireAdmin } from "@/lib/server/identity/auth";
import { listAudit } from "@/lib/server/teams/audit";
import { listInvites } from "@/lib/server/teams/invites";
import { getOrgKeyStatus } from "@/lib/server/teams/org-key";
import { getTeamView } from "@/lib/server/money/team-view";

export const metadata: Metadata = { title: "Team" };

/** Admins only (a member gets the not-found page): the organisation key, members' seats and spend, invites, the audit log. */
export default async function TeamPage() {
  const user = await requireAdmin();
  const ctx = await getDeskContext();
  const [orgKey, view, invites, audit] = await Promise.all([
    getOrgKeyStatus({ ctx, user }),
    getTeamView({ ctx, user }),
    listInvites({ ctx, user }),
    listAudit({ ctx, user }),
  ]);
  return (
    <>
      <PageHeader title="Team" description="One Alpha account for the whole desk: the firm's key, what each member may spend, and who changed what." />
      <OrgKeyCard initialStatus={orgKey} />
      <MembersCard initialView={view} currentUserId={user.id} />
      <TeamThresholdCard />
      <div className="grid gap-6 xl:grid-cols-2 [&>*]:min-w-0">
        <InvitesCard initialInvites={invites} />
        <AuditCard initialPage={audit} />
      </div>
    </>
  );
}
