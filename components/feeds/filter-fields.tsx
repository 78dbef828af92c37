"use client";

import * as React from "react";
import { Button } from "@/components/ui/button";
import { DayInput } from "@/components/shell/typed-date-time-inputs";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";

/** From and to as IST calendar days (both inclusive), for the feed pages' filter bars. */
export function DateRangeFields({
  from,
  to,
  onChange,
}: {
  from: string | null;
  to: string | null;
  onChange: (next: { from: string | null; to: string | null }) => void;
}) {
  const id = React.useId();
  const backwards = Boolean(from && to && from > to);
  return (
    <div className="grid gap-1.5">
      <span className="text-xs font-medium text-muted-foreground" id={`${id}-label`}>
        Dates (IST)
      </span>
      <div className="flex items-center gap-1.5" role="group" aria-labelledby={`${id}-label`}>
        <DayInput aria-label="From" className="h-9 w-[7.5rem]" value={from ?? ""} onChange={(v) => onChange({ from: v || null, to })} data-testid="filter-from" />
        <span aria-hidden className="text-muted-foreground">
          –
        </span>
        <DayInput aria-label="To" className="h-9 w-[7.5rem]" value={to ?? ""} onChange={(v) => onChange({ from, to: v || null })} data-testid="filter-to" />
      </div>
      {backwards && <p className="text-xs text-destructive">The start is after the end.</p>}
    </div>
  );
}

/** A labelled switch in a filter bar. */
export function FilterSwitch({ label, checked, onChange, testId }: { label: string; checked: boolean; onChange: (v: boolean) => void; testId?: string }) {
  const id = React.useId();
  return (
    <div className="grid gap-1.5">
      <span aria-hidden className="text-xs font-medium text-transparent select-none">
        {label}
      </span>
      <div className="flex h-9 items-center gap-2">
        <Switch id={id} checked={checked} onCheckedChange={onChange} data-testid={testId} />
        <Label htmlFor={id} className="font-normal">
          {label}
        </Label>
      </div>
    </div>
  );
}

export interface ChoiceOption<T> {
  value: T | null;
  label: string;
  testId: string;
}

/** One choice among a few (null: all), as a row of chips with radio semantics, for the feed pages' filter bars. */
export function ChoiceChips<T>({ label, options, value, onChange }: { label: string; options: readonly ChoiceOption<T>[]; value: T | null; onChange: (v: T | null) => void }) {
  const id = React.useId();
  return (
    <div className="grid gap-1.5">
      <span className="text-xs font-medium text-muted-foreground" id={id}>
        {label}
      </span>
      <div role="radiogroup" aria-labelledby={id} className="flex flex-wrap gap-1.5">
        {options.map((o) => {
          const on = value === o.value;
          return (
            <Button
              key={o.label}
              type="button"
              role="radio"
              aria-checked={on}
              size="sm"
              variant={on ? "default" : "outline"}
              className="h-8 rounded-full px-3"
              data-testid={o.testId}
              onClick={() => onChange(o.value)}
            >
              {o.label}
            </Button>
          );
        })}
      </div>
    </div>
  );
}

type FeedFilterState = { from: string | null; to: string | null; important?: boolean };

/**
 * The end of every feed's filter bar, after its own filters (children): "Important only" where the feed has it, then
 * the date range, each written to the page's URL through the feed's setState.
 */
export function FeedFilterFields({ filters, setState, children }: { filters: FeedFilterState; setState: (patch: { from?: string | null; to?: string | null; important?: true | null }) => unknown; children?: React.ReactNode }) {
  return (
    <>
      {children}
      {filters.important !== undefined && <FilterSwitch label="Important only" checked={filters.important} onChange={(v) => void setState({ important: v || null })} testId="filter-important" />}
      <DateRangeFields from={filters.from} to={filters.to} onChange={(next) => void setState(next)} />
    </>
  );
}
