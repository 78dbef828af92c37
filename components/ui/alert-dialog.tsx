"use client";

import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import * as React from "react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { dialogContentClass, dialogFooterClass, dialogHeaderClass, dialogOverlayClass } from "./dialog";
import { slotted } from "./slotted";
import { useReturnFocus } from "./use-return-focus";

export const AlertDialog = slotted(AlertDialogPrimitive.Root, "alert-dialog");
export const AlertDialogTrigger = slotted(AlertDialogPrimitive.Trigger, "alert-dialog-trigger");
export const AlertDialogPortal = slotted(AlertDialogPrimitive.Portal, "alert-dialog-portal");

export const AlertDialogOverlay = slotted(AlertDialogPrimitive.Overlay, "alert-dialog-overlay", dialogOverlayClass);

export function AlertDialogContent({ className, onOpenAutoFocus, onCloseAutoFocus, ...props }: React.ComponentProps<typeof AlertDialogPrimitive.Content>) {
  const returnFocus = useReturnFocus(onOpenAutoFocus, onCloseAutoFocus);
  return (
    <AlertDialogPortal>
      <AlertDialogOverlay />
      <AlertDialogPrimitive.Content
        data-slot="alert-dialog-content"
        className={cn(dialogContentClass, className)}
        {...props}
        {...returnFocus}
      />
    </AlertDialogPortal>
  );
}

export const AlertDialogHeader = slotted("div", "alert-dialog-header", dialogHeaderClass);
export const AlertDialogFooter = slotted("div", "alert-dialog-footer", dialogFooterClass);
export const AlertDialogTitle = slotted(AlertDialogPrimitive.Title, "alert-dialog-title", "text-lg font-semibold");
export const AlertDialogDescription = slotted(AlertDialogPrimitive.Description, "alert-dialog-description", "text-sm text-muted-foreground");

export function AlertDialogAction({ className, ...props }: React.ComponentProps<typeof AlertDialogPrimitive.Action>) {
  return <AlertDialogPrimitive.Action className={cn(buttonVariants(), className)} {...props} />;
}

export function AlertDialogCancel({ className, ...props }: React.ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return <AlertDialogPrimitive.Cancel className={cn(buttonVariants({ variant: "outline" }), className)} {...props} />;
}
