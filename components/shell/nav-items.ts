import type { ReactNode } from "react";

/** A page in the desk's navigation as the shell's client components get it: the icon already rendered on the server. */
export interface NavItem {
  href: string;
  label: string;
  icon: ReactNode;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

/** Whether a nav item is the current page (its own path or a page below it). */
export function isActivePath(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** Where a freshly signed-in user lands when no page asked for them. */
export const HOME_PATH = "/today";

/** Cookie holding the laptop sidebar's collapsed state, so the server renders it the way the user left it. */
export const SIDEBAR_COOKIE = "sidebar_collapsed";
