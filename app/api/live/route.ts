import { handleLiveRequest } from "@/lib/server/live/relay";
import { deskRoute } from "@/lib/server/http/route";

// A stream per request: never prerendered, never cached.
export const dynamic = "force-dynamic";

/** GET /api/live?products=alerts,news&symbols=TCS,INFY → text/event-stream of the user's live feeds (lib/desk/routes.ts: live). */
export const GET = deskRoute("live", (args) => handleLiveRequest(args));
