import type * as React from "react";
import { Input } from "@/components/ui/input";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { PASSWORD_MIN_LENGTH } from "@/lib/desk/account-limits";
import { Field, fieldAria, fieldErrorsOf } from "./field";
import { loadAccountActions } from "./load-account-actions";

type AccountActions = Awaited<ReturnType<typeof loadAccountActions>>;
type NewAccountBody = ReturnType<typeof newAccountBody>;

/**
 * The fields of a new desk account — name, email, password and its repetition — shared by first-run setup and joining
 * a team by invite, with the one validation both run before anything is sent.
 */
export interface NewAccountValues {
  name: string;
  email: string;
  password: string;
  confirm: string;
}

export const EMPTY_NEW_ACCOUNT: NewAccountValues = { name: "", email: "", password: "", confirm: "" };

/** What the account routes receive: the name and email trimmed, the password as typed. */
export function newAccountBody(values: NewAccountValues): { name: string; email: string; password: string } {
  return { name: values.name.trim(), email: values.email.trim(), password: values.password };
}

/** Field errors of the values: the route's own body schema decides what passes; the sentences are the form's. */
export function newAccountProblems(
  { formProblems, newUserInputSchema }: Pick<Awaited<ReturnType<typeof loadAccountActions>>, "formProblems" | "newUserInputSchema">,
  values: NewAccountValues,
): Record<string, string> {
  const problems = formProblems(newUserInputSchema, newAccountBody(values));
  const out: Record<string, string> = {};
  if (problems.name) out.name = values.name.trim() ? `The name ${problems.name}.` : "Enter your name.";
  if (problems.email) out.email = "Enter an email address.";
  if (problems.password) out.password = values.password.length < PASSWORD_MIN_LENGTH ? `Use at least ${PASSWORD_MIN_LENGTH} characters.` : `The password ${problems.password}.`;
  if (values.confirm !== values.password) out.confirm = "The passwords do not match.";
  return out;
}

/** The form's side of sending a new account: its field errors, its message (null clears it) and its busy state. */
export interface NewAccountForm {
  setFieldErrors: (errors: Record<string, string>) => void;
  setError: (error: { message: string; code?: string } | null) => void;
  setPending: (pending: boolean) => void;
}

const UNREACHABLE = "The desk could not be reached. Try again.";

/**
 * Checks the values, sends them with `send` (setup or joining a team) and signs the new account in, landing on
 * `landing`; the sign-in page when signing in fails. A refusal shows as the route's field errors and message.
 */
export async function sendNewAccount({ form, values, send, router, landing }: { form: NewAccountForm; values: NewAccountValues; send: (actions: AccountActions, body: NewAccountBody) => Promise<unknown>; router: { replace: (href: string) => void; refresh: () => void }; landing: string }): Promise<void> {
  let actions: AccountActions;
  try {
    actions = await loadAccountActions();
  } catch {
    form.setError({ message: UNREACHABLE });
    return;
  }
  const problems = newAccountProblems(actions, values);
  form.setFieldErrors(problems);
  form.setError(null);
  if (Object.keys(problems).length > 0) return;
  form.setPending(true);
  const body = newAccountBody(values);
  try {
    await send(actions, body);
  } catch (e) {
    form.setPending(false);
    if (isAlphaError(e)) {
      const fields = fieldErrorsOf(e.details);
      if (Object.keys(fields).length > 0) form.setFieldErrors(fields);
      form.setError({ message: e.message, code: e.code });
    } else form.setError({ message: UNREACHABLE });
    return;
  }
  const result = await actions.signIn("credentials", { email: body.email, password: body.password, redirect: false });
  if (!result || result.error) {
    router.replace("/sign-in");
    return;
  }
  router.replace(landing);
  router.refresh();
}

/** A labelled input whose hint and error are wired to it (`name` is its id unless given). */
export function InputField({ id, label, hint, error, ...input }: { id: string; label: string; hint?: React.ReactNode; error?: string } & Omit<React.ComponentProps<typeof Input>, "id">) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <Input id={id} name={id} {...input} {...fieldAria(id, error, hint !== undefined)} />
    </Field>
  );
}

/** A new password and its repetition (`autoComplete="new-password"`, the minimum length as the hint). */
export function NewPasswordFields({
  ids = { password: "password", confirm: "confirm" },
  labels = { password: "Password", confirm: "Repeat the password" },
  password,
  confirm,
  onPassword,
  onConfirm,
  errors,
}: {
  ids?: { password: string; confirm: string };
  labels?: { password: string; confirm: string };
  password: string;
  confirm: string;
  onPassword: React.ChangeEventHandler<HTMLInputElement>;
  onConfirm: React.ChangeEventHandler<HTMLInputElement>;
  errors: { password?: string; confirm?: string };
}) {
  return (
    <>
      <InputField
        id={ids.password}
        label={labels.password}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={onPassword}
      />
      <InputField id={ids.confirm} label={labels.confirm} error={errors.confirm} type="password" autoComplete="new-password" value={confirm} onChange={onConfirm} />
    </>
  );
}

/** Name, email, password and its repetition of a new account. */
export function NewAccountFields({
  values,
  onChange,
  errors,
}: {
  values: NewAccountValues;
  onChange: (name: keyof NewAccountValues) => React.ChangeEventHandler<HTMLInputElement>;
  errors: Record<string, string>;
}) {
  return (
    <>
      <InputField id="name" label="Your name" error={errors.name} autoComplete="name" value={values.name} onChange={onChange("name")} />
      <InputField id="email" label="Email" error={errors.email} type="email" autoComplete="username" value={values.email} onChange={onChange("email")} />
      <NewPasswordFields password={values.password} confirm={values.confirm} onPassword={onChange("password")} onConfirm={onChange("confirm")} errors={errors} />
    </>
  );
}
