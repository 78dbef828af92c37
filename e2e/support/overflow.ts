import type { Page } from "@playwright/test";
import { expect } from "./test";

/**
 * The page body is never wider than the window (a wide table scrolls inside its own box instead). When it is, the
 * deepest elements reaching past the right edge are named, so a failure says what to fix.
 */
export async function bodyOverflow(page: Page): Promise<{ scrollWidth: number; clientWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const el = document.scrollingElement ?? document.documentElement;
    const { scrollWidth, clientWidth } = el;
    const culprits: string[] = [];
    if (scrollWidth > clientWidth) {
      // Inside a box that scrolls or clips sideways a node cannot widen the page, so the real culprit is named. An
      // absolutely placed node (sr-only text too) escapes every box below its containing block: start from that block.
      const clipped = (node: HTMLElement) => {
        const position = getComputedStyle(node).position;
        if (position === "fixed") return true;
        const start = position === "absolute" ? (node.offsetParent as HTMLElement | null) : node.parentElement;
        for (let up = start; up && up !== document.body; up = up.parentElement) {
          if (getComputedStyle(up).overflowX !== "visible" && up.getBoundingClientRect().right + window.scrollX <= clientWidth + 0.5) return true;
        }
        return false;
      };
      for (const node of document.body.querySelectorAll<HTMLElement>("*")) {
        if (clipped(node)) continue;
        const right = node.getBoundingClientRect().right + window.scrollX;
        const inside = [...node.children].some((c) => c.getBoundingClientRect().right + window.scrollX > clientWidth + 0.5);
        if (right > clientWidth + 0.5 && !inside) {
          culprits.push(`<${node.tagName.toLowerCase()} class="${node.className}"> ends at ${Math.round(right)} px`);
          if (culprits.length >= 5) break;
        }
      }
    }
    return { scrollWidth, clientWidth, culprits };
  });
}

/** Soft: one page reports every width it overflows at. */
export async function expectNoSidewaysScroll(page: Page, label: string) {
  const { scrollWidth, clientWidth, culprits } = await bodyOverflow(page);
  expect.soft(scrollWidth, `${label}: the page body is ${scrollWidth} px wide in a ${clientWidth} px window: ${culprits.join("; ")}`).toBeLessThanOrEqual(clientWidth);
}

/**
 * Controls that stick out of their card's header, content or footer box (past its padding), as a button that does
 * not wrap does on a phone. A control inside a box that scrolls or clips sideways is that box's to show.
 */
export async function controlsOutsideTheirCard(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const SLOP = 4;
    const found: string[] = [];
    for (const control of document.querySelectorAll<HTMLElement>('[data-slot="card"] :is(button, a, input, select, textarea, [role="tab"])')) {
      const r = control.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue;
      const box = control.closest<HTMLElement>('[data-slot="card-header"], [data-slot="card-content"], [data-slot="card-footer"]');
      if (!box) continue;
      let clippedBelowBox = false;
      for (let up = control.parentElement; up && up !== box; up = up.parentElement) if (getComputedStyle(up).overflowX !== "visible") clippedBelowBox = true;
      if (clippedBelowBox) continue;
      const b = box.getBoundingClientRect();
      const style = getComputedStyle(box);
      const left = b.left + parseFloat(style.paddingLeft) + parseFloat(style.borderLeftWidth);
      const right = b.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
      // A ghost button (no fill, no border) shows only its label: its padding may reach into the card's, by design.
      const own = getComputedStyle(control);
      const clear = (colour: string) => colour === "transparent" || /rgba\(.*,\s*0\)$/.test(colour);
      const ghost = clear(own.backgroundColor) && (parseFloat(own.borderLeftWidth) === 0 || clear(own.borderLeftColor));
      const shownLeft = ghost ? r.left + parseFloat(own.paddingLeft) : r.left;
      const shownRight = ghost ? r.right - parseFloat(own.paddingRight) : r.right;
      if (shownRight > right + SLOP || shownLeft < left - SLOP) {
        const name = (control.getAttribute("aria-label") ?? control.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
        found.push(`<${control.tagName.toLowerCase()}> "${name}" spans ${Math.round(r.left)}–${Math.round(r.right)} px in a box of ${Math.round(left)}–${Math.round(right)} px`);
      }
    }
    return found;
  });
}

/** Soft, as the sideways check: one page reports every width a control sticks out of its card at. */
export async function expectControlsInsideTheirCards(page: Page, label: string) {
  expect.soft(await controlsOutsideTheirCard(page), `${label}: controls outside their card`).toEqual([]);
}
