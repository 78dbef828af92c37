"use client";

import type { ComponentProps } from "react";
import { Input } from "@/components/ui/input";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { cn } from "@/lib/utils";
import { PAID_ACTION_LABELS, PAID_ACTIONS, type PaidAction } from "@/lib/desk/team-labels";

/** A seat's allowance as typed: empty is no allowance; anything else goes to the route, whose schema judges it. */
export function allowanceOf(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === "" ? null : Number(trimmed);
}

export function AllowanceInput(props: Omit<ComponentProps<typeof Input>, "inputMode" | "placeholder">) {
  return <Input inputMode="numeric" placeholder="No allowance" {...props} />;
}

export function RoleSelect({ value, onChange, ...props }: Omit<ComponentProps<typeof NativeSelect>, "value" | "onChange"> & { value: "member" | "admin"; onChange: (role: "member" | "admin") => void }) {
  return (
    <NativeSelect value={value} onChange={(e) => onChange(e.target.value === "admin" ? "admin" : "member")} {...props}>
      <NativeSelectOption value="member">Member</NativeSelectOption>
      <NativeSelectOption value="admin">Admin</NativeSelectOption>
    </NativeSelect>
  );
}

/** Which paid actions a seat may buy, one checkbox each. */
export function PaidActionsFieldset({ value, onChange, className }: { value: readonly PaidAction[]; onChange: (actions: PaidAction[]) => void; className?: string }) {
  return (
    <fieldset className={cn("grid gap-1", className)}>
      <legend className="mb-1 text-sm font-medium">May buy</legend>
      {PAID_ACTIONS.map((action) => (
        <label key={action} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={value.includes(action)}
            onChange={(e) => onChange(e.target.checked ? [...value, action] : value.filter((a) => a !== action))}
          />
          {PAID_ACTION_LABELS[action]}
        </label>
      ))}
    </fieldset>
  );
}
