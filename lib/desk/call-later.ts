import { importOnce } from "@/lib/import-once";
import type { DeskCallInput } from "./call";
import type { DeskRouteId } from "./route-meta";
import type { DeskOutput } from "./routes";

const loadDeskClient = importOnce(() => import("./client"));

/**
 * `deskCall` (lib/desk/client.ts) with the client imported on the first call. For the queries of the shell's widgets
 * (credit gauge, market status), whose first answers come with the page (the desk layout prefetches them): a static
 * deskCall would put the desk's route table in every page's first load. Errors are deskCall's; a failed import is
 * tried again on the next call.
 */
export async function deskCallLater<Id extends DeskRouteId>(id: Id, input: DeskCallInput = {}): Promise<DeskOutput<Id>> {
  return (await loadDeskClient()).deskCall(id, input);
}
