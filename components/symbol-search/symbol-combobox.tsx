"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { BookOpenIcon, Loader2Icon } from "lucide-react";
import * as React from "react";
import { useConfirmSpend } from "@/components/paid/confirm-spend";
import { priceWords } from "@/components/paid/price-tag";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { formatNumber } from "@/lib/format/number";
import { deskCall } from "@/lib/desk/client";
import * as api from "@/lib/desk/route-meta/symbols";
import { deskQuery, refreshAfter } from "@/lib/query/desk";
import type { SymbolMatch, SymbolSearchResult } from "@/lib/query/symbols";
import { resolveTypedSymbols } from "./resolve-typed";
import { cn } from "@/lib/utils";

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = React.useState(value);
  React.useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export { resolveTypedSymbols, type SymbolEntryOutcome } from "./resolve-typed";

/** The combobox's props (shared with the light input that stands in for it until it loads). */
export interface SymbolComboboxProps {
  id: string;
  /** Accepted symbols; the input is cleared after. */
  onAdd: (symbols: string[], note: string | null) => void;
  /** The refusal message (null when the input changes again); shown by the caller or, when absent, below the input. */
  onRefused?: (message: string | null) => void;
  multiple?: boolean;
  placeholder?: string;
  className?: string;
  inputClassName?: string;
  describedBy?: string;
  disabled?: boolean;
  ariaLabel?: string;
  /** Controlled text (a form field that submits with other fields). */
  value?: string;
  onValueChange?: (value: string) => void;
  /** A form field: a pick fills the field (and calls onAdd) instead of clearing it; Enter without a pick submits the form. */
  field?: boolean;
  testId?: string;
  /** Checks the text as Enter would, once mounted (an Enter pressed in the light input while this loaded). */
  commitOnMount?: boolean;
}

/**
 * A symbol typeahead (WAI-ARIA combobox with a listbox popup): suggestions over symbol, company name and BSE code as
 * the person types; arrows move, Enter picks (or checks what was typed), Escape closes. Unknown symbols are refused
 * at entry. While the account has no symbol catalogue, the popup offers to buy it once, at its price.
 */
