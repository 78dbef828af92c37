"use client";

import { ShieldCheckIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EMPTY_NEW_ACCOUNT, NewAccountFields, type NewAccountValues, sendNewAccount } from "./account-fields";
import { AccountFormCard } from "./account-form-card";
import { useHydrated } from "./use-hydrated";

/** First run: the first person to sign up on a fresh desk becomes its admin, then lands on Settings to add a key. */
export function SetupForm() {
  const router = useRouter();
  const [values, setValues] = useState<NewAccountValues>(EMPTY_NEW_ACCOUNT);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<{ message: string; setupDone: boolean } | null>(null);
  const [pending, setPending] = useState(false);
  const hydrated = useHydrated();

  const set = (name: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: e.target.value }));

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = { setFieldErrors, setPending, setError: (e: { message: string; code?: string } | null) => setError(e && { message: e.message, setupDone: e.code === "setup_complete" }) };
    await sendNewAccount({ form, values, send: (actions, body) => actions.accountCall("setup", { body }), router, landing: "/settings#alpha-key" });
  }

  const footer = (
    <Button type="submit" className="w-full" disabled={pending || !hydrated}>
      {pending ? "Creating the admin account…" : "Create the admin account"}
    </Button>
  );
  return (
    <AccountFormCard
      icon={ShieldCheckIcon}
      title="Set up your desk"
      description={
        <>
          This desk has no users yet. The account you create now is its <strong>admin</strong>: you can add colleagues afterwards.
        </>
      }
      onSubmit={submit}
      footer={footer}
    >
      {error && (
        <ErrorAlert title={error.setupDone ? "This desk is already set up" : "Could not create the account"}>
          <p>{error.message}</p>
          {error.setupDone && (
            <Link className="font-medium underline" href="/sign-in">
              Go to sign in
            </Link>
          )}
        </ErrorAlert>
      )}
      <NewAccountFields values={values} onChange={set} errors={fieldErrors} />
    </AccountFormCard>
  );
}
