"use client";

import { useState } from "react";
import { Field, fieldAria, fieldErrorsOf } from "@/components/auth/field";
import { ConfirmDialog } from "@/components/shell/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { checkItemChange, checkWatchlistName, MAX_WATCHLIST_NAME } from "@/lib/desk/watchlist-rules";
import type { ExposureUnit, WatchlistItem } from "@/lib/desk/watchlists";
import { exposureHeading, UNIT_NAMES } from "./exposure";

function messageOf(error: unknown, fallback: string): { field: Record<string, string>; message: string } {
  if (isAlphaError(error)) return { field: fieldErrorsOf(error.details), message: error.message };
  return { field: {}, message: fallback };
}

/** Name a new watchlist, or rename one: the same small form. */
export function WatchlistNameDialog({
  open,
  onOpenChange,
  title,
  description,
  initialName = "",
  submitLabel,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  initialName?: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<void>;
}) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // Opening starts from the current name, whoever opened the dialog.
    setWasOpen(open);
    if (open) {
      setName(initialName);
      setError(null);
    }
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkWatchlistName(name);
    if (!checked.ok) return setError(checked.message);
    setPending(true);
    try {
      await onSubmit(checked.value);
      onOpenChange(false);
    } catch (e) {
      const m = messageOf(e, "The watchlist could not be saved. Try again.");
      setError(m.field.name ?? m.message);
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <Field id="watchlist-name" label="Name" error={error ?? undefined}>
            <Input
              id="watchlist-name"
              value={name}
              maxLength={MAX_WATCHLIST_NAME}
              placeholder="e.g. Core book"
              onChange={(e) => setName(e.target.value)}
              {...fieldAria("watchlist-name", error ?? undefined)}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Deleting a watchlist cannot be undone: ask, naming it and its size. */
export function DeleteWatchlistDialog({
  open,
  onOpenChange,
  name,
  count,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  count: number;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      testId="confirm-delete-watchlist"
      title={`Delete “${name}”?`}
      description={`Its ${count} ${count === 1 ? "symbol goes" : "symbols go"} with it, and pages filtered by it show all symbols again. Export it to CSV first if you may want it back.`}
      cancel="Keep it"
      confirm="Delete watchlist"
      destructive
      onConfirm={onConfirm}
    />
  );
}

/** Change the exposure and label of one symbol (empty clears them). */
export function EditItemDialog({
  item,
  unit = null,
  onOpenChange,
  onSubmit,
}: {
  item: WatchlistItem | null;
  unit?: ExposureUnit | null;
  onOpenChange: (open: boolean) => void;
  onSubmit: (change: { exposure: number | null; label: string | null }) => Promise<void>;
}) {
  const [exposure, setExposure] = useState("");
  const [label, setLabel] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [shownFor, setShownFor] = useState<string | null>(null);
  if (item && shownFor !== item.symbol) {
    setShownFor(item.symbol);
    setExposure(item.exposure === null ? "" : String(item.exposure));
    setLabel(item.label ?? "");
    setErrors({});
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const exposureValue = exposure.trim() === "" ? null : Number(exposure.replace(/,/g, ""));
    const checked = checkItemChange({ exposure: exposureValue, label: label.trim() || null });
    if (!checked.ok || Number.isNaN(exposureValue)) {
      const out: Record<string, string> = {};
      if (Number.isNaN(exposureValue)) out.exposure = "Enter a number, or leave it empty";
      if (!checked.ok) for (const [field, message] of Object.entries(checked.problems)) out[field] ??= message;
      return setErrors(out);
    }
    setPending(true);
    try {
      await onSubmit(checked.value);
      onOpenChange(false);
      setShownFor(null);
    } catch (e) {
      const m = messageOf(e, "The change could not be saved. Try again.");
      setErrors({ ...m.field, form: m.message });
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open={item !== null}
      onOpenChange={(o) => {
        onOpenChange(o);
        if (!o) setShownFor(null);
      }}
    >
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Edit {item?.symbol}</DialogTitle>
            <DialogDescription>Exposure weighs the symbol in exposure summaries; the label is yours (a sleeve, a thesis).</DialogDescription>
          </DialogHeader>
          <Field id="edit-exposure" label={exposureHeading(unit)} hint={unit ? `This watchlist counts exposure as ${UNIT_NAMES[unit]}. Empty: no exposure.` : "Any unit, e.g. position value in ₹. Empty: no exposure."} error={errors.exposure}>
            <Input id="edit-exposure" inputMode="decimal" value={exposure} onChange={(e) => setExposure(e.target.value)} {...fieldAria("edit-exposure", errors.exposure, true)} />
          </Field>
          <Field id="edit-label" label="Label" error={errors.label}>
            <Input id="edit-label" value={label} maxLength={80} onChange={(e) => setLabel(e.target.value)} {...fieldAria("edit-label", errors.label)} />
          </Field>
          {errors.form && <p className="text-sm text-destructive">{errors.form}</p>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
