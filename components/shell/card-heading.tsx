import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/** A card's title with its icon, and the line under it saying what the card is for. */
export function CardHeading({ icon: Icon, iconClassName = "text-muted-foreground", title, description }: { icon: LucideIcon; iconClassName?: string; title: React.ReactNode; description: React.ReactNode }) {
  return (
    <>
      <CardTitle className="flex items-center gap-2">
        <Icon aria-hidden className={cn("size-4", iconClassName)} />
        {title}
      </CardTitle>
      <CardDescription>{description}</CardDescription>
    </>
  );
}

type HeadedCardProps = React.ComponentProps<typeof CardHeading> & { contentClassName?: string; children: React.ReactNode } & Omit<React.ComponentProps<typeof Card>, "title" | "children">;

/** A card with its heading over its content: the settings, usage and team cards. */
export function HeadedCard({ icon, iconClassName, title, description, contentClassName, children, ...props }: HeadedCardProps) {
  return (
    <Card {...props}>
      <CardHeader>
        <CardHeading icon={icon} iconClassName={iconClassName} title={title} description={description} />
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
