#pragma once
// Fixed-arity wrappers around libvips' variadic and macro-only calls, which Swift
// cannot make itself. The header names libvips' image type only as an incomplete
// struct, so Swift sees an OpaquePointer and this module does not re-declare
// libvips' own types next to the CVips module's.

#include <stddef.h>
#include <stdint.h>

struct _VipsImage;

/// The formats RoadTrip reads and writes; the values are fixed because Swift passes them.
typedef enum {
    RT_VIPS_JPEG = 0,
    RT_VIPS_PNG = 1,
    RT_VIPS_WEBP = 2,
    RT_VIPS_HEIC = 3,
} rt_vips_format;

/// Starts libvips once per process (pthread_once): VIPS_INIT, untrusted loaders
/// blocked, the operation cache off. Returns 0, or -1 when libvips could not start.
int rt_vips_start(void);

/// Takes libvips' error text and clears it in one step; never NULL, free with rt_vips_free.
///
/// libvips 8.14 keeps ONE error buffer for the whole process (locked, not per thread).
/// The calls below that can fail therefore hand back their error text themselves
/// (`*error`, free with rt_vips_free), taken the moment they fail; under concurrency it
/// may still hold another thread's message as well, so callers decide what went wrong
/// from which call failed and use the text only as detail.
char *rt_vips_take_error(void);

/// Frees memory that libvips or this shim allocated (g_free).
void rt_vips_free(void *memory);

/// Drops a reference to an image (g_object_unref); NULL is ignored.
void rt_vips_unref(struct _VipsImage *image);

/// Opens a file lazily: only the header is read, nothing is decoded until pixels
/// are asked for. Sequential access, fail_on=error. NULL on failure.
struct _VipsImage *rt_vips_open(const char *path, char **error);

/// The image's size and the loader libvips chose ("jpegload", "heifload", …).
int rt_vips_width(struct _VipsImage *image);
int rt_vips_height(struct _VipsImage *image);
/// Borrowed from the image; valid while it lives. NULL when unknown.
const char *rt_vips_loader(struct _VipsImage *image);
/// The orientation libvips will auto-rotate by (its "orientation" field), 1 when absent.
int rt_vips_orientation(struct _VipsImage *image);
/// Bands per pixel, and bytes per band sample (1 for 8-bit, 2 for 16-bit…), as decoded.
int rt_vips_bands(struct _VipsImage *image);
int rt_vips_sample_bytes(struct _VipsImage *image);
/// An integer header field the loader set ("interlaced" for PNG, "jpeg-multiscan" for
/// progressive JPEG); `fallback` when absent.
int rt_vips_int_field(struct _VipsImage *image, const char *name, int fallback);

/// Gives memory that free() kept back to the system (glibc's malloc_trim): after a large
/// decode glibc's per-thread arenas would otherwise hold on to hundreds of MB. No-op elsewhere.
void rt_release_free_memory(void);

/// At most one malloc arena a core (glibc's M_ARENA_MAX; no-op elsewhere), for a process that
/// decodes on many threads at once and does little else: glibc gives each thread that meets a
/// busy arena one of its own, up to eight a core, and each keeps what was freed in it. Costs
/// a server that renders pages on many threads a sixth of its speed, so only `roadtrip import`.
void rt_limit_allocator_arenas(void);

/// Reads every scan of a JPEG file with libjpeg (at 1/8 scale: all entropy-coded data is
/// read, little is reconstructed) and fails when the data ends or is cut off by a marker
/// before the picture does, or is corrupt. libvips treats a scan that stops early at a
/// marker as a mere warning, so a cut file that ends in EOI would pass its fail_on=error.
/// libjpeg may use at most `max_memory` bytes (0: no cap); a progressive file needing more
/// fails. Returns 0 when whole, 1 when damaged (`*error` says how, free with rt_vips_free),
/// -1 when the file cannot be opened.
int rt_jpeg_check_complete(const char *path, size_t max_memory, char **error);
/// The EXIF block libvips found ("exif-data"), borrowed from the image. 0 when there is one.
int rt_vips_exif(struct _VipsImage *image, const void **data, size_t *length);

/// vips_thumbnail bounded in size × size, never enlarged, auto-rotated, in sRGB, fail_on=error
/// (fail_on=warning when `strict`: any warning of the decoder fails the call), then decoded
/// into memory so that damaged data fails HERE rather than while saving. NULL on failure.
struct _VipsImage *rt_vips_thumbnail(const char *path, int size, int strict, char **error);

/// The same bound applied to an image already decoded (by rt_vips_thumbnail, so upright and
/// in sRGB): a smaller rendition without decoding the file again. NULL on failure.
struct _VipsImage *rt_vips_thumbnail_image(struct _VipsImage *image, int size, char **error);

/// A photo for print: vips_thumbnail into width × height, never enlarged, auto-rotated, in
/// sRGB; with `crop`, cut to exactly that shape about its centre. Decoded into memory. NULL on failure.
struct _VipsImage *rt_vips_print_picture(const char *path, int width, int height, int crop, char **error);

/// The same photo for print as a JPEG alone (no metadata, `quality`), read, shrunk and encoded in
/// one streaming pass without Huffman optimisation: what a PDF embeds. Its size in `width` and
/// `height`. 0 on success; free the buffer with rt_vips_free.
int rt_vips_print_jpeg(const char *path, int *width, int *height, int crop, int quality, void **buffer, size_t *length, char **error);

/// The image's pixels as rows of 8-bit RGB (alpha flattened on white, grey made RGB), into a
/// new buffer (free with rt_vips_free). 0 on success.
int rt_vips_rgb_pixels(struct _VipsImage *image, void **buffer, size_t *length, char **error);

/// Encodes into a new buffer (free with rt_vips_free). `strip` drops all metadata;
/// otherwise the image's "exif-data" goes into the file. 0 on success.
int rt_vips_save(struct _VipsImage *image, rt_vips_format format, int quality, int strip,
                 void **buffer, size_t *length, char **error);

/// Attaches an EXIF block (copied) and the orientation field libvips writes back into it.
void rt_vips_set_exif(struct _VipsImage *image, const void *data, size_t length, int orientation);

/// A width × height picture of one colour, `bits` (8 or 16) per sample, RGB, written to
/// `path` as `format`: PNG optionally interlaced (Adam7), HEIC at `bits` clamped to 12 (x265's
/// most). Compresses to almost nothing, for tests of what decoding costs. 0 on success.
int rt_vips_write_flat(const char *path, rt_vips_format format, int width, int height, int bits,
                       int interlaced, char **error);

/// A one-colour CMYK JPEG (magenta and yellow ink: red in sRGB), without an ICC profile. Tests.
int rt_vips_write_flat_cmyk_jpeg(const char *path, int width, int height, char **error);

/// A one-colour JPEG whose sRGB colour (red, green, blue) is stored as Display P3 with the P3
/// profile embedded. Tests.
int rt_vips_write_flat_p3_jpeg(const char *path, int width, int height, double red, double green, double blue,
                               char **error);

/// The means of the first `count` bands of an image, in means[0…count-1]. 0 on success. Tests.
int rt_vips_band_means(struct _VipsImage *image, double *means, int count);

/// A smooth landscape-like picture that depends on `seed`, width × height sRGB, with a
/// faint film grain so it compresses like a photo. Lazy: pixels are made while saving.
/// NULL on failure.
struct _VipsImage *rt_vips_synthetic(int width, int height, uint64_t seed, char **error);
