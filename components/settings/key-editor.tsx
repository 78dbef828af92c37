"use client";

import { CheckCircle2Icon } from "lucide-react";
import type * as React from "react";
import { useId, useState } from "react";
import { useHydrated } from "@/components/auth/use-hydrated";
import { toast } from "@/components/ui/toast";
import { ErrorAlert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { formatIstDateTime } from "@/lib/format/time";

/** A stored key as a card shows it: its last four, its account, when it was saved. */
interface StoredKey {
  last4: string | null;
  savedAt: string | null;
  account?: { account_id: string; name: string | null; plan: string | null } | null;
}

/**
 * Entering a key (personal or the organisation's): the typed key is cleared after every attempt, and a refusal is
 * shown beside the field. `save` checks it with the service before it is stored.
 */
export function useKeyEditor<S>({ editing: initiallyEditing, empty, save }: { editing: boolean; empty: string; save: (key: string) => Promise<S> }) {
  const [editing, setEditing] = useState(initiallyEditing);
  const [key, setKey] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!key.trim()) return setError(empty);
    setPending(true);
    setError(null);
    try {
      await save(key.trim());
      setEditing(false);
    } catch (e) {
      setError(isAlphaError(e) ? e.message : "The key could not be saved. Try again.");
    } finally {
      setKey("");
      setPending(false);
    }
  }
  /** Runs a change that is not a save (a delete); a failure is a toast. */
  async function run(change: () => Promise<unknown>, failure: string) {
    setPending(true);
    try {
      await change();
      setEditing(true);
      setError(null);
    } catch (e) {
      toast.error(isAlphaError(e) ? e.message : failure);
    } finally {
      setPending(false);
    }
  }
  const cancel = () => {
    setEditing(false);
    setError(null);
    setKey("");
  };
  return { editing, setEditing, key, setKey, error, pending, submit, run, cancel };
}

export function KeyStatusLine({ status, label, testId, plan, savedBy }: { status: StoredKey; label: string; testId: string; plan?: (plan: string) => string | null; savedBy?: string | null }) {
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-lg border bg-muted/40 px-4 py-3 text-sm" data-testid={testId}>
      <span className="flex items-center gap-2">
        <CheckCircle2Icon aria-hidden className="size-4 text-positive" />
        <span className="font-mono text-base tracking-wider" aria-label={`${label} ending in ${status.last4 ?? ""}`}>
          •••• {status.last4}
        </span>
      </span>
      {status.account && (
        <span className="text-muted-foreground">
          Account <span className="font-medium text-foreground">{status.account.name ?? status.account.account_id}</span>
          {status.account.plan && (
            <Badge variant="secondary" className="ml-2">
              {(plan && plan(status.account.plan)) ?? status.account.plan}
            </Badge>
          )}
        </span>
      )}
      {status.savedAt && (
        <span className="text-muted-foreground">
          Saved {formatIstDateTime(status.savedAt)}
          {savedBy ? ` by ${savedBy}` : ""}
        </span>
      )}
    </div>
  );
}

/** The key's field and its check-and-save button; POST and no submit before hydration, so the key never reaches a URL. */
export function KeyEntryForm({
  editor,
  name,
  label,
  placeholder,
  testId,
  hint,
  canCancel,
}: {
  editor: ReturnType<typeof useKeyEditor>;
  name: string;
  label: string;
  placeholder: string;
  testId: string;
  hint?: string;
  canCancel: boolean;
}) {
  const inputId = useId();
  const hydrated = useHydrated();
  return (
    <form method="post" onSubmit={editor.submit} className="grid gap-3" noValidate>
      {editor.error && (
        <ErrorAlert data-testid={testId} title="The key was not saved">
          {editor.error}
        </ErrorAlert>
      )}
      <div className="grid gap-2">
        <Label htmlFor={inputId}>{label}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={inputId}
            name={name}
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder={placeholder}
            value={editor.key}
            onChange={(e) => editor.setKey(e.target.value)}
            aria-invalid={editor.error ? true : undefined}
            {...(hint ? { "aria-describedby": `${inputId}-hint` } : {})}
            className="font-mono"
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={editor.pending || !hydrated}>
              {editor.pending ? "Checking…" : "Check and save"}
            </Button>
            {canCancel && (
              <Button type="button" variant="ghost" onClick={editor.cancel}>
                Cancel
              </Button>
            )}
          </div>
        </div>
        {hint && (
          <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )}
      </div>
    </form>
  );
}
