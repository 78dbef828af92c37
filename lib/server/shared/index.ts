import "server-only";
/** The SharedInfra of a desk context: Redis when REDIS_URL is set, this process's memory otherwise. */
import { createMemoryShared } from "./memory";
import { createRedisShared } from "./redis";
import type { SharedInfra } from "./types";

export type { SharedInfra, StreamEntry } from "./types";
export { compareStreamIds, isStreamId } from "./types";

export const DEFAULT_REDIS_PREFIX = "alpha-desk:";

export function createSharedInfra(input: { redisUrl?: string | undefined; redisPrefix?: string | undefined }): SharedInfra {
  if (!input.redisUrl) return createMemoryShared();
  return createRedisShared({ url: input.redisUrl, prefix: input.redisPrefix ?? DEFAULT_REDIS_PREFIX });
}
