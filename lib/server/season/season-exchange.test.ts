import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { seasonViewSchema } from "@/lib/desk/season";
import type { RunningServer } from "../core/embedded-service";
import { saveAlphaKey } from "../upstream/stored-keys";
import { createWatchlist } from "../portfolio/watchlists";
import { importExchangeFiles, startExchangeService } from "@/test/support/exchange-files";
import { makeAccount, makeUser, randomName, withServiceForDesks } from "@/test/support/desk";
import { trackSeason } from "./season-tracker";

const DOCS = join(import.meta.dirname, "../../../docs/import/exchange");
const FIXTURES = join(import.meta.dirname, "../../../test/fixtures/exchange");

let service: RunningServer;
// A service that holds only what the exchanges' files gave it.
const { desk } = withServiceForDesks((started) => (service = started), startExchangeService);

/** A desk on the service with a user, the account's key and a watchlist of the example companies; its season board. */
async function boardOn(key: string) {
  const ctx = await desk();
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
