import type { Metadata } from "next";
import { MarketCalendarEditor } from "@/components/admin/market-calendar-editor";
import { UsersTable } from "@/components/admin/users-table";
import { PageHeader } from "@/components/shell/page-header";
import { requireAdmin } from "@/lib/server/identity/auth";
import { pageContext } from "@/lib/server/routes/page-data";
import { listUsers } from "@/lib/server/identity/users";
import { getOrgKeyStatus } from "@/lib/server/teams/org-key";

export const metadata: Metadata = { title: "Admin" };

/** Admins only: a member gets the not-found page (requireAdmin), never a glimpse of the user list. */
export default async function AdminPage() {
  const admin = await requireAdmin();
  const ctx = await pageContext();
  const [users, orgKey] = await Promise.all([listUsers({ ctx, user: admin }), getOrgKeyStatus({ ctx, user: admin })]);
  return (
    <>
      <PageHeader title="Admin" description="Who can use this desk and what they may do, and the market calendar it goes by. Everyone's spend is on the Usage page." />
      <UsersTable initialUsers={users} currentUserId={admin.id} orgKey={orgKey.hasKey} />
      <MarketCalendarEditor />
    </>
  );
}
