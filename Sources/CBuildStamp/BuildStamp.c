#include "BuildStamp.h"

// Package.swift defines WORLDCLOCK_COMMIT (a string literal) only when the environment has it, so
// an ordinary build is the same whatever the checkout's commit, and says so.
#ifdef WORLDCLOCK_COMMIT
const char *wc_build_commit(void) { return WORLDCLOCK_COMMIT; }
#else
const char *wc_build_commit(void) { return ""; }
#endif
