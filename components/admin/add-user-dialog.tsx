"use client";

import { useState } from "react";
import { Field, fieldAria, fieldErrorsOf } from "@/components/auth/field";
import { useHydrated } from "@/components/auth/use-hydrated";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { PASSWORD_MIN_LENGTH } from "@/lib/desk/account-limits";
import type { UserSummary } from "@/lib/desk/users";
import { PAID_ACTIONS, type PaidAction } from "@/lib/desk/team-labels";
import { AllowanceInput, allowanceOf, PaidActionsFieldset, RoleSelect } from "@/components/teams/seat-fields";

/** The route's body schema (zod with it), fetched when the form gets focus and awaited on submit: not in the page's first load. */
const loadUserSchema = () => import("@/lib/desk/users");

const EMPTY = { email: "", name: "", password: "", role: "member" as UserSummary["role"], allowance: "", actions: [...PAID_ACTIONS] as PaidAction[] };

/** What Add user sends: the person, their role and seat, and a password they must change at first sign-in. */
export interface NewMember {
  email: string;
  name: string;
  password: string;
  role: UserSummary["role"];
  dailyAllowance: number | null;
  actions: PaidAction[];
  temporaryPassword: true;
}

/**
 * Add a colleague with a temporary password and a role (admin or member). Opened by UsersTable's Add user button
 * (fetched on pointer or focus on it, or on the first opening: ./add-user-dialog-lazy.ts).
 */
export function AddUserDialog({
  open,
  onOpenChange,
  onCreate,
  orgKey,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreate: (input: NewMember) => Promise<UserSummary>;
  /** The desk has an organisation key: members use it, within their seat. */
  orgKey: boolean;
}) {
  const [values, setValues] = useState(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const hydrated = useHydrated();

  const reset = () => {
    setValues(EMPTY);
    setFieldErrors({});
    setError(null);
  };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let schema: Awaited<ReturnType<typeof loadUserSchema>>;
    try {
      schema = await loadUserSchema();
    } catch {
      setError("The desk could not be reached. Try again.");
      return;
    }
    // The route's own body schema decides what passes; the sentences are the dialog's.
    const member: NewMember = {
      email: values.email.trim(),
      name: values.name.trim(),
      password: values.password,
      role: values.role,
      dailyAllowance: allowanceOf(values.allowance),
      actions: values.actions,
      temporaryPassword: true,
    };
    const found = schema.formProblems(schema.createUserInputSchema, member);
    const problems: Record<string, string> = {};
    if (found.dailyAllowance) problems.allowance = "Enter a whole number of credits, or leave it empty for no allowance.";
    if (found.name) problems.name = values.name.trim() ? `The name ${found.name}.` : "Enter a name.";
    if (found.email) problems.email = "Enter an email address.";
    if (found.password) problems.password = values.password.length < PASSWORD_MIN_LENGTH ? `Use at least ${PASSWORD_MIN_LENGTH} characters.` : `The password ${found.password}.`;
    setFieldErrors(problems);
    setError(null);
    if (Object.keys(problems).length > 0) return;
    setPending(true);
    try {
      await onCreate(member);
      onOpenChange(false);
      reset();
    } catch (e) {
      if (isAlphaError(e)) {
        setFieldErrors(fieldErrorsOf(e.details));
        setError(e.message);
      } else setError("The user could not be added. Try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        onOpenChange(o);
        if (!o) reset();
      }}
    >
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Add a user</DialogTitle>
          <DialogDescription data-testid="add-user-note">
            Give them the temporary password through a safe channel; they choose their own when they first sign in.{" "}
            {orgKey ? "They use the organisation's Alpha key, within the allowance and paid actions you set here." : "They add their own Alpha key in Settings."}
          </DialogDescription>
        </DialogHeader>
        <form method="post" onSubmit={submit} onFocus={() => void loadUserSchema().catch(() => undefined)} noValidate className="grid gap-4">
          {error && (
            <ErrorAlert title="Could not add the user">
              {error}
            </ErrorAlert>
          )}
          <Field id="new-user-name" label="Name" error={fieldErrors.name}>
            <Input id="new-user-name" value={values.name} onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))} {...fieldAria("new-user-name", fieldErrors.name)} />
          </Field>
          <Field id="new-user-email" label="Email" error={fieldErrors.email}>
            <Input
              id="new-user-email"
              type="email"
              autoComplete="off"
              value={values.email}
              onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
              {...fieldAria("new-user-email", fieldErrors.email)}
            />
          </Field>
          <Field id="new-user-password" label="Temporary password" hint="At least 8 characters." error={fieldErrors.password}>
            <Input
              id="new-user-password"
              type="password"
              autoComplete="new-password"
              value={values.password}
              onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
              {...fieldAria("new-user-password", fieldErrors.password, true)}
            />
          </Field>
          <Field id="new-user-role" label="Role" hint="Admins manage users and see everyone's spend.">
            <RoleSelect id="new-user-role" className="w-40" aria-describedby="new-user-role-hint" value={values.role} onChange={(role) => setValues((v) => ({ ...v, role }))} />
          </Field>
          <Field id="new-user-allowance" label="Daily allowance (credits)" hint={orgKey ? "Credits a day on the organisation's key; empty: no allowance." : "Applies when they use the organisation's key; empty: no allowance."} error={fieldErrors.allowance}>
            <AllowanceInput
              id="new-user-allowance"
              value={values.allowance}
              onChange={(e) => setValues((v) => ({ ...v, allowance: e.target.value }))}
              {...fieldAria("new-user-allowance", fieldErrors.allowance, true)}
            />
          </Field>
          <PaidActionsFieldset value={values.actions} onChange={(actions) => setValues((v) => ({ ...v, actions }))} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending || !hydrated}>
              {pending ? "Adding…" : "Add user"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
