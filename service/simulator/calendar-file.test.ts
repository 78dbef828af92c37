import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { NSE_CALENDAR } from "../../lib/market/calendar";
import { calendarFromFile } from "./calendar-file";
import { ratesAt } from "./rates";

const at = (iso: string) => Date.parse(`${iso}+05:30`);

describe("the simulator's market calendar", () => {
  it("follows the desk's calendar file: no market events on an added holiday, events in a special session", () => {
    const path = join(mkdtempSync(join(tmpdir(), "svc-cal-")), "market-calendar.json");
    let clock = 0;
    const calendar = calendarFromFile(path, () => clock);
    // No file: the built-in calendar (a normal Wednesday trades).
    expect(ratesAt(at("2026-11-25T11:00:00"), calendar()).alerts).toBeGreaterThan(0);

    writeFileSync(
      path,
      JSON.stringify({
        ...NSE_CALENDAR,
        holidays: [...NSE_CALENDAR.holidays, { date: "2026-11-25", name: "Exchange closure" }],
        specialSessions: [...NSE_CALENDAR.specialSessions, { date: "2026-11-29", name: "Special Sunday", kind: "special", sessions: [{ id: "normal", from: "11:00", to: "12:00" }] }],
      }),
    );
    clock += 10_000;
    const edited = calendar();
    expect(ratesAt(at("2026-11-25T11:00:00"), edited)).toMatchObject({ alerts: 0, blockDeals: 0 });
    expect(ratesAt(at("2026-11-25T14:10:00"), edited).blockDeals).toBe(0);
    expect(ratesAt(at("2026-11-29T11:30:00"), edited).alerts).toBeGreaterThan(0);
    expect(ratesAt(at("2026-11-29T13:00:00"), edited).alerts).toBe(0);
    // The default (no calendar given) is the built-in behaviour.
    expect(ratesAt(at("2026-11-25T11:00:00")).alerts).toBeGreaterThan(0);
    // Muhurat trading: alerts in its hour with the built-in calendar as data.
    expect(ratesAt(at("2026-11-08T18:30:00"), edited).alerts).toBeGreaterThan(0);

    // A broken file falls back to the built-in calendar.
    writeFileSync(path, "{ not json");
    clock += 10_000;
    expect(ratesAt(at("2026-11-25T11:00:00"), calendar()).alerts).toBeGreaterThan(0);
  });
});
