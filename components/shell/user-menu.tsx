"use client";

import { LogOutIcon, SettingsIcon, ShieldCheckIcon, UserIcon } from "lucide-react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { ShellUser } from "./types";

export function UserMenu({ user }: { user: ShellUser }) {
  const display = user.name?.trim() || user.email;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Account menu for ${display}`}>
          {/* The initials are drawn, not written: the button's name is the account it opens, and visible text that
              the name does not contain would fail label-in-name (WCAG 2.5.3) for speech users. */}
          <span
            aria-hidden
            data-initials={initials(display)}
            className="grid size-8 place-items-center rounded-full bg-secondary text-xs font-semibold text-secondary-foreground uppercase before:content-[attr(data-initials)]"
          />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-1">
          <span className="truncate">{display}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          <Badge variant={user.role === "admin" ? "default" : "secondary"} className="mt-1">
            {user.role === "admin" ? <ShieldCheckIcon aria-hidden /> : <UserIcon aria-hidden />}
            {user.role}
          </Badge>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/settings">
            <SettingsIcon aria-hidden />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void signOutOfDesk()}>
          <LogOutIcon aria-hidden />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** next-auth's client is loaded only when someone signs out: it need not weigh on every desk page. */
async function signOutOfDesk() {
  const { signOut } = await import("next-auth/react");
  await signOut({ callbackUrl: "/sign-in" });
}

function initials(text: string): string {
  const parts = text.replace(/@.*/, "").split(/[\s._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "?") + (parts[1]?.[0] ?? "")).slice(0, 2);
}
