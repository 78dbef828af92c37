import type { Metadata } from "next";
import { UsersTable } from "@/components/admin/users-table";
import { PageHeader } from "@/components/shell/page-header";
import { requireAdmin } from "@/lib/server/auth";
import { listUsers } from "@/lib/server/users";

export const metadata: Metadata = { title: "Admin" };

/** Admins only: a member gets the not-found page (requireAdmin), never a glimpse of the user list. */
export default async function AdminPage() {
  const admin = await requireAdmin();
  const users = await listUsers(admin);
  return (
    <>
      <PageHeader title="Admin" description="Who can use this desk and what they may do. Everyone's spend is on the Usage page." />
      <UsersTable initialUsers={users} currentUserId={admin.id} />
    </>
  );
}
