"use client";

import * as React from "react";
import { Input } from "@/components/ui/input";
import { isoDayToTyped, typedToClock, typedToIsoDay } from "@/lib/format/typed-date-time";

type Props = Omit<React.ComponentProps<"input">, "value" | "onChange" | "type" | "min" | "max"> & {
  /** yyyy-mm-dd for a date, HH:MM for a time; "" when empty. */
  value: string;
  onChange: (value: string) => void;
};

/**
 * A text input that reads and shows its value the desk's way, where a native date or time input would follow the
 * browser's locale (mm/dd/yyyy, 08:45 AM). It reports a value only when what is typed is whole and valid.
 */
function TypedInput({ value, onChange, show, read, placeholder, ...props }: Props & { show: (v: string) => string; read: (t: string) => string | null; placeholder: string }) {
  const [draft, setDraft] = React.useState<string | null>(null);
  // A draft stands while it is half typed or says the value; a value set from outside (a reset) replaces it.
  const drafted = draft === null ? undefined : read(draft);
  const text = draft !== null && (drafted === null || drafted === value) ? draft : show(value);
  const bad = draft !== null && drafted === null;
  return (
    <Input
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder}
      value={text}
      aria-invalid={bad || props["aria-invalid"] || undefined}
      onChange={(e) => {
        setDraft(e.target.value);
        const parsed = read(e.target.value);
        if (parsed !== null) onChange(parsed);
      }}
      onBlur={(e) => {
        if (drafted !== null) setDraft(null);
        props.onBlur?.(e);
      }}
    />
  );
}

/** A day as dd/mm/yyyy (value: yyyy-mm-dd). */
export function DayInput(props: Props) {
  return <TypedInput {...props} show={isoDayToTyped} read={typedToIsoDay} placeholder="dd/mm/yyyy" />;
}

/** A 24-hour IST time as HH:MM. */
export function ClockInput(props: Props) {
  return <TypedInput {...props} show={(v) => v} read={typedToClock} placeholder="HH:MM" />;
}
