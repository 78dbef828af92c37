import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "./tooltip";
import { placeTooltip } from "./tooltip-content";

const viewport = { width: 1000, height: 800 };
const size = { width: 120, height: 30 };

describe("placeTooltip", () => {
  it("puts the text on the asked side, centred on the trigger, the arrow at the trigger's centre", () => {
    const anchor = { top: 400, left: 500, width: 40, height: 20 };
    expect(placeTooltip(anchor, size, viewport, "top", 9)).toEqual({ top: 400 - 9 - 30, left: 520 - 60, side: "top", arrow: 60 });
    expect(placeTooltip(anchor, size, viewport, "right", 9)).toEqual({ top: 410 - 15, left: 540 + 9, side: "right", arrow: 15 });
    expect(placeTooltip(anchor, size, viewport, "bottom", 9).top).toBe(420 + 9);
    expect(placeTooltip(anchor, size, viewport, "left", 9).left).toBe(500 - 9 - 120);
  });

  it("flips to the other side when the asked one has no room, and stays there when neither has", () => {
    expect(placeTooltip({ top: 10, left: 500, width: 40, height: 20 }, size, viewport, "top", 9).side).toBe("bottom");
    expect(placeTooltip({ top: 780, left: 500, width: 40, height: 20 }, size, viewport, "bottom", 9).side).toBe("top");
    expect(placeTooltip({ top: 400, left: 950, width: 40, height: 20 }, size, viewport, "right", 9).side).toBe("left");
    expect(placeTooltip({ top: 400, left: 500, width: 40, height: 20 }, size, { width: 1000, height: 40 }, "top", 9).side).toBe("top");
  });

  it("keeps the text inside the viewport and the arrow on the trigger when pushed along the edge", () => {
    const place = placeTooltip({ top: 400, left: 990, width: 10, height: 20 }, size, viewport, "top", 9);
    expect(place.left).toBe(1000 - 8 - 120);
    // The trigger's centre (995) is past the text's end: the arrow sits at the last spot it can, 8 px from the end.
    expect(place.arrow).toBe(120 - 8);
    expect(placeTooltip({ top: 400, left: 0, width: 20, height: 20 }, size, viewport, "bottom", 9).left).toBe(8);
  });
});

describe("Tooltip", () => {
  it("renders the trigger alone until it is hovered or focused (the text is not in the page, nor described)", () => {
    const html = renderToStaticMarkup(
      createElement(
        TooltipProvider,
        null,
        createElement(Tooltip, null, createElement(TooltipTrigger, { asChild: true }, createElement("span", { tabIndex: 0 }, "Balance")), createElement(TooltipContent, null, "Credits available")),
      ),
    );
    expect(html).toBe('<span tabindex="0" data-slot="tooltip-trigger" data-state="closed">Balance</span>');
  });

  it("says where it is misused", () => {
    expect(() => renderToStaticMarkup(createElement(TooltipContent, null, "x"))).toThrow("TooltipContent must be used inside a <Tooltip>");
  });
});
