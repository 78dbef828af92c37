"use client";

import { KeyRoundIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { HOME_PATH } from "@/components/shell/nav-items";
import { Alert, AlertDescription, AlertTitle, ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { PASSWORD_MIN_LENGTH } from "@/lib/desk/account-limits";
import { InputField, NewPasswordFields } from "./account-fields";
import { fieldErrorsOf } from "./field";
import { AccountFormCard } from "./account-form-card";
import { loadAccountActions } from "./load-account-actions";
import { useHydrated } from "./use-hydrated";


/**
 * The current password and a new one, twice. Every other session of the user ends; this browser stays signed in.
 * `required`: an admin gave a temporary password, and nothing else of the desk opens until it is replaced.
 */
export function ChangePasswordForm({ required }: { required: boolean }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [values, setValues] = useState({ current: "", next: "", confirm: "" });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  const set = (name: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: e.target.value }));

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { currentPassword: values.current, newPassword: values.next };
    let actions: Awaited<ReturnType<typeof loadAccountActions>>;
    try {
      actions = await loadAccountActions();
    } catch {
      setError("The password was not changed. Try again.");
      return;
    }
    // The route's own body schema decides what passes; the sentences are the form's.
    const problems = actions.formProblems(actions.changePasswordInputSchema, body);
    const out: Record<string, string> = {};
    if (problems.currentPassword) out.current = values.current ? `Your current password ${problems.currentPassword}.` : "Enter your current password.";
    if (problems.newPassword) out.next = values.next.length < PASSWORD_MIN_LENGTH ? `Use at least ${PASSWORD_MIN_LENGTH} characters.` : `The new password ${problems.newPassword}.`;
    if (values.confirm !== values.next) out.confirm = "The passwords do not match.";
    setFieldErrors(out);
    setError(null);
    if (Object.keys(out).length > 0) return;
    setPending(true);
    try {
      await actions.accountCall("changePassword", { body });
      setDone(true);
      setValues({ current: "", next: "", confirm: "" });
      if (required) router.replace(HOME_PATH);
      router.refresh();
    } catch (e) {
      const fields = isAlphaError(e) ? fieldErrorsOf(e.details) : {};
      setFieldErrors({
        ...(fields.currentPassword ? { current: "That is not your current password." } : {}),
        ...(fields.newPassword ? { next: `The new password ${fields.newPassword}.` } : {}),
      });
      setError(isAlphaError(e) ? e.message : "The password was not changed. Try again.");
    } finally {
      setPending(false);
    }
  }

  const footer = (
    <>
      {!required && (
        <Button asChild variant="ghost">
          <Link href="/settings">Back to settings</Link>
        </Button>
      )}
      <Button type="submit" className="ml-auto" disabled={pending || !hydrated}>
        {pending ? "Changing…" : "Change password"}
      </Button>
    </>
  );
  return (
    <AccountFormCard
      icon={KeyRoundIcon}
      title={required ? "Choose a new password" : "Change your password"}
      description={required ? "An admin gave you a temporary password. Choose your own before you use the desk." : "You stay signed in here; every other browser signed in as you is signed out."}
      onSubmit={submit}
      footerClassName="mt-5 flex flex-wrap justify-between gap-2"
      footer={footer}
    >
      {error && (
        <ErrorAlert title="The password was not changed">
          {error}
        </ErrorAlert>
      )}
      {done && !required && (
        <Alert data-testid="password-changed">
          <AlertTitle>Password changed</AlertTitle>
          <AlertDescription>Other browsers signed in as you have been signed out.</AlertDescription>
        </Alert>
      )}
      <InputField
        id="current-password"
        label={required ? "Temporary password" : "Current password"}
        error={fieldErrors.current}
        type="password"
        autoComplete="current-password"
        value={values.current}
        onChange={set("current")}
      />
      <NewPasswordFields
        ids={{ password: "new-password", confirm: "confirm" }}
        labels={{ password: "New password", confirm: "Repeat the new password" }}
        password={values.next}
        confirm={values.confirm}
        onPassword={set("next")}
        onConfirm={set("confirm")}
        errors={{ password: fieldErrors.next, confirm: fieldErrors.confirm }}
      />
    </AccountFormCard>
  );
}
