/**
 * `accountCall(id, input)`: deskCall for the routes of lib/desk/account.ts only, parsed with their own schemas, so the
 * signed-out pages do not load the rest of the contract (lib/desk/routes.ts pulls in every schema of both).
 */
import type * as z from "zod";
import { accountRoutes } from "./account";
import { callRoute, type DeskCallInput } from "./call";

export type AccountRouteId = keyof typeof accountRoutes;

export async function accountCall<Id extends AccountRouteId>(id: Id, input: DeskCallInput = {}): Promise<z.output<(typeof accountRoutes)[Id]["output"]>> {
  return (await callRoute({ id, ...accountRoutes[id] }, input, accountRoutes[id].output)) as z.output<(typeof accountRoutes)[Id]["output"]>;
}
