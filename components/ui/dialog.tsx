"use client";

import { XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import * as React from "react";
import { cn } from "@/lib/utils";
import { slotted } from "./slotted";
import { useReturnFocus } from "./use-return-focus";

export const Dialog = slotted(DialogPrimitive.Root, "dialog");
export const DialogTrigger = slotted(DialogPrimitive.Trigger, "dialog-trigger");
export const DialogPortal = slotted(DialogPrimitive.Portal, "dialog-portal");
export const DialogClose = slotted(DialogPrimitive.Close, "dialog-close");

// Dialog and AlertDialog look the same; these are the classes both of them dress their parts in.
export const dialogOverlayClass = "fixed inset-0 z-50 bg-black/50";
export const dialogContentClass =
  "fixed top-[50%] left-[50%] z-50 grid w-full max-w-[calc(100%-2rem)] translate-x-[-50%] translate-y-[-50%] gap-4 rounded-lg border bg-background p-6 shadow-lg sm:max-w-lg";
export const dialogHeaderClass = "flex flex-col gap-2 text-center sm:text-left";
export const dialogFooterClass = "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end";

export const DialogOverlay = slotted(DialogPrimitive.Overlay, "dialog-overlay", dialogOverlayClass);

export function DialogContent({
  className,
  children,
  showCloseButton = true,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & { showCloseButton?: boolean }) {
  const returnFocus = useReturnFocus(onOpenAutoFocus, onCloseAutoFocus);
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(dialogContentClass, className)}
        {...props}
        {...returnFocus}
      >
        {children}
        {showCloseButton && (
          <DialogPrimitive.Close
            data-slot="dialog-close"
            className="absolute top-4 right-4 rounded-xs opacity-70 transition-opacity hover:opacity-100 focus:outline-hidden focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none [&_svg]:size-4"
          >
            <XIcon />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export const DialogHeader = slotted("div", "dialog-header", dialogHeaderClass);
export const DialogFooter = slotted("div", "dialog-footer", dialogFooterClass);
export const DialogTitle = slotted(DialogPrimitive.Title, "dialog-title", "text-lg leading-none font-semibold");
export const DialogDescription = slotted(DialogPrimitive.Description, "dialog-description", "text-sm text-muted-foreground");
