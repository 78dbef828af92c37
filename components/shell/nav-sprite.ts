import "server-only";
import type { LucideIcon } from "lucide-react";
import { NAV_GROUPS, navIconId } from "./nav-groups";

type IconNode = [tag: string, attributes: Record<string, string | number>][];

/**
 * An icon's drawing (lucide's `[tag, attributes]` list). Next refuses react-dom/server in the app's server code, so
 * this reads it where lucide keeps it: its component renders its inner Icon with the icon's data as a prop. Held to
 * what the icon itself renders by nav-sprite.test.ts, so a change inside lucide fails there, not in a user's sidebar.
 */
function iconNodeOf(icon: LucideIcon, href: string): IconNode {
  const element = (icon as unknown as { render(props: object, ref: null): { props: { icon?: { node?: IconNode } } } }).render({}, null);
  const node = element.props.icon?.node;
  if (!node?.length) throw new Error(`the icon of ${href} has no drawing lucide exposes`);
  return node;
}

const escape = (value: string | number) => String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

let sprite: string | undefined;

/**
 * The navigation's icons as one SVG of `<symbol>`s, each under its nav item's id (./nav-groups.tsx), built once per
 * process from the lucide icons the nav names. Served by app/icons/nav.svg/route.ts.
 */
export function navSprite(): string {
  sprite ??= `<svg xmlns="http://www.w3.org/2000/svg">${NAV_GROUPS.flatMap((g) => g.items)
    .map(({ href, icon }) => {
      const shapes = iconNodeOf(icon, href).map(
        ([tag, attributes]) =>
          `<${tag}${Object.entries(attributes)
            .filter(([name]) => name !== "key")
            .map(([name, value]) => ` ${name}="${escape(value)}"`)
            .join("")}/>`,
      );
      return `<symbol id="${navIconId(href)}" viewBox="0 0 24 24">${shapes.join("")}</symbol>`;
    })
    .join("")}</svg>`;
  return sprite;
}
