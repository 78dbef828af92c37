import { queryOptions } from "@tanstack/react-query";
import { deskCall } from "@/lib/desk/client";
import type { UserSummary } from "@/lib/desk/users";
import { queryKeys } from "@/lib/query/keys";

export type { UserSummary } from "@/lib/desk/users";

export function adminUsersQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.admin.users(),
    queryFn: ({ signal }) => deskCall("listUsers", { signal }),
  });
}

export async function createUser(input: { email: string; name: string; password: string; role: UserSummary["role"] }): Promise<UserSummary> {
  return deskCall("createUser", { body: input });
}

export async function updateUser(id: string, change: { role?: UserSummary["role"]; disabled?: boolean }): Promise<UserSummary> {
  return deskCall("updateUser", { params: { id }, body: change });
}
