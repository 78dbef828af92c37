"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2Icon, CircleSlashIcon, KeyRoundIcon, UserPlusIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { ErrorState } from "@/components/shell/error-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { HiddenHead, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { formatIstDate } from "@/lib/format/time";
import { deskCall } from "@/lib/desk/client";
import * as api from "@/lib/desk/route-meta/admin";
import { deskKey, deskQuery, refreshAfter, useDeskMutation } from "@/lib/query/desk";
import type { UserSummary } from "@/lib/desk/users";
import { AddUserDialog, DisableUserDialog, preloadAddUserDialog, preloadDisableUserDialog } from "./admin-dialogs-lazy";
import { UserAccessActions } from "./user-access-actions";
import type { NewMember } from "./add-user-dialog";

/** Everyone on the desk: add, change role, disable and enable. An admin cannot demote or disable themselves. */
export function UsersTable({ initialUsers, currentUserId, orgKey = false }: { initialUsers: UserSummary[]; currentUserId: string; orgKey?: boolean }) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...deskQuery(api.listUsers), initialData: initialUsers });
  const [adding, setAdding] = useState(false);
  const [disabling, setDisabling] = useState<UserSummary | null>(null);

  const update = useDeskMutation(api.updateUser, {
    onSuccess: (user, { body: change }) => {
      queryClient.setQueryData(deskKey("listUsers"), (old: UserSummary[] | undefined) => old?.map((u) => (u.id === user.id ? user : u)));
      toast.success(
        change.role ? `${user.name} is now ${change.role === "admin" ? "an admin" : "a member"}.` : `${user.name} is ${user.disabled ? "disabled" : "enabled"}.`,
      );
    },
    onError: (e) => toast.error(isAlphaError(e) ? e.message : "The change was not saved. Try again."),
  });

  const create = async (input: NewMember) => {
    const user = await deskCall(api.createUser, { body: input });
    queryClient.setQueryData(deskKey("listUsers"), (old: UserSummary[] | undefined) => [...(old ?? []), user]);
    refreshAfter(queryClient, api.createUser);
    toast.success(`${user.name} can now sign in as ${user.email}.`);
    return user;
  };

  const users = query.data;
  return (
    <Card data-testid="users-card">
      <CardHeader>
        <CardTitle>Users</CardTitle>
        <CardDescription>
          {users.length} {users.length === 1 ? "person uses" : "people use"} this desk. Disabled users cannot sign in; their sessions end at once.
        </CardDescription>
        <CardAction>
          <Button onPointerEnter={preloadAddUserDialog} onFocus={preloadAddUserDialog} onClick={() => setAdding(true)}>
            <UserPlusIcon aria-hidden />
            Add user
          </Button>
          <AddUserDialog open={adding} onOpenChange={setAdding} onCreate={create} orgKey={orgKey} />
        </CardAction>
      </CardHeader>
      <CardContent>
        {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} className="mb-4" />}
        {/* Below md each row is a card (its cells stacked); up to xl the key and the date sit under the user. */}
        <Table className="max-md:[&_thead]:sr-only max-md:[&_tr]:grid max-md:[&_tr]:grid-cols-[minmax(0,1fr)_auto] max-md:[&_tr]:gap-x-3 max-md:[&_tr]:py-2 max-md:[&_td:not(.hidden)]:block max-md:[&_td]:px-1 max-md:[&_td]:py-1" data-testid="users-table">
          <TableHeader>
            <TableRow>
              <TableHead>User</TableHead>
              <TableHead>Role</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="hidden xl:table-cell">Alpha key</TableHead>
              <TableHead className="hidden xl:table-cell">Added</TableHead>
              <HiddenHead label="Actions" />
            </TableRow>
          </TableHeader>
          <TableBody>
            {users.map((u) => {
              const self = u.id === currentUserId;
              const busy = update.isPending && update.variables?.params.id === u.id;
              return (
                <TableRow key={u.id} data-testid="user-row" data-email={u.email} className={u.disabled ? "text-muted-foreground" : undefined}>
                  <TableCell className="whitespace-normal">
                    <div className="font-medium text-foreground">
                      {u.name} {self && <span className="text-xs font-normal text-muted-foreground">(you)</span>}
                    </div>
                    <div className="text-xs break-all text-muted-foreground">{u.email}</div>
                    <div className="text-xs text-muted-foreground xl:hidden" data-testid="user-key-added">
                      {u.hasKey ? "Alpha key stored" : "No Alpha key yet"} · added {formatIstDate(u.createdAt)}
                    </div>
                  </TableCell>
                  <TableCell>
                    <NativeSelect
                      size="sm"
                      className="w-28"
                      aria-label={`Role of ${u.name}`}
                      value={u.role}
                      disabled={self || busy}
                      onChange={(e) => update.mutate({ params: { id: u.id }, body: { role: e.target.value === "admin" ? "admin" : "member" } })}
                    >
                      <NativeSelectOption value="member">Member</NativeSelectOption>
                      <NativeSelectOption value="admin">Admin</NativeSelectOption>
                    </NativeSelect>
                  </TableCell>
                  <TableCell>
                    {u.disabled ? (
                      <Badge variant="neutral">
                        <CircleSlashIcon aria-hidden />
                        Disabled
                      </Badge>
                    ) : (
                      <Badge variant="positive">
                        <CheckCircle2Icon aria-hidden />
                        Active
                      </Badge>
                    )}
                    {u.mustChangePassword && (
                      <Badge variant="neutral" className="ml-1">
                        Temporary password
                      </Badge>
                    )}
                    {u.failedSignIns > 0 && (
                      <div className="mt-1 text-xs text-muted-foreground" data-testid="failed-sign-ins">
                        {u.failedSignIns} failed sign-in{u.failedSignIns === 1 ? "" : "s"}
                      </div>
                    )}
                  </TableCell>
                  <TableCell className="hidden xl:table-cell">
                    {u.hasKey ? (
                      <span className="inline-flex items-center gap-1.5 text-sm">
                        <KeyRoundIcon aria-hidden className="size-3.5 text-positive" />
                        Stored
                      </span>
                    ) : (
                      <span className="text-sm text-muted-foreground">None yet</span>
                    )}
                  </TableCell>
                  <TableCell className="hidden text-sm xl:table-cell">{formatIstDate(u.createdAt)}</TableCell>
                  <TableCell className="text-right whitespace-normal max-md:col-span-2 max-md:text-left">
                    <div className="flex flex-wrap justify-end gap-1 max-md:justify-start" data-testid="user-actions">
                      <UserAccessActions user={u} self={self} />
                      {u.disabled ? (
                        <Button variant="outline" size="sm" disabled={busy} onClick={() => update.mutate({ params: { id: u.id }, body: { disabled: false } })}>
                          Enable
                        </Button>
                      ) : (
                        <Button
                          variant="ghost"
                          size="sm"
                          disabled={self || busy}
                          className="text-destructive hover:text-destructive"
                          aria-label={`Disable ${u.name}`}
                          onPointerEnter={preloadDisableUserDialog}
                          onFocus={preloadDisableUserDialog}
                          onClick={() => setDisabling(u)}
                        >
                          Disable
                        </Button>
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </CardContent>
      <DisableUserDialog user={disabling} onClose={() => setDisabling(null)} onConfirm={(u) => update.mutate({ params: { id: u.id }, body: { disabled: true } })} />
    </Card>
  );
}
