/**
 * Below this many requests a minute (Sandbox: 10) the desk reads only the nearest page of a free collection (the
 * upcoming calendar, filed results), on the server and in the browser alike, so browsing stays inside the plan.
 */
export const LOW_RPM = 60;
export const LOW_RPM_PAGES = 1;

/** Pages a collection may read on an account of this rpm (unknown: all of them). */
export function pagesForRpm(rpm: number | undefined, max: number): number {
  return rpm !== undefined && rpm < LOW_RPM ? Math.min(max, LOW_RPM_PAGES) : max;
}
