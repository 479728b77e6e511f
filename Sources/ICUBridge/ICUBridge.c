#include "ICUBridge.h"

#include <stdlib.h>
#include <string.h>

#include <unicode/ucal.h>
#include <unicode/ucol.h>
#include <unicode/uiter.h>
#include <unicode/ulocdata.h>
#include <unicode/unorm2.h>
#include <unicode/uset.h>
#include <unicode/uversion.h>

#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/auxv.h>

// ICU is opened with dlopen on the first call that needs it, not linked: a run on the bundled
// catalogue (whose sections and order were compiled in) never calls ICU, and so never pays for
// loading libicuuc, libicui18n and their 30 MB of data. Only a user's own table (--data), the
// catalogue compiler, `doctor` and `--version` load it. Every function below calls ICU through
// these pointers, found by ICU's versioned names (ucol_open_72): the names this file was compiled
// against, so a different ICU major version is not loaded by mistake.
#define WC_STRING_(x) #x
#define WC_STRING(x) WC_STRING_(x)
#define WC_SYMBOL(f) WC_STRING(f)
#define WC_LIBRARY(name) "lib" name ".so." WC_STRING(U_ICU_VERSION_MAJOR_NUM)

static __typeof__(&u_errorName) wc_u_errorName;
static __typeof__(&u_getVersion) wc_u_getVersion;
static __typeof__(&u_versionToString) wc_u_versionToString;
static __typeof__(&ucal_getTZDataVersion) wc_ucal_getTZDataVersion;
static __typeof__(&ucol_close) wc_ucol_close;
static __typeof__(&ucol_getContractionsAndExpansions) wc_ucol_getContractionsAndExpansions;
static __typeof__(&ucol_getLocaleByType) wc_ucol_getLocaleByType;
static __typeof__(&ucol_getSortKey) wc_ucol_getSortKey;
static __typeof__(&ucol_nextSortKeyPart) wc_ucol_nextSortKeyPart;
static __typeof__(&ucol_open) wc_ucol_open;
static __typeof__(&ucol_setAttribute) wc_ucol_setAttribute;
static __typeof__(&ucol_setStrength) wc_ucol_setStrength;
static __typeof__(&ucol_strcoll) wc_ucol_strcoll;
static __typeof__(&uiter_setString) wc_uiter_setString;
static __typeof__(&ulocdata_close) wc_ulocdata_close;
static __typeof__(&ulocdata_getExemplarSet) wc_ulocdata_getExemplarSet;
static __typeof__(&ulocdata_open) wc_ulocdata_open;
static __typeof__(&unorm2_getNFDInstance) wc_unorm2_getNFDInstance;
static __typeof__(&unorm2_getNFKCInstance) wc_unorm2_getNFKCInstance;
static __typeof__(&unorm2_normalize) wc_unorm2_normalize;
static __typeof__(&uset_close) wc_uset_close;
static __typeof__(&uset_getItem) wc_uset_getItem;
static __typeof__(&uset_getItemCount) wc_uset_getItemCount;
static __typeof__(&uset_openEmpty) wc_uset_openEmpty;
static __typeof__(&uset_openPattern) wc_uset_openPattern;

static const struct { void **pointer; const char *name; } wc_symbols[] = {
    {(void **)&wc_u_errorName, WC_SYMBOL(u_errorName)},
    {(void **)&wc_u_getVersion, WC_SYMBOL(u_getVersion)},
    {(void **)&wc_u_versionToString, WC_SYMBOL(u_versionToString)},
    {(void **)&wc_ucal_getTZDataVersion, WC_SYMBOL(ucal_getTZDataVersion)},
    {(void **)&wc_ucol_close, WC_SYMBOL(ucol_close)},
    {(void **)&wc_ucol_getContractionsAndExpansions, WC_SYMBOL(ucol_getContractionsAndExpansions)},
    {(void **)&wc_ucol_getLocaleByType, WC_SYMBOL(ucol_getLocaleByType)},
    {(void **)&wc_ucol_getSortKey, WC_SYMBOL(ucol_getSortKey)},
    {(void **)&wc_ucol_nextSortKeyPart, WC_SYMBOL(ucol_nextSortKeyPart)},
    {(void **)&wc_ucol_open, WC_SYMBOL(ucol_open)},
    {(void **)&wc_ucol_setAttribute, WC_SYMBOL(ucol_setAttribute)},
    {(void **)&wc_ucol_setStrength, WC_SYMBOL(ucol_setStrength)},
    {(void **)&wc_ucol_strcoll, WC_SYMBOL(ucol_strcoll)},
    {(void **)&wc_uiter_setString, WC_SYMBOL(uiter_setString)},
    {(void **)&wc_ulocdata_close, WC_SYMBOL(ulocdata_close)},
    {(void **)&wc_ulocdata_getExemplarSet, WC_SYMBOL(ulocdata_getExemplarSet)},
    {(void **)&wc_ulocdata_open, WC_SYMBOL(ulocdata_open)},
    {(void **)&wc_unorm2_getNFDInstance, WC_SYMBOL(unorm2_getNFDInstance)},
    {(void **)&wc_unorm2_getNFKCInstance, WC_SYMBOL(unorm2_getNFKCInstance)},
    {(void **)&wc_unorm2_normalize, WC_SYMBOL(unorm2_normalize)},
    {(void **)&wc_uset_close, WC_SYMBOL(uset_close)},
    {(void **)&wc_uset_getItem, WC_SYMBOL(uset_getItem)},
    {(void **)&wc_uset_getItemCount, WC_SYMBOL(uset_getItemCount)},
    {(void **)&wc_uset_openEmpty, WC_SYMBOL(uset_openEmpty)},
    {(void **)&wc_uset_openPattern, WC_SYMBOL(uset_openPattern)},
};

