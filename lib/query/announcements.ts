/**
 * The announcement categories' request, shared by the page's prefetch and the filter (here, not in the client
 * filter: a server page importing a value from a "use client" module gets a reference, and its prefetch misses).
 */
export const CATEGORIES_INPUT = {};
