import "server-only";
/** `getKeyInUse({ ctx, user })` → KeyInUse: which key the user's requests use, and their seat on the organisation's key. */
import type { KeyInUse } from "@/lib/desk/teams";
import type { DeskContext } from "../core/context";
import { getAlphaKeyStatus } from "../identity/key-vault";
import type { SessionUser } from "../identity/users";
import { countedToday, getSeat } from "./seats";
import { ORG_KEY_ID, teamsDb } from "../core/teams-tables";

export async function getKeyInUse({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<KeyInUse> {
  const [status, seat, org, counted] = await Promise.all([
    getAlphaKeyStatus({ ctx, userId: user.id }),
    getSeat({ ctx, input: { userId: user.id } }),
    teamsDb({ ctx }).selectFrom("org_key").select("id").where("id", "=", ORG_KEY_ID).executeTakeFirst(),
    countedToday({ ctx }),
  ]);
  return {
    source: status.source,
    accountName: status.account ? (status.account.name ?? status.account.account_id) : null,
    organisationKey: org !== undefined,
    seat,
    usedToday: status.source === "organisation" && seat.dailyAllowance !== null ? (counted.get(user.id) ?? 0) : null,
  };
}
