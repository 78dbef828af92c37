import "server-only";
/**
 * Who may see a batch job made with the organisation's key: the service scopes jobs per key, and every member shares
 * it, so the job belongs to the member who submitted it (admins see all; anyone else gets the service's 404).
 */
import { batchJobPathSchema } from "@/lib/alpha/batch";
import type { EndpointId } from "@/lib/alpha/catalogue";
import { AlphaError } from "@/lib/alpha/errors";
import type { KeySource } from "@/lib/desk/teams";
import type { DeskContext } from "../core/context";
import type { SessionUser } from "../identity/users";
import { teamsDb } from "../core/teams-tables";

const JOB_ENDPOINTS: ReadonlySet<EndpointId> = new Set<EndpointId>(["getBatchJob", "getBatchJobResults", "cancelBatchJob"]);

/** The job a call names (its path's job id), or null for a call that names none. */
export function batchJobIdOf(id: EndpointId, input: unknown): string | null {
  if (!JOB_ENDPOINTS.has(id)) return null;
  const parsed = batchJobPathSchema.safeParse((input as { path?: unknown } | undefined)?.path);
  return parsed.success ? parsed.data.job_id : null;
}

export async function recordJobOwner({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: { jobId: string; accountId: string; source: KeySource } }): Promise<void> {
  await teamsDb({ ctx })
    .insertInto("job_owners")
    .values({ job_id: input.jobId, user_id: user.id, account_id: input.accountId, key_source: input.source, created_at: ctx.now().toISOString() })
    .onConflict((oc) => oc.column("job_id").doNothing())
    .execute();
}

/** Whether the caller sees jobs of the key only through the desk's ownership records. */
export function ownershipApplies(user: SessionUser, source: KeySource): boolean {
  return source === "organisation" && user.role !== "admin";
}

export async function assertJobVisible({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: { jobId: string; source: KeySource } }): Promise<void> {
  if (!ownershipApplies(user, input.source)) return;
  const row = await teamsDb({ ctx }).selectFrom("job_owners").select("user_id").where("job_id", "=", input.jobId).executeTakeFirst();
  if (row?.user_id !== user.id) throw new AlphaError("not_found", "No such batch job");
}

export async function visibleJobIds({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: { jobIds: string[] } }): Promise<Set<string>> {
  if (input.jobIds.length === 0) return new Set();
  const rows = await teamsDb({ ctx }).selectFrom("job_owners").select("job_id").where("user_id", "=", user.id).where("job_id", "in", input.jobIds).execute();
  return new Set(rows.map((r) => r.job_id));
}
