#include "DaybookVipsTesting.h"

#include <string.h>
#include <vips/vips.h>

#include "../DaybookVips/vips_symbols.h"
#include "DaybookVips.h"

// Every declaration the server uses in place of <vips/vips.h> must be libvips' own.
#define DBV_CHECK(name, result, parameters) \
    _Static_assert(__builtin_types_compatible_p(result(*) parameters, __typeof__(&name)), #name " differs");
DBV_SYMBOLS(DBV_CHECK)
_Static_assert(DBV_ACCESS_SEQUENTIAL == VIPS_ACCESS_SEQUENTIAL, "VIPS_ACCESS_SEQUENTIAL differs");
_Static_assert(DBV_FAIL_ON_ERROR == VIPS_FAIL_ON_ERROR, "VIPS_FAIL_ON_ERROR differs");
_Static_assert(DBV_SIZE_DOWN == VIPS_SIZE_DOWN, "VIPS_SIZE_DOWN differs");
_Static_assert(DBV_INTERPRETATION_B_W == VIPS_INTERPRETATION_B_W, "VIPS_INTERPRETATION_B_W differs");
_Static_assert(DBV_INTERPRETATION_sRGB == VIPS_INTERPRETATION_sRGB, "VIPS_INTERPRETATION_sRGB differs");

/// libvips starts once, through the server's own bridge: two threads starting it at once would race.
static int started(void) {
    return daybook_vips_start(NULL, 0);
}

/// Applies `steps` (r = turn 90° clockwise, h = flip left-right) in order, taking over `*image`.
static int turn(VipsImage **image, const char *steps) {
    for (const char *step = steps; *step; step++) {
        VipsImage *out = NULL;
        int failed = *step == 'r' ? vips_rot(*image, &out, VIPS_ANGLE_D90, NULL)
                                  : vips_flip(*image, &out, VIPS_DIRECTION_HORIZONTAL, NULL);
        g_object_unref(*image);
        if (failed) return -1;
        *image = out;
    }
    return 0;
}

static void set_text(VipsImage *image, const char *name, const char *value) {
    if (value) vips_image_set_string(image, name, value);
}

int daybook_test_write_image(
    const char *path, int width, int height, int orientation, int alpha, const char *date_time,
    const char *offset_time, const char *latitude, const char *latitude_ref, const char *longitude,
    const char *longitude_ref) {
    if (started() != 0 || orientation < 1 || orientation > 8) return -1;
    // The upright picture: blue, red top-left quadrant; with alpha, the bottom half transparent.
    VipsImage *x = NULL, *y = NULL, *left = NULL, *top = NULL, *corner = NULL, *picture = NULL;
    double red[4] = {255, 0, 0, 255}, blue[4] = {0, 0, 255, 255}, clear[4] = {0, 0, 255, 0};
    int bands = alpha ? 4 : 3;
    if (vips_xyz(&x, width, height, NULL)) return -1;
    VipsImage *xs = NULL, *ys = NULL;
    vips_extract_band(x, &xs, 0, NULL);
    vips_extract_band(x, &ys, 1, NULL);
    vips_less_const1(xs, &left, width / 2.0, NULL);
    vips_less_const1(ys, &top, height / 2.0, NULL);
    vips_boolean(left, top, &corner, VIPS_OPERATION_BOOLEAN_AND, NULL);
    VipsImage *blue_image = NULL, *red_image = NULL, *plain = NULL;
    vips_black(&y, width, height, "bands", bands, NULL);
    vips_linear(y, &blue_image, (double[]){1, 1, 1, 1}, blue, bands, NULL);
    vips_linear(y, &red_image, (double[]){1, 1, 1, 1}, red, bands, NULL);
    vips_ifthenelse(corner, red_image, blue_image, &plain, NULL);
    if (alpha) {
        VipsImage *lower = NULL, *clear_image = NULL;
        vips_moreeq_const1(ys, &lower, height / 2.0, NULL);
        vips_linear(y, &clear_image, (double[]){1, 1, 1, 1}, clear, bands, NULL);
        vips_ifthenelse(lower, clear_image, plain, &picture, NULL);
        g_object_unref(lower);
        g_object_unref(clear_image);
        g_object_unref(plain);
    } else {
        picture = plain;
    }
    VipsImage *objects[] = {x, y, xs, ys, left, top, corner, blue_image, red_image};
    for (size_t i = 0; i < sizeof objects / sizeof *objects; i++) g_object_unref(objects[i]);
    VipsImage *stored = NULL;
    if (!picture || vips_cast_uchar(picture, &stored, NULL)) return -1;
    g_object_unref(picture);
    // Stored so that the orientation's own turn brings it upright.
    static const char *const undo[] = {"", "", "h", "rr", "rrh", "rh", "rrr", "rrrh", "r"};
    if (turn(&stored, undo[orientation])) return -1;
    VipsImage *tagged = NULL;
    if (vips_copy(stored, &tagged, NULL)) return -1;
    g_object_unref(stored);
    vips_image_set_int(tagged, "orientation", orientation);
    set_text(tagged, "exif-ifd2-DateTimeOriginal", date_time);
    set_text(tagged, "exif-ifd2-OffsetTimeOriginal", offset_time);
    set_text(tagged, "exif-ifd3-GPSLatitude", latitude);
    set_text(tagged, "exif-ifd3-GPSLatitudeRef", latitude_ref);
    set_text(tagged, "exif-ifd3-GPSLongitude", longitude);
    set_text(tagged, "exif-ifd3-GPSLongitudeRef", longitude_ref);
    int failed = vips_image_write_to_file(tagged, path, NULL);
    g_object_unref(tagged);
    return failed ? -1 : 0;
}

int daybook_test_write_p3(const char *path, int width, int height, const double p3[3], double srgb[3]) {
    if (started() != 0) return -1;
    VipsImage *black = NULL, *filled = NULL, *plain = NULL, *converted = NULL, *tagged = NULL, *shown = NULL;
    if (vips_black(&black, width, height, "bands", 3, NULL)) return -1;
    int failed = vips_linear(black, &filled, (double[]){1, 1, 1}, (double *)p3, 3, NULL)
        || vips_cast_uchar(filled, &plain, NULL)
        // Converting to P3 attaches libvips' P3 profile; the P3 numbers are then put under it.
        || vips_icc_transform(plain, &converted, "p3", "input_profile", "srgb", NULL) || vips_copy(plain, &tagged, NULL);
    g_object_unref(black);
    if (filled) g_object_unref(filled);
    if (failed) return -1;
    const void *profile = NULL;
    size_t profile_length = 0;
    failed = vips_image_get_blob(converted, VIPS_META_ICC_NAME, &profile, &profile_length);
    if (!failed) vips_image_set_blob_copy(tagged, VIPS_META_ICC_NAME, profile, profile_length);
    g_object_unref(converted);
    g_object_unref(plain);
    failed = failed || vips_image_write_to_file(tagged, path, "Q", 100, NULL);
    // The same pixel in sRGB, as the profile says it looks.
    double *values = NULL;
    int count = 0;
    failed = failed || vips_icc_transform(tagged, &shown, "srgb", "embedded", TRUE, NULL)
        || vips_getpoint(shown, &values, &count, 0, 0, NULL);
    g_object_unref(tagged);
    if (shown) g_object_unref(shown);
    if (failed || count < 3) return -1;
    for (int i = 0; i < 3; i++) srgb[i] = values[i];
    g_free(values);
    return 0;
}

int daybook_test_read_pixel(
    const void *buffer, size_t length, int x, int y, double rgba[4], int *width, int *height, int *bands) {
    if (started() != 0) return -1;
    VipsImage *image = vips_image_new_from_buffer(buffer, length, "", NULL);
    if (!image) return -1;
    *width = vips_image_get_width(image);
    *height = vips_image_get_height(image);
    *bands = vips_image_get_bands(image);
    double *values = NULL;
    int count = 0;
    int failed = vips_getpoint(image, &values, &count, x, y, NULL);
    g_object_unref(image);
    if (failed) return -1;
    memset(rgba, 0, 4 * sizeof *rgba);
    for (int i = 0; i < count && i < 4; i++) rgba[i] = values[i];
    g_free(values);
    return 0;
}
