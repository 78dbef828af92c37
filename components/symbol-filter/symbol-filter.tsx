"use client";

import * as React from "react";
import { normalizeSymbols } from "@/components/earnings/search-params";
import { LazySymbolCombobox } from "@/components/symbol-search/symbol-combobox-lazy";
import { RemovableBadge } from "@/components/ui/removable-badge";
import { Button } from "@/components/ui/button";

/**
 * Typed symbols as removable chips: the typeahead offers companies by symbol, name or BSE code; Enter or a pick adds
 * one (several with commas), an unknown symbol is refused. The list lives in the URL.
 */
export function SymbolFilter({
  symbols,
  onChange,
  label = "Symbols",
  placeholder = "e.g. TCS, Infosys, 500209",
}: {
  symbols: readonly string[];
  onChange: (next: string[]) => void;
  label?: string;
  placeholder?: string;
}) {
  const [note, setNote] = React.useState<string | null>(null);
  const id = React.useId();

  return (
    <div className="grid grid-cols-1 gap-1.5" data-testid="symbol-filter">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <div className="flex min-h-9 flex-wrap items-center gap-1.5">
        {symbols.map((s) => (
          <RemovableBadge key={s} label={s} className="font-mono" onRemove={() => onChange(symbols.filter((x) => x !== s))} />
        ))}
        <div className="flex items-start gap-1">
          <LazySymbolCombobox
            id={id}
            className="w-56 max-w-full"
            placeholder={symbols.length ? "Add another" : placeholder}
            describedBy={note ? `${id}-note` : undefined}
            onAdd={(added, why) => {
              setNote(why);
              onChange(normalizeSymbols([...symbols, ...added]));
            }}
          />
          {symbols.length > 0 && (
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange([])}>
              Clear
            </Button>
          )}
        </div>
      </div>
      {note && (
        <p id={`${id}-note`} className="text-xs text-muted-foreground">
          {note}
        </p>
      )}
    </div>
  );
}