static pthread_once_t wc_once = PTHREAD_ONCE_INIT;
static int wc_loaded = 0;
static int32_t wc_state = WC_ICU_MISSING;
static char wc_load_failure[256] = "";

// The library `name` as dlopen is given it: by name alone (the dynamic loader's search), or in
// the directory WORLDCLOCK_ICU_DIR names when that is an absolute path -- an ICU installed
// elsewhere, and the seam through which tests make loading fail (a directory without ICU).
static const char *wc_library_path(const char *name, char *buffer, size_t size) {
    const char *directory = getenv("WORLDCLOCK_ICU_DIR");
    if (directory == NULL || directory[0] != '/') return name;
    snprintf(buffer, size, "%s/%s", directory, name);
    return buffer;
}

// Whether this process's executable has no program interpreter (PT_INTERP): a fully static
// executable (`swiftc -static-executable`, what Scripts/release/package ships), which has no dynamic
// loader. glibc's dlopen in such a process would load a second libc beside the static one, so
// ICU is never opened there.
static int wc_is_static_executable(void) {
    const ElfW(Phdr) *headers = (const ElfW(Phdr) *)getauxval(AT_PHDR);
    size_t count = (size_t)getauxval(AT_PHNUM);
    if (headers == NULL) return 0;
    for (size_t i = 0; i < count; i++) {
        if (headers[i].p_type == PT_INTERP) return 0;
    }
    return 1;
}

static void wc_load(void) {
    if (wc_is_static_executable()) {
        wc_state = WC_ICU_STATIC_EXECUTABLE;
        snprintf(wc_load_failure, sizeof wc_load_failure, "ICU cannot be loaded: this executable is statically linked");
        return;
    }
    char ucPath[4096], i18nPath[4096];
    void *uc = dlopen(wc_library_path(WC_LIBRARY("icuuc"), ucPath, sizeof ucPath), RTLD_NOW | RTLD_LOCAL);
    void *i18n = uc == NULL ? NULL : dlopen(wc_library_path(WC_LIBRARY("icui18n"), i18nPath, sizeof i18nPath), RTLD_NOW | RTLD_LOCAL);
    if (uc == NULL || i18n == NULL) {
        const char *reason = dlerror();
        snprintf(wc_load_failure, sizeof wc_load_failure, "ICU could not be loaded: %s", reason != NULL ? reason : "unknown reason");
        return;
    }
    for (size_t i = 0; i < sizeof wc_symbols / sizeof wc_symbols[0]; i++) {
        void *symbol = dlsym(i18n, wc_symbols[i].name);
        if (symbol == NULL) symbol = dlsym(uc, wc_symbols[i].name);
        if (symbol == NULL) {
            snprintf(wc_load_failure, sizeof wc_load_failure, "ICU has no %s", wc_symbols[i].name);
            return;
        }
        *wc_symbols[i].pointer = symbol;
    }
    wc_loaded = 1;
    wc_state = WC_ICU_LOADED;
}

int32_t wc_icu_state(void) {
    pthread_once(&wc_once, wc_load);
    return wc_state;
}

const char *wc_icu_major_version(void) { return WC_STRING(U_ICU_VERSION_MAJOR_NUM); }

