"use client";

import * as React from "react";
import { cn } from "@/lib/utils";

/**
 * An on/off switch: a button with role="switch" and aria-checked (what Radix's Switch renders, without its
 * controllable-state and form-bubbling machinery, which no caller uses). Controlled (checked + onCheckedChange) or
 * not (defaultChecked).
 */
export function Switch({
  className,
  checked,
  defaultChecked,
  onCheckedChange,
  onClick,
  ...props
}: Omit<React.ComponentProps<"button">, "onChange" | "value"> & {
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
}) {
  const [own, setOwn] = React.useState(defaultChecked ?? false);
  const on = checked ?? own;
  const state = on ? "checked" : "unchecked";
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      data-state={state}
      data-disabled={props.disabled ? "" : undefined}
      data-slot="switch"
      className={cn(
        "peer inline-flex h-[1.15rem] w-8 shrink-0 cursor-pointer items-center rounded-full border border-transparent shadow-xs transition-all outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input dark:data-[state=unchecked]:bg-input/80",
        className,
      )}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented) return;
        if (checked === undefined) setOwn(!on);
        onCheckedChange?.(!on);
      }}
      {...props}
    >
      <span
        data-state={state}
        data-slot="switch-thumb"
        className="pointer-events-none block size-4 rounded-full bg-background ring-0 transition-transform data-[state=checked]:translate-x-[calc(100%-2px)] data-[state=unchecked]:translate-x-0 dark:data-[state=checked]:bg-primary-foreground dark:data-[state=unchecked]:bg-foreground"
      />
    </button>
  );
}
