"use client";

import { DownloadIcon } from "lucide-react";
import { useState } from "react";
import { MODE_INFO } from "@/components/summaries/summary-params";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { downloadText } from "@/components/watchlists/download";
import type { SummaryMode } from "@/lib/alpha/summaries";
import { SUMMARY_MODES } from "@/lib/alpha/summary-rules";
import type { ExampleForm } from "./batch-examples";
import { EXAMPLE_FORM_LABELS, EXAMPLE_FORMS, exampleLine, exampleTemplate } from "./batch-examples";

/*
 * The upload tab's examples (an example line per form and mode, and the template of all of them): their own chunk,
 * fetched when the upload tab gets the pointer or focus, or when the page opens on it (new-batch-job.tsx).
 */

/** A labelled select over a fixed list; the chosen string is mapped back to its option, so no cast is needed. */
function ChoiceSelect<T extends string>({
  id,
  label,
  value,
  options,
  labelOf,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  labelOf: (option: T) => string;
  onChange: (next: T) => void;
}) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      <NativeSelect
        id={id}
        size="sm"
        className="w-full min-w-0"
        value={value}
        onChange={(e) => {
          const next = options.find((o) => o === e.target.value);
          if (next !== undefined) onChange(next);
        }}
      >
        {options.map((o) => (
          <NativeSelectOption key={o} value={o}>
            {labelOf(o)}
          </NativeSelectOption>
        ))}
      </NativeSelect>
    </div>
  );
}

/** An example line for the chosen form and mode, exactly as a file would hold it, and the template of all of them. */
export function BatchExamples() {
  const [form, setForm] = useState<ExampleForm>("symbols");
  const [mode, setMode] = useState<SummaryMode>("news_context");
  const line = JSON.stringify(exampleLine(form, mode));
  return (
    <section className="grid min-w-0 gap-3 rounded-lg border p-3" aria-labelledby="batch-example-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="batch-example-title" className="text-sm font-medium">
          Example line
        </h3>
        <Button variant="outline" size="sm" onClick={() => downloadText("batch-template.jsonl", exampleTemplate(), "application/x-ndjson")} data-testid="batch-template">
          <DownloadIcon aria-hidden />
          Template (every form and mode)
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <ChoiceSelect id="batch-example-form" label="Form" value={form} options={EXAMPLE_FORMS} labelOf={(f) => EXAMPLE_FORM_LABELS[f]} onChange={setForm} />
        <ChoiceSelect id="batch-example-mode" label="Mode" value={mode} options={SUMMARY_MODES} labelOf={(m) => MODE_INFO[m].label} onChange={setMode} />
      </div>
      <pre className="relative overflow-x-auto rounded-md bg-muted px-3 py-2 font-mono text-xs whitespace-pre-wrap break-all" data-testid="batch-example" tabIndex={0} aria-label="Example line">
        {line}
      </pre>
      <p className="text-xs text-muted-foreground">
        One request per line. Lines in the common batch format, with the request inside <code className="font-mono">body</code>, are accepted when their{" "}
        <code className="font-mono">url</code> is <code className="font-mono">/v1/daily-summary/</code> and their <code className="font-mono">method</code> POST.
      </p>
    </section>
  );
}
