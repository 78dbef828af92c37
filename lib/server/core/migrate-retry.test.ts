import { describe, expect, it } from "vitest";
import { droppedUnderLookUp } from "./db";

describe("a migration look-up that met another schema being dropped", () => {
  it("is asked again when no migration ran: a schema or a table gone in that moment", () => {
    expect(droppedUnderLookUp(new Error('schema "desk_cluster_1" does not exist'), undefined)).toBe(true);
    expect(droppedUnderLookUp(new Error('relation "desk_cluster_562bf279aa15.brief_schedules" does not exist'), [])).toBe(true);
  });

  it("is not when a migration itself failed, when the error is another, or when there is none", () => {
    const failed = [{ migrationName: "2026_11_24_17b_brief_schedules", direction: "Up" as const, status: "Error" as const }];
    expect(droppedUnderLookUp(new Error('relation "brief_schedules" does not exist'), failed)).toBe(false);
    expect(droppedUnderLookUp(new Error("permission denied for schema public"), undefined)).toBe(false);
    expect(droppedUnderLookUp(undefined, undefined)).toBe(false);
  });
});
