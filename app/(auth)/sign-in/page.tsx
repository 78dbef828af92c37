import type { Metadata } from "next";
import { redirect } from "next/navigation";
import * as z from "zod";
import { safeCallbackPath, signInErrorMessage } from "@/components/auth/callback-url";
import { SignInForm } from "@/components/auth/sign-in-form";
import { getSessionUser } from "@/lib/server/identity/auth";
import { getDemoCredentials } from "@/lib/server/core/demo";
import { pageContext } from "@/lib/server/routes/page-data";
import { countUsers } from "@/lib/server/identity/users";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

const searchSchema = z.object({
  callbackUrl: z.string().max(2000).optional().catch(undefined),
  error: z.string().max(200).optional().catch(undefined),
});

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = searchSchema.parse(await searchParams);
  const callbackPath = safeCallbackPath(params.callbackUrl);
  if (await getSessionUser()) redirect(callbackPath);
  // A fresh desk has nobody to sign in: the first visitor sets it up and becomes its admin.
  if ((await countUsers({ ctx: await pageContext() })) === 0) redirect("/setup");
  const demo = await getDemoCredentials();
  return <SignInForm callbackPath={callbackPath} initialError={signInErrorMessage(params.error)} demo={demo} />;
}
