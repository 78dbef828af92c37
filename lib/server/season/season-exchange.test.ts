import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seasonViewSchema } from "@/lib/desk/season";
import type { RunningServer } from "../core/embedded-service";
import type { DeskContext } from "../core/context";
import { saveAlphaKey } from "../upstream/stored-keys";
import { createWatchlist } from "../portfolio/watchlists";
import { importExchangeFiles, startExchangeService } from "@/test/support/exchange-files";
import { createTestDesk, makeAccount, makeUser, randomName, type TestDesk } from "@/test/support/desk";
import { trackSeason } from "./season-tracker";

const DOCS = join(import.meta.dirname, "../../../docs/import/exchange");
const FIXTURES = join(import.meta.dirname, "../../../test/fixtures/exchange");

let service: RunningServer;
const desks: TestDesk[] = [];

beforeAll(async () => {
  // A service that holds only what the exchanges' files gave it.
  service = await startExchangeService();
});
afterAll(async () => {
  for (const d of desks) await d.close();
  await service?.close();
});

/** A desk on the service with a user, the account's key and a watchlist of the example companies; its season board. */
async function boardOn(key: string) {
  const desk = await createTestDesk({ config: { alphaBaseUrl: service.url } });
  desks.push(desk);
  const ctx: DeskContext = desk.ctx;
  const user = await makeUser(ctx);
  await saveAlphaKey({ ctx, userId: user.id, key });
  const list = await createWatchlist({ ctx, user, input: { name: randomName("season"), items: ["TCS", "INFY", "RELIANCE"].map((symbol) => ({ symbol })) } });
  return async () => {
    const view = seasonViewSchema.parse(await trackSeason({ ctx, user, input: { scope: "watchlist", watchlist: list.id, quarter: "q3_27" } }));
    return Object.fromEntries(view.companies.map((c) => [c.symbol, [c.status, c.at]]));
  };
}

describe("the results-season tracker on imported exchange files", () => {
  it("follows a board meeting the exchange moved and one it cancelled, with the service running throughout", async () => {
    const { key } = makeAccount(service);
    await importExchangeFiles(service, DOCS);
    const before = await boardOn(key);
    expect(await before()).toEqual({
      INFY: ["booked", "2027-01-14"],
      RELIANCE: ["booked", "2027-01-15"],
      TCS: ["booked", "2027-01-08"],
    });
    await importExchangeFiles(service, join(FIXTURES, "nse-board-meetings-later.json"));
    // A desk shares an account's free answers for two minutes (SHARED_FREE_SECONDS), so the first desk shows the move
    // once that lapses; a desk that has not read the calendar yet shows it at once.
    const after = await boardOn(key);
    expect(await after()).toEqual({
      INFY: ["pending", null],
      RELIANCE: ["booked", "2027-01-15"],
      TCS: ["booked", "2027-01-12"],
    });
  });
});
