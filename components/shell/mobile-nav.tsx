"use client";

import { MenuIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { Brand } from "./brand";
import { HOME_PATH, type NavGroup } from "./nav-items";
import { NavList } from "./nav-list";

/** The navigation on a phone: a menu button in the top bar opening the full list in a sheet. */
export function MobileNav({ groups }: { groups: NavGroup[] }) {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open navigation">
          <MenuIcon />
        </Button>
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
