import { describe, expect, it } from "vitest";
import { DEFAULT_MATERIALITY, materialitySettingsSchema } from "@/lib/desk/materiality";
import { browserRequest, makeUser, withDesk, type TestDesk } from "@/test/support/desk";
import { deskRoute } from "../routes";

let desk: TestDesk;
withDesk((d) => (desk = d));

async function call(id: "getMateriality" | "saveMateriality" | "dismissFiling", user: Awaited<ReturnType<typeof makeUser>>, init: { method: string; path: string; body?: unknown }) {
  const res = await deskRoute(id, { ctx: desk.ctx })(
    await browserRequest(desk.ctx, user, init.path, { method: init.method, ...(init.body !== undefined ? { body: JSON.stringify(init.body), headers: { "content-type": "application/json" } } : {}) }),
  );
  return { status: res.status, body: (await res.json()) as { data?: unknown; error?: { code: string; message: string } } };
}

describe("materiality settings", () => {
  it("starts from the default lexicon, keeps a user's bar, phrases and mutes, and counts dismissals per kind", async () => {
    const user = await makeUser(desk.ctx);
    const first = await call("getMateriality", user, { method: "GET", path: "/api/materiality" });
    expect(materialitySettingsSchema.parse(first.body.data)).toEqual(DEFAULT_MATERIALITY);

    const saved = await call("saveMateriality", user, { method: "PUT", path: "/api/materiality", body: { bar: 55, material: ["order win*", " order win* ", "capex"], noise: ["trading window"], muted: ["Credit Rating"] } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ bar: 55, material: ["order win*", "capex"], noise: ["trading window"], muted: ["Credit Rating"] });

    for (let i = 0; i < 3; i++) await call("dismissFiling", user, { method: "POST", path: "/api/materiality/dismissals", body: { kind: "Trading Window" } });
    const after = materialitySettingsSchema.parse((await call("getMateriality", user, { method: "GET", path: "/api/materiality" })).body.data);
    expect(after.dismissals).toEqual({ "Trading Window": 3 });
    expect(after.bar).toBe(55);

    // Another user's settings are their own.
    const other = await makeUser(desk.ctx);
    expect((await call("getMateriality", other, { method: "GET", path: "/api/materiality" })).body.data).toEqual(DEFAULT_MATERIALITY);
  });

  it("refuses a bar out of range or an empty phrase with a clear error", async () => {
    const user = await makeUser(desk.ctx);
    const bad = await call("saveMateriality", user, { method: "PUT", path: "/api/materiality", body: { bar: 140, material: [], noise: ["*"], muted: [] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe("invalid_body");
  });
});
