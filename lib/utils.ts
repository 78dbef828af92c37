import { type ClassValue, clsx } from "clsx";
import { createTailwindMerge } from "tailwind-merge";
import { cnConfig } from "./cn-config";

// tailwind-merge with only the class groups this codebase uses (lib/cn-config.ts, generated): twMerge's default config
// is about 6 kB gzip on every page. lib/cn.test.ts proves it merges every class in the sources as twMerge does.
const merge = createTailwindMerge(cnConfig);

export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs));
}
