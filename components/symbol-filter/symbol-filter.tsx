"use client";

import { PlusIcon, XIcon } from "lucide-react";
import * as React from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { normalizeSymbols } from "@/components/earnings/search-params";

/** Typed symbols as removable chips: Enter, comma or space adds what was typed; the list lives in the URL. */
export function SymbolFilter({
  symbols,
  onChange,
  label = "Symbols",
  placeholder = "e.g. TCS, INFY",
}: {
  symbols: readonly string[];
  onChange: (next: string[]) => void;
  label?: string;
  placeholder?: string;
}) {
  const [draft, setDraft] = React.useState("");
  const [rejected, setRejected] = React.useState<string | null>(null);
  const id = React.useId();

  const commit = (value: string = draft) => {
    const typed = value.trim();
    if (!typed) return;
    const added = normalizeSymbols([typed]);
    const pieces = typed.split(/[\s,]+/).filter(Boolean);
    setRejected(added.length < pieces.length ? `Not a symbol: ${pieces.filter((p) => normalizeSymbols([p]).length === 0).join(", ")}` : null);
    if (added.length) onChange(normalizeSymbols([...symbols, ...added]));
    setDraft("");
  };

  return (
    <div className="grid grid-cols-1 gap-1.5" data-testid="symbol-filter">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <div className="flex min-h-9 flex-wrap items-center gap-1.5">
        {symbols.map((s) => (
          <Badge key={s} variant="secondary" className="h-7 gap-1 pr-1 font-mono">
            {s}
            <button
              type="button"
              className="rounded-sm p-0.5 hover:bg-background/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              aria-label={`Remove ${s}`}
              onClick={() => onChange(symbols.filter((x) => x !== s))}
            >
              <XIcon className="size-3" />
            </button>
          </Badge>
        ))}
        <div className="flex items-center gap-1">
          <Input
            id={id}
            value={draft}
            onChange={(e) => {
              const v = e.target.value;
              if (/[\s,]$/.test(v)) commit(v);
              else setDraft(v);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                commit();
              } else if (e.key === "Backspace" && draft === "" && symbols.length > 0) {
                onChange(symbols.slice(0, -1));
              }
            }}
            onBlur={() => commit()}
            placeholder={symbols.length ? "Add another" : placeholder}
            className="h-8 w-56 font-mono uppercase placeholder:font-sans placeholder:normal-case"
            autoComplete="off"
            spellCheck={false}
            aria-describedby={rejected ? `${id}-rejected` : undefined}
          />
          <Button type="button" variant="ghost" size="icon-sm" onClick={() => commit()} aria-label="Add symbols" disabled={!draft.trim()}>
            <PlusIcon />
          </Button>
          {symbols.length > 0 && (
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange([])}>
              Clear
            </Button>
          )}
        </div>
      </div>
      {rejected && (
        <p id={`${id}-rejected`} className="text-xs text-destructive">
          {rejected}
        </p>
      )}
    </div>
  );
}
