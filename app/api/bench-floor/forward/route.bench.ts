// A route only in the proxy bench's build (next.config.ts: NEXT_BENCH_ROUTES=1); see bench/proxy/floor.ts.
import { floorForward } from "@/bench/proxy/floor";

export const GET = (request: Request) => floorForward(request);
