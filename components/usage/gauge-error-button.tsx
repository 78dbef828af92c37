"use client";

import { AlertTriangleIcon } from "lucide-react";
import type { ComponentProps } from "react";

/** The gauge when usage could not be read: a button that tries again (its other props go to the button: a tooltip trigger's). */
export function GaugeErrorButton({ onRetry, ...props }: { onRetry: () => void } & Omit<ComponentProps<"button">, "onClick">) {
  return (
    <button
      type="button"
      data-testid="usage-gauge"
      data-state="error"
      onClick={onRetry}
      className="inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm text-destructive hover:bg-accent"
      {...props}
    >
      <AlertTriangleIcon aria-hidden className="size-4" />
      Usage unavailable
    </button>
  );
}
