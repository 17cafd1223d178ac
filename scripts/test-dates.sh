#!/usr/bin/env bash
# The unit, UI and server projects with the system clock set to the days a date-dependent
# test breaks on: the 1st, the 6th, the 28th, 29 February, the 31st, and 23:59 / 00:01 in
# Asia/Shanghai (where the local day and the UTC day differ). Uses Debian's faketime
# (apt-get install faketime); not part of `npm test`, which runs on whatever today is.
#   npm run test:dates                 every date below, unit + ui + server
#   npm run test:dates -- unit ui      only those projects
set -uo pipefail
cd "$(dirname "$0")/.."
command -v faketime >/dev/null || { echo "faketime 未安装 / not installed: apt-get install faketime" >&2; exit 2; }

projects=("$@")
[[ ${#projects[@]} -eq 0 ]] && projects=(unit ui server)
args=()
for p in "${projects[@]}"; do args+=(--project "$p"); done

dates=(
  "Asia/Shanghai|2027-01-01 00:01:00"
  "UTC|2026-12-06 09:00:00"
  "UTC|2027-02-28 12:00:00"
  "Asia/Shanghai|2028-02-29 23:59:00"
  "Asia/Shanghai|2027-03-31 23:59:00"
  "Asia/Shanghai|2027-05-01 00:01:00"
)
failed=0
for spec in "${dates[@]}"; do
  tz=${spec%%|*}
  at=${spec#*|}
  log=$(mktemp)
  TZ=$tz faketime "$at" npx vitest run "${args[@]}" >"$log" 2>&1
  rc=$?
  summary=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^ +Tests ' | tr -s ' ')
  echo "$at $tz: rc=$rc${summary:+ —$summary}"
  if [[ $rc -ne 0 ]]; then
    failed=1
    sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^ FAIL ' | sort -u
  fi
  rm -f "$log"
done
exit "$failed"
