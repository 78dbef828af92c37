import { deskRoute } from "../routes";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { NSE_CALENDAR } from "@/lib/market/calendar";
import { browserRequest, describeEachDialect, makeUser, tempDir } from "@/test/support/desk";
import { activeCalendarView, getActiveCalendar, listCalendarVersions, saveCalendar } from "./calendar-store";

const file = join(tempDir("cal-"), "market-calendar.json");

await describeEachDialect(
  "the market calendar kept by the desk on %s",
  (desk) => {
    it("is the built-in one until an admin saves an edit, and keeps every version with who and when", async () => {
      const ctx = desk().ctx;
      const admin = await makeUser(ctx, "admin");
      const member = await makeUser(ctx);
      expect(await getActiveCalendar({ ctx })).toMatchObject({ source: "built_in", versionId: null });
      await expect(saveCalendar({ ctx, user: member, input: { calendar: NSE_CALENDAR } })).rejects.toMatchObject({ code: "forbidden" });
      await expect(
        saveCalendar({ ctx, user: admin, input: { calendar: { ...NSE_CALENDAR, holidays: [{ date: "2026-12-01", name: "A" }, { date: "2026-12-01", name: "B" }] } } }),
      ).rejects.toMatchObject({ code: "invalid_body" });
      expect(await listCalendarVersions({ ctx, user: admin })).toEqual([]);

      const edited = { ...NSE_CALENDAR, holidays: [...NSE_CALENDAR.holidays, { date: "2026-12-02", name: "Exchange closure" }] };
      const saved = await saveCalendar({ ctx, user: admin, input: { calendar: edited, note: "closure on 2 Dec" } });
      expect(saved).toMatchObject({ source: "edited", updatedBy: admin.name });
      expect((await activeCalendarView({ ctx })).marketDay(Date.parse("2026-12-02T10:00:00+05:30")).holiday?.name).toBe("Exchange closure");
      // The embedded service's simulator reads the same calendar from the file.
      expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(edited);
      const versions = await listCalendarVersions({ ctx, user: admin });
      expect(versions).toHaveLength(1);
      expect(versions[0]).toMatchObject({ createdBy: admin.name, note: "closure on 2 Dec", holidays: NSE_CALENDAR.holidays.length + 1 });
      await expect(listCalendarVersions({ ctx, user: member })).rejects.toMatchObject({ code: "forbidden" });
    });

    it("answers through its routes: members read it, only admins save, bad input is a 400", async () => {
      const ctx = desk().ctx;
      const admin = await makeUser(ctx, "admin");
      const member = await makeUser(ctx);
      const read = await deskRoute("getMarketCalendar", { ctx })(await browserRequest(ctx, member, "/api/market/calendar"));
      expect(read.status).toBe(200);
      const put = (user: typeof admin, body: unknown) =>
        browserRequest(ctx, user, "/api/admin/market-calendar", { method: "PUT", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
      const save = deskRoute("saveMarketCalendar", { ctx });
      expect((await save(await put(member, { calendar: NSE_CALENDAR }))).status).toBe(403);
      const badTimes = await save(await put(admin, { calendar: { ...NSE_CALENDAR, sessions: [{ id: "normal", from: "15:30", to: "09:15" }] } }));
      expect(badTimes.status).toBe(400);
      expect(((await badTimes.json()) as { error: { message: string } }).error.message).toMatch(/ends after it starts/);
      // A day that does not exist is refused, not rolled over into March.
      const impossible = await save(await put(admin, { calendar: { ...NSE_CALENDAR, holidays: [...NSE_CALENDAR.holidays, { date: "2027-02-30", name: "Nowhere day" }] } }));
      expect(impossible.status).toBe(400);
      expect(((await impossible.json()) as { error: { message: string } }).error.message).toMatch(/2027-02-30 is not a date/);
      const leap = await save(await put(admin, { calendar: { ...NSE_CALENDAR, specialSessions: [...NSE_CALENDAR.specialSessions, { ...NSE_CALENDAR.specialSessions[0]!, date: "2028-02-29" }] } }));
      expect(leap.status).toBe(200);
      expect((await save(await put(admin, { calendar: NSE_CALENDAR, note: "back to the exchange's list" }))).status).toBe(200);
    });
  },
  { config: { marketCalendarFile: file } },
);
