import { cva, type VariantProps } from "class-variance-authority";
import { AlertTriangleIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "@/lib/utils";
import { slotted } from "./slotted";

const alertVariants = cva(
  "relative grid w-full grid-cols-[0_1fr] items-start gap-y-0.5 rounded-lg border px-4 py-3 text-sm has-[>svg]:grid-cols-[calc(var(--spacing)*4)_1fr] has-[>svg]:gap-x-3 [&>svg]:size-4 [&>svg]:translate-y-0.5 [&>svg]:text-current",
  {
    variants: {
      variant: {
        default: "bg-card text-card-foreground",
        destructive: "border-destructive/40 bg-card text-destructive *:data-[slot=alert-description]:text-destructive/90 [&>svg]:text-current",
        warning: "border-warning/50 bg-warning/10 text-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export function Alert({ className, variant, ...props }: React.ComponentProps<"div"> & VariantProps<typeof alertVariants>) {
  return <div data-slot="alert" role="alert" className={cn(alertVariants({ variant }), className)} {...props} />;
}

export const AlertTitle = slotted("div", "alert-title", "col-start-2 line-clamp-1 min-h-4 font-medium tracking-tight");
export const AlertDescription = slotted(
  "div",
  "alert-description",
  "col-start-2 grid justify-items-start gap-1 text-sm text-muted-foreground [&_p]:leading-relaxed",
);

/** A destructive alert with its warning icon: what went wrong (the title) and what to do about it. */
export function ErrorAlert({ title, children, ...props }: { title: React.ReactNode } & Omit<React.ComponentProps<"div">, "title">) {
  return (
    <Alert variant="destructive" {...props}>
      <AlertTriangleIcon aria-hidden />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{children}</AlertDescription>
    </Alert>
  );
}
