"use client";

import * as React from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import type { MaterialitySettings } from "@/lib/desk/materiality";
import { lexiconPhraseProblem } from "@/lib/desk/materiality-defaults";
import * as api from "@/lib/desk/route-meta/materiality";
import { useDeskMutation } from "@/lib/query/desk";

const failed = (e: unknown) => toast.error(isAlphaError(e) ? e.message : "That did not work. Try again.");
const lines = (text: string) => [...new Set(text.split("\n").map((l) => l.trim()).filter(Boolean))];

/** The lexicon and bar editor: one phrase a line, `*` for any letters within a word. */
export function LexiconEditor({ settings, onDone }: { settings: MaterialitySettings; onDone: () => void }) {
  const id = React.useId();
  const [bar, setBar] = React.useState(String(settings.bar));
  const [material, setMaterial] = React.useState(settings.material.join("\n"));
  const [noise, setNoise] = React.useState(settings.noise.join("\n"));
  const save = useDeskMutation(api.saveMateriality, {
    onSuccess: () => {
      toast.success("Materiality saved; the list is scored again.");
      onDone();
    },
    onError: failed,
  });
  const barValue = Number(bar);
  const bad = [...lines(material), ...lines(noise)].find((p) => lexiconPhraseProblem(p) !== null);
  const barOk = bar.trim() !== "" && Number.isInteger(barValue) && barValue >= 0 && barValue <= 100;
  return (
    <form
      className="grid gap-3 rounded-lg border bg-muted/30 p-3"
      data-testid="materiality-editor"
      onSubmit={(e) => {
        e.preventDefault();
        if (!barOk || bad) return;
        save.mutate({ body: { bar: barValue, material: lines(material), noise: lines(noise), muted: settings.muted } });
      }}
    >
      <div className="grid gap-1">
        <Label htmlFor={`${id}-bar`}>Bar (a filing shows when its score reaches it, 0–100)</Label>
        <Input id={`${id}-bar`} inputMode="numeric" className="w-28 font-mono" value={bar} onChange={(e) => setBar(e.target.value)} aria-invalid={!barOk || undefined} />
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-material`}>Material phrases (one a line; * is any letters)</Label>
          <textarea id={`${id}-material`} rows={8} className="rounded-md border bg-background px-3 py-2 font-mono text-xs" value={material} onChange={(e) => setMaterial(e.target.value)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-noise`}>Routine phrases (hidden as their own kind)</Label>
          <textarea id={`${id}-noise`} rows={8} className="rounded-md border bg-background px-3 py-2 font-mono text-xs" value={noise} onChange={(e) => setNoise(e.target.value)} />
        </div>
      </div>
      {bad && <p className="text-sm text-destructive">“{bad}” is not a phrase: it needs 2 to 80 characters with a letter or digit.</p>}
      {settings.muted.length > 0 && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">Muted kinds:</span>
          {settings.muted.map((kind) => (
            <Button
              key={kind}
              type="button"
              size="sm"
              variant="outline"
              onClick={() => save.mutate({ body: { bar: settings.bar, material: settings.material, noise: settings.noise, muted: settings.muted.filter((k) => k !== kind) } })}
            >
              Unmute {kind}
            </Button>
          ))}
        </div>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending || !barOk || !!bad} data-testid="materiality-save">
          Save
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

