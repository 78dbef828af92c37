import { expect, it } from "vitest";
import { browserRequest, describeEachDialect, makeUser, randomName, storeKeyUnchecked } from "@/test/support/desk";
import { deskRoute } from "../routes";
import { getInboxUnread, listInbox, markInbox, postInboxItem } from "./inbox";

await describeEachDialect("the inbox on %s", (desk) => {
  it("stores an item once per dedupe key, for a user or every user of an account, read apart by each reader", async () => {
    const ctx = desk().ctx;
    const [alice, bob, carol] = [await makeUser(ctx), await makeUser(ctx), await makeUser(ctx)];
    const account = randomName("acct");
    await storeKeyUnchecked(ctx, alice.id, `ak_${randomName("k")}`, account);
    await storeKeyUnchecked(ctx, bob.id, `ak_${randomName("k")}`, account);
    await storeKeyUnchecked(ctx, carol.id, `ak_${randomName("k")}`, randomName("other"));

    const key = randomName("alert");
    const first = await postInboxItem({ ctx, input: { accountId: account, userId: alice.id, kind: "alert", title: "TCS filed results", body: "Q2 FY27", href: "/announcements?symbol=TCS", dedupeKey: key } });
    const again = await postInboxItem({ ctx, input: { accountId: account, userId: alice.id, kind: "alert", title: "TCS filed results (again)", body: "", href: null, dedupeKey: key } });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    const budget = await postInboxItem({ ctx, input: { accountId: account, userId: null, kind: "budget", title: "80% of the day's budget", body: "", href: "/usage", dedupeKey: randomName("budget") } });

    expect(await getInboxUnread({ ctx, user: alice })).toEqual({ unread: 2 });
    expect(await getInboxUnread({ ctx, user: bob })).toEqual({ unread: 1 });
    expect(await getInboxUnread({ ctx, user: carol })).toEqual({ unread: 0 });
    const page = await listInbox({ ctx, user: alice, input: { show: "all" } });
    expect(page.items.map((i) => [i.id, i.audience, i.read])).toEqual([
      [budget.id, "account", false],
      [first.id, "you", false],
    ]);
    expect(page.items[1]?.title).toBe("TCS filed results");

    // Bob reading the account-wide item leaves it unread for Alice; nobody can mark what they cannot see.
    expect(await markInbox({ ctx, user: bob, input: { ids: [budget.id, first.id], read: true } })).toEqual({ unread: 0 });
    expect(await getInboxUnread({ ctx, user: alice })).toEqual({ unread: 2 });
    expect((await listInbox({ ctx, user: carol, input: { show: "all" } })).items).toEqual([]);
    await markInbox({ ctx, user: alice, input: { all: true, read: true } });
    expect(await getInboxUnread({ ctx, user: alice })).toEqual({ unread: 0 });
    await markInbox({ ctx, user: alice, input: { ids: [first.id], read: false } });
    expect((await listInbox({ ctx, user: alice, input: { show: "unread" } })).items.map((i) => i.id)).toEqual([first.id]);
  });

  it("refuses a bad post with a clear message, and serves the routes to the signed-in reader only", async () => {
    const ctx = desk().ctx;
    const user = await makeUser(ctx);
    const base = { accountId: null, userId: user.id, kind: "alert", title: "t", body: "", href: null, dedupeKey: randomName("k") };
    await expect(postInboxItem({ ctx, input: { ...base, href: "https://evil.example/" } })).rejects.toThrow(/href must be a path of the desk/);
    await expect(postInboxItem({ ctx, input: { ...base, href: "//evil.example/" } })).rejects.toThrow(/href must be a path/);
    await expect(postInboxItem({ ctx, input: { ...base, userId: null } })).rejects.toThrow(/needs its accountId/);
    await expect(postInboxItem({ ctx, input: { ...base, title: " " } })).rejects.toThrow(/title/);

    const posted = await postInboxItem({ ctx, input: { ...base, title: "Hello" } });
    const unread = await deskRoute("getInboxUnread", { ctx })(await browserRequest(ctx, user, "/api/inbox/unread"));
    expect(await unread.json()).toEqual({ data: { unread: 1 } });
    const mark = await deskRoute("markInbox", { ctx })(await browserRequest(ctx, user, "/api/inbox/read", { method: "POST", body: JSON.stringify({ ids: [posted.id], read: true }) }));
    expect(await mark.json()).toEqual({ data: { unread: 0 } });
    const bad = await deskRoute("markInbox", { ctx })(await browserRequest(ctx, user, "/api/inbox/read", { method: "POST", body: JSON.stringify({ ids: [], read: true }) }));
    expect(bad.status).toBe(400);
    const signedOut = await deskRoute("listInbox", { ctx })(await browserRequest(ctx, null, "/api/inbox"));
    expect(signedOut.status).toBe(401);
  });
});
