#include "CPNGBaseline.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t *bytes;
    size_t count, capacity;
    int failed;
} growable;

static void write_bytes(png_structp png, png_bytep data, png_size_t length) {
    growable *out = png_get_io_ptr(png);
    if (out->failed) return;
    if (out->count + length > out->capacity) {
        size_t capacity = out->capacity ? out->capacity : 64 * 1024;
        while (capacity < out->count + length) capacity *= 2;
        uint8_t *grown = realloc(out->bytes, capacity);
        if (!grown) { out->failed = 1; png_error(png, "out of memory"); }
        out->bytes = grown;
        out->capacity = capacity;
    }
    memcpy(out->bytes + out->count, data, length);
    out->count += length;
}

static void flush_bytes(png_structp png) { (void)png; }

static void on_error(png_structp png, png_const_charp message) {
    acs_png_result *result = png_get_error_ptr(png);
    strncpy(result->message, message ? message : "libpng error", sizeof result->message - 1);
    result->message[sizeof result->message - 1] = 0;
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

int acs_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                   int level, int has_alpha, acs_png_result *result) {
    memset(result, 0, sizeof *result);
    growable out = {0};
    uint8_t *row_rgb = NULL;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, result, on_error, on_warning);
    if (!png) { strcpy(result->message, "png_create_write_struct failed"); return -1; }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        strcpy(result->message, "png_create_info_struct failed");
        return -1;
    }
    // Everything freed on the error path must be reachable from here: `volatile` keeps the
    // values the longjmp returns to.
    uint8_t *volatile scratch = NULL;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(out.bytes);
        free(scratch);
        if (!result->message[0]) strcpy(result->message, "libpng error");
        return -1;
    }
    png_set_write_fn(png, &out, write_bytes, flush_bytes);
    png_set_compression_level(png, level < 0 ? 6 : level > 9 ? 9 : level);
    png_set_IHDR(png, info, width, height, 8, has_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    if (!has_alpha) {
        row_rgb = malloc((size_t)width * 3);
        scratch = row_rgb;
        if (!row_rgb) png_error(png, "out of memory");
    }
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = rgba + (size_t)y * stride;
        if (has_alpha) {
            png_write_row(png, (png_const_bytep)row);
        } else {
            for (uint32_t x = 0; x < width; x++) {
                row_rgb[3 * x] = row[4 * x];
                row_rgb[3 * x + 1] = row[4 * x + 1];
                row_rgb[3 * x + 2] = row[4 * x + 2];
            }
            png_write_row(png, row_rgb);
        }
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(row_rgb);
    result->bytes = out.bytes;
    result->count = out.count;
    return 0;
}

void acs_free(void *pointer) { free(pointer); }
