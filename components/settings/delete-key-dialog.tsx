"use client";

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

/** "Delete the key ending in …?" before the user's own Alpha key is deleted (loaded by AlphaKeyCard when first asked for). */
export function DeleteKeyDialog({
  open,
  onOpenChange,
  last4,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  last4: string | null | undefined;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete the key ending in {last4}?</AlertDialogTitle>
          <AlertDialogDescription>
            The desk forgets it at once. Pages stop loading Alpha data for you until you add a key again. The key itself stays valid at the Alpha
            service.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it</AlertDialogCancel>
          <AlertDialogAction className="bg-destructive text-destructive-foreground hover:bg-destructive/90" onClick={onConfirm}>
            Delete key
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