const char *wc_icu_load_failure(void) {
    pthread_once(&wc_once, wc_load);
    return wc_load_failure;
}

// Whether ICU is loaded (loading it on the first call); when it is not, the status says so.
static int wc_ready(int32_t *status) {
    pthread_once(&wc_once, wc_load);
    if (!wc_loaded && status != NULL) *status = U_MISSING_RESOURCE_ERROR;
    return wc_loaded;
}

#undef u_errorName
#define u_errorName (*wc_u_errorName)
#undef u_getVersion
#define u_getVersion (*wc_u_getVersion)
#undef u_versionToString
#define u_versionToString (*wc_u_versionToString)
#undef ucal_getTZDataVersion
#define ucal_getTZDataVersion (*wc_ucal_getTZDataVersion)
#undef ucol_close
#define ucol_close (*wc_ucol_close)
#undef ucol_getContractionsAndExpansions
#define ucol_getContractionsAndExpansions (*wc_ucol_getContractionsAndExpansions)
#undef ucol_getLocaleByType
#define ucol_getLocaleByType (*wc_ucol_getLocaleByType)
#undef ucol_getSortKey
#define ucol_getSortKey (*wc_ucol_getSortKey)
#undef ucol_nextSortKeyPart
#define ucol_nextSortKeyPart (*wc_ucol_nextSortKeyPart)
#undef ucol_open
#define ucol_open (*wc_ucol_open)
#undef ucol_setAttribute
#define ucol_setAttribute (*wc_ucol_setAttribute)
#undef ucol_setStrength
#define ucol_setStrength (*wc_ucol_setStrength)
#undef ucol_strcoll
#define ucol_strcoll (*wc_ucol_strcoll)
#undef uiter_setString
#define uiter_setString (*wc_uiter_setString)
#undef ulocdata_close
#define ulocdata_close (*wc_ulocdata_close)
#undef ulocdata_getExemplarSet
#define ulocdata_getExemplarSet (*wc_ulocdata_getExemplarSet)
#undef ulocdata_open
#define ulocdata_open (*wc_ulocdata_open)
#undef unorm2_getNFDInstance
#define unorm2_getNFDInstance (*wc_unorm2_getNFDInstance)
#undef unorm2_getNFKCInstance
#define unorm2_getNFKCInstance (*wc_unorm2_getNFKCInstance)
#undef unorm2_normalize
#define unorm2_normalize (*wc_unorm2_normalize)
#undef uset_close
#define uset_close (*wc_uset_close)
#undef uset_getItem
#define uset_getItem (*wc_uset_getItem)
#undef uset_getItemCount
#define uset_getItemCount (*wc_uset_getItemCount)
#undef uset_openEmpty
#define uset_openEmpty (*wc_uset_openEmpty)
#undef uset_openPattern
#define uset_openPattern (*wc_uset_openPattern)

// Every ICU call of the package lives here, so that ICU's renamed symbols and types stay in C.

struct WCCollator { UCollator *collator; };

// ICU answers a request for locale data it lacks with another locale's data and only a warning:
// U_USING_DEFAULT_WARNING (root's) or U_USING_FALLBACK_WARNING (a parent's). That is not what was
// asked for, so the bridge reports it as a failure (see wc_failed) -- unless ICU says the data it
// used is valid for exactly the requested locale (e.g. "en", whose collation is root's).
static int is_substitute(UErrorCode error) {
    return error == U_USING_DEFAULT_WARNING || error == U_USING_FALLBACK_WARNING;
}

// The status a bridge function hands back: a failure or a substitution as it is, else zero (other
// warnings such as U_STRING_NOT_TERMINATED_WARNING say nothing the caller needs).
static int32_t reported(UErrorCode error) {
    return (U_FAILURE(error) || is_substitute(error)) ? error : U_ZERO_ERROR;
}

