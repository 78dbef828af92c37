/**
 * Tests that change or depend on what every open live feed shows (they store events, drop streams or count a feed's
 * items) carry this tag: playwright.config.ts runs them one at a time, beside the rest of the suite.
 */
export const LIVE = "@live";
