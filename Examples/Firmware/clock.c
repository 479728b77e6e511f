/* A world clock's firmware in miniature: the places' local times from worldclock's header alone,
 * as a device without zone files keeps them (newlib, musl and ESP-IDF read TZ the same way).
 *
 *   curl -o worldclock_posix.h http://127.0.0.1:8080/v1/posix.h    (or an export's v1/posix.h)
 *   cc -std=c99 -Wall -Wextra -Werror -o clock clock.c && ./clock 1795867200 뉴욕 런던 서울
 *
 * Prints one line per place: its Korean name, zone id, then the local time, offset and
 * abbreviation at the instant (Unix seconds). docs/firmware.md tells the whole path. */
#define _POSIX_C_SOURCE 200112L /* setenv, tzset, localtime_r */
#define WORLDCLOCK_POSIX_IMPLEMENTATION
#include "worldclock_posix.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The place called `name` (Korean or English) or the first in zone `name`; NULL when none is. */
static const struct worldclock_place *find(const char *name) {
    for (int i = 0; i < WORLDCLOCK_PLACE_COUNT; i++) {
        const struct worldclock_place *place = &worldclock_places[i];
        if (strcmp(place->name, name) == 0 || strcmp(place->english_name, name) == 0) return place;
    }
    for (int i = 0; i < WORLDCLOCK_PLACE_COUNT; i++) {
        if (strcmp(worldclock_places[i].zone, name) == 0) return &worldclock_places[i];
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s UNIX-SECONDS PLACE...\n", argv[0]);
        return 2;
    }
    char *end;
    long long seconds = strtoll(argv[1], &end, 10);
    if (*end != '\0') {
        fprintf(stderr, "not a number of seconds: %s\n", argv[1]);
        return 2;
    }
    time_t t = (time_t)seconds;
    int status = 0;
    for (int i = 2; i < argc; i++) {
        const struct worldclock_place *place = find(argv[i]);
        if (place == NULL) {
            fprintf(stderr, "no such place in the header: %s\n", argv[i]);
            status = 1;
            continue;
        }
        /* Before this instant tz's explicit transitions differ from the string: a real device
         * would take them from /v1/zones/{zone} until then. */
        if (seconds < place->posix_tz_exact_from) {
            fprintf(stderr, "%s: the string alone is exact only from %lld\n", place->zone, place->posix_tz_exact_from);
        }
        setenv("TZ", place->posix_tz, 1);
        tzset();
        struct tm local;
        if (localtime_r(&t, &local) == NULL) {
            status = 1;
            continue;
        }
        char text[64];
        strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S%z %Z", &local);
        printf("%s\t%s\t%s\n", place->name, place->zone, text);
    }
    return status;
}
