#!/bin/sh
# A scripted GTP engine for the match tests: it speaks just enough GTP 2 for a match
# and misbehaves on purpose at its N-th genmove.
#
# usage: fake_engine.sh MODE [N]
#   pass       answers every genmove with pass
#   play       plays the points of its own list (then passes); never misbehaves
#   crash N    like play, but exits with status 3 at its N-th genmove
#   hang N     like play, but stops answering at its N-th genmove (sleeps)
#   illegal N  like play, but answers its N-th genmove with its first point again
#   garbage N  like play, but answers its N-th genmove with a line that is not GTP
#   badmove N  like play, but answers its N-th genmove with "= Z99"
#   refuse N   like play, but answers '?' to the N-th play command it receives
# Its moves are C3, D3, E3, ... on rows 3 to 7 of a 9x9 board: against a passing
# opponent they are always legal.
set -f
mode=$1
n=${2:-1}
genmoves=0
plays=0
moves="C3 D3 E3 F3 G3 C5 D5 E5 F5 G5 C7 D7 E7 F7 G7"

nth() {  # nth K: the K-th word of $moves, or "pass"
  k=$1
  for m in $moves; do
    k=$((k - 1))
    if [ "$k" -eq 0 ]; then echo "$m"; return; fi
  done
  echo pass
}

while IFS= read -r line; do
  set -- $line
  case "$1" in
    protocol_version) echo "= 2" ;;
    name) echo "= fake-$mode" ;;
    version) echo "= 1" ;;
    known_command)
      case "$2" in
        protocol_version|name|version|known_command|quit|boardsize|clear_board|komi|play|genmove) echo "= true" ;;
        *) echo "= false" ;;
      esac ;;
    quit) printf '=\n\n'; exit 0 ;;
    boardsize|clear_board|komi) echo "=" ;;
    play)
      plays=$((plays + 1))
      if [ "$mode" = refuse ] && [ "$plays" -eq "$n" ]; then echo "? illegal move"; else echo "="; fi ;;
    genmove)
      genmoves=$((genmoves + 1))
      answer="= $(nth $genmoves)"
      [ "$mode" = pass ] && answer="= pass"
      if [ "$genmoves" -eq "$n" ]; then
        case "$mode" in
          crash) exit 3 ;;
          hang) sleep 600 ;;
          illegal) answer="= $(nth 1)" ;;
          garbage) answer="this is not gtp" ;;
          badmove) answer="= Z99" ;;
        esac
      fi
      echo "$answer" ;;
    *) echo "? unknown command" ;;
  esac
  echo
done
