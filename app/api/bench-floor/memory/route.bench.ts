// A route only in the proxy bench's build (next.config.ts: NEXT_BENCH_ROUTES=1); see bench/proxy/floor.ts.
import { floorMemory, keepFloorBytes } from "@/bench/proxy/floor";

export const GET = async () => floorMemory();
export const POST = (request: Request) => keepFloorBytes(request);
