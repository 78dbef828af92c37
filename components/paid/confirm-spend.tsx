"use client";

import { CoinsIcon } from "lucide-react";
import { Slot } from "radix-ui";
import * as React from "react";
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
import { type Price, priceLabel } from "@/components/paid/price-tag";

/** Credits above which a paid action asks first; 0 asks before every paid action (the safe default). */
export const DEFAULT_SPEND_CONFIRM_THRESHOLD = 0;

const SpendThresholdContext = React.createContext<number>(DEFAULT_SPEND_CONFIRM_THRESHOLD);

export function SpendThresholdContextProvider({ value, children }: { value: number; children: React.ReactNode }) {
  return <SpendThresholdContext.Provider value={value}>{children}</SpendThresholdContext.Provider>;
}

/** The signed-in user's confirmation threshold, in credits. */
export function useSpendThreshold(): number {
  return React.useContext(SpendThresholdContext);
}

export function needsSpendConfirmation(credits: number, threshold: number): boolean {
  return credits > 0 && credits > threshold;
}

interface PendingSpend extends Price {
  what: string;
  resolve: (ok: boolean) => void;
}

/**
 * `confirmSpend(price, what)` resolves true at once when the price is within the threshold, else asks in a dialog.
 * Render `dialog` once in the component that calls it.
 */
export function useConfirmSpend(): { confirmSpend: (price: Price, what: string) => Promise<boolean>; dialog: React.ReactNode } {
  const threshold = useSpendThreshold();
  const [pending, setPending] = React.useState<PendingSpend | null>(null);

  const confirmSpend = React.useCallback(
    (price: Price, what: string) => {
      if (!needsSpendConfirmation(price.credits, threshold)) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => setPending({ ...price, what, resolve }));
    },
    [threshold],
  );

  const settle = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };

  const dialog = (
    <AlertDialog open={pending !== null} onOpenChange={(open) => !open && settle(false)}>
      <AlertDialogContent data-testid="confirm-spend">
        <AlertDialogHeader>
          <AlertDialogTitle className="flex items-center gap-2">
            <CoinsIcon aria-hidden className="size-5 text-warning" />
            Spend {pending ? priceLabel(pending) : ""}?
          </AlertDialogTitle>
          <AlertDialogDescription>
            {pending?.what}
            {pending?.description ? ` ${pending.description}` : ""} This is above your confirmation threshold of{" "}
            {threshold} credits (change it in Settings).
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={() => settle(false)}>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => settle(true)}>Spend {pending ? priceLabel(pending) : ""}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );

  return { confirmSpend, dialog };
}

/**
 * Wraps the control of a paid action: a click runs `onConfirm` at once within the threshold, or after the user
 * confirms the price in a dialog above it. The child is the control itself (a Button), rendered through Slot.
 */
export function ConfirmSpend({
  credits,
  upTo,
  description,
  what,
  onConfirm,
  children,
}: Price & { what: string; onConfirm: () => void; children: React.ReactElement }) {
  const { confirmSpend, dialog } = useConfirmSpend();
  return (
    <>
      <Slot.Root
        onClick={async (event: React.MouseEvent) => {
          event.preventDefault();
          if (await confirmSpend({ credits, upTo, description }, what)) onConfirm();
        }}
      >
        {children}
      </Slot.Root>
      {dialog}
    </>
  );
}
