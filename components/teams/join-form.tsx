"use client";

import { UserPlusIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { EMPTY_NEW_ACCOUNT, NewAccountFields, type NewAccountValues, sendNewAccount } from "@/components/auth/account-fields";
import { useHydrated } from "@/components/auth/use-hydrated";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { loadAccountActions } from "@/components/auth/load-account-actions";
import { INVITE_TOKEN_PATTERN } from "@/lib/desk/account-limits";

/** The invite link's fragment (`/join#<token>`), read once in the browser; it is sent only in the sign-up's body. */
function tokenFromLocation(): string | null {
  const token = window.location.hash.slice(1);
  return INVITE_TOKEN_PATTERN.test(token) ? token : null;
}

export function JoinForm() {
  const router = useRouter();
  const hydrated = useHydrated();
  // Read once on the client; shown only after hydration, so the first render matches the server's.
  const [read] = useState<string | null>(() => (typeof window === "undefined" ? null : tokenFromLocation()));
  const token = hydrated ? read : undefined;
  const [values, setValues] = useState<NewAccountValues>(EMPTY_NEW_ACCOUNT);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    // The token leaves the address bar (and the history entry) once read.
    if (window.location.hash) window.history.replaceState(null, "", window.location.pathname);
  }, []);

  const set = (name: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: e.target.value }));

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) return;
    const form = { setFieldErrors, setPending, setError: (e: { message: string } | null) => setError(e?.message ?? null) };
    await sendNewAccount({ form, values, send: (actions, body) => actions.accountCall("joinTeam", { body: { ...body, token } }), router, landing: "/today" });
  }

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <UserPlusIcon aria-hidden className="size-5 text-primary" />
          <h1>Join the desk</h1>
        </CardTitle>
        <CardDescription>Your admin invited you. Choose how you sign in; the desk uses your team&apos;s Alpha account, so you need no key of your own.</CardDescription>
      </CardHeader>
      {token === null ? (
        <CardContent>
          <ErrorAlert data-testid="join-no-token" title="This is not a whole invite link">
            Open the link your admin sent exactly as it is, or ask them for a new one.
          </ErrorAlert>
        </CardContent>
      ) : (
        <form method="post" onSubmit={submit} onFocus={() => void loadAccountActions().catch(() => undefined)} noValidate>
          <CardContent className="grid gap-4">
            {error && (
              <ErrorAlert data-testid="join-error" title="Could not join">
                {error}
              </ErrorAlert>
            )}
            <NewAccountFields values={values} onChange={set} errors={fieldErrors} />
          </CardContent>
          <CardFooter className="mt-5">
            <Button type="submit" className="w-full" disabled={pending || !hydrated || !token}>
              {pending ? "Joining…" : "Join the desk"}
            </Button>
          </CardFooter>
        </form>
      )}
    </Card>
  );
}
