"use client";

import { StarIcon } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { type CategoryGroups, CategoryFilterButton } from "./category-filter";

/** The categories menu itself (loaded by CategoryFilter when first asked for); choices stay open to pick several. */
export function CategoryMenu({
  groups,
  value,
  toggle,
  defaultOpen = false,
}: {
  groups: CategoryGroups;
  value: string[];
  toggle: (c: string, on: boolean) => void;
  defaultOpen?: boolean;
}) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <CategoryFilterButton count={value.length} />
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
  );
}
