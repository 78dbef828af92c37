import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NAV_GROUPS, NAV_SPRITE_HREF, NAV_SPRITE_PATH, navGroupsFor } from "./nav-groups";
import { navSprite } from "./nav-sprite";
import { GET } from "@/app/icons/nav.svg/route";

describe("the navigation's icon sprite", () => {
  const sprite = navSprite();

  it("holds one icon per nav item, shown only as its URL's fragment, drawn with the lucide icon the nav names", () => {
    const items = NAV_GROUPS.flatMap((g) => g.items);
    // An SVG stack: nested icons hidden unless targeted, so `nav.svg#alerts` shows the alerts icon alone.
    expect(sprite.startsWith('<svg xmlns="http://www.w3.org/2000/svg"><style>svg svg{display:none;fill:none;stroke:#000;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}svg svg:target{display:inline}</style><svg id=')).toBe(true);
    const ids = [...sprite.matchAll(/<svg id="([^"]+)" viewBox="0 0 24 24">/g)].map((m) => m[1]);
    expect(ids).toEqual(items.map((i) => i.href.slice(1)));
    for (const item of items) {
      // The icon as React renders it, shape by shape (tag and attributes), against its symbol's shapes.
      const inner = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(renderToStaticMarkup(createElement(item.icon)))?.[1] ?? "";
      const shapes = (markup: string) => [...markup.matchAll(/<([a-z]+)((?: [a-z-]+="[^"]*")*)\s*\/?>/g)].map((m) => `${m[1]}${m[2]}`);
      const icon = new RegExp(`<svg id="${item.href.slice(1)}"[^>]*>([\\s\\S]*?)</svg>`).exec(sprite)?.[1] ?? "";
      expect(shapes(inner).length, item.href).toBeGreaterThan(0);
      expect(shapes(icon), item.href).toEqual(shapes(inner));
    }
  });

  it("every icon the nav renders is masked by an icon of the sprite, at its versioned URL; no path or <use> is inlined", () => {
    for (const role of ["admin", "member"] as const) {
      const html = renderToStaticMarkup(createElement(Fragment, null, ...navGroupsFor(role).flatMap((g) => g.items.map((i) => i.icon))));
      const refs = [...html.matchAll(/<span aria-hidden="true" data-slot="nav-icon" class="[^"]*\bbg-current\b[^"]*" style="mask-image:url\(([^)#]+)#([^)]+)\)"><\/span>/g)];
      expect(refs.length).toBe(navGroupsFor(role).flatMap((g) => g.items).length);
      for (const [, url, id] of refs) {
        expect(url).toBe(NAV_SPRITE_HREF);
        expect(sprite).toContain(`<svg id="${id}"`);
      }
      expect(html).not.toContain("<path");
      // A <use> is fetched even where it is not displayed (phones hide the sidebar); a mask image is not.
      expect(html).not.toContain("<use");
    }
    expect(NAV_SPRITE_HREF).toMatch(new RegExp(`^${NAV_SPRITE_PATH}\\?v=[0-9a-f]{12}$`));
    // The version is a hash of each item's icon name and lucide's version: every icon must have its name.
    for (const item of NAV_GROUPS.flatMap((g) => g.items)) expect(item.icon.displayName, item.href).toBeTruthy();
  });

  it("is served as an SVG, cached for good (its URL changes with its contents)", async () => {
    const response = GET();
    expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe(sprite);
  });
});
