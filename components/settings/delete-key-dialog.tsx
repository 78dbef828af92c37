"use client";

import { ConfirmDialog } from "@/components/shell/confirm-dialog";

/** "Delete the key ending in …?" before the user's own Alpha key is deleted (loaded by AlphaKeyCard when first asked for). */
export function DeleteKeyDialog({ open, onOpenChange, last4, onConfirm }: { open: boolean; onOpenChange: (open: boolean) => void; last4: string | null | undefined; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete the key ending in ${last4 ?? ""}?`}
      description="The desk forgets it at once. Pages stop loading Alpha data for you until you add a key again. The key itself stays valid at the Alpha service."
      cancel="Keep it"
      confirm="Delete key"
      destructive
      onConfirm={onConfirm}
    />
  );
}
