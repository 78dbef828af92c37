import { writeFileSync } from "node:fs";
import { expect, test as setup } from "@playwright/test";
import { createDeskUser, signInThroughApi, signInThroughPage } from "./support/desk";
import { ADMIN_STATE, laneAdminState, MEMBER_STATE, randomSuffix, readFixtures, USERS_FILE } from "./support/fixtures";

/**
 * Signed-in states for every desk spec: an admin (e2e/.auth/admin.json) and a member (member.json), their logins in
 * users.json. On a desk nobody has set up yet the admin is made through first-run setup; when the e2e server already
 * made the demo user (the first user, so an admin), that is the admin.
 */
setup("an admin and a member are signed in", async ({ browser, baseURL }) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const fixtures = readFixtures();
  const adminContext = await browser.newContext();
  const page = await adminContext.newPage();

  const status = await page.request.get("/api/setup");
  const needsSetup = ((await status.json()) as { data: { needsSetup: boolean } }).data.needsSetup;
  let admin: { email: string; password: string };
  if (needsSetup) {
    admin = { email: `e2e-admin-${randomSuffix()}@example.com`, password: `pw-${randomSuffix()}-${randomSuffix()}` };
    const res = await page.request.post("/api/setup", {
      data: { ...admin, name: "E2E Admin" },
      headers: { Origin: new URL(baseURL).origin },
    });
    expect(res.status(), await res.text()).toBe(201);
  } else {
    admin = { email: fixtures.demo.email, password: fixtures.demo.password };
  }
  await signInThroughPage(page, admin.email, admin.password);
  await expect(page.getByRole("link", { name: "Admin" }).first()).toBeVisible();
  await adminContext.storageState({ path: ADMIN_STATE });

  const member = await createDeskUser(page.request, baseURL, "member");
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInThroughPage(memberPage, member.email, member.password);
  await memberContext.storageState({ path: MEMBER_STATE });

  writeFileSync(USERS_FILE, `${JSON.stringify({ admin, member: { email: member.email, password: member.password } }, null, 2)}\n`, { mode: 0o600 });
  await adminContext.close();
  await memberContext.close();
});

setup("the demo admin is signed in on every other lane's desk", async ({ browser }) => {
  for (const lane of readFixtures().lanes.slice(1)) {
    const context = await browser.newContext({ baseURL: lane.deskUrl });
    await signInThroughApi(context, lane.deskUrl, lane.demo.email, lane.demo.password);
    await context.storageState({ path: laneAdminState(lane.deskUrl) });
    await context.close();
  }
});
