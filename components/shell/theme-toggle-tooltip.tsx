"use client";

import type { ComponentProps } from "react";
import { TooltipProvider } from "@/components/ui/tooltip";
import { ThemeToggle } from "./theme-toggle";

/** The switch with its tooltip and the tooltip's provider: what ThemeToggleLight loads when the browser is idle. */
export default function ThemeToggleWithTooltip(props: ComponentProps<typeof ThemeToggle>) {
  return (
    <TooltipProvider>
      <ThemeToggle {...props} />
    </TooltipProvider>
  );
}
