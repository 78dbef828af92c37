"use client";

import { lazy, Suspense, useState } from "react";
import type { ShellUser } from "./types";
import { UserMenuButton } from "./user-menu-button";

const loadUserMenu = () => import("./user-menu").then((m) => ({ default: m.UserMenu }));
const UserMenu = lazy(loadUserMenu);

/**
 * The account menu on every desk page: the same button, with the menu (Radix DropdownMenu, its popper and focus
 * handling) fetched when the pointer or focus comes to the button and opened on the click, not loaded with every page.
 */
export function UserMenuLazy({ user }: { user: ShellUser }) {
  const [wanted, setWanted] = useState(false);
  const button = <UserMenuButton user={user} onPointerEnter={() => void loadUserMenu()} onFocus={() => void loadUserMenu()} onClick={() => setWanted(true)} />;
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <UserMenu user={user} defaultOpen />
    </Suspense>
  );
}
