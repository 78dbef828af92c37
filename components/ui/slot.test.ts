import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button } from "./button";
import { Progress } from "./progress";
import { Slot } from "./slot";

describe("Slot (asChild)", () => {
  it("renders the child with the slot's props merged: classes joined, the child's style and props winning", () => {
    const html = renderToStaticMarkup(
      createElement(Slot, { className: "a", id: "slot", title: "slot", style: { color: "red", margin: 0 } }, createElement("a", { href: "/x", className: "b", title: "child", style: { color: "blue" } }, "go")),
    );
    expect(html).toBe('<a href="/x" class="a b" title="child" style="color:blue;margin:0" id="slot">go</a>');
  });

  it("is what Button asChild renders", () => {
    const html = renderToStaticMarkup(createElement(Button, { asChild: true, variant: "outline" }, createElement("a", { href: "/y" }, "link")));
    expect(html).toMatch(/^<a href="\/y" data-slot="button" class="[^"]*border[^"]*">link<\/a>$/);
  });
});

describe("Progress", () => {
  it("carries Radix Progress's roles and states", () => {
    const html = renderToStaticMarkup(createElement(Progress, { value: 25, "aria-label": "Used" }));
    expect(html).toContain('role="progressbar" aria-valuemin="0" aria-valuemax="100" aria-valuenow="25" aria-valuetext="25%" data-state="loading" data-value="25" data-max="100"');
    expect(html).toContain('aria-label="Used"');
    expect(html).toContain("transform:translateX(-75%)");
    expect(renderToStaticMarkup(createElement(Progress, { value: 100 }))).toContain('data-state="complete"');
    const unknown = renderToStaticMarkup(createElement(Progress, { value: 140 }));
    expect(unknown).toContain('data-state="indeterminate"');
    expect(unknown).not.toContain("aria-valuenow");
  });
});
