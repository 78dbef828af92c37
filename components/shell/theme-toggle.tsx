"use client";

import type { ComponentProps } from "react";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { useTheme } from "@/components/ui/use-theme";
import { ThemeToggleButton, themeToggleLabel } from "./theme-toggle-button";

/** Light/dark switch; the choice is kept in localStorage "theme", which the root layout applies before paint. */
export function ThemeToggle(props: ComponentProps<typeof ThemeToggleButton>) {
  const label = themeToggleLabel(useTheme());
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <ThemeToggleButton {...props} />
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}
