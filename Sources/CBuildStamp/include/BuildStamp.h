// What a build knows of where it came from, for `--version` and `/v1/meta` (WorldClockBuild).
#ifndef WORLDCLOCK_BUILD_STAMP_H
#define WORLDCLOCK_BUILD_STAMP_H

#ifdef __cplusplus
extern "C" {
#endif

/// The commit the binary was built from ("4f20dfe"), as Scripts/release/package passes it in
/// WORLDCLOCK_COMMIT; "" for any other build (a development build, the tests').
const char *wc_build_commit(void);

#ifdef __cplusplus
}
#endif

#endif
