import { createElement, Suspense } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { lazyPart } from "./lazy-part";

async function serverHtml(element: React.ReactElement): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

describe("lazyPart", () => {
  it("is in the server's HTML, inside a disabled fieldset that adds no box, so nothing takes input before it hydrates", async () => {
    function RecentCalls({ label }: { label: string }) {
      return createElement("button", { type: "button" }, label);
    }
    const Part = lazyPart(async () => RecentCalls);
    const html = await serverHtml(createElement(Suspense, { fallback: createElement("p", null, "loading") }, createElement(Part, { label: "Load recent calls" })));
    expect(html).toContain('<fieldset disabled="" data-slot="lazy-part" data-hydrated="false" class="contents"><button type="button">Load recent calls</button></fieldset>');
    expect(html).not.toContain("loading");
  });
});
