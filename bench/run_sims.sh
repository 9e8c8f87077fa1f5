#!/bin/sh
# The runs recorded in bench/sim_results.md (run from the repository root; a game added
# later keeps its own run and figures in docs/<game>.md). One worker
# process (--jobs 1): the machine is shared. Hard bots get --think 0.5 s per decision.
set -e
PY=${PY:-python}
run() { echo "\$ kotatsu sim $*"; $PY -m tui.cli sim "$@"; echo; }
hard="--seats 4 --bots hard,normal,normal,normal --seed 1 --jobs 1 --think 0.5"
run swapo $hard --games 150
run swapo $hard --games 150 --option variant=dagger
run swapo $hard --games 150 --option variant=asterisk
run swapo $hard --games 150 --option variant=ace
run swoop $hard --games 40 --option hands=1
run mishi $hard --games 100 --option hands=1
if [ "${LEVELS:-}" = all ]; then  # the lower levels (no search: the same figures every run)
  for g in swapo swoop mishi; do
    o=""; [ $g != swapo ] && o="--option hands=1"
    run $g --seats 4 --bots normal,easy,easy,easy --games 200 --seed 1 --jobs 1 $o
    run $g --seats 4 --bots easy,random,random,random --games 200 --seed 1 --jobs 1 $o
  done
fi
