#include <unicode/ucol.h>
#include <unicode/ulocdata.h>
#include <unicode/unorm2.h>
#include <unicode/uset.h>
#include <unicode/uiter.h>
#include <unicode/uversion.h>
