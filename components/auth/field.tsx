import type { ReactNode } from "react";
import { Label } from "@/components/ui/label";

/** A labelled form field with its hint and error wired to the control by id. */
export function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: ReactNode; error?: string; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria attributes for a control inside a Field. */
export function fieldAria(id: string, error?: string, hint?: boolean) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

/** Field errors of a desk error body (`details.fields`: name → messages) as name → first message. */
export function fieldErrorsOf(details: Record<string, unknown> | undefined): Record<string, string> {
  const fields = details?.fields;
  const out: Record<string, string> = {};
  if (!fields || typeof fields !== "object") return out;
  for (const [name, messages] of Object.entries(fields as Record<string, unknown>)) {
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === "string") out[name] = first;
  }
  return out;
}
