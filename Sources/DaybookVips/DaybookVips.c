// libvips is opened with dlopen on the first photo call, not linked: every `daybook` command is this program, and
// linking libvips would load it and the 100-odd shared libraries it depends on (about 80 ms) at every start of
// every command, while most never touch a photo. vips_symbols.h lists the functions used; building the tests
// checks those declarations against libvips' own headers (DaybookVipsTesting).

#include "DaybookVips.h"
#include "vips_symbols.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define DBV_POINTER(name, result, parameters) static result(*dbv_##name) parameters;
DBV_SYMBOLS(DBV_POINTER)

static pthread_once_t dbv_once = PTHREAD_ONCE_INIT;
static int dbv_status = DAYBOOK_VIPS_UNAVAILABLE;
static char dbv_start_error[256] = "";

static const char *const dbv_library_names[] = {
#ifdef __APPLE__
    "libvips.42.dylib", "/opt/homebrew/lib/libvips.42.dylib", "/usr/local/lib/libvips.42.dylib",
#else
    "libvips.so.42",
#endif
};

static void dbv_copy(char *destination, size_t size, const char *text) {
    if (destination == NULL || size == 0) return;
    snprintf(destination, size, "%s", text ? text : "");
}

/// Moves libvips' error text (for this and any other thread) into `error`.
static void dbv_take_error(char *error, size_t size, const char *fallback) {
    char *text = dbv_vips_error_buffer_copy();
    dbv_copy(error, size, text && text[0] ? text : fallback);
    dbv_g_free(text);
}

