import { describe, expect, it } from "vitest";
import { accountResponseSchema, usageResponseSchema } from "../../lib/alpha/account";
import { ManualClock } from "../clock";
import { call, createTestAccount, createTestService, TEST_NOW } from "../../test/support/service";

describe("account routes", () => {
  const service = createTestService({ clock: new ManualClock(TEST_NOW) });

  it("reports live_entitlement in GET /v1/account/usage as in GET /v1/account", async () => {
    const pro = createTestAccount(service.ctx, { plan: "pro" });
    const usage = usageResponseSchema.parse((await call(service, "/v1/account/usage", { key: pro.key })).json).data;
    const profile = accountResponseSchema.parse((await call(service, "/v1/account", { key: pro.key })).json).data;
    expect(usage.live_entitlement).toEqual(profile.live_entitlement);
    expect(usage.live_entitlement).toMatchObject({ websocket: true });
    expect(Object.keys((usage.live_entitlement?.streams ?? {}) as object).length).toBeGreaterThan(0);

    const sandbox = createTestAccount(service.ctx, { plan: "sandbox" });
    const none = usageResponseSchema.parse((await call(service, "/v1/account/usage", { key: sandbox.key })).json).data;
    expect(none.live_entitlement).toEqual({ websocket: false, streams: {} });
  });
});
