import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NAV_GROUPS, NAV_SPRITE_HREF, NAV_SPRITE_PATH, navGroupsFor } from "./nav-groups";
import { navSprite } from "./nav-sprite";
import { GET } from "@/app/icons/nav.svg/route";

describe("the navigation's icon sprite", () => {
  const sprite = navSprite();

  it("holds one symbol per nav item, drawn with the lucide icon the nav names", () => {
    const items = NAV_GROUPS.flatMap((g) => g.items);
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">/g)].map((m) => m[1]);
    expect(ids).toEqual(items.map((i) => i.href.slice(1)));
    for (const item of items) {
      // The icon as React renders it, shape by shape (tag and attributes), against its symbol's shapes.
      const inner = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(renderToStaticMarkup(createElement(item.icon)))?.[1] ?? "";
      const shapes = (markup: string) => [...markup.matchAll(/<([a-z]+)((?: [a-z-]+="[^"]*")*)\s*\/?>/g)].map((m) => `${m[1]}${m[2]}`);
      const symbol = new RegExp(`<symbol id="${item.href.slice(1)}"[^>]*>([\\s\\S]*?)</symbol>`).exec(sprite)?.[1] ?? "";
      expect(shapes(inner).length, item.href).toBeGreaterThan(0);
      expect(shapes(symbol), item.href).toEqual(shapes(inner));
    }
  });

  it("every icon the nav renders points at a symbol of the sprite, at its versioned URL; no path is inlined", () => {
    for (const role of ["admin", "member"] as const) {
      const html = renderToStaticMarkup(createElement(Fragment, null, ...navGroupsFor(role).flatMap((g) => g.items.map((i) => i.icon))));
      const refs = [...html.matchAll(/<use href="([^"#]+)#([^"]+)"/g)];
      expect(refs.length).toBe(navGroupsFor(role).flatMap((g) => g.items).length);
      for (const [, url, id] of refs) {
        expect(url).toBe(NAV_SPRITE_HREF);
        expect(sprite).toContain(`<symbol id="${id}"`);
      }
      expect(html).not.toContain("<path");
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
