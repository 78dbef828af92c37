import { ShieldOffIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";

/** The "don't retain" switch of a summary or a batch job, with what opting out means below it. */
export function RetentionSwitch({
  id,
  label,
  checked,
  onCheckedChange,
  disabled,
  children,
}: {
  id: string;
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <div className="flex items-center gap-2">
        <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} disabled={disabled} data-testid={id} />
        <Label htmlFor={id} className="flex items-center gap-1.5">
          <ShieldOffIcon aria-hidden className="size-4 text-muted-foreground" />
          {label}
        </Label>
      </div>
      <p className="text-xs text-muted-foreground">{children}</p>
    </div>
  );
}
