import { queryOptions } from "@tanstack/react-query";
import { deskFetch, deskSend } from "@/lib/query/desk-fetch";
import { queryKeys } from "@/lib/query/keys";
import type { UserSummary } from "@/lib/server/users";

export function adminUsersQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.admin.users(),
    queryFn: async ({ signal }) => (await deskFetch<{ data: UserSummary[] }>("/api/admin/users", { signal })).body.data,
  });
}

export async function createUser(input: { email: string; name: string; password: string; role: UserSummary["role"] }): Promise<UserSummary> {
  return (await deskSend<{ data: UserSummary }>("/api/admin/users", "POST", input)).data;
}

export async function updateUser(id: string, change: { role?: UserSummary["role"]; disabled?: boolean }): Promise<UserSummary> {
  return (await deskSend<{ data: UserSummary }>(`/api/admin/users/${encodeURIComponent(id)}`, "PATCH", change)).data;
}
