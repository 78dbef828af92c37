"use client";

import { CardHeading } from "@/components/shell/card-heading";
import { CoinsIcon } from "lucide-react";
import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { useSpendThreshold } from "@/components/paid/confirm-spend";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import * as api from "@/lib/desk/route-meta";
import { formatCredits } from "@/lib/format/number";
import { deskQuery, useDeskMutation } from "@/lib/query/desk";
import { announceThresholdChange } from "./spend-threshold";

function askingText(threshold: number): string {
  return threshold === 0 ? "ask before every paid action" : `ask above ${formatCredits(threshold)}`;
}

/** The user's confirmation threshold, kept by the desk for them on every browser; blank follows the team's default. */
export function SpendThresholdCard() {
  const threshold = useSpendThreshold();
  const view = useQuery(deskQuery(api.getSpendThreshold)).data;
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? String(view?.own ?? threshold);
  const parsed = Number(value);
  const valid = value.trim() !== "" && Number.isInteger(parsed) && parsed >= 0 && parsed <= 1_000_000;
  const save = useDeskMutation(api.putSpendThreshold, {
    onSuccess: (saved) => {
      announceThresholdChange();
      setDraft(null);
      toast.success(saved.own === null ? `Following the team default: the desk will ${askingText(saved.effective)}.` : saved.effective === 0 ? "The desk will ask before every paid action." : `The desk will ask above ${formatCredits(saved.effective)}.`);
    },
    onError: (error) => toast.error(error.message),
  });

  return (
    <Card data-testid="spend-threshold-card">
      <CardHeader>
        <CardHeading icon={CoinsIcon} iconClassName="text-warning" title="Confirm before spending" description="Every paid action shows its price first. Above this many credits the desk also asks you to confirm. 0 asks before every paid action." />
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (!valid) return;
            save.mutate({ body: { threshold: parsed } });
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={id}>Threshold (credits)</Label>
            <Input
              id={id}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              className="w-40 font-mono"
              value={value}
              onChange={(e) => setDraft(e.target.value)}
              aria-invalid={!valid || undefined}
              aria-describedby={`${id}-hint`}
            />
          </div>
          <Button type="submit" variant="secondary" disabled={!valid || save.isPending || draft === null}>
            Save threshold
          </Button>
          {view?.own !== null && view?.own !== undefined ? (
            <Button type="button" variant="ghost" disabled={save.isPending} onClick={() => save.mutate({ body: { threshold: null } })}>
              Use the team default
            </Button>
          ) : null}
        </form>
        <p id={`${id}-hint`} className="mt-2 text-xs text-muted-foreground" data-testid="spend-threshold-now">
          Now: {askingText(threshold)}.{" "}
          {view && view.own === null ? `The team default (${formatCredits(view.teamDefault)}), set by an admin.` : "Yours, on every browser you sign in with."}
        </p>
      </CardContent>
    </Card>
  );
}
