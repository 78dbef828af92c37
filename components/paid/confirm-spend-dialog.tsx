"use client";

import { CoinsIcon } from "lucide-react";
import { ConfirmDialog } from "@/components/shell/confirm-dialog";
import { type Price, priceLabel } from "./price-tag";

export interface PendingSpend extends Price {
  what: string;
  resolve: (ok: boolean) => void;
}

/** The question `useConfirmSpend` asks above the threshold; loaded on demand (./confirm-spend.tsx). */
export function ConfirmSpendDialog({ pending, threshold, settle }: { pending: PendingSpend; threshold: number; settle: (ok: boolean) => void }) {
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && settle(false)}
      testId="confirm-spend"
      title={
        <>
          <CoinsIcon aria-hidden className="size-5 text-warning" />
          Spend {priceLabel(pending)}?
        </>
      }
      description={
        <>
          {pending.what}
          {pending.description ? ` ${pending.description}` : ""} This is above your confirmation threshold of {threshold} credits (change it in Settings).
        </>
      }
      onCancel={() => settle(false)}
      confirm={`Spend ${priceLabel(pending)}`}
      onConfirm={() => settle(true)}
    />
  );
}