WCCollator *wc_collator_open(const char *locale, int32_t strength, int32_t *status) {
    if (!wc_ready(status)) return NULL;
    UErrorCode error = U_ZERO_ERROR;
    UCollator *collator = ucol_open(locale, &error);
    if (U_FAILURE(error)) { *status = error; return NULL; }
    if (collator == NULL) { *status = U_MEMORY_ALLOCATION_ERROR; return NULL; }
    if (is_substitute(error)) {
        UErrorCode ignored = U_ZERO_ERROR;
        const char *valid = ucol_getLocaleByType(collator, ULOC_VALID_LOCALE, &ignored);
        if (valid == NULL || strcmp(valid, locale) != 0) { *status = error; ucol_close(collator); return NULL; }
        error = U_ZERO_ERROR;
    }
    ucol_setStrength(collator, strength == WC_STRENGTH_PRIMARY ? UCOL_PRIMARY : UCOL_TERTIARY);
    ucol_setAttribute(collator, UCOL_NORMALIZATION_MODE, UCOL_ON, &error);
    if (U_FAILURE(error)) { *status = error; ucol_close(collator); return NULL; }
    WCCollator *wrapper = (WCCollator *)malloc(sizeof(WCCollator));
    if (wrapper == NULL) { *status = U_MEMORY_ALLOCATION_ERROR; ucol_close(collator); return NULL; }
    wrapper->collator = collator;
    *status = U_ZERO_ERROR;
    return wrapper;
}

void wc_collator_close(WCCollator *collator) {
    if (collator == NULL) return;
    ucol_close(collator->collator);
    free(collator);
}

int32_t wc_collator_sort_key(const WCCollator *collator, const uint16_t *text, int32_t length,
                             uint8_t *key, int32_t capacity, int32_t *status) {
    // ucol_getSortKey has no status: it returns 0 on failure, while every key it makes has at least
    // its terminating zero byte.
    int32_t needed = ucol_getSortKey(collator->collator, (const UChar *)text, length, key, capacity);
    *status = needed > 0 ? U_ZERO_ERROR : U_INTERNAL_PROGRAM_ERROR;
    return needed;
}

int32_t wc_collator_sort_key_prefix(const WCCollator *collator, const uint16_t *text,
                                    int32_t length, uint8_t *key, int32_t capacity,
                                    int32_t *status) {
    UCharIterator iterator;
    uiter_setString(&iterator, (const UChar *)text, length);
    uint32_t state[2] = {0, 0};
    UErrorCode error = U_ZERO_ERROR;
    int32_t written = ucol_nextSortKeyPart(collator->collator, &iterator, state, key, capacity, &error);
    *status = reported(error);
    return written;
}

int32_t wc_collator_compare(const WCCollator *collator, const uint16_t *a, int32_t aLength,
                            const uint16_t *b, int32_t bLength) {
    return (int32_t)ucol_strcoll(collator->collator, (const UChar *)a, aLength,
                                 (const UChar *)b, bLength);
}

// Writes each string of `set` that passes `keep` into buffer, zero-terminated; returns the length
// needed. A multi-character string longer than the item buffer is read again into a larger one
// (ICU reports it with U_BUFFER_OVERFLOW_ERROR, which must not reach the caller: to the caller that
// status means its *output* buffer is too small).
static int32_t write_strings(const USet *set, int (*keep)(const UChar *, int32_t),
                             uint16_t *buffer, int32_t capacity, UErrorCode *error) {
    int32_t needed = 0;
    UChar inline_item[64];
    UChar *item = inline_item;
    int32_t item_capacity = 64;
    int32_t count = uset_getItemCount(set);
    for (int32_t i = 0; i < count && U_SUCCESS(*error); i++) {
        UChar32 start, end;
        int32_t length = uset_getItem(set, i, &start, &end, item, item_capacity, error);
        if (*error == U_BUFFER_OVERFLOW_ERROR) {
            *error = U_ZERO_ERROR;
            UChar *larger = (UChar *)malloc(sizeof(UChar) * (size_t)length);
            if (larger == NULL) { *error = U_MEMORY_ALLOCATION_ERROR; break; }
            if (item != inline_item) free(item);
            item = larger;
            item_capacity = length;
            length = uset_getItem(set, i, &start, &end, item, item_capacity, error);
        }
        if (U_FAILURE(*error)) break;
        *error = U_ZERO_ERROR;  // U_STRING_NOT_TERMINATED_WARNING when a string fills the item buffer exactly
        if (length == 0) {  // a range of code points
            for (UChar32 c = start; c <= end; c++) {
                UChar units[2];
                int32_t n = 0;
                if (c > 0xFFFF) { units[n++] = U16_LEAD(c); units[n++] = U16_TRAIL(c); }
                else { units[n++] = (UChar)c; }
                if (keep != NULL && !keep(units, n)) continue;
                for (int32_t k = 0; k < n; k++) { if (needed < capacity) buffer[needed] = units[k]; needed++; }
                if (needed < capacity) buffer[needed] = 0;
                needed++;
            }
        } else {
            if (keep != NULL && !keep(item, length)) continue;
            for (int32_t k = 0; k < length; k++) { if (needed < capacity) buffer[needed] = item[k]; needed++; }
            if (needed < capacity) buffer[needed] = 0;
            needed++;
        }
    }
    if (item != inline_item) free(item);
    return needed;
}

