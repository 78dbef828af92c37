"use client";

import { CoinsIcon } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { HeadedCard } from "@/components/shell/card-heading";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast";
import type * as settingsApi from "@/lib/desk/route-meta/settings";
import type * as teamApi from "@/lib/desk/route-meta/team";
import type { SpendThresholdView } from "@/lib/desk/users";
import { formatCredits } from "@/lib/format/number";
import { useDeskMutation } from "@/lib/query/desk";
import { announceThresholdChange } from "./spend-threshold";

export const MAX_THRESHOLD = 1_000_000;

export function askingText(threshold: number): string {
  return threshold === 0 ? "ask before every paid action" : `ask above ${formatCredits(threshold)}`;
}

/** A confirmation threshold being edited: the saved figure until the user types, then their draft. */
export function useThresholdDraft(saved: string) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? saved;
  const parsed = Number(value);
  const valid = value.trim() !== "" && Number.isInteger(parsed) && parsed >= 0 && parsed <= MAX_THRESHOLD;
  return { id, value, parsed, valid, edited: draft !== null, setDraft, reset: () => setDraft(null) };
}

type ThresholdDraft = ReturnType<typeof useThresholdDraft>;

/** Saving a threshold (the user's or the team's): the other tabs hear of it, the draft goes and a toast says what now. */
export function useSaveThreshold<R extends typeof settingsApi.putSpendThreshold | typeof teamApi.putTeamSpendThreshold>(route: R, draft: ThresholdDraft, savedText: (saved: SpendThresholdView) => string) {
  return useDeskMutation(route, {
    onSuccess: (saved) => {
      announceThresholdChange();
      draft.reset();
      toast.success(savedText(saved));
    },
    onError: (error) => toast.error(error.message),
  });
}

/** The card a threshold is set in (the user's in Settings, the team's on Team). */
export function ThresholdCard({ testId, title, description, children }: { testId: string; title: string; description: string; children: ReactNode }) {
  return (
    <HeadedCard data-testid={testId} icon={CoinsIcon} iconClassName="text-warning" title={title} description={description}>{children}</HeadedCard>
  );
}

/** The threshold's field and save button, shared by the user's card (Settings) and the team's (Team). */
export function ThresholdForm({ draft, label, submitLabel, pending, onSave, hinted, children }: { draft: ThresholdDraft; label: string; submitLabel: string; pending: boolean; onSave: (threshold: number) => void; hinted?: boolean; children?: ReactNode }) {
  return (
    <form
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        if (draft.valid) onSave(draft.parsed);
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={draft.id}>{label}</Label>
        <Input
          id={draft.id}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          className="w-40 font-mono"
          value={draft.value}
          onChange={(e) => draft.setDraft(e.target.value)}
          aria-invalid={!draft.valid || undefined}
          aria-describedby={hinted ? `${draft.id}-hint` : undefined}
        />
      </div>
      <Button type="submit" variant="secondary" disabled={!draft.valid || pending || !draft.edited}>
        {submitLabel}
      </Button>
      {children}
    </form>
  );
}
