"use client";

import { AlertTriangleIcon, UserPlusIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Field, fieldAria, fieldErrorsOf } from "@/components/auth/field";
import { useHydrated } from "@/components/auth/use-hydrated";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { loadAccountActions } from "@/components/auth/load-account-actions";
import { INVITE_TOKEN_PATTERN, PASSWORD_MIN_LENGTH } from "@/lib/desk/account-limits";

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
  const [values, setValues] = useState({ name: "", email: "", password: "", confirm: "" });
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
    const body = { name: values.name.trim(), email: values.email.trim(), password: values.password };
    let actions: Awaited<ReturnType<typeof loadAccountActions>>;
    try {
      actions = await loadAccountActions();
    } catch {
      setError("The desk could not be reached. Try again.");
      return;
    }
    const problems = actions.formProblems(actions.newUserInputSchema, body);
    const out: Record<string, string> = {};
    if (problems.name) out.name = "Enter your name.";
    if (problems.email) out.email = "Enter an email address.";
    if (problems.password) out.password = `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
    if (values.confirm !== values.password) out.confirm = "The passwords do not match.";
    setFieldErrors(out);
    setError(null);
    if (Object.keys(out).length > 0) return;
    setPending(true);
    try {
      await actions.accountCall("joinTeam", { body: { ...body, token } });
    } catch (e) {
      setPending(false);
      if (isAlphaError(e)) {
        setFieldErrors(fieldErrorsOf(e.details));
        setError(e.message);
      } else setError("The desk could not be reached. Try again.");
      return;
    }
    const result = await actions.signIn("credentials", { email: body.email, password: body.password, redirect: false });
    if (!result || result.error) {
      router.replace("/sign-in");
      return;
    }
    router.replace("/settings");
    router.refresh();
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
          <Alert variant="destructive" data-testid="join-no-token">
            <AlertTriangleIcon aria-hidden />
            <AlertTitle>This is not a whole invite link</AlertTitle>
            <AlertDescription>Open the link your admin sent exactly as it is, or ask them for a new one.</AlertDescription>
          </Alert>
        </CardContent>
      ) : (
        <form method="post" onSubmit={submit} onFocus={() => void loadAccountActions().catch(() => undefined)} noValidate>
          <CardContent className="grid gap-4">
            {error && (
              <Alert variant="destructive" data-testid="join-error">
                <AlertTriangleIcon aria-hidden />
                <AlertTitle>Could not join</AlertTitle>
                <AlertDescription>{error}</AlertDescription>
              </Alert>
            )}
            <Field id="name" label="Your name" error={fieldErrors.name}>
              <Input id="name" name="name" autoComplete="name" value={values.name} onChange={set("name")} {...fieldAria("name", fieldErrors.name)} />
            </Field>
            <Field id="email" label="Email" error={fieldErrors.email}>
              <Input id="email" name="email" type="email" autoComplete="username" value={values.email} onChange={set("email")} {...fieldAria("email", fieldErrors.email)} />
            </Field>
            <Field id="password" label="Password" hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} error={fieldErrors.password}>
              <Input id="password" name="password" type="password" autoComplete="new-password" value={values.password} onChange={set("password")} {...fieldAria("password", fieldErrors.password, true)} />
            </Field>
            <Field id="confirm" label="Repeat the password" error={fieldErrors.confirm}>
              <Input id="confirm" name="confirm" type="password" autoComplete="new-password" value={values.confirm} onChange={set("confirm")} {...fieldAria("confirm", fieldErrors.confirm)} />
            </Field>
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
