import * as React from "react";

/** A Radix part as it is, marked with its `data-slot` (what the styles and tests select it by). */
export function slotted<C extends React.ElementType>(Component: C, slot: string): (props: React.ComponentProps<C>) => React.ReactElement {
  function Slotted(props: React.ComponentProps<C>) {
    return React.createElement(Component, { "data-slot": slot, ...props });
  }
  Slotted.displayName = slot;
  return Slotted;
}
