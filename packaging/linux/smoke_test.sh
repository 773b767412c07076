#!/usr/bin/env bash
# The package as a school's desktop gets it: installed with apt-get, started under a real X
# server (Xvfb) by a desktop user, one question answered through the window with the
# keyboard, quit; the progress file is in that user's data folder; a newer package
# installed over it keeps the progress; removing the package leaves it in place.
#   Usage (as root, on Debian 12 / Ubuntu): bash packaging/linux/smoke_test.sh PACKAGE.deb
set -euo pipefail
deb=$(realpath "$1")
user=croupier-smoke
skill=mahjong_baccarat.payout
export DEBIAN_FRONTEND=noninteractive

say() { echo "smoke test: $*"; }
fail() { echo "smoke test FAILED: $*" >&2; exit 1; }

# From a machine without it (a run stopped half-way may have left a newer one installed).
if dpkg-query -W croupier-trainer >/dev/null 2>&1; then
  apt-get remove -y -qq croupier-trainer >/dev/null
fi
apt-get install -y -qq "$deb" >/dev/null
[ "$(croupier-trainer --version)" = "croupier-trainer $(dpkg-deb -f "$deb" Version)" ] \
  || fail "croupier-trainer --version"
getent passwd "$user" >/dev/null || useradd --create-home "$user"
home=$(getent passwd "$user" | cut -d: -f6)
progress="$home/.local/share/croupier-trainer/progress.sqlite3"
rm -rf "$home/.local/share/croupier-trainer"
as_user() { runuser -u "$user" -- env HOME="$home" "$@"; }
answers() { python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("select count(*) from attempts").fetchone()[0])' "$progress"; }

as_user croupier-trainer progress demo --trainees 1 --attempts 1 --seed 1 >/dev/null
trainee=$(python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("select name from people where role = '"'trainee'"' order by name").fetchone()[0])' "$progress")
before=$(answers)

# Started with no display (over SSH without -X): one sentence and status 1, no Qt abort.
set +e
said=$(as_user env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM LANG=C.UTF-8 \
  croupier-trainer 2>&1)
status=$?
set -e
[ "$status" = 1 ] && [[ "$said" == *"There is no display"* ]] \
  || fail "started without a display: status $status, said: $said"

display=:77
xvfb=
# The X server the window is shown on; started again if it has gone (a loaded CI machine
# once lost it between two answers: the server, not the trainer, is what failed then).
ensure_display() {
  xdpyinfo -display "$display" >/dev/null 2>&1 && return 0
  [ -n "$xvfb" ] && say "the X server had gone: started again"
  Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
  xvfb=$!
  for _ in $(seq 100); do xdpyinfo -display "$display" >/dev/null 2>&1 && return 0; sleep 0.1; done
  fail "no X server on $display"
}
trap 'kill $xvfb 2>/dev/null || true' EXIT
ensure_display

x() { DISPLAY=$display xdotool "$@"; }
# No window manager: the window is given the keyboard focus, and the keys are typed as a
# person types them (XTEST), not sent to a window.
focus_window() {
  local window
  window=$(x search --onlyvisible --name "Croupier Trainer" 2>/dev/null | head -1) || return 1
  [ -n "$window" ] && x windowfocus --sync "$window" 2>/dev/null
}

answer_one() {
  ensure_display
  as_user env DISPLAY="$display" croupier-trainer --language en --trainee "$trainee" \
    --practice "$skill" &
  app=$!
  # The first question is on screen with its answer box focused: an amount, then Enter.
  for _ in $(seq 150); do
    if focus_window; then
      x type --delay 20 "100"
      x key Return
      [ "$(answers)" -gt "$1" ] && break
    fi
    sleep 0.2
  done
  [ "$(answers)" = $(($1 + 1)) ] || fail "the answer typed in the window was not recorded"
  focus_window && x key ctrl+q
  wait "$app" || fail "the app did not quit cleanly ($?)"
}

answer_one "$before"
say "answered through the window: $(answers) answers in $progress"
[ "$(stat -c %U "$progress")" = "$user" ] || fail "the progress file is not the user's"

# A newer package over this one (the same program, a higher version): progress kept.
newer=$(mktemp -d)
dpkg-deb -R "$deb" "$newer/tree"
sed -i "s/^Version: .*/&+smoke1/" "$newer/tree/DEBIAN/control"
dpkg-deb --root-owner-group -Znone -b "$newer/tree" "$newer/newer.deb" >/dev/null
apt-get install -y -qq "$newer/newer.deb" >/dev/null
rm -rf "$newer"
answer_one $((before + 1))
say "updated to $(dpkg-query -W -f="\${Version}" croupier-trainer): $(answers) answers kept and added to"

# Progress a newer trainer wrote is refused in words, and left as it was.
future=$(mktemp -d)
cp "$progress" "$future/progress.sqlite3"
python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("insert into _sqlite_migrations (migration_set, name, applied_at) values (?, ?, ?)", ("croupier-trainer", "m999_from_a_newer_trainer", "2030-01-01")); c.commit()' "$future/progress.sqlite3"
set +e
said=$(croupier-trainer progress --db "$future/progress.sqlite3" report --format csv --table summary --out "$future/r.csv" 2>&1)
status=$?
set -e
[ "$status" = 1 ] && [[ "$said" == *"newer version of the trainer"* ]] \
  || fail "a newer database: status $status, said: $said"
rm -rf "$future"

apt-get remove -y -qq croupier-trainer >/dev/null
! command -v croupier-trainer >/dev/null || fail "the command is still installed"
[ "$(answers)" = $((before + 2)) ] || fail "removing the package touched the progress"
say "removed; the progress stays in $progress"
