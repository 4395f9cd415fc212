#!/usr/bin/env bash
# Opens the Local Shine player full-screen in Chromium and opens it again whenever Chromium exits or crashes.
# How to set a screen up around it (autostart, no screen blanking, pairing): docs/kiosk-setup.md.
#
#   kiosk/launch.sh https://localshine.example.com/kiosk
#
# Settings (environment):
#   KIOSK_URL            the player's address, when not given as the first argument
#   CHROMIUM             the browser to run (default: the first of chromium, chromium-browser, google-chrome found)
#   KIOSK_PROFILE        Chromium's profile directory, where the pairing and the stored ads live
#                        (default: ~/.local/share/localshine-kiosk); keep it across reboots or the screen must be
#                        paired again
#   KIOSK_RESTART_DELAY  seconds to wait before opening Chromium again (default: 5)
#   KIOSK_EXTRA_FLAGS    more Chromium flags, space-separated (e.g. --disable-gpu on a screen with a broken driver)
set -u

url="${1:-${KIOSK_URL:-}}"
if [ -z "$url" ]; then
  echo "usage: $0 https://your-local-shine-site/kiosk   (or set KIOSK_URL)" >&2
  exit 2
fi

browser="${CHROMIUM:-}"
if [ -z "$browser" ]; then
  for candidate in chromium chromium-browser google-chrome google-chrome-stable; do
    if command -v "$candidate" >/dev/null 2>&1; then
      browser="$(command -v "$candidate")"
      break
    fi
  done
fi
if [ -z "$browser" ] || ! [ -x "$browser" ]; then
  echo "$0: Chromium was not found; install it (apt-get install chromium) or set CHROMIUM" >&2
  exit 1
fi

profile="${KIOSK_PROFILE:-${XDG_DATA_HOME:-$HOME/.local/share}/localshine-kiosk}"
delay="${KIOSK_RESTART_DELAY:-5}"
mkdir -p "$profile"

# The screen stays on: no screen saver, no blanking, no power saving (X11; Wayland compositors: docs/kiosk-setup.md).
if [ -n "${DISPLAY:-}" ] && command -v xset >/dev/null 2>&1; then
  xset s off s noblank -dpms 2>/dev/null || true
fi

flags=(
  --kiosk
  --start-fullscreen
  --noerrdialogs
  --disable-infobars
  --disable-session-crashed-bubble
  --disable-features=Translate,TranslateUI
  --no-first-run
  --no-default-browser-check
  --password-store=basic
  --autoplay-policy=no-user-gesture-required
  --overscroll-history-navigation=0
  --disable-pinch
  --check-for-update-interval=31536000
  --user-data-dir="$profile"
)
# shellcheck disable=SC2206 # split on purpose: one flag per word
extra=(${KIOSK_EXTRA_FLAGS:-})

child=""
stop() {
  trap - TERM INT
  if [ -n "$child" ]; then kill -TERM "$child" 2>/dev/null && wait "$child" 2>/dev/null; fi
  exit 0
}
trap stop TERM INT

while true; do
  # After a crash Chromium would offer to restore the last session; the player needs no such question.
  preferences="$profile/Default/Preferences"
  if [ -f "$preferences" ]; then
    sed -i -e 's/"exited_cleanly":false/"exited_cleanly":true/' -e 's/"exit_type":"[A-Za-z]*"/"exit_type":"Normal"/' \
      "$preferences" 2>/dev/null || true
  fi
  echo "$(date -Is) localshine-kiosk: opening $url"
  "$browser" "${flags[@]}" "${extra[@]}" "$url" &
  child=$!
  wait "$child"
  status=$?
  child=""
  echo "$(date -Is) localshine-kiosk: Chromium exited ($status); opening it again in ${delay}s"
  sleep "$delay" &
  wait $!
done
