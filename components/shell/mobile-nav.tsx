"use client";

import { useState } from "react";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { Brand } from "./brand";
import { MobileNavButton } from "./mobile-nav-button";
import { HOME_PATH, type NavGroup } from "./nav-items";
import { NavList } from "./nav-list";

/** The navigation on a phone: a menu button in the top bar opening the full list in a sheet (loaded by MobileNavLazy). */
export function MobileNav({ groups, defaultOpen = false }: { groups: NavGroup[]; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <MobileNavButton />
      </SheetTrigger>
      <SheetContent side="left" className="w-72 gap-2">
        <SheetHeader className="pb-0">
          <SheetTitle asChild>
            <div>
              <Brand href={HOME_PATH} />
            </div>
          </SheetTitle>
          <SheetDescription className="sr-only">Pages of the desk</SheetDescription>
        </SheetHeader>
        <div className="overflow-y-auto px-3 pb-4">
          <NavList groups={groups} mode="full" onNavigate={() => setOpen(false)} />
        </div>
      </SheetContent>
    </Sheet>
  );
}
