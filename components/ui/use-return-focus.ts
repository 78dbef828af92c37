"use client";

import * as React from "react";

/**
 * Focus goes back on close to what had it when the dialog opened (the button that opened it), when that is still on
 * the page: Radix returns it only to a Dialog.Trigger, and a dialog opened from state (fetched on demand, or opened by
 * a row's button) has none. A handler of the caller's that prevents the default keeps the last word. Radix focuses the
 * dialog's first field on open: an `autoFocus` inside it would skip the open event, and with it what had focus.
 * Spread the result on a Radix Dialog.Content or AlertDialog.Content (components/ui/dialog.tsx, alert-dialog.tsx).
 */
export function useReturnFocus(onOpenAutoFocus?: (event: Event) => void, onCloseAutoFocus?: (event: Event) => void) {
  const opener = React.useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
