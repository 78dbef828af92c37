"use client";

import { EyeIcon, EyeOffIcon, SlidersHorizontalIcon, VolumeXIcon } from "lucide-react";
import * as React from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/toast";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import type { MaterialitySettings } from "@/lib/desk/materiality";
import { DISMISSALS_BEFORE_MUTE_OFFER } from "@/lib/desk/materiality-defaults";
import * as api from "@/lib/desk/route-meta/materiality";
import { formatNumber } from "@/lib/format/number";
import { useDeskMutation } from "@/lib/query/desk";
import type { HiddenLedger } from "./materiality-model";

const failed = (e: unknown) => toast.error(isAlphaError(e) ? e.message : "That did not work. Try again.");

// The editor (its form and save) is fetched when the user opens it.
const LexiconEditor = React.lazy(() => import("./lexicon-editor").then((m) => ({ default: m.LexiconEditor })));

/**
 * Above the filings: whether only what matters is shown, the ledger of what the bar and the mutes hid (per kind, each
 * revealable in one click), offers to mute a kind dismissed three times, and the lexicon editor.
 */
export function MaterialityPanel({
  settings,
  ledger,
  only,
  onOnly,
  revealed,
  onReveal,
  shown,
}: {
  settings: MaterialitySettings;
  ledger: HiddenLedger;
  only: boolean;
  onOnly: (v: boolean) => void;
  revealed: ReadonlySet<string>;
  onReveal: (kind: string, on: boolean) => void;
  shown: number;
}) {
  const [editing, setEditing] = React.useState(false);
  const [declined, setDeclined] = React.useState<ReadonlySet<string>>(new Set());
  const mute = useDeskMutation(api.saveMateriality, {
    onSuccess: (saved) => {
      for (const kind of saved.muted) onReveal(kind, false);
      toast.success("Muted; its filings stay counted in the hidden ledger.");
    },
    onError: failed,
  });
  const offers = Object.entries(settings.dismissals)
    .filter(([kind, n]) => n >= DISMISSALS_BEFORE_MUTE_OFFER && !settings.muted.includes(kind) && !declined.has(kind))
    .map(([kind, n]) => ({ kind, n }));
  const switchId = React.useId();

  return (
    <section className="grid gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs" aria-labelledby={`${switchId}-title`} data-testid="materiality-panel">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={`${switchId}-title`} className="text-sm font-semibold">
          Only what matters
        </h2>
        <Switch id={switchId} checked={only} onCheckedChange={onOnly} aria-label="Only what matters" data-testid="materiality-only" />
        <span className="text-sm text-muted-foreground">
          Score {settings.bar} or more to show; scored on the filings already here, at no cost.
        </span>
        <Button type="button" size="sm" variant="ghost" className="ml-auto" onClick={() => setEditing((v) => !v)} aria-expanded={editing} data-testid="materiality-edit">
          <SlidersHorizontalIcon aria-hidden />
          Bar and lexicon
        </Button>
      </div>
      {editing && (
        <React.Suspense fallback={null}>
          <LexiconEditor settings={settings} onDone={() => setEditing(false)} />
        </React.Suspense>
      )}
      {offers.map(({ kind, n }) => (
        <div key={kind} className="flex flex-wrap items-center gap-2 rounded-lg border border-warning/50 bg-warning/10 px-3 py-2 text-sm" data-testid="mute-offer" data-kind={kind}>
          <span>
            You dismissed {n} {kind} filings. Mute {kind}?
          </span>
          <Button
            type="button"
            size="sm"
            onClick={() => mute.mutate({ body: { bar: settings.bar, material: settings.material, noise: settings.noise, muted: [...settings.muted, kind] } })}
            disabled={mute.isPending}
            data-testid="mute-accept"
          >
            <VolumeXIcon aria-hidden />
            Mute {kind}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setDeclined((s) => new Set([...s, kind]))}>
            Not now
          </Button>
        </div>
      ))}
      {only && (
        <div className="grid gap-2" data-testid="hidden-ledger" data-total={ledger.total}>
          <p className="text-sm">
            {ledger.total === 0 ? (
              <>Nothing hidden: all {formatNumber(shown)} filings here pass your bar.</>
            ) : (
              <>
                <strong className="font-semibold tabular-nums">{formatNumber(ledger.total)}</strong> routine {ledger.total === 1 ? "filing" : "filings"} hidden
                {ledger.kinds.length > 0 ? ":" : "."}
              </>
            )}
          </p>
          {ledger.kinds.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label="Hidden filings by kind">
              {ledger.kinds.map((k) => {
                const open = revealed.has(k.kind);
                return (
                  <li key={k.kind}>
                    <Button
                      type="button"
                      size="sm"
                      variant={open ? "secondary" : "outline"}
                      aria-pressed={open}
                      onClick={() => onReveal(k.kind, !open)}
                      data-testid="ledger-kind"
                      data-kind={k.kind}
                      data-count={k.count}
                    >
                      {open ? <EyeOffIcon aria-hidden /> : <EyeIcon aria-hidden />}
                      <span className="sr-only">{open ? "Hide " : "Reveal "}</span>
                      {k.kind}
                      <Badge variant="secondary" className="tabular-nums">
                        {k.count}
                      </Badge>
                      {k.muted && <span className="text-xs text-muted-foreground">muted</span>}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
