import type * as React from "react";
import { cn } from "@/lib/utils";
import { MODE_INFO } from "./summary-params";

type SummaryMode = keyof typeof MODE_INFO;

/** A summary mode as a card to choose (a radio on Summaries, a checkbox in a batch): its name and what it gives. */
export function ModeCard({ mode, role, checked, ...button }: { mode: SummaryMode; role: "radio" | "checkbox"; checked: boolean } & Omit<React.ComponentProps<"button">, "type" | "role" | "className" | "children">) {
  return (
    <button
      type="button"
      role={role}
      aria-checked={checked}
      className={cn(
        "grid gap-1 rounded-lg border p-3 text-left outline-none transition-colors hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50",
        checked && "border-primary bg-primary/5 ring-1 ring-primary",
      )}
      {...button}
    >
      <span className="text-sm font-medium">{MODE_INFO[mode].label}</span>
      <span className="text-xs text-muted-foreground">{MODE_INFO[mode].description}</span>
    </button>
  );
}
