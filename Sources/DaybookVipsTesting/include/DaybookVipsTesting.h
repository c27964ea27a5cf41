#ifndef DAYBOOK_VIPS_TESTING_H
#define DAYBOOK_VIPS_TESTING_H

#include <stddef.h>

/// Writes a test picture to `path` (the suffix picks the format: .jpg, .png, .webp, .heic, .gif, .tif). Shown
/// upright it is `width` × `height`, blue with a red top-left quadrant (and transparent bottom half when
/// `alpha`); it is stored turned so that EXIF `orientation` (1–8) turns it back. Text fields are EXIF values as
/// libvips writes them (`2024:05:01 10:20:30`, `37/1 33/1 36/1`, `N`), or NULL. Returns 0 or -1.
int daybook_test_write_image(
    const char *path, int width, int height, int orientation, int alpha, const char *date_time,
    const char *offset_time, const char *latitude, const char *latitude_ref, const char *longitude,
    const char *longitude_ref);

/// Writes a test picture of one colour given in Display P3 (`p3`, 0–255 each) with the P3 profile embedded, and
/// gives the same colour in sRGB. Returns 0 or -1.
int daybook_test_write_p3(const char *path, int width, int height, const double p3[3], double srgb[3]);

/// Decodes an encoded image and reads one pixel (up to 4 bands into `rgba`). Returns 0 or -1.
int daybook_test_read_pixel(
    const void *buffer, size_t length, int x, int y, double rgba[4], int *width, int *height, int *bands);

#endif
