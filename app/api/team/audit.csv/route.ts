import { handleExportAudit } from "@/lib/server/handlers/teams";
import { deskRoute } from "@/lib/server/http/route";

// Derived from the desk's contract: lib/desk/routes.ts says the method, path, access, input and answer.

// A download per request: never prerendered, never cached.
export const dynamic = "force-dynamic";
export const GET = deskRoute("exportAudit", handleExportAudit);
