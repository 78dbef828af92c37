#!/usr/bin/env bash
# `npm test`: everything that proves the product works, in order, stopping at the first failure.
# Each step prints its time when it ends; a table of every step's time closes the run, failed or not.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
source scripts/test-steps.sh

step "Lock file holds every platform's native packages"
npx tsx scripts/check-lockfile.ts

step "Chromium for the browser tests"
bash scripts/ensure-chromium.sh

step "Generated contract tables up to date"
npx tsx scripts/generate-contract.ts --check

# Both are single-threaded: on two cores they take the time of the longer one.
step "Typecheck and lint, side by side"
side_by_side "npx tsc --noEmit -p ." "npx eslint . --max-warnings 0"

step "Unit and integration tests (Vitest)"
npx vitest run

step "Production build"
npx next build

step "First-load JavaScript within each route's budget (gzip)"
npx tsx scripts/check-bundle-budget.ts

step "Browser tests (Playwright, Chromium)"
npx playwright test
