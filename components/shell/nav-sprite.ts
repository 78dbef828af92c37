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

/**
 * Only the targeted icon is shown; each is drawn as lucide's components draw (the attributes they put on the outer
 * `<svg>`), in black, since the page masks with it.
 */
const STACK_STYLE = "svg svg{display:none;fill:none;stroke:#000;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}svg svg:target{display:inline}";

let sprite: string | undefined;

/**
 * The navigation's icons as one SVG stack, each shown only when the fragment names it and drawn in black (it is used as
 * a mask). Built once per process from the lucide icons the nav names; served by app/icons/nav.svg.
 */
export function navSprite(): string {
  sprite ??= `<svg xmlns="http://www.w3.org/2000/svg"><style>${STACK_STYLE}</style>${NAV_GROUPS.flatMap((g) => g.items)
    .map(({ href, icon }) => {
      const shapes = iconNodeOf(icon, href).map(
        ([tag, attributes]) =>
          `<${tag}${Object.entries(attributes)
            .filter(([name]) => name !== "key")
            .map(([name, value]) => ` ${name}="${escape(value)}"`)
            .join("")}/>`,
      );
      return `<svg id="${navIconId(href)}" viewBox="0 0 24 24">${shapes.join("")}</svg>`;
    })
    .join("")}</svg>`;
  return sprite;
}
