"use client";

import type * as React from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { buttonVariants } from "@/components/ui/button";

/** The desk's question before something that cannot be undone or costs credits: a title, why, and two answers. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  cancel = "Cancel",
  confirm,
  onConfirm,
  onCancel,
  destructive = false,
  testId,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description: React.ReactNode;
  cancel?: React.ReactNode;
  /** The confirming answer; a node of its own (a plain button) when it must not close the dialog. */
  confirm: React.ReactNode;
  onConfirm?: () => void;
  onCancel?: () => void;
  destructive?: boolean;
  testId?: string;
  children?: React.ReactNode;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent data-testid={testId}>
        <AlertDialogHeader>
          <AlertDialogTitle className="flex items-center gap-2">{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel onClick={onCancel}>{cancel}</AlertDialogCancel>
          {onConfirm ? (
            <AlertDialogAction className={destructive ? buttonVariants({ variant: "destructive" }) : undefined} onClick={onConfirm}>
              {confirm}
            </AlertDialogAction>
          ) : (
            confirm
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
