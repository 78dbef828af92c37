import * as React from "react";

/**
 * `asChild` for the desk's Button, Badge and TooltipTrigger: renders its one child element with the slot's props
 * merged in, as Radix's Slot does (the child's handler runs first, then the slot's; class names joined; styles merged,
 * the child's winning; both refs set), without Radix's Slot module in every page's first load. No `Slottable`.
 */
type AnyProps = Record<string, unknown>;

function mergeProps(slotProps: AnyProps, childProps: AnyProps): AnyProps {
  const merged: AnyProps = { ...childProps };
  for (const name in childProps) {
    const slotValue = slotProps[name];
    const childValue = childProps[name];
    if (/^on[A-Z]/.test(name)) {
      if (typeof slotValue === "function" && typeof childValue === "function") {
        merged[name] = (...args: unknown[]) => {
          const result = childValue(...args);
          slotValue(...args);
          return result;
        };
      } else if (slotValue) merged[name] = slotValue;
    } else if (name === "style") merged[name] = { ...(slotValue as object), ...(childValue as object) };
    else if (name === "className") merged[name] = [slotValue, childValue].filter(Boolean).join(" ");
  }
  return { ...slotProps, ...merged };
}

function setRef<T>(ref: React.Ref<T> | undefined, value: T | null) {
  if (typeof ref === "function") return ref(value);
  if (ref) (ref as React.RefObject<T | null>).current = value;
}

export function Slot({ children, ref, ...slotProps }: { children?: React.ReactNode; ref?: React.Ref<HTMLElement> } & AnyProps) {
  if (!React.isValidElement<AnyProps>(children)) return React.Children.count(children) > 1 ? React.Children.only(null) : null;
  const childRef = children.props.ref as React.Ref<HTMLElement> | undefined;
  const props = mergeProps(slotProps, children.props);
  if (children.type !== React.Fragment) {
    props.ref =
      ref && childRef
        ? (node: HTMLElement | null) => {
            setRef(ref, node);
            setRef(childRef, node);
          }
        : (ref ?? childRef);
  }
  return React.cloneElement(children, props);
}
