import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { NSE_CALENDAR } from "@/lib/market/calendar";
import { deskKey } from "@/lib/query/desk";
import { MarketStatusBadge } from "./market-status-badge";
import { RenderInstantProvider } from "./use-market-status";

/** The badge's HTML as the server renders it in the shell (the desk layout seeds the calendar and the render instant). */
async function serverHtml(props: { renderedAt?: number }): Promise<string> {
  const client = new QueryClient();
  client.setQueryData(deskKey("getMarketCalendar"), { calendar: NSE_CALENDAR, source: "built_in", versionId: null, updatedAt: null, updatedBy: null });
  const badge = createElement(MarketStatusBadge);
  const tree = props.renderedAt === undefined ? badge : createElement(RenderInstantProvider, { value: props.renderedAt }, badge);
  const { prelude } = await prerenderToNodeStream(createElement(QueryClientProvider, { client }, tree));
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

describe("MarketStatusBadge on the server", () => {
  it("says the phase at the instant the page was rendered, so the first paint has it (no placeholder to swap)", async () => {
    const open = await serverHtml({ renderedAt: Date.parse("2026-11-25T11:00:00+05:30") });
    expect(open).toContain('data-phase="open"');
    expect(open).toContain("Market open");
    const holiday = await serverHtml({ renderedAt: Date.parse("2026-11-24T10:00:00+05:30") });
    expect(holiday).toContain('data-phase="holiday"');
    expect(holiday).toMatch(/Market holiday: Prakash Gurpurb/);
  });

  it("without a render instant, a placeholder as wide as the badge: a dot on a phone, a label from sm up", async () => {
    const html = await serverHtml({});
    expect(html).not.toContain("data-phase");
    expect(html).toContain('class="inline-block h-7 w-[1.625rem] sm:w-24"');
  });
});
