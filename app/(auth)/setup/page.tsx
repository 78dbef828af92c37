import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SetupForm } from "@/components/auth/setup-form";
import { countUsers } from "@/lib/server/users";

export const metadata: Metadata = { title: "Set up the desk" };
export const dynamic = "force-dynamic";

export default async function SetupPage() {
  if ((await countUsers()) > 0) redirect("/sign-in");
  return <SetupForm />;
}
