import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SetupForm } from "@/components/auth/setup-form";
import { pageContext } from "@/lib/server/routes/page-data";
import { countUsers } from "@/lib/server/identity/users";

export const metadata: Metadata = { title: "Set up the desk" };
export const dynamic = "force-dynamic";

export default async function SetupPage() {
  if ((await countUsers({ ctx: await pageContext() })) > 0) redirect("/sign-in");
  return <SetupForm />;
}
