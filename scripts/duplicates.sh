#!/bin/sh
# Pairs of places sharing six or more lines (the `duplicates` command over the whole tree), less the pairs with a side
# in a file docs/duplicates.md leaves out (data tables, applied migrations, a frozen reference, the shadcn/ui primitives).
# Exits 0 like the tool; --rows lists the pairs counted.
set -eu
cd "$(dirname "$0")/.."
command -v duplicates >/dev/null || { echo "the duplicates command is not on PATH"; exit 0; }
LEFT_OUT='^(service/dataset/companies[.]ts|service/dataset/phrases[.]ts|lib/market/nse-calendar-data[.]ts|lib/server/core/migrations[.]ts|service/store/migrations[.]ts|test/support/service-wire-reference[.]ts|components/ui/(alert-dialog|alert|badge|button|card|chart|dialog|dropdown-menu|select|sheet|switch|table)[.]tsx)$'
rows=$(duplicates --most 200 --seconds 120)
echo "$rows" | head -n 1 | sed 's/^/all: /'
kept=$(echo "$rows" | awk -v out="$LEFT_OUT" '/^D[0-9]+ / { a = $2; b = $4; sub(/:[0-9]+-[0-9]+$/, "", a); sub(/:[0-9]+-[0-9]+$/, "", b); if (a ~ out || b ~ out) next; print }')
echo "counted: $(echo "$kept" | grep -c . || true) pairs ($(echo "$kept" | grep -c ' boilerplate' || true) of them marked boilerplate)"
[ "${1:-}" = "--rows" ] && echo "$kept"
exit 0
