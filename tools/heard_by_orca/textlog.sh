#!/bin/sh
# Stands in for a speech synthesizer. speech-dispatcher's generic module runs this for
# each message, with the text and its language: it writes the text to the speech log
# with the time, waits as long as a voice would take to say it, and writes END. When
# Orca cancels a message (at the next key, say), the module stops this script, so a
# cancelled message has no END line: that is how the report tells "cut" from "done".
# HEARD_BY_ORCA_SPOKEN_LOG names the log; HEARD_BY_ORCA_SPEECH_CPS is the voice's
# speed in characters a second (a whole number).
log=${HEARD_BY_ORCA_SPOKEN_LOG:?}
cps=${HEARD_BY_ORCA_SPEECH_CPS:-25}
text=$1
language=$2
chars=$(printf '%s' "$text" | wc -m)
flat=$(printf '%s' "$text" | tr '\n' ' ')
printf '%s START [%s] %s\n' "$(date +%H:%M:%S.%6N)" "$language" "$flat" >>"$log"
ms=$((chars * 1000 / cps))
sleep "$((ms / 1000)).$(printf '%03d' $((ms % 1000)))"
printf '%s END\n' "$(date +%H:%M:%S.%6N)" >>"$log"
