import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { loadAccountActions } from "./load-account-actions";

/** A signed-out account form's card: icon and title, what it does, then a POST form that loads the actions on focus. */
export function AccountFormCard({
  icon: Icon,
  title,
  description,
  onSubmit,
  footerClassName,
  footer,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  footerClassName?: string;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <Icon aria-hidden className="size-5 text-primary" />
          <h1>{title}</h1>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {/* POST, and no submit before hydration: a password never reaches a URL, whatever the timing. */}
      <form method="post" onSubmit={onSubmit} onFocus={() => void loadAccountActions().catch(() => undefined)} noValidate>
        <CardContent className="grid gap-4">{children}</CardContent>
        <CardFooter className={footerClassName ?? "mt-5"}>{footer}</CardFooter>
      </form>
    </Card>
  );
}
