"use client";

import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { useSpendThreshold } from "@/components/paid/confirm-spend";
import * as api from "@/lib/desk/route-meta/settings";
import { formatCredits } from "@/lib/format/number";
import { deskQuery } from "@/lib/query/desk";
import { askingText, ThresholdCard, ThresholdForm, useSaveThreshold, useThresholdDraft } from "./threshold-form";

/** The user's confirmation threshold, kept by the desk for them on every browser; blank follows the team's default. */
export function SpendThresholdCard() {
  const threshold = useSpendThreshold();
  const view = useQuery(deskQuery(api.getSpendThreshold)).data;
  const draft = useThresholdDraft(String(view?.own ?? threshold));
  const save = useSaveThreshold(api.putSpendThreshold, draft, (saved) =>
    saved.own === null ? `Following the team default: the desk will ${askingText(saved.effective)}.` : `The desk will ${askingText(saved.effective)}.`,
  );

  return (
    <ThresholdCard
      testId="spend-threshold-card"
      title="Confirm before spending"
      description="Every paid action shows its price first. Above this many credits the desk also asks you to confirm. 0 asks before every paid action."
    >
      <ThresholdForm draft={draft} label="Threshold (credits)" submitLabel="Save threshold" pending={save.isPending} onSave={(t) => save.mutate({ body: { threshold: t } })} hinted>
        {view?.own !== null && view?.own !== undefined ? (
          <Button type="button" variant="ghost" disabled={save.isPending} onClick={() => save.mutate({ body: { threshold: null } })}>
            Use the team default
          </Button>
        ) : null}
      </ThresholdForm>
      <p id={`${draft.id}-hint`} className="mt-2 text-xs text-muted-foreground" data-testid="spend-threshold-now">
        Now: {askingText(threshold)}.{" "}
        {view && view.own === null ? `The team default (${formatCredits(view.teamDefault)}), set by an admin.` : "Yours, on every browser you sign in with."}
      </p>
    </ThresholdCard>
  );
}
