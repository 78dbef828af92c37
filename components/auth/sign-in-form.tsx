"use client";

import { LogInIcon, SparklesIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Field, fieldAria } from "./field";
import { useHydrated } from "./use-hydrated";

/** next-auth's client, fetched when a field gets focus and awaited on submit: not part of the page's first load. */
const loadNextAuth = () => import("next-auth/react");

export interface DemoCredentials {
  email: string;
  password: string;
  /** The demo team's member (uses the organisation's key). */
  member?: { email: string; password: string };
}

export function SignInForm({
  callbackPath,
  initialError,
  demo,
}: {
  callbackPath: string;
  initialError: string | null;
  demo: DemoCredentials | null;
}) {
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(initialError);
  const [pending, setPending] = useState(false);
  const hydrated = useHydrated();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError("Enter your email and password.");
      return;
    }
    setPending(true);
    setError(null);
    try {
      const { signIn } = await loadNextAuth();
      const result = await signIn("credentials", { email, password, redirect: false });
      if (!result || result.error) {
        // The desk's sign-in answers in sentences (wrong password, locked for N minutes, disabled).
        setError(!result || result.error === "CredentialsSignin" ? "Wrong email or password." : result.error);
        setPending(false);
        return;
      }
      router.replace(callbackPath);
      router.refresh();
    } catch {
      setError("The desk could not be reached. Check your connection and try again.");
      setPending(false);
    }
  }

  return (
    <div className="grid w-full max-w-sm gap-4">
      <Card>
        <CardHeader>
          <CardTitle className="text-xl">
            <h1>Sign in</h1>
          </CardTitle>
          <CardDescription>Use the email and password your desk admin gave you.</CardDescription>
        </CardHeader>
        {/* POST, and no submit before hydration: a password never reaches a URL, whatever the timing. */}
        <form method="post" onSubmit={submit} onFocus={() => void loadNextAuth().catch(() => undefined)} noValidate aria-describedby={error ? "sign-in-error" : undefined}>
          <CardContent className="grid gap-4">
            {error && (
              <ErrorAlert id="sign-in-error" title="Could not sign you in">
                {error}
              </ErrorAlert>
            )}
            <Field id="email" label="Email">
              <Input
                id="email"
                name="email"
                type="email"
                autoComplete="username"
                required
                autoFocus
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                {...fieldAria("email", error ?? undefined)}
              />
            </Field>
            <Field id="password" label="Password">
              <Input
                id="password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                {...fieldAria("password", error ?? undefined)}
              />
            </Field>
          </CardContent>
          <CardFooter className="mt-5">
            <Button type="submit" className="w-full" disabled={pending || !hydrated}>
              <LogInIcon aria-hidden />
              {pending ? "Signing in…" : "Sign in"}
            </Button>
          </CardFooter>
        </form>
      </Card>
      {demo && (
        <Card data-testid="demo-credentials" className="gap-3 border-dashed py-4">
          <CardHeader className="px-4">
            <CardTitle className="flex items-center gap-2 text-sm">
              <SparklesIcon aria-hidden className="size-4 text-primary" />
              Demo desk
            </CardTitle>
            <CardDescription>This desk runs the embedded Alpha service. Sign in as the demo user (the team&apos;s admin): the key is already stored.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3 px-4">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Email</dt>
              <dd className="font-mono break-all">{demo.email}</dd>
              <dt className="text-muted-foreground">Password</dt>
              <dd className="font-mono break-all">{demo.password}</dd>
            </dl>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => {
                setEmail(demo.email);
                setPassword(demo.password);
              }}
            >
              Fill in the demo account
            </Button>
            {demo.member && (
              <>
                <p className="text-sm text-muted-foreground">Or as the demo team&apos;s member, who uses the organisation&apos;s key with a daily allowance:</p>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="demo-member-credentials">
                  <dt className="text-muted-foreground">Email</dt>
                  <dd className="font-mono break-all">{demo.member.email}</dd>
                  <dt className="text-muted-foreground">Password</dt>
                  <dd className="font-mono break-all">{demo.member.password}</dd>
                </dl>
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    if (!demo.member) return;
                    setEmail(demo.member.email);
                    setPassword(demo.member.password);
                  }}
                >
                  Fill in the demo member
                </Button>
              </>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
