"use client";

import * as React from "react";
import type { Price } from "@/components/paid/price-tag";
import { Slot } from "@/components/ui/slot";
import { DEFAULT_SPEND_CONFIRM_THRESHOLD } from "@/lib/desk/account-limits";
import { whenIdle } from "@/lib/when-idle";
import type { PendingSpend } from "./confirm-spend-dialog";

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

const loadDialog = () => import("./confirm-spend-dialog");
const ConfirmSpendDialog = React.lazy(() => loadDialog().then((m) => ({ default: m.ConfirmSpendDialog })));

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

  // The dialog (Radix AlertDialog, its focus trap and scroll lock) is fetched once the page is idle, not with it, so
  // it is there when a paid action first asks.
  React.useEffect(() => whenIdle(() => void loadDialog().catch(() => undefined), { timeout: 5000, fallbackMs: 1000 }), []);

  const dialog = pending ? (
    <React.Suspense fallback={null}>
      <ConfirmSpendDialog pending={pending} threshold={threshold} settle={settle} />
    </React.Suspense>
  ) : null;

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
      <Slot
        onClick={async (event: React.MouseEvent) => {
          event.preventDefault();
          if (await confirmSpend({ credits, upTo, description }, what)) onConfirm();
        }}
      >
        {children}
      </Slot>
      {dialog}
    </>
  );
}
