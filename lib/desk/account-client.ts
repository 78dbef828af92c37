/**
 * `accountCall(id, input)`: `deskCall` for the routes of lib/desk/account.ts only (setup, joining, the password
 * change), so the signed-out pages parse their answers with the contract's own schemas without loading the rest of
 * it (lib/desk/routes.ts pulls every schema of the desk and of the Alpha catalogue).
 */
import type * as z from "zod";
import { accountRoutes } from "./account";
import { callRoute, type DeskCallInput } from "./call";

export type AccountRouteId = keyof typeof accountRoutes;

export async function accountCall<Id extends AccountRouteId>(id: Id, input: DeskCallInput = {}): Promise<z.output<(typeof accountRoutes)[Id]["output"]>> {
  return (await callRoute(id, accountRoutes[id], input, accountRoutes[id].output)) as z.output<(typeof accountRoutes)[Id]["output"]>;
}
