"use client";

import { CardHeading } from "@/components/shell/card-heading";
import { CoinsIcon } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { useSpendThreshold } from "@/components/paid/confirm-spend";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatCredits } from "@/lib/format/number";
import { useSetSpendThreshold } from "./spend-threshold";

export function SpendThresholdCard() {
  const threshold = useSpendThreshold();
  const setThreshold = useSetSpendThreshold();
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? String(threshold);
  const parsed = Number(value);
  const valid = value.trim() !== "" && Number.isInteger(parsed) && parsed >= 0 && parsed <= 1_000_000;

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
            setThreshold(parsed);
            setDraft(null);
            toast.success(parsed === 0 ? "The desk will ask before every paid action." : `The desk will ask above ${formatCredits(parsed)}.`);
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
          <Button type="submit" variant="secondary" disabled={!valid || parsed === threshold}>
            Save threshold
          </Button>
        </form>
        <p id={`${id}-hint`} className="mt-2 text-xs text-muted-foreground">
          Now: {threshold === 0 ? "ask before every paid action" : `ask above ${formatCredits(threshold)}`}. Kept in this browser.
        </p>
      </CardContent>
    </Card>
  );
}
