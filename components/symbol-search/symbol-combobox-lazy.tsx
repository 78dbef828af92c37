"use client";

import * as React from "react";
import type { SymbolCombobox, SymbolComboboxProps } from "@/components/symbol-search/symbol-combobox";
import { Input } from "@/components/ui/input";
import { importOnce } from "@/lib/import-once";
import { cn } from "@/lib/utils";

const loadCombobox = importOnce(() => import("@/components/symbol-search/symbol-combobox").then((m) => m.SymbolCombobox));

/**
 * A plain input with the combobox's role and look until pointer, touch or focus loads the combobox, which takes over the
 * text, the caret and the focus; an Enter in between is applied once it is in, or submits a form field.
 */
export function LazySymbolCombobox(props: Omit<SymbolComboboxProps, "commitOnMount">) {
  const [Combobox, setCombobox] = React.useState<typeof SymbolCombobox | null>(null);
  const [ownDraft, setOwnDraft] = React.useState("");
  const { value, onValueChange, field = false } = props;
  const draft = value ?? ownDraft;
  const setDraft = (v: string) => {
    if (value === undefined) setOwnDraft(v);
    onValueChange?.(v);
  };
  const [enterPending, setEnterPending] = React.useState(false);
  const inputRef = React.useRef<HTMLInputElement>(null);
  const handOver = React.useRef<{ start: number | null; end: number | null } | null>(null);

  const load = () => {
    if (Combobox) return;
    loadCombobox().then(
      (loaded) => {
        const input = inputRef.current;
        handOver.current = input && document.activeElement === input ? { start: input.selectionStart, end: input.selectionEnd } : null;
        setCombobox(() => loaded);
      },
      () => {
        // Offline or a replaced chunk: the light input keeps working as a text box; the next focus tries again.
      },
    );
  };

  // The combobox's input replaced the light one: give it the focus and the caret the person had.
  React.useLayoutEffect(() => {
    const caret = handOver.current;
    if (!Combobox || !caret) return;
    handOver.current = null;
    const input = document.getElementById(props.id);
    if (input instanceof HTMLInputElement) {
      input.focus();
      if (caret.start !== null) input.setSelectionRange(caret.start, caret.end ?? caret.start);
    }
  }, [Combobox, props.id]);

  if (Combobox) return <Combobox {...props} value={draft} onValueChange={setDraft} field={field} commitOnMount={enterPending} />;

  const { id, className, inputClassName, describedBy, disabled, ariaLabel, placeholder = "Symbol, company or BSE code", testId = "symbol-combobox-input" } = props;
  return (
    <div className={cn("relative", className)} onPointerEnter={load} onTouchStart={load}>
      <div className="relative">
        <Input
          ref={inputRef}
          id={id}
          role="combobox"
          aria-expanded={false}
          aria-controls={`${id}-listbox`}
          aria-autocomplete="list"
          aria-describedby={describedBy}
          aria-label={ariaLabel}
          value={draft}
          disabled={disabled}
          onChange={(e) => setDraft(e.target.value)}
          onFocus={load}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              load();
              // A form field lets the Enter submit its form; elsewhere the text is checked once the combobox is here.
              if (field) return;
              e.preventDefault();
              if (draft.trim()) setEnterPending(true);
            }
          }}
          placeholder={placeholder}
          className={cn("h-8 pr-7", inputClassName)}
          autoComplete="off"
          spellCheck={false}
          data-testid={testId}
        />
      </div>
      <div className="hidden">
        <ul id={`${id}-listbox`} role="listbox" aria-label="Matching companies" hidden />
      </div>
    </div>
  );
}
