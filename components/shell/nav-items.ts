import {
  BellRingIcon,
  CalendarDaysIcon,
  GaugeIcon,
  HomeIcon,
  HandshakeIcon,
  LayersIcon,
  ListChecksIcon,
  type LucideIcon,
  MegaphoneIcon,
  MicIcon,
  NewspaperIcon,
  SettingsIcon,
  ShieldCheckIcon,
  SparklesIcon,
  TrophyIcon,
  UsersIcon,
} from "lucide-react";

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
  adminOnly?: boolean;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

/** Every page of the desk, in the order a trader's day goes. */
export const NAV_GROUPS: NavGroup[] = [
  {
    label: "Markets",
    items: [
      { href: "/today", label: "Today", icon: HomeIcon },
      { href: "/earnings", label: "Earnings", icon: CalendarDaysIcon },
      { href: "/season", label: "Results season", icon: TrophyIcon },
      { href: "/alerts", label: "Alerts", icon: BellRingIcon },
      { href: "/news", label: "News", icon: NewspaperIcon },
      { href: "/announcements", label: "Announcements", icon: MegaphoneIcon },
      { href: "/block-deals", label: "Block deals", icon: HandshakeIcon },
      { href: "/concalls", label: "Concalls", icon: MicIcon },
    ],
  },
  {
    label: "Portfolio",
    items: [
      { href: "/watchlists", label: "Watchlists", icon: ListChecksIcon },
      { href: "/summaries", label: "Summaries", icon: SparklesIcon },
      { href: "/batches", label: "Batch jobs", icon: LayersIcon },
    ],
  },
  {
    label: "Account",
    items: [
      { href: "/usage", label: "Usage", icon: GaugeIcon },
      { href: "/settings", label: "Settings", icon: SettingsIcon },
      { href: "/team", label: "Team", icon: UsersIcon, adminOnly: true },
      { href: "/admin", label: "Admin", icon: ShieldCheckIcon, adminOnly: true },
    ],
  },
];

export function navGroupsFor(role: "admin" | "member"): NavGroup[] {
  return NAV_GROUPS.map((g) => ({ ...g, items: g.items.filter((i) => !i.adminOnly || role === "admin") })).filter((g) => g.items.length > 0);
}

/** Whether a nav item is the current page (its own path or a page below it). */
export function isActivePath(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** Where a freshly signed-in user lands when no page asked for them. */
export const HOME_PATH = "/today";

/** Cookie holding the laptop sidebar's collapsed state, so the server renders it the way the user left it. */
export const SIDEBAR_COOKIE = "sidebar_collapsed";
