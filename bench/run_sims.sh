#!/bin/sh
# The runs recorded in bench/sim_results.md (run from the repository root).
set -e
PY=${PY:-python}
run() { echo "\$ kotatsu sim $*"; $PY -m tui.cli sim "$@"; echo; }
run swapo --seats 4 --bots hard,normal,normal,normal --games 40 --seed 1 --jobs 2
run swapo --seats 4 --bots hard,normal,normal,normal --games 40 --seed 1 --jobs 2 --option variant=dagger
run swapo --seats 4 --bots hard,normal,normal,normal --games 40 --seed 1 --jobs 2 --option variant=asterisk
run swapo --seats 4 --bots hard,normal,normal,normal --games 40 --seed 1 --jobs 2 --option variant=ace
run swoop --seats 4 --bots hard,normal,normal,normal --games 16 --seed 1 --jobs 2 --option hands=1
run mishi --seats 4 --bots hard,normal,normal,normal --games 12 --seed 1 --jobs 2 --option hands=1
for g in swapo swoop mishi; do
  o=""; [ $g = swoop ] && o="--option hands=1"; [ $g = mishi ] && o="--option hands=1"
  run $g --seats 4 --bots normal,easy,easy,easy --games 200 --seed 1 --jobs 2 $o
  run $g --seats 4 --bots easy,random,random,random --games 200 --seed 1 --jobs 2 $o
done
