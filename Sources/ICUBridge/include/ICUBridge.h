// The only door from Swift to the system ICU. Opaque types and plain C types only: no ICU header
// is included here, so no Swift module ever sees ICU's declarations (see Package.swift).
#ifndef WORLDCLOCK_ICU_BRIDGE_H
#define WORLDCLOCK_ICU_BRIDGE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An ICU collator (UCollator), owned by the caller: close it with wc_collator_close.
typedef struct WCCollator WCCollator;

/// Collation strengths the Swift side uses (ICU's UCOL_PRIMARY and UCOL_TERTIARY).
enum { WC_STRENGTH_PRIMARY = 0, WC_STRENGTH_TERTIARY = 2 };

/// Opens a collator for `locale` at `strength`, with canonical normalization on so NFD and NFC
/// input sort alike. Returns NULL and sets `*status` (an ICU error code) on failure, and also when
/// ICU has no collation data for `locale` and would use another locale's (U_USING_DEFAULT_WARNING,
/// U_USING_FALLBACK_WARNING: "kr" for "ko"), unless that data is valid for exactly `locale`.
WCCollator *wc_collator_open(const char *locale, int32_t strength, int32_t *status);
void wc_collator_close(WCCollator *collator);

/// Writes the sort key of `text` (UTF-16) into `key`; returns its full length including the
/// terminating zero, which may exceed `capacity` (then call again with a larger buffer). Sets
/// `*status` to a failure when ICU made no key.
int32_t wc_collator_sort_key(const WCCollator *collator, const uint16_t *text, int32_t length,
                             uint8_t *key, int32_t capacity, int32_t *status);

/// Writes at most `capacity` leading bytes of the sort key of `text`, computing no more of it
/// than needed (ucol_nextSortKeyPart): cheap for a 1 MB name. Returns the bytes written; fewer
/// than `capacity` means the key is complete.
int32_t wc_collator_sort_key_prefix(const WCCollator *collator, const uint16_t *text,
                                    int32_t length, uint8_t *key, int32_t capacity,
                                    int32_t *status);

/// Three-way comparison of two UTF-16 strings (-1, 0, 1).
int32_t wc_collator_compare(const WCCollator *collator, const uint16_t *a, int32_t aLength,
                            const uint16_t *b, int32_t bLength);

/// The collator's contractions that start with U+FDD1: the "first string in script" boundaries
/// that ICU's AlphabeticIndex uses. Written to `buffer` as UTF-16 strings each followed by a zero;
/// returns the length needed (call again with a larger buffer if it exceeds `capacity`).
int32_t wc_collator_script_boundaries(const WCCollator *collator, uint16_t *buffer,
                                      int32_t capacity, int32_t *status);

/// The locale's index exemplar characters (CLDR exemplarCharacters type="index"), as UTF-16
/// strings each followed by a zero; returns the length needed, as above. A locale ICU has no data
/// for is a failure (U_USING_DEFAULT_WARNING / U_USING_FALLBACK_WARNING), not another locale's letters.
int32_t wc_index_exemplars(const char *locale, uint16_t *buffer, int32_t capacity,
                           int32_t *status);

/// The strings and code points of the UnicodeSet `pattern` (e.g. "[a-c{long string}]"), written
/// as above: the same writer as the two functions before, for strings of any length.
int32_t wc_set_strings(const uint16_t *pattern, int32_t length, uint16_t *buffer, int32_t capacity,
                       int32_t *status);

/// The normal forms `wc_normalize` makes.
enum { WC_NFKC = 0, WC_NFD = 1 };

/// `text` in normal form `form` (WC_NFKC, WC_NFD) into `dest`; returns the length needed (may
/// exceed `capacity`).
int32_t wc_normalize(int32_t form, const uint16_t *text, int32_t length, uint16_t *dest,
                     int32_t capacity, int32_t *status);

/// ICU's name for an error code, e.g. "U_FILE_ACCESS_ERROR".
const char *wc_error_name(int32_t status);

/// Whether a status from this bridge is a failure: an ICU failure, or ICU substituting another
/// locale's data (U_USING_DEFAULT_WARNING, U_USING_FALLBACK_WARNING). Other warnings are not.
int wc_failed(int32_t status);

/// Whether a status is ICU substituting another locale's data for the one requested.
int wc_is_substitution(int32_t status);

/// Whether ICU could be loaded (wc_icu_state): loaded; the libraries are missing or lack a
/// symbol; or this is a fully static executable, which cannot load a shared library at all.
enum { WC_ICU_LOADED = 0, WC_ICU_MISSING = 1, WC_ICU_STATIC_EXECUTABLE = 2 };

/// Loads ICU if it is not yet loaded and says how that went (one of the values above).
int32_t wc_icu_state(void);

/// The ICU major version this bridge was compiled against and loads ("72"), without loading it.
const char *wc_icu_major_version(void);

/// Why ICU is not loaded, in English, e.g. the dynamic loader's message; "" when it is.
const char *wc_icu_load_failure(void);

/// ICU's version, e.g. "72.1", as a NUL-terminated string.
void wc_icu_version(char out[32]);
/// The tz release of ICU's own zone rules (e.g. "2022e"), which worldclock reports but never uses; "" if unknown.
void wc_icu_tz_version(char out[32]);

/// The status ICU reports when a buffer is too small.
int32_t wc_buffer_overflow_status(void);

#ifdef __cplusplus
}
#endif

#endif
