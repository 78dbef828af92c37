"use client";

import { useQuery } from "@tanstack/react-query";
import { askingText, ThresholdCard, ThresholdForm, useSaveThreshold, useThresholdDraft } from "@/components/settings/threshold-form";
import * as settingsApi from "@/lib/desk/route-meta/settings";
import * as teamApi from "@/lib/desk/route-meta/team";
import { deskQuery } from "@/lib/query/desk";

/** The team's confirmation threshold: what every user who has not set their own is asked above. */
export function TeamThresholdCard() {
  const view = useQuery(deskQuery(settingsApi.getSpendThreshold)).data;
  const draft = useThresholdDraft(view ? String(view.teamDefault) : "");
  const save = useSaveThreshold(teamApi.putTeamSpendThreshold, draft, (saved) => `Team default saved: ${askingText(saved.teamDefault)}.`);
  return (
    <ThresholdCard
      testId="team-threshold-card"
      title="Team confirmation threshold"
      description="Above this many credits the desk asks before a paid action, for every user who has not set their own in Settings."
    >
      <ThresholdForm draft={draft} label="Team default (credits)" submitLabel="Save team default" pending={save.isPending} onSave={(t) => save.mutate({ body: { threshold: t } })} />
    </ThresholdCard>
  );
}
