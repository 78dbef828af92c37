import { handleGetBatchInput } from "@/lib/server/handlers/batches";
import { deskRoute } from "@/lib/server/http/route";

// Derived from the desk's contract: lib/desk/routes.ts says the method, path, access, input and answer.
export const GET = deskRoute("getBatchInput", handleGetBatchInput);
