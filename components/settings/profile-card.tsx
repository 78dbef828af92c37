"use client";

import { KeyRoundIcon, MoonIcon, SunIcon } from "lucide-react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { setTheme, useTheme } from "@/components/ui/use-theme";
import type { SessionUserView as SessionUser } from "@/lib/desk/users";

/** `failedSignIns`: wrong passwords tried on this account in the last day, from any address (the owner is told). */
export function ProfileCard({ user, failedSignIns = 0 }: { user: SessionUser; failedSignIns?: number }) {
  const theme = useTheme();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>You</h2>
        </CardTitle>
        <CardDescription>Your desk account. An admin can change your role.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Name</dt>
          <dd className="font-medium">{user.name}</dd>
          <dt className="text-muted-foreground">Email</dt>
          <dd>{user.email}</dd>
          <dt className="text-muted-foreground">Role</dt>
          <dd>
            <Badge variant={user.role === "admin" ? "default" : "secondary"}>{user.role}</Badge>
          </dd>
        </dl>
        {failedSignIns > 0 && (
          <p className="text-sm text-muted-foreground" data-testid="failed-sign-ins-notice">
            {failedSignIns} failed sign-in{failedSignIns === 1 ? "" : "s"} to your account in the last day. If that was not you, change your
            password.
          </p>
        )}
        <div>
          <Button asChild variant="outline" size="sm">
            <Link href="/change-password">
              <KeyRoundIcon aria-hidden />
              Change password
            </Link>
          </Button>
        </div>
        <div className="grid gap-2">
          <h3 className="text-sm font-medium" id="theme-label">
            Theme
          </h3>
          <div role="group" aria-labelledby="theme-label" className="flex gap-2">
            <Button variant={theme === "light" ? "secondary" : "ghost"} size="sm" aria-pressed={theme === "light"} onClick={() => setTheme("light")}>
              <SunIcon aria-hidden />
              Light
            </Button>
            <Button variant={theme === "dark" ? "secondary" : "ghost"} size="sm" aria-pressed={theme === "dark"} onClick={() => setTheme("dark")}>
              <MoonIcon aria-hidden />
              Dark
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
