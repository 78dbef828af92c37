import { navSprite } from "@/components/shell/nav-sprite";

/**
 * The navigation's icons (components/shell/nav-sprite.ts): the same for every user, so public. Pages ask for it by a
 * URL versioned by its contents (NAV_SPRITE_HREF), so it is cached for good: 4 kB once. (Not gzipped: Next sends a
 * route's answer as it is and drops a Content-Encoding the route sets, so a gzipped body would arrive undecodable.)
 */
export function GET(): Response {
  return new Response(navSprite(), {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=31536000, immutable" },
  });
}
