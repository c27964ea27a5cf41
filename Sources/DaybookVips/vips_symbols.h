// The part of libvips' C API Daybook calls, declared here so that the server compiles and links without libvips
// and maps it only when the first photo is read (libvips and the hundred libraries it needs cost ~20 MB of
// resident memory). The test support target compiles this file beside <vips/vips.h> and checks every
// declaration and constant against it.
#ifndef DAYBOOK_VIPS_SYMBOLS_H
#define DAYBOOK_VIPS_SYMBOLS_H

#include <stddef.h>

struct _VipsImage;

#define DBV_SYMBOLS(X) \
    X(vips_init, int, (const char *argv0)) \
    X(vips_cache_set_max, void, (int max)) \
    X(vips_cache_set_max_mem, void, (size_t max_mem)) \
    X(vips_cache_set_max_files, void, (int max_files)) \
    X(vips_concurrency_set, void, (int concurrency)) \
    X(vips_block_untrusted_set, void, (int state)) \
    X(vips_error_buffer_copy, char *, (void)) \
    X(vips_image_new_from_file, struct _VipsImage *, (const char *name, ...)) \
    X(vips_image_get_width, int, (const struct _VipsImage *image)) \
    X(vips_image_get_height, int, (const struct _VipsImage *image)) \
    X(vips_image_get_interpretation, int, (const struct _VipsImage *image)) \
    X(vips_image_hasalpha, int, (struct _VipsImage *image)) \
    X(vips_image_get_typeof, unsigned long, (const struct _VipsImage *image, const char *name)) \
    X(vips_image_get_int, int, (const struct _VipsImage *image, const char *name, int *out)) \
    X(vips_image_get_string, int, (const struct _VipsImage *image, const char *name, const char **out)) \
    X(vips_thumbnail, int, (const char *filename, struct _VipsImage **out, int width, ...)) \
    X(vips_thumbnail_image, int, (struct _VipsImage *in, struct _VipsImage **out, int width, ...)) \
    X(vips_colourspace, int, (struct _VipsImage *in, struct _VipsImage **out, int space, ...)) \
    X(vips_jpegsave_buffer, int, (struct _VipsImage *in, void **buf, size_t *len, ...)) \
    X(vips_webpsave_buffer, int, (struct _VipsImage *in, void **buf, size_t *len, ...)) \
    X(g_object_unref, void, (void *object)) \
    X(g_free, void, (void *memory))

// Enumerations passed by value, as libvips numbers them.
#define DBV_ACCESS_SEQUENTIAL 1
#define DBV_FAIL_ON_ERROR 2
#define DBV_SIZE_DOWN 2
#define DBV_INTERPRETATION_B_W 1
#define DBV_INTERPRETATION_sRGB 22

#endif
