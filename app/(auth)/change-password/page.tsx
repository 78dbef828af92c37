import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/auth/change-password-form";
import { requireSignedIn } from "@/lib/server/identity/auth";

export const metadata: Metadata = { title: "Change your password" };
export const dynamic = "force-dynamic";

export default async function ChangePasswordPage() {
  const user = await requireSignedIn();
  return <ChangePasswordForm required={user.mustChangePassword === true} />;
}
