// Vitest runs server modules outside Next.js, where the real 'server-only' guard would throw.
export {};
