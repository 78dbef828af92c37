"use client";

import { MoonIcon, SunIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { setTheme, useTheme } from "@/components/ui/use-theme";

/** The light/dark switch's button, without its tooltip; the label names the theme it switches to. */
export function ThemeToggleButton({ onClick, ...props }: ComponentProps<typeof Button>) {
  const theme = useTheme();
  const next = theme === "dark" ? "light" : "dark";
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={themeToggleLabel(theme)}
      data-theme-current={theme}
      // A wrapping trigger (the tooltip's) passes its own click handler: both run.
      onClick={(event) => {
        onClick?.(event);
        setTheme(next);
      }}
      {...props}
    >
      {theme === "dark" ? <SunIcon /> : <MoonIcon />}
    </Button>
  );
}

export function themeToggleLabel(theme: string): string {
  return `Switch to ${theme === "dark" ? "light" : "dark"} theme`;
}
