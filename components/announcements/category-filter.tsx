"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronDownIcon, TagsIcon } from "lucide-react";
import * as React from "react";
import { RemovableBadge } from "@/components/ui/removable-badge";
import { Button } from "@/components/ui/button";
import { alphaQueryOptions } from "@/lib/query/alpha";
import { CATEGORIES_INPUT } from "@/lib/query/announcements";

export interface CategoryGroups {
  important: string[];
  not_important: string[];
}

const loadMenu = () => import("./category-filter-menu").then((m) => ({ default: m.CategoryMenu }));
const CategoryMenu = React.lazy(loadMenu);

/** The menu's button: what stands in for the menu's trigger until the menu loads. */
export function CategoryFilterButton({ count, ...props }: { count: number } & React.ComponentProps<typeof Button>) {
  return (
    <Button variant="outline" size="sm" className="h-9" data-testid="category-filter" data-count={count} {...props}>
      <TagsIcon aria-hidden />
      {count ? `${count} selected` : "All categories"}
      <ChevronDownIcon aria-hidden className="text-muted-foreground" />
    </Button>
  );
}

/**
 * Multi-select of categories in the free endpoint's two groups. The button is there at once; pointer or focus on it
 * fetches the list and the menu's code together, so neither is part of the page or fetched on load.
 */
export function CategoryFilter({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const queryClient = useQueryClient();
  const [wanted, setWanted] = React.useState(false);
  const options = { ...alphaQueryOptions("listAnnouncementCategories", CATEGORIES_INPUT), staleTime: 60 * 60_000 };
  const query = useQuery({ ...options, enabled: wanted });
  const groups = query.data?.item;
  const prepare = () => {
    void loadMenu();
    void queryClient.prefetchQuery(options);
  };
  const toggle = (c: string, on: boolean) => onChange(on ? [...value, c] : value.filter((v) => v !== c));
  const waiting = wanted && !groups && !query.isError;
  const open = () => {
    setWanted(true);
    if (query.isError) void query.refetch();
  };
  const button = <CategoryFilterButton count={value.length} aria-busy={waiting || undefined} onPointerEnter={prepare} onFocus={prepare} onClick={open} />;
  return (
    <div className="grid gap-1.5">
      <span className="text-xs font-medium text-muted-foreground">Categories</span>
      <div className="flex min-h-9 flex-wrap items-center gap-1.5">
        {wanted && groups ? (
          <React.Suspense fallback={button}>
            <CategoryMenu groups={groups} value={value} toggle={toggle} defaultOpen />
          </React.Suspense>
        ) : (
          button
        )}
        {wanted && query.isError ? <span className="text-xs text-muted-foreground">Categories could not be loaded.</span> : null}
        {value.map((c) => (
          <RemovableBadge key={c} label={c} onRemove={() => toggle(c, false)} />
        ))}
      </div>
    </div>
  );
}
