#!/usr/bin/env bash
# Hear the page under a real screen reader: Orca, on a virtual screen, speaking through
# speech-dispatcher into a log instead of a sound card. Prints each utterance Orca sent,
# with the time it was sent (seconds), after the keys given were pressed.
#
#   tools/orca_listen.sh firefox|chromium URL KEYS...
#
# KEYS are xdotool words, each run after a pause: `type:info` types a line,
# `key:Return`, `key:Tab`, `key:space` press a key, `wait:5` waits, `mark:text` writes a
# line of its own into the log. Needs Debian's xvfb, xdotool, orca, speech-dispatcher,
# at-spi2-core, dbus, and the browser. Used for docs/web.md's table of browsers and
# readers; no test depends on it (it needs the whole desktop stack).
set -euo pipefail
browser=$1
url=$2
shift 2
work=$(mktemp -d /tmp/orca-listen.XXXXXX)
mkdir -p "$work/config/speech-dispatcher/modules" "$work/home" "$work/run"
chmod 700 "$work/run"
cat >"$work/say.sh" <<EOF
#!/bin/sh
printf '%s %s\n' "\$(date +%s.%N)" "\$1" >> "$work/heard.log"
EOF
chmod +x "$work/say.sh"
cat >"$work/config/speech-dispatcher/speechd.conf" <<EOF
LogLevel 3
LogDir "$work/speechd-log"
DefaultModule logger
AddModule "logger" "sd_generic" "logger.conf"
AudioOutputMethod "libao"
EOF
cat >"$work/config/speech-dispatcher/modules/logger.conf" <<EOF
GenericExecuteSynth "$work/say.sh \\'\$DATA\\'"
AddVoice "en" "MALE1" "en"
AddVoice "ca" "MALE1" "ca"
AddVoice "da" "MALE1" "da"
EOF
display=:$((90 + RANDOM % 9))
Xvfb "$display" -screen 0 1280x1024x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
sleep 1

cat >"$work/inside.sh" <<EOF
#!/usr/bin/env bash
export HOME=$work/home XDG_CONFIG_HOME=$work/config XDG_RUNTIME_DIR=$work/run
export DISPLAY=$display GTK_MODULES=gail:atk-bridge
/usr/libexec/at-spi-bus-launcher --launch-immediately &
sleep 1
speech-dispatcher -d -t 0
orca --replace >/dev/null 2>&1 &
sleep 4
if [ "$browser" = firefox ]; then
  mkdir -p $work/profile
  firefox-esr --profile $work/profile --no-remote "$url" >/dev/null 2>&1 &
else
  chromium --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --force-renderer-accessibility \
    --user-data-dir=$work/profile ${BROWSER_ARGS:-} "$url" >/dev/null 2>&1 &
fi
sleep 30 # the page's cold start, then the keys
for step in $(printf '%q ' "$@"); do
  case "\$step" in
    type:*) xdotool type --delay 60 "\${step#type:}" ;;
    key:*) xdotool key "\${step#key:}" ;;
    wait:*) sleep "\${step#wait:}" ;;
    mark:*) echo "---- \${step#mark:}" >> $work/heard.log ;;
  esac
  sleep 1.5
done
sleep 3
pkill -P \$\$ || true
pkill -f "orca --replace" || true
pkill -f speech-dispatcher || true
EOF
chmod +x "$work/inside.sh"
dbus-run-session -- "$work/inside.sh" >/dev/null 2>&1 || true
cat "$work/heard.log"
