"use client";

import type { ComponentProps } from "react";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { useTheme } from "@/components/ui/use-theme";
import { ThemeToggleButton, themeToggleLabel } from "./theme-toggle-button";

/** Light/dark switch; the choice is kept in the "theme" cookie, which the root layout renders the next page in. */
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
