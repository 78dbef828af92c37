#!/usr/bin/env bash
# `npm test`: everything that proves the product works, in order, stopping at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

step() { printf '\n\033[1m== %s ==\033[0m\n' "$1"; }

step "Lock file holds every platform's native packages"
npx tsx scripts/check-lockfile.ts

step "Chromium for the browser tests"
bash scripts/ensure-chromium.sh

step "Typecheck"
npx tsc --noEmit -p .

step "Lint"
npx eslint . --max-warnings 0

step "Unit and integration tests (Vitest)"
npx vitest run

step "Production build"
npx next build

step "First-load JavaScript within each route's budget (gzip)"
npx tsx scripts/check-bundle-budget.ts

step "Browser tests (Playwright, Chromium)"
npx playwright test
