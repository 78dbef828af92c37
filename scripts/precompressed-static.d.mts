// Types of scripts/precompressed-static.mjs (plain JavaScript, as `node --import` loads it into `next start`).
import type { IncomingMessage, ServerResponse } from "node:http";

export const MANIFEST_NAME: string;
export const COMPRESSIBLE_EXTENSIONS: readonly string[];
export function acceptsBrotli(header: string | undefined): boolean;
export function readPrecompressedIndex(distDir: string): Set<string>;
export function precompressedStatic(distDir: string): (req: IncomingMessage, res: ServerResponse, fallThrough: () => void) => boolean;
