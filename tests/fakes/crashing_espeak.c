/* A stand-in for libespeak-ng.so.1, for tests only: the few calls the game makes, a
   voice of English, a tenth of a second of silence for each sentence, and a real
   crash (SIGSEGV) where the test asks for one:
   FAKE_ESPEAK_CRASH=TEXT     on a sentence holding TEXT ("" or unset: never);
   FAKE_ESPEAK_CRASH_START=1  as espeak-ng is initialised;
   FAKE_ESPEAK_LOG=PATH       a line "start" there at each initialisation. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int (*callback_t)(short *, int, void *);
typedef struct {
    const char *name;
    const char *languages;
    const char *identifier;
    unsigned char gender, age, variant, xx1;
    int score;
    void *spare;
} voice_t;

static callback_t callback;
static voice_t english = {"English", "\x05" "en\0", "gmw/en", 0, 0, 0, 0, 0, 0};
static voice_t *voices[] = {&english, 0};
static short silence[2205];

int espeak_Initialize(int output, int length, const char *path, int options) {
    const char *log = getenv("FAKE_ESPEAK_LOG");
    if (log && *log) {
        FILE *file = fopen(log, "a");
        if (file) {
            fputs("start\n", file);
            fclose(file);
        }
    }
    const char *crash = getenv("FAKE_ESPEAK_CRASH_START");
    if (crash && *crash) raise(SIGSEGV);
    return 22050;
}

void espeak_SetSynthCallback(callback_t given) { callback = given; }
voice_t **espeak_ListVoices(void *spec) { return voices; }
int espeak_SetVoiceByName(const char *name) { return 0; }
int espeak_SetParameter(int parameter, int value, int relative) { return 0; }

int espeak_Synth(const void *text, size_t size, unsigned position, int type,
                 unsigned end, unsigned flags, unsigned *id, void *data) {
    const char *crash = getenv("FAKE_ESPEAK_CRASH");
    if (crash && *crash && strstr((const char *)text, crash)) raise(SIGSEGV);
    const char *hang = getenv("FAKE_ESPEAK_HANG");
    if (hang && *hang && strstr((const char *)text, hang)) {
        volatile unsigned long spin = 0;
        for (;;) spin++; /* stuck in espeak-ng's own code: never reads its pipe again */
    }
    if (callback) callback(silence, 2205, 0);
    return 0;
}
