"use client";

import { CoinsIcon } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { announceThresholdChange } from "@/components/settings/spend-threshold";
import { askingText, ThresholdForm, useThresholdDraft } from "@/components/settings/threshold-form";
import { CardHeading } from "@/components/shell/card-heading";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { toast } from "@/components/ui/toast";
import * as api from "@/lib/desk/route-meta";
import { deskQuery, useDeskMutation } from "@/lib/query/desk";

/** The team's confirmation threshold: what every user who has not set their own is asked above. */
export function TeamThresholdCard() {
  const view = useQuery(deskQuery(api.getSpendThreshold)).data;
  const draft = useThresholdDraft(view ? String(view.teamDefault) : "");
  const save = useDeskMutation(api.putTeamSpendThreshold, {
    onSuccess: (saved) => {
      announceThresholdChange();
      draft.reset();
      toast.success(`Team default saved: ${askingText(saved.teamDefault)}.`);
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <Card data-testid="team-threshold-card">
      <CardHeader>
        <CardHeading icon={CoinsIcon} iconClassName="text-warning" title="Team confirmation threshold" description="Above this many credits the desk asks before a paid action, for every user who has not set their own in Settings." />
      </CardHeader>
      <CardContent>
        <ThresholdForm draft={draft} label="Team default (credits)" submitLabel="Save team default" pending={save.isPending} onSave={(t) => save.mutate({ body: { threshold: t } })} />
      </CardContent>
    </Card>
  );
}
