"use client";

import { AlertTriangleIcon, ShieldCheckIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { EMPTY_NEW_ACCOUNT, NewAccountFields, type NewAccountValues, newAccountBody, newAccountProblems } from "./account-fields";
import { fieldErrorsOf } from "./field";
import { loadAccountActions } from "./load-account-actions";
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
    let actions: Awaited<ReturnType<typeof loadAccountActions>>;
    try {
      actions = await loadAccountActions();
    } catch {
      setError({ message: "The desk could not be reached. Try again.", setupDone: false });
      return;
    }
    const problems = newAccountProblems(actions, values);
    setFieldErrors(problems);
    setError(null);
    if (Object.keys(problems).length > 0) return;
    setPending(true);
    try {
      await actions.accountCall("setup", { body: newAccountBody(values) });
    } catch (e) {
      setPending(false);
      if (isAlphaError(e)) {
        const fields = fieldErrorsOf(e.details);
        if (Object.keys(fields).length > 0) setFieldErrors(fields);
        setError({ message: e.message, setupDone: e.code === "setup_complete" });
      } else {
        setError({ message: "The desk could not be reached. Try again.", setupDone: false });
      }
      return;
    }
    const result = await actions.signIn("credentials", { email: values.email.trim(), password: values.password, redirect: false });
    if (!result || result.error) {
      router.replace("/sign-in");
      return;
    }
    router.replace("/settings#alpha-key");
    router.refresh();
  }

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <ShieldCheckIcon aria-hidden className="size-5 text-primary" />
          <h1>Set up your desk</h1>
        </CardTitle>
        <CardDescription>
          This desk has no users yet. The account you create now is its <strong>admin</strong>: you can add colleagues afterwards.
        </CardDescription>
      </CardHeader>
      {/* POST, and no submit before hydration: a password never reaches a URL, whatever the timing. */}
      <form method="post" onSubmit={submit} onFocus={() => void loadAccountActions().catch(() => undefined)} noValidate>
        <CardContent className="grid gap-4">
          {error && (
            <Alert variant="destructive">
              <AlertTriangleIcon aria-hidden />
              <AlertTitle>{error.setupDone ? "This desk is already set up" : "Could not create the account"}</AlertTitle>
              <AlertDescription>
                <p>{error.message}</p>
                {error.setupDone && (
                  <Link className="font-medium underline" href="/sign-in">
                    Go to sign in
                  </Link>
                )}
              </AlertDescription>
            </Alert>
          )}
          <NewAccountFields values={values} onChange={set} errors={fieldErrors} />
        </CardContent>
        <CardFooter className="mt-5">
          <Button type="submit" className="w-full" disabled={pending || !hydrated}>
            {pending ? "Creating the admin account…" : "Create the admin account"}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
