"use client";

import { explainError } from "@/components/shell/error-state";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { GaugeErrorButton } from "./gauge-error-button";

/** The same button with what went wrong on hover and focus (loaded only when the gauge fails: components/usage/usage-gauge.tsx). */
export default function UsageGaugeError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <GaugeErrorButton onRetry={onRetry} />
      </TooltipTrigger>
      <TooltipContent>{explainError(error).title}. Click to try again.</TooltipContent>
    </Tooltip>
  );
}
