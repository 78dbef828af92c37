"use client";

import { XIcon } from "lucide-react";
import { Dialog as SheetPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "@/lib/utils";
import { dialogOverlayClass } from "./dialog";
import { slotted } from "./slotted";
import { useReturnFocus } from "./use-return-focus";

export const Sheet = slotted(SheetPrimitive.Root, "sheet");
export const SheetTrigger = slotted(SheetPrimitive.Trigger, "sheet-trigger");
export const SheetClose = slotted(SheetPrimitive.Close, "sheet-close");

export function SheetContent({
  className,
  children,
  side = "left",
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Content> & { side?: "top" | "right" | "bottom" | "left" }) {
  // A sheet opened from state (the earnings result, by a row's button or the URL) has no Trigger for Radix to return
  // focus to; this gives it back to what had it.
  const returnFocus = useReturnFocus(onOpenAutoFocus, onCloseAutoFocus);
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay data-slot="sheet-overlay" className={dialogOverlayClass} />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        className={cn(
          "fixed z-50 flex flex-col gap-4 bg-background shadow-lg",
          side === "right" && "inset-y-0 right-0 h-full w-3/4 border-l sm:max-w-sm",
          side === "left" && "inset-y-0 left-0 h-full w-3/4 border-r sm:max-w-xs",
          side === "top" && "inset-x-0 top-0 h-auto border-b",
          side === "bottom" && "inset-x-0 bottom-0 h-auto border-t",
          className,
        )}
        {...props}
        {...returnFocus}
      >
        {children}
        <SheetPrimitive.Close className="absolute top-4 right-4 rounded-xs opacity-70 transition-opacity hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-hidden">
          <XIcon className="size-4" />
          <span className="sr-only">Close</span>
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export const SheetHeader = slotted("div", "sheet-header", "flex flex-col gap-1.5 p-4");
export const SheetTitle = slotted(SheetPrimitive.Title, "sheet-title", "font-semibold text-foreground");
export const SheetDescription = slotted(SheetPrimitive.Description, "sheet-description", "text-sm text-muted-foreground");
