"use client";

import { useQuery } from "@tanstack/react-query";
import { ChevronDownIcon, StarIcon, TagsIcon, XIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Skeleton } from "@/components/ui/skeleton";
import { alphaQueryOptions } from "@/lib/query/alpha";
import { CATEGORIES_INPUT } from "@/lib/query/announcements";

/** The categories input of the free categories endpoint (the server prefetches it under the same key). */

/** Multi-select of categories in the two groups the free categories endpoint returns. */
export function CategoryFilter({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const query = useQuery({ ...alphaQueryOptions("listAnnouncementCategories", CATEGORIES_INPUT), staleTime: 60 * 60_000 });
  const groups = query.data?.data.data;
  const toggle = (c: string, on: boolean) => onChange(on ? [...value, c] : value.filter((v) => v !== c));
  return (
    <div className="grid gap-1.5">
      <span className="text-xs font-medium text-muted-foreground">Categories</span>
      <div className="flex min-h-9 flex-wrap items-center gap-1.5">
        {groups ? (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" size="sm" className="h-9" data-testid="category-filter" data-count={value.length}>
                <TagsIcon aria-hidden />
                {value.length ? `${value.length} selected` : "All categories"}
                <ChevronDownIcon aria-hidden className="text-muted-foreground" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start" className="max-h-[min(28rem,var(--radix-dropdown-menu-content-available-height))] w-80 overflow-y-auto">
              <DropdownMenuGroup>
                <DropdownMenuLabel className="flex items-center gap-1.5">
                  <StarIcon aria-hidden className="size-3.5 text-warning" />
                  Important
                </DropdownMenuLabel>
                {groups.important.map((c) => (
                  <DropdownMenuCheckboxItem key={c} checked={value.includes(c)} onCheckedChange={(on) => toggle(c, on === true)} onSelect={(e) => e.preventDefault()}>
                    {c}
                  </DropdownMenuCheckboxItem>
                ))}
              </DropdownMenuGroup>
              <DropdownMenuSeparator />
              <DropdownMenuGroup>
                <DropdownMenuLabel>Not important</DropdownMenuLabel>
                {groups.not_important.map((c) => (
                  <DropdownMenuCheckboxItem key={c} checked={value.includes(c)} onCheckedChange={(on) => toggle(c, on === true)} onSelect={(e) => e.preventDefault()}>
                    {c}
                  </DropdownMenuCheckboxItem>
                ))}
              </DropdownMenuGroup>
            </DropdownMenuContent>
          </DropdownMenu>
        ) : query.isError ? (
          <span className="text-xs text-muted-foreground">Categories could not be loaded.</span>
        ) : (
          <Skeleton className="h-9 w-40" />
        )}
        {value.map((c) => (
          <Badge key={c} variant="secondary" className="h-7 gap-1 pr-1">
            {c}
            <button
              type="button"
              className="rounded-sm p-0.5 hover:bg-background/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              aria-label={`Remove ${c}`}
              onClick={() => toggle(c, false)}
            >
              <XIcon className="size-3" />
            </button>
          </Badge>
        ))}
      </div>
    </div>
  );
}
