"use client";

import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { toast } from "@/components/ui/toast";
import type { MaterialitySettings } from "@/lib/desk/materiality";
import { DEFAULT_MATERIALITY } from "@/lib/desk/materiality-defaults";
import * as materialityApi from "@/lib/desk/route-meta/materiality";
import * as watchlistsApi from "@/lib/desk/route-meta/watchlists";
import { deskQuery, useDeskMutation } from "@/lib/query/desk";
import { upcomingCalendarQueryOptions } from "@/lib/query/earnings";
import type { Announcement } from "./announcement-model";
import type { CardMateriality } from "./announcement-card";
import { companyEvents, hiddenLedger, holdingWeights, scoreAnnouncements, type HiddenLedger } from "./materiality-model";

const NONE: readonly { symbol: string; at?: string | null; what: string }[] = [];

/**
 * The announcements in view scored against the user's settings, watchlists and the free results calendar (data the
 * desk holds; nothing is bought to score), with what the bar hid, the kinds revealed and the dismissals of this visit.
 */
export function useMateriality(rows: readonly Announcement[], hasKey: boolean, others: readonly { symbol: string; at?: string | null; what: string }[] = NONE) {
  const settingsQuery = useQuery(deskQuery(materialityApi.getMateriality));
  const lists = useQuery(deskQuery(watchlistsApi.listWatchlists));
  const settings: MaterialitySettings = settingsQuery.data ?? DEFAULT_MATERIALITY;
  const own = React.useMemo(() => lists.data ?? [], [lists.data]);
  // In the order Today collects them: the free calendar it prefetched is this one, not a second call.
  const held = React.useMemo(() => [...new Set(own.flatMap((w) => w.items.map((i) => i.symbol)))], [own]);
  const calendar = useQuery({ ...upcomingCalendarQueryOptions(held), enabled: hasKey && held.length > 0 });
  const [only, setOnly] = React.useState(true);
  const [revealed, setRevealed] = React.useState<ReadonlySet<string>>(new Set());
  const [dismissed, setDismissed] = React.useState<ReadonlySet<string>>(new Set());
  const dismiss = useDeskMutation(materialityApi.dismissFiling, { onError: () => toast.error("The dismissal was not saved.") });

  const scored = React.useMemo(() => {
    const weights = holdingWeights(own);
    const events = companyEvents(rows, calendar.data?.rows ?? [], others);
    return scoreAnnouncements(rows, { settings, weights, events });
  }, [rows, own, calendar.data, settings, others]);
  const byId = React.useMemo(() => new Map(scored.map((s) => [s.item.id, s])), [scored]);
  const ledger: HiddenLedger = React.useMemo(() => hiddenLedger(scored), [scored]);
  const items = React.useMemo(
    () => scored.filter((s) => !dismissed.has(s.item.id) && (!only || s.passes || revealed.has(s.kind))).map((s) => s.item),
    [scored, dismissed, only, revealed],
  );
  const dismissKind = dismiss.mutate;
  const cardProps = React.useCallback(
    (item: Announcement): { why?: CardMateriality; onDismiss?: () => void } => {
      const s = byId.get(item.id);
      if (!s) return {};
      return {
        why: { score: s.score, reasons: s.reasons, kind: s.kind, revealed: !s.passes },
        onDismiss: () => {
          setDismissed((set) => new Set([...set, s.item.id]));
          dismissKind({ body: { kind: s.kind } });
        },
      };
    },
    [byId, dismissKind],
  );

  return {
    items,
    panel: settingsQuery.data
      ? {
          settings,
          ledger,
          only,
          onOnly: setOnly,
          revealed,
          onReveal: (kind: string, on: boolean) => setRevealed((set) => (on ? new Set([...set, kind]) : new Set([...set].filter((k) => k !== kind)))),
          shown: items.length,
        }
      : null,
    cardProps,
  };
}
