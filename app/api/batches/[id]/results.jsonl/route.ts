import { handleBatchResultsDownload } from "@/lib/server/handlers/batch-results-stream";
import { deskRoute } from "@/lib/server/http/route";

// A stream per request: never prerendered, never cached.
export const dynamic = "force-dynamic";

/** GET /api/batches/[id]/results.jsonl → the job's results as JSONL, streamed (lib/desk/routes.ts: downloadBatchResults). */
export const GET = deskRoute("downloadBatchResults", handleBatchResultsDownload);
