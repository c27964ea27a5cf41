#ifndef DAYBOOK_VIPS_H
#define DAYBOOK_VIPS_H

#include <stddef.h>

/// What a call answered.
enum {
    DAYBOOK_VIPS_OK = 0,
    /// libvips could not read the file (broken, truncated, or not an image it knows).
    DAYBOOK_VIPS_FAILED = -1,
    /// libvips itself could not be loaded.
    DAYBOOK_VIPS_UNAVAILABLE = -2,
};

/// How a resized image is encoded.
enum {
    DAYBOOK_VIPS_JPEG = 0,
    DAYBOOK_VIPS_WEBP = 1,
};

/// What an image's header says, read without decoding a pixel.
typedef struct {
    /// As stored, before the EXIF orientation is applied.
    int width;
    int height;
    /// The EXIF orientation, 1 to 8 (1 when the file has none).
    int orientation;
    int has_alpha;
    /// The libvips loader that read it (`jpegload`, `pngload`, `webpload`, `heifload`).
    char loader[32];
    /// `hevc` or `av1` for a HEIF file, else empty.
    char heif_compression[16];
    /// EXIF fields as libvips prints them, or empty.
    char date_time_original[96];
    char offset_time_original[64];
    char gps_latitude[128];
    char gps_latitude_ref[64];
    char gps_longitude[128];
    char gps_longitude_ref[64];
} daybook_vips_header;

/// Loads libvips (once; later calls answer at once), with its operation cache off, modest threading and the
/// loaders libvips marks untrusted blocked. Nothing of libvips is mapped before the first call.
int daybook_vips_start(char *error, size_t error_size);

/// Reads the header of the image at `path`.
int daybook_vips_read_header(const char *path, daybook_vips_header *header, char *error, size_t error_size);

/// Decodes the image at `path` (stopping at the first error or truncation), shrinks it to at most `width` pixels
/// wide with its EXIF orientation applied, converts it to sRGB and encodes it without metadata: as WebP when it has
/// transparency, else as JPEG, saying which in `*format`. A JPEG is decoded at the smallest of libjpeg's scales
/// that still covers `width`. On success `*buffer` holds `*length` bytes to be released with `daybook_vips_free`.
int daybook_vips_thumbnail(
    const char *path, int width, int *format, void **buffer, size_t *length, char *error, size_t error_size);

/// Releases a buffer made by `daybook_vips_thumbnail`.
void daybook_vips_free(void *buffer);

#endif
