"use client";

import { lazy, Suspense, useState } from "react";
import { MobileNavButton } from "./mobile-nav-button";
import type { NavGroup } from "./nav-items";

const loadMobileNav = () => import("./mobile-nav").then((m) => ({ default: m.MobileNav }));
const MobileNav = lazy(loadMobileNav);

/**
 * The phone navigation on every desk page: the same menu button, with the sheet (Radix Dialog and its focus trap)
 * fetched when a finger or focus comes to the button and opened on the tap, not loaded with every page.
 */
export function MobileNavLazy({ groups }: { groups: NavGroup[] }) {
  const [wanted, setWanted] = useState(false);
  const button = <MobileNavButton onPointerDown={() => void loadMobileNav()} onFocus={() => void loadMobileNav()} onClick={() => setWanted(true)} />;
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <MobileNav groups={groups} defaultOpen />
    </Suspense>
  );
}
