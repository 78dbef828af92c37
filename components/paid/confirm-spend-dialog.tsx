"use client";

import { CoinsIcon } from "lucide-react";
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
import { type Price, priceLabel } from "./price-tag";

export interface PendingSpend extends Price {
  what: string;
  resolve: (ok: boolean) => void;
}

/** The question `useConfirmSpend` asks above the threshold; loaded on demand (./confirm-spend.tsx). */
export function ConfirmSpendDialog({ pending, threshold, settle }: { pending: PendingSpend; threshold: number; settle: (ok: boolean) => void }) {
  return (
    <AlertDialog open onOpenChange={(open) => !open && settle(false)}>
      <AlertDialogContent data-testid="confirm-spend">
        <AlertDialogHeader>
          <AlertDialogTitle className="flex items-center gap-2">
            <CoinsIcon aria-hidden className="size-5 text-warning" />
            Spend {priceLabel(pending)}?
          </AlertDialogTitle>
          <AlertDialogDescription>
            {pending.what}
            {pending.description ? ` ${pending.description}` : ""} This is above your confirmation threshold of {threshold} credits
            (change it in Settings).
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={() => settle(false)}>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => settle(true)}>Spend {priceLabel(pending)}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
