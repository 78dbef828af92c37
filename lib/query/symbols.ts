// Types only: the directory's schemas are the routes' (lib/desk/routes.ts); browser code reaches them through the contract alone.
export type * from "@/lib/symbols/directory";
export { symbolFromSegment, symbolHref } from "@/lib/symbols/symbol-href";
