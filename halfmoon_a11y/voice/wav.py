"""The facts about WAV files that the sounds, the voice and the players share, in a
module that loads nothing: the earcons are made before the opening is written, so what
they import delays the first byte."""

WAV_HEADER = 44  # bytes before the samples of a PCM WAV file, as wave and espeak-ng write it
HEAD_LIMIT = 4096  # bytes read to find a file's length: its chunks before the samples


def seconds(head: bytes, size: int) -> float | None:
    """How long a RIFF WAVE file sounds, from its first bytes (`head`, up to HEAD_LIMIT)
    and its size in bytes: the data chunk's length, or what the file holds of it when it
    is cut short, over the format's bytes a second. None when `head` is not the start of
    a WAV file with a format chunk before its data chunk."""
    if len(head) < 12 or head[:4] != b"RIFF" or head[8:12] != b"WAVE":
        return None
    byte_rate = 0
    at = 12
    while at + 8 <= len(head):
        name = head[at : at + 4]
        length = int.from_bytes(head[at + 4 : at + 8], "little")
        body = at + 8
        if name == b"fmt ":
            if length < 16 or body + 16 > len(head):
                return None
            byte_rate = int.from_bytes(head[body + 8 : body + 12], "little")
        elif name == b"data":
            if byte_rate <= 0:
                return None
            return min(length, max(size - body, 0)) / byte_rate
        at = body + length + (length & 1)  # chunks are padded to an even length
    return None
