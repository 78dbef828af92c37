"use client";

import { MenuIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";

/** The top bar's menu button on a phone: the sheet's trigger, and what stands in for it until the sheet loads. */
export function MobileNavButton(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open navigation" {...props}>
      <MenuIcon />
    </Button>
  );
}