static void dbv_load(void) {
    void *library = NULL;
    for (size_t i = 0; i < sizeof dbv_library_names / sizeof *dbv_library_names && !library; i++) {
        library = dlopen(dbv_library_names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (!library) {
        const char *reason = dlerror();
        dbv_copy(dbv_start_error, sizeof dbv_start_error, reason ? reason : "libvips was not found");
        return;
    }
#define DBV_LOOKUP(name, result, parameters) \
    *(void **)(&dbv_##name) = dlsym(library, #name); \
    if (!dbv_##name) { \
        dbv_copy(dbv_start_error, sizeof dbv_start_error, "libvips lacks " #name); \
        return; \
    }
    DBV_SYMBOLS(DBV_LOOKUP)
    if (dbv_vips_init("daybook") != 0) {
        dbv_take_error(dbv_start_error, sizeof dbv_start_error, "libvips could not start");
        return;
    }
    // Every photo is read once per size and the result kept on disk: an operation cache would only hold memory.
    dbv_vips_cache_set_max(0);
    dbv_vips_cache_set_max_mem(0);
    dbv_vips_cache_set_max_files(0);
    dbv_vips_concurrency_set(1);
    dbv_vips_block_untrusted_set(1);
    dbv_status = DAYBOOK_VIPS_OK;
}

int daybook_vips_start(char *error, size_t error_size) {
    pthread_once(&dbv_once, dbv_load);
    if (dbv_status != DAYBOOK_VIPS_OK) dbv_copy(error, error_size, dbv_start_error);
    return dbv_status;
}

static void dbv_field(struct _VipsImage *image, const char *name, char *destination, size_t size) {
    const char *value = NULL;
    destination[0] = '\0';
    if (dbv_vips_image_get_typeof(image, name) == 0) return;
    if (dbv_vips_image_get_string(image, name, &value) == 0 && value) dbv_copy(destination, size, value);
}

int daybook_vips_read_header(const char *path, daybook_vips_header *header, char *error, size_t error_size) {
    int status = daybook_vips_start(error, error_size);
    if (status != DAYBOOK_VIPS_OK) return status;
    memset(header, 0, sizeof *header);
    struct _VipsImage *image = dbv_vips_image_new_from_file(
        path, "access", DBV_ACCESS_SEQUENTIAL, "fail_on", DBV_FAIL_ON_ERROR, NULL);
    if (!image) {
        dbv_take_error(error, error_size, "unreadable image");
        return DAYBOOK_VIPS_FAILED;
    }
    header->width = dbv_vips_image_get_width(image);
    header->height = dbv_vips_image_get_height(image);
    header->has_alpha = dbv_vips_image_hasalpha(image) ? 1 : 0;
    int orientation = 1;
    if (dbv_vips_image_get_typeof(image, "orientation") != 0
        && dbv_vips_image_get_int(image, "orientation", &orientation) == 0 && orientation >= 1 && orientation <= 8) {
        header->orientation = orientation;
    } else {
        header->orientation = 1;
    }
    dbv_field(image, "vips-loader", header->loader, sizeof header->loader);
    dbv_field(image, "heif-compression", header->heif_compression, sizeof header->heif_compression);
    dbv_field(image, "exif-ifd2-DateTimeOriginal", header->date_time_original, sizeof header->date_time_original);
    dbv_field(
        image, "exif-ifd2-OffsetTimeOriginal", header->offset_time_original, sizeof header->offset_time_original);
    dbv_field(image, "exif-ifd3-GPSLatitude", header->gps_latitude, sizeof header->gps_latitude);
    dbv_field(image, "exif-ifd3-GPSLatitudeRef", header->gps_latitude_ref, sizeof header->gps_latitude_ref);
    dbv_field(image, "exif-ifd3-GPSLongitude", header->gps_longitude, sizeof header->gps_longitude);
    dbv_field(image, "exif-ifd3-GPSLongitudeRef", header->gps_longitude_ref, sizeof header->gps_longitude_ref);
    dbv_g_object_unref(image);
    return DAYBOOK_VIPS_OK;
}

/// The largest of libjpeg's scales (1/2, 1/4, 1/8) at which a JPEG `stored_width` × `stored_height` pixels with
/// EXIF orientation `orientation` still decodes at least `width` pixels wide once upright; 1 when none does.
/// libjpeg scales inside its inverse DCT, so every coefficient of the file is still read (a truncated file is still
/// found) while far fewer pixels are made.
static int dbv_jpeg_shrink(int stored_width, int stored_height, int orientation, int width) {
    int upright = orientation >= 5 && orientation <= 8 ? stored_height : stored_width;
    int shrink = 1;
    while (shrink < 8 && (upright + shrink * 2 - 1) / (shrink * 2) >= width) shrink *= 2;
    return shrink;
}

int daybook_vips_thumbnail(
    const char *path, int width, int *format, void **buffer, size_t *length, char *error, size_t error_size) {
    int status = daybook_vips_start(error, error_size);
    if (status != DAYBOOK_VIPS_OK) return status;
    *buffer = NULL;
    *length = 0;
    // The header alone says how to decode: a picture with a profile of its own is taken to sRGB through it, so it
    // looks the same once the metadata is stripped (one without is sRGB, or a space converted below, already); one
    // with transparency keeps it as WebP; a JPEG is decoded at the smallest scale that still covers `width`.
    struct _VipsImage *probe = dbv_vips_image_new_from_file(path, "access", DBV_ACCESS_SEQUENTIAL, NULL);
    if (!probe) {
        dbv_take_error(error, error_size, "unreadable image");
        return DAYBOOK_VIPS_FAILED;
    }
    int has_profile = dbv_vips_image_get_typeof(probe, "icc-profile-data") != 0;
    *format = dbv_vips_image_hasalpha(probe) ? DAYBOOK_VIPS_WEBP : DAYBOOK_VIPS_JPEG;
    char loader[32];
    dbv_field(probe, "vips-loader", loader, sizeof loader);
    int shrink = 1;
    if (strcmp(loader, "jpegload") == 0) {
        int orientation = 1;
        if (dbv_vips_image_get_typeof(probe, "orientation") == 0
            || dbv_vips_image_get_int(probe, "orientation", &orientation) != 0) {
            orientation = 1;
        }
        shrink = dbv_jpeg_shrink(
            dbv_vips_image_get_width(probe), dbv_vips_image_get_height(probe), orientation, width);
    }
    dbv_g_object_unref(probe);
    struct _VipsImage *thumbnail = NULL;
    int failed;
    if (shrink > 1) {
        struct _VipsImage *image = dbv_vips_image_new_from_file(
            path, "access", DBV_ACCESS_SEQUENTIAL, "fail_on", DBV_FAIL_ON_ERROR, "shrink", shrink, NULL);
        if (!image) {
            dbv_take_error(error, error_size, "unreadable image");
            return DAYBOOK_VIPS_FAILED;
        }
        failed = has_profile
            ? dbv_vips_thumbnail_image(
                image, &thumbnail, width, "height", 10000000, "size", DBV_SIZE_DOWN, "export_profile", "srgb", NULL)
            : dbv_vips_thumbnail_image(image, &thumbnail, width, "height", 10000000, "size", DBV_SIZE_DOWN, NULL);
        dbv_g_object_unref(image);
    } else {
        failed = has_profile
            ? dbv_vips_thumbnail(
                path, &thumbnail, width, "height", 10000000, "size", DBV_SIZE_DOWN, "fail_on", DBV_FAIL_ON_ERROR,
                "export_profile", "srgb", NULL)
            : dbv_vips_thumbnail(
                path, &thumbnail, width, "height", 10000000, "size", DBV_SIZE_DOWN, "fail_on", DBV_FAIL_ON_ERROR,
                NULL);
    }
    if (failed) {
        dbv_take_error(error, error_size, "the image could not be decoded");
        return DAYBOOK_VIPS_FAILED;
    }
    // Anything left in another space (16-bit, CMYK without a profile) is converted.
    int space = dbv_vips_image_get_interpretation(thumbnail);
    if (space != DBV_INTERPRETATION_sRGB && space != DBV_INTERPRETATION_B_W) {
        struct _VipsImage *converted = NULL;
        int failed = dbv_vips_colourspace(thumbnail, &converted, DBV_INTERPRETATION_sRGB, NULL);
        dbv_g_object_unref(thumbnail);
        if (failed) {
            dbv_take_error(error, error_size, "the image's colours could not be converted");
            return DAYBOOK_VIPS_FAILED;
        }
        thumbnail = converted;
    }
    failed = *format == DAYBOOK_VIPS_WEBP
        ? dbv_vips_webpsave_buffer(thumbnail, buffer, length, "Q", 80, "strip", 1, NULL)
        : dbv_vips_jpegsave_buffer(
            thumbnail, buffer, length, "Q", 82, "strip", 1, "optimize_coding", 1, "interlace", 1, NULL);
    dbv_g_object_unref(thumbnail);
    if (failed) {
        dbv_take_error(error, error_size, "the image could not be encoded");
        return DAYBOOK_VIPS_FAILED;
    }
    return DAYBOOK_VIPS_OK;
}

void daybook_vips_free(void *buffer) {
    if (buffer && dbv_g_free) dbv_g_free(buffer);
}
