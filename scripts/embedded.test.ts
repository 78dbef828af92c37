import { describe, expect, it } from "vitest";
import { readDemoState } from "../lib/server/core/demo";
import type { RunningServer } from "../lib/server/core/embedded-service";
import { callAlpha } from "../lib/server/upstream/alpha-proxy";
import { getAlphaKeyStatus, withUserKey } from "../lib/server/identity/key-vault";
import { getSeat } from "../lib/server/teams/seats";
import { createTestDesk, tempDir, withService } from "../test/support/desk";
import { DEMO_MEMBER_SEAT, ensureDemo } from "./embedded";

let service: RunningServer;
withService((started) => (service = started));

describe("the embedded default's demo team", () => {
  it("makes an admin holding the organisation key and a member who uses it at once; a second start changes nothing", async () => {
    const desk = await createTestDesk({ config: { alphaBaseUrl: service.url } });
    const dataDir = tempDir("demo-");
    const login = await ensureDemo(desk.ctx, service, dataDir);
    expect(login.member?.email).toBe("demo-member@alphadesk.local");
    const member = login.member!;
    expect((await getAlphaKeyStatus({ ctx: desk.ctx, userId: login.userId })).source).toBe("organisation");
    expect(await withUserKey({ ctx: desk.ctx, userId: member.userId })).toMatchObject({ source: "organisation", accountId: login.accountId });
    expect(await getSeat({ ctx: desk.ctx, input: { userId: member.userId } })).toEqual(DEMO_MEMBER_SEAT);
    // The member can spend at once: a paid call on the organisation's key, counted against their seat.
    const user = { id: member.userId, email: member.email, name: "Demo analyst", role: "member" as const };
    const answer = await callAlpha({ ctx: desk.ctx, user, id: "listNews", input: { query: { limit: 2 } } });
    expect(answer.meta.cached).toBe(false);
    expect(readDemoState(dataDir)?.member?.userId).toBe(member.userId);

    const again = await ensureDemo(desk.ctx, service, dataDir);
    expect({ created: again.created, member: again.member }).toEqual({ created: false, member });
    await desk.close();
  });
});