export function SymbolCombobox({
  id,
  onAdd,
  onRefused,
  multiple = true,
  placeholder = "Symbol, company or BSE code",
  className,
  inputClassName,
  describedBy,
  disabled,
  ariaLabel,
  value,
  onValueChange,
  field = false,
  testId = "symbol-combobox-input",
  commitOnMount = false,
}: SymbolComboboxProps) {
  const [ownDraft, setOwnDraft] = React.useState("");
  const draft = value ?? ownDraft;
  const setDraft = (v: string) => {
    if (value === undefined) setOwnDraft(v);
    onValueChange?.(v);
  };
  const [open, setOpen] = React.useState(false);
  const [active, setActive] = React.useState(-1);
  const [refusal, setRefusal] = React.useState<string | null>(null);
  const [checking, setChecking] = React.useState(false);
  const [buying, setBuying] = React.useState(false);
  const rootRef = React.useRef<HTMLDivElement>(null);
  const inputRef = React.useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const { confirmSpend, dialog } = useConfirmSpend();
  const listId = `${id}-listbox`;
  const errorId = `${id}-refused`;

  // The last piece of a comma-separated entry is what the suggestions are for.
  const current = multiple ? (draft.split(",").pop() ?? "").trim() : draft.trim();
  const debounced = useDebounced(current, 150);
  const search = useQuery({ ...deskQuery(api.searchSymbols, { query: { q: debounced.trim(), limit: 8 } }), enabled: debounced.length > 0 && !disabled });
  const result: SymbolSearchResult | undefined = search.data && search.data.query.toUpperCase() === current.toUpperCase() ? search.data : undefined;
  const matches = current ? (result?.matches ?? []) : [];
  const showPopup = open && current.length > 0;
  const popupRef = React.useRef<HTMLDivElement>(null);

  // The popup starts at the field's left edge and is up to 22 rem wide: on a narrow screen, where the field sits
  // further in than the viewport's 1 rem margin (inside a card or a filter panel), it is kept 1 rem inside the right
  // edge instead of widening the page.
  React.useLayoutEffect(() => {
    if (!showPopup) return;
    const fit = () => {
      const root = rootRef.current;
      const popup = popupRef.current;
      if (!root || !popup) return;
      const room = document.documentElement.clientWidth - root.getBoundingClientRect().left - 16;
      popup.style.setProperty("--suggestions-room", `${Math.max(Math.floor(room), root.offsetWidth)}px`);
    };
    fit();
    window.addEventListener("resize", fit);
    return () => window.removeEventListener("resize", fit);
  }, [showPopup]);

  const refuse = (message: string | null) => {
    setRefusal(message);
    onRefused?.(message);
  };

  const accept = (symbols: string[], note: string | null) => {
    onAdd(symbols, note);
    setDraft(field ? (symbols[0] ?? "") : "");
    setActive(-1);
    setOpen(false);
    refuse(null);
  };

  const pick = (m: SymbolMatch) => {
    const before = multiple ? draft.split(",").slice(0, -1).join(",") : "";
    if (before.trim()) void commit(`${before},${m.symbol}`, [m]);
    else accept([m.symbol], null);
  };

  async function commit(text: string = draft, offered: readonly SymbolMatch[] = matches) {
    if (!text.trim()) return;
    setChecking(true);
    try {
      const outcome = await resolveTypedSymbols(text, offered, { multiple });
      if (outcome.ok) accept(outcome.symbols, outcome.note);
      else refuse(outcome.message);
    } catch (e) {
      refuse(isAlphaError(e) ? e.message : "The symbol could not be checked right now. Try again.");
    } finally {
      setChecking(false);
    }
  }

  // An Enter pressed before this loaded (see symbol-combobox-lazy.tsx) is honoured once, with the text it was pressed on.
  const commitOnMountRef = React.useRef(commitOnMount);
  React.useEffect(() => {
    if (!commitOnMountRef.current) return;
    commitOnMountRef.current = false;
    void commit();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

  async function buyCatalogue() {
    const state = result?.catalogue;
    if (!state || state.held) return;
    const price = { credits: state.price.credits, upTo: state.price.upTo, description: state.price.description };
    if (!(await confirmSpend(price, "the symbol catalogue (every listed company's name and BSE code, kept for your account)"))) return;
    setBuying(true);
    try {
      await deskCall(api.buySymbolCatalogue, { body: { spendUpTo: price.credits } });
      await queryClient.invalidateQueries({ queryKey: ["desk", "searchSymbols"] });
      // Back to the typing, with the suggestions open again (the dialog took the focus away).
      inputRef.current?.focus();
      setOpen(true);
      refreshAfter(queryClient, api.buySymbolCatalogue);
    } catch (e) {
      refuse(isAlphaError(e) ? e.message : "The symbol catalogue could not be bought right now; nothing was charged.");
    } finally {
      setBuying(false);
    }
  }

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setOpen(true);
      if (matches.length) setActive((i) => (i + 1) % matches.length);
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setOpen(true);
      if (matches.length) setActive((i) => (i <= 0 ? matches.length - 1 : i - 1));
    } else if (e.key === "Enter") {
      // The highlighted option, else the best match (unless the text is itself a listed symbol: then it is taken as typed).
      const chosen = showPopup ? (matches[active] ?? (result && result.exact !== "known" ? matches[0] : undefined)) : undefined;
      if (chosen && !(field && chosen.symbol === draft.trim().toUpperCase())) {
        e.preventDefault();
        pick(chosen);
      } else if (!field) {
        e.preventDefault();
        void commit();
      }
    } else if (e.key === "Escape") {
      if (showPopup) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  };

  const activeId = showPopup && active >= 0 && matches[active] ? `${id}-option-${active}` : undefined;
  const describedByIds = [describedBy, refusal && !onRefused ? errorId : undefined].filter(Boolean).join(" ") || undefined;

  return (
    <div
      ref={rootRef}
      className={cn("relative", className)}
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) {
          setOpen(false);
          setActive(-1);
        }
      }}
    >
      <div className="relative">
        <Input
          ref={inputRef}
          id={id}
          role="combobox"
          aria-expanded={showPopup}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          aria-describedby={describedByIds}
          aria-invalid={refusal ? true : undefined}
          aria-label={ariaLabel}
          value={draft}
          disabled={disabled}
          onChange={(e) => {
            setDraft(e.target.value);
            setOpen(true);
            setActive(-1);
            if (refusal) refuse(null);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          className={cn("h-8 pr-7", inputClassName)}
          autoComplete="off"
          spellCheck={false}
          data-testid={testId}
        />
        {(checking || (search.isFetching && showPopup)) && (
          <Loader2Icon aria-hidden className="absolute top-1/2 right-2 size-3.5 -translate-y-1/2 animate-spin text-muted-foreground" />
        )}
      </div>
      <div
        ref={popupRef}
        className={cn(
          "absolute top-full left-0 z-50 mt-1 w-[min(22rem,calc(100vw-2rem))] max-w-(--suggestions-room) overflow-hidden rounded-md border bg-card text-card-foreground shadow-md",
          !showPopup && "hidden",
        )}
        data-testid="symbol-suggestions"
      >
        <ul id={listId} role="listbox" aria-label="Matching companies" hidden={matches.length === 0} className="max-h-72 overflow-y-auto p-1">
          {matches.map((m, i) => (
            <li
              key={m.symbol}
              id={`${id}-option-${i}`}
              role="option"
              aria-selected={i === active}
              data-symbol={m.symbol}
              className={cn("flex cursor-pointer items-baseline gap-2 rounded-sm px-2 py-1.5 text-sm", i === active && "bg-accent text-accent-foreground")}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => pick(m)}
            >
              <span className="shrink-0 font-mono font-semibold">{m.symbol}</span>
              <span className="min-w-0 flex-1 truncate text-muted-foreground">{m.name ?? ""}</span>
              {m.scripCode && <span className="shrink-0 font-mono text-xs text-muted-foreground tabular-nums">BSE {m.scripCode}</span>}
            </li>
          ))}
        </ul>
        {showPopup && result && matches.length === 0 && (
          <p className="px-3 py-2 text-sm text-muted-foreground" role="status">
            {result.exact === "known"
              ? `${result.query.toUpperCase()} is listed: press Enter to add it.`
              : result.exact === "unchecked"
                ? `“${result.query}” could not be checked right now; press Enter to try it.`
                : `No listed company matches “${result.query}”.`}
          </p>
        )}
        {showPopup && result && !result.catalogue.held && (
          <div className="flex flex-col items-start gap-2 border-t px-3 py-2 text-xs text-muted-foreground" data-testid="symbol-catalogue-offer">
            <span>
              Searching {formatNumber(result.catalogue.count, { maximumFractionDigits: 3 })} companies by symbol{result.catalogue.count ? " and the names on the results calendar" : ""}. Every company&apos;s name and BSE code:
              buy the symbol catalogue once for your account ({priceWords(result.catalogue.price)}).
            </span>
            <Button type="button" size="sm" variant="outline" onClick={() => void buyCatalogue()} disabled={buying}>
              {buying ? <Loader2Icon aria-hidden className="animate-spin" /> : <BookOpenIcon aria-hidden />}
              Buy the catalogue
            </Button>
          </div>
        )}
        {showPopup && result?.note && <p className="border-t px-3 py-2 text-xs text-muted-foreground">{result.note}</p>}
      </div>
      <span role="status" aria-live="polite" className="sr-only">
        {showPopup && matches.length > 0 ? `${matches.length} ${matches.length === 1 ? "company matches" : "companies match"}; use the arrow keys to choose.` : ""}
      </span>
      {refusal && !onRefused && (
        <p id={errorId} role="alert" className="mt-1 text-xs text-destructive" data-testid="symbol-refused">
          {refusal}
        </p>
      )}
      {dialog}
    </div>
  );
}
