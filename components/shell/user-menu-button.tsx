"use client";

import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import type { ShellUser } from "./types";

export function displayName(user: ShellUser): string {
  return user.name?.trim() || user.email;
}

function initials(text: string): string {
  const parts = text.replace(/@.*/, "").split(/[\s._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "?") + (parts[1]?.[0] ?? "")).slice(0, 2);
}

/** The top bar's account button (the user's initials): the menu's trigger, and what stands in for it until it loads. */
export function UserMenuButton({ user, ...props }: { user: ShellUser } & ComponentProps<typeof Button>) {
  const display = displayName(user);
  return (
    <Button variant="ghost" size="icon" aria-label={`Account menu for ${display}`} {...props}>
      {/* The initials are drawn, not written: the button's name is the account it opens, and visible text that
          the name does not contain would fail label-in-name (WCAG 2.5.3) for speech users. */}
      <span
        aria-hidden
        data-initials={initials(display)}
        className="grid size-8 place-items-center rounded-full bg-secondary text-xs font-semibold text-secondary-foreground uppercase before:content-[attr(data-initials)]"
      />
    </Button>
  );
}