static int starts_with_fdd1(const UChar *s, int32_t length) { return length > 1 && s[0] == 0xFDD1; }

int32_t wc_collator_script_boundaries(const WCCollator *collator, uint16_t *buffer,
                                      int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    USet *contractions = uset_openEmpty();
    if (contractions == NULL) { *status = U_MEMORY_ALLOCATION_ERROR; return 0; }
    ucol_getContractionsAndExpansions(collator->collator, contractions, NULL, 0, &error);
    int32_t needed = U_SUCCESS(error) ? write_strings(contractions, starts_with_fdd1, buffer, capacity, &error) : 0;
    uset_close(contractions);
    *status = reported(error);
    return needed;
}

int32_t wc_index_exemplars(const char *locale, uint16_t *buffer, int32_t capacity,
                           int32_t *status) {
    if (!wc_ready(status)) return 0;
    UErrorCode error = U_ZERO_ERROR;
    ULocaleData *data = ulocdata_open(locale, &error);
    if (U_FAILURE(error) || is_substitute(error)) { *status = error; if (data != NULL) ulocdata_close(data); return 0; }
    if (data == NULL) { *status = U_MEMORY_ALLOCATION_ERROR; return 0; }
    USet *set = uset_openEmpty();
    if (set == NULL) { *status = U_MEMORY_ALLOCATION_ERROR; ulocdata_close(data); return 0; }
    ulocdata_getExemplarSet(data, set, 0, ULOCDATA_ES_INDEX, &error);
    int32_t needed = U_SUCCESS(error) && !is_substitute(error) ? write_strings(set, NULL, buffer, capacity, &error) : 0;
    uset_close(set);
    ulocdata_close(data);
    *status = reported(error);
    return needed;
}

int32_t wc_set_strings(const uint16_t *pattern, int32_t length, uint16_t *buffer, int32_t capacity,
                       int32_t *status) {
    if (!wc_ready(status)) return 0;
    UErrorCode error = U_ZERO_ERROR;
    USet *set = uset_openPattern((const UChar *)pattern, length, &error);
    if (U_FAILURE(error)) { *status = error; if (set != NULL) uset_close(set); return 0; }
    if (set == NULL) { *status = U_MEMORY_ALLOCATION_ERROR; return 0; }
    int32_t needed = write_strings(set, NULL, buffer, capacity, &error);
    uset_close(set);
    *status = reported(error);
    return needed;
}

int32_t wc_normalize(int32_t form, const uint16_t *text, int32_t length, uint16_t *dest,
                     int32_t capacity, int32_t *status) {
    if (!wc_ready(status)) return 0;
    UErrorCode error = U_ZERO_ERROR;
    const UNormalizer2 *normalizer = form == WC_NFD ? unorm2_getNFDInstance(&error) : unorm2_getNFKCInstance(&error);
    if (U_FAILURE(error)) { *status = error; return 0; }
    int32_t needed = unorm2_normalize(normalizer, (const UChar *)text, length, (UChar *)dest, capacity, &error);
    *status = reported(error);
    return needed;
}

const char *wc_error_name(int32_t status) {
    if (!wc_ready(NULL)) return wc_load_failure;
    return u_errorName((UErrorCode)status);
}

int wc_failed(int32_t status) {
    return U_FAILURE((UErrorCode)status) || is_substitute((UErrorCode)status) ? 1 : 0;
}

int wc_is_substitution(int32_t status) { return is_substitute((UErrorCode)status) ? 1 : 0; }

int32_t wc_buffer_overflow_status(void) { return U_BUFFER_OVERFLOW_ERROR; }

void wc_icu_version(char out[32]) {
    if (!wc_ready(NULL)) { strncpy(out, "unavailable", 31); out[31] = 0; return; }
    UVersionInfo info;
    u_getVersion(info);
    u_versionToString(info, out);
}

void wc_icu_tz_version(char out[32]) {
    if (!wc_ready(NULL)) { strncpy(out, "unavailable", 31); out[31] = 0; return; }
    UErrorCode error = U_ZERO_ERROR;
    const char *version = ucal_getTZDataVersion(&error);
    if (U_FAILURE(error) || version == NULL) { out[0] = 0; return; }
    strncpy(out, version, 31);
    out[31] = 0;
}
