"use client";

import { CoinsIcon } from "lucide-react";
import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { announceThresholdChange } from "@/components/settings/spend-threshold";
import { CardHeading } from "@/components/shell/card-heading";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast";
import * as api from "@/lib/desk/route-meta";
import { formatCredits } from "@/lib/format/number";
import { deskQuery, useDeskMutation } from "@/lib/query/desk";

/** The team's confirmation threshold: what every user who has not set their own is asked above. */
export function TeamThresholdCard() {
  const view = useQuery(deskQuery(api.getSpendThreshold)).data;
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? (view ? String(view.teamDefault) : "");
  const parsed = Number(value);
  const valid = value.trim() !== "" && Number.isInteger(parsed) && parsed >= 0 && parsed <= 1_000_000;
  const save = useDeskMutation(api.putTeamSpendThreshold, {
    onSuccess: (saved) => {
      announceThresholdChange();
      setDraft(null);
      toast.success(`Team default saved: ${saved.teamDefault === 0 ? "ask before every paid action" : `ask above ${formatCredits(saved.teamDefault)}`}.`);
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <Card data-testid="team-threshold-card">
      <CardHeader>
        <CardHeading icon={CoinsIcon} iconClassName="text-warning" title="Team confirmation threshold" description="Above this many credits the desk asks before a paid action, for every user who has not set their own in Settings." />
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) save.mutate({ body: { threshold: parsed } });
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={id}>Team default (credits)</Label>
            <Input id={id} type="number" inputMode="numeric" min={0} step={1} className="w-40 font-mono" value={value} onChange={(e) => setDraft(e.target.value)} aria-invalid={!valid || undefined} />
          </div>
          <Button type="submit" variant="secondary" disabled={!valid || save.isPending || draft === null}>
            Save team default
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
