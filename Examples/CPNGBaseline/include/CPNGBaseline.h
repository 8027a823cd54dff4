// The libpng PNG writer the library used before its own writer over libdeflate: kept for
// card-bench only, as the baseline its PNG rows are measured against (libpng + zlib level 6 is
// what the peers' C program writes). Not part of the library.
//
// libpng reports errors with longjmp, which must never unwind through Swift frames, so the
// setjmp stays here in C. It never calls back into Swift.
#ifndef CPNG_BASELINE_H
#define CPNG_BASELINE_H

#include <stddef.h>
#include <stdint.h>

/// Output of `acs_png_encode`: a malloc'd buffer the caller frees with `acs_free`.
typedef struct {
    uint8_t *bytes;
    size_t count;
    /// Empty on success; libpng's message on failure.
    char message[128];
} acs_png_result;

/// Encodes straight-alpha RGBA8 rows (`stride` bytes apart) as an 8-bit RGBA PNG.
/// `level` is the zlib level, 0...9. `has_alpha` 0 writes RGB and drops the alpha byte.
/// Returns 0 on success; on failure `result->message` says why and `result->bytes` is NULL.
int acs_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                   int level, int has_alpha, acs_png_result *result);

/// Frees a buffer returned by this module.
void acs_free(void *pointer);

#endif
