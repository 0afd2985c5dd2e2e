"""The one fact about WAV files that the sounds and the voice share, in a module that
loads nothing: the earcons are made before the opening is written, so what they import
delays the first byte (issue 12)."""

WAV_HEADER = 44  # bytes before the samples of a PCM WAV file, as wave and espeak-ng write it
