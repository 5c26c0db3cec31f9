#include "CVipsShim.h"

#include <pthread.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <vips/vips.h>

static pthread_once_t start_once = PTHREAD_ONCE_INIT;
static int start_result = -1;

// libvips' warnings ("error in tile 0 x 0") go to standard error through GLib, beside
// RoadTrip's own words for the same file: a failure is reported once, by the call that failed.
static void ignore_warning(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain; (void)level; (void)message; (void)data;
}

static void start_vips(void) {
    if (VIPS_INIT("roadtrip") != 0) return;
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, ignore_warning, NULL);
    // Loaders libvips marks untrusted (ImageMagick, PDF, SVG, JPEG 2000, JPEG XL…)
    // have a large attack surface; RoadTrip accepts four formats and nothing else.
    vips_block_untrusted_set(TRUE);
    // The operation cache keeps images and open files alive between calls; a
    // server that thumbnails thousands of different files gains nothing from it.
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    vips_cache_set_max_files(0);
    start_result = 0;
}

int rt_vips_start(void) {
    pthread_once(&start_once, start_vips);
    return start_result;
}

char *rt_vips_take_error(void) {
    // vips_error_buffer_copy reads and clears under libvips' own lock, so two
    // threads never read the same text half-cleared.
    return vips_error_buffer_copy();
}

void rt_vips_free(void *memory) { g_free(memory); }

void rt_vips_unref(struct _VipsImage *image) {
    if (image != NULL) g_object_unref(image);
}

// On failure the error text is taken at once, before other threads add to libvips'
// process-wide buffer. On success the buffer is cleared: libvips leaves messages there
// even from calls that worked (heifload's probing seeks, for one), and a full buffer
// would drop the text of the next real failure.
static int finished(int failed, char **error) {
    if (failed) *error = vips_error_buffer_copy();
    else vips_error_clear();
    return failed ? -1 : 0;
}

static VipsImage *finish(VipsImage *image, char **error) {
    finished(image == NULL, error);
    return image;
}

// Paths go through a VipsSource because vips_image_new_from_file and vips_thumbnail
// read a trailing "[...]" in a file name as load options.
struct _VipsImage *rt_vips_open(const char *path, char **error) {
    *error = NULL;
    VipsSource *source = vips_source_new_from_file(path);
    if (source == NULL) return finish(NULL, error);
    VipsImage *image = vips_image_new_from_source(source, "", "access", VIPS_ACCESS_SEQUENTIAL,
                                                  "fail_on", VIPS_FAIL_ON_ERROR, NULL);
    g_object_unref(source);
    return finish(image, error);
}

int rt_vips_width(struct _VipsImage *image) { return vips_image_get_width(image); }
int rt_vips_height(struct _VipsImage *image) { return vips_image_get_height(image); }

const char *rt_vips_loader(struct _VipsImage *image) {
    const char *loader = NULL;
    if (vips_image_get_typeof(image, VIPS_META_LOADER) == 0) return NULL;
    if (vips_image_get_string(image, VIPS_META_LOADER, &loader) != 0) {
        vips_error_clear();
        return NULL;
    }
    return loader;
}

int rt_vips_int_field(struct _VipsImage *image, const char *name, int fallback) {
    int value = fallback;
    if (vips_image_get_typeof(image, name) == 0) return fallback;
    if (vips_image_get_int(image, name, &value) != 0) {
        vips_error_clear();
        return fallback;
    }
    return value;
}

int rt_vips_orientation(struct _VipsImage *image) { return rt_vips_int_field(image, VIPS_META_ORIENTATION, 1); }

int rt_vips_bands(struct _VipsImage *image) { return vips_image_get_bands(image); }

int rt_vips_sample_bytes(struct _VipsImage *image) {
    return (int) vips_format_sizeof(vips_image_get_format(image));
}

void rt_limit_allocator_arenas(void) {
#ifdef __GLIBC__
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    mallopt(M_ARENA_MAX, cores > 0 ? (int) cores : 1);
#endif
}

void rt_release_free_memory(void) {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

int rt_vips_exif(struct _VipsImage *image, const void **data, size_t *length) {
    if (vips_image_get_typeof(image, VIPS_META_EXIF_NAME) == 0) return -1;
    if (vips_image_get_blob(image, VIPS_META_EXIF_NAME, data, length) != 0) {
        vips_error_clear();
        return -1;
    }
    return 0;
}

// Whether pixels need a colour transform to become sRGB: an embedded profile (Display P3,
// Adobe RGB, a CMYK press profile). Untagged RGB and grey are taken as sRGB already, and
// transforming them sRGB to sRGB through lcms was a tenth of an import's time; untagged CMYK
// thumbnail turns into sRGB by itself.
static int needs_transform(VipsSource *source) {
    VipsImage *header = vips_image_new_from_source(source, "", NULL);
    if (header == NULL) {
        vips_error_clear();
        return 1; // the thumbnail call reports what is wrong
    }
    int needs = vips_image_get_typeof(header, VIPS_META_ICC_NAME) != 0;
    g_object_unref(header);
    return needs;
}

struct _VipsImage *rt_vips_thumbnail(const char *path, int size, int strict, char **error) {
    *error = NULL;
    VipsSource *source = vips_source_new_from_file(path);
    if (source == NULL) return finish(NULL, error);
    VipsImage *lazy = NULL;
    // export_profile: a photo with an embedded profile (Display P3, Adobe RGB, CMYK) is
    // turned into sRGB, the profile browsers assume, so renditions can drop all metadata.
    // fail_on goes in the loader's option string too: 8.14's thumbnail_source does not pass
    // its own fail_on property on, and a truncated JPEG would come out grey at the bottom.
    VipsFailOn fail_on = strict ? VIPS_FAIL_ON_WARNING : VIPS_FAIL_ON_ERROR;
    const char *options = strict ? "fail_on=warning" : "fail_on=error";
    int failed = needs_transform(source)
        ? vips_thumbnail_source(source, &lazy, size, "height", size, "size", VIPS_SIZE_DOWN, "export_profile", "srgb",
                                "fail_on", fail_on, "option_string", options, NULL)
        : vips_thumbnail_source(source, &lazy, size, "height", size, "size", VIPS_SIZE_DOWN,
                                "fail_on", fail_on, "option_string", options, NULL);
    g_object_unref(source);
    if (failed) return finish(NULL, error);
    // Decoding here (a rendition is at most a few MB) separates "the source is
    // damaged" from "the destination could not be written".
    VipsImage *decoded = vips_image_copy_memory(lazy);
    g_object_unref(lazy);
    return finish(decoded, error);
}

struct _VipsImage *rt_vips_thumbnail_image(struct _VipsImage *image, int size, char **error) {
    *error = NULL;
    VipsImage *lazy = NULL;
    // no_rotate: rt_vips_thumbnail turned the image upright already. Without an import or
    // export profile the pixels stay in the sRGB the first rendition was made in.
    // Without its profile (the pixels are sRGB already), so nothing is transformed again.
    VipsImage *untagged = NULL;
    if (vips_copy(image, &untagged, NULL) != 0) return finish(NULL, error);
    vips_image_remove(untagged, VIPS_META_ICC_NAME);
    int failed = vips_thumbnail_image(untagged, &lazy, size, "height", size, "size", VIPS_SIZE_DOWN,
                                      "no_rotate", TRUE, NULL);
    g_object_unref(untagged);
    if (failed) return finish(NULL, error);
    VipsImage *decoded = vips_image_copy_memory(lazy);
    g_object_unref(lazy);
    return finish(decoded, error);
}

// JPEG has no alpha: without this a transparent PNG's preview turns black.
static VipsImage *flattened_on_white(VipsImage *image) {
    if (!vips_image_hasalpha(image)) {
        g_object_ref(image);
        return image;
    }
    double white[] = {255, 255, 255};
    VipsArrayDouble *background = vips_array_double_new(white, 3);
    VipsImage *out = NULL;
    int failed = vips_flatten(image, &out, "background", background, NULL);
    vips_area_unref(VIPS_AREA(background));
    return failed ? NULL : out;
}

// libvips 8.14.1's webpsave ignores "strip": it rebuilds an EXIF block from the image's
// fields (the photo's GPS among them) and writes it. Stripping therefore also removes
// every metadata field from a copy of the image, so no saver can write the photo's own
// tags; the Swift side then drops the size-only EXIF chunk webpsave still adds.
static VipsImage *without_metadata(VipsImage *image) {
    VipsImage *copy = NULL;
    if (vips_copy(image, &copy, NULL) != 0) return NULL;
    gchar **fields = vips_image_get_fields(copy);
    for (gchar **field = fields; field != NULL && *field != NULL; field++)
        vips_image_remove(copy, *field); // header fields (width, bands…) are not removable and stay
    g_strfreev(fields);
    return copy;
}

static int save(VipsImage *image, rt_vips_format format, int quality, int strip, void **buffer, size_t *length);

int rt_vips_save(struct _VipsImage *image, rt_vips_format format, int quality, int strip,
                 void **buffer, size_t *length, char **error) {
    *buffer = NULL;
    *length = 0;
    *error = NULL;
    VipsImage *source = strip ? without_metadata(image) : g_object_ref(image);
    int failed = source == NULL || save(source, format, quality, strip, buffer, length) != 0;
    if (source != NULL) g_object_unref(source);
    return finished(failed, error);
}

static int save(VipsImage *image, rt_vips_format format, int quality, int strip, void **buffer, size_t *length) {
    switch (format) {
    case RT_VIPS_JPEG: {
        VipsImage *opaque = flattened_on_white(image);
        if (opaque == NULL) return -1;
        int result = vips_jpegsave_buffer(opaque, buffer, length, "Q", quality, "strip", strip,
                                          "optimize_coding", TRUE, NULL);
        g_object_unref(opaque);
        return result;
    }
    case RT_VIPS_PNG:
        return vips_pngsave_buffer(image, buffer, length, "strip", strip, NULL);
    case RT_VIPS_WEBP:
        return vips_webpsave_buffer(image, buffer, length, "Q", quality, "strip", strip, NULL);
    case RT_VIPS_HEIC:
        return vips_heifsave_buffer(image, buffer, length, "Q", quality, "strip", strip,
                                    "compression", VIPS_FOREIGN_HEIF_COMPRESSION_HEVC, NULL);
    }
    vips_error("rt_vips_save", "unknown format %d", (int) format);
    return -1;
}

void rt_vips_set_exif(struct _VipsImage *image, const void *data, size_t length, int orientation) {
    vips_image_set_blob_copy(image, VIPS_META_EXIF_NAME, data, length);
    // Savers rebuild the EXIF block and write this field over its Orientation tag.
    vips_image_set_int(image, VIPS_META_ORIENTATION, orientation);
}

struct _VipsImage *rt_vips_print_picture(const char *path, int width, int height, int crop, char **error) {
    *error = NULL;
    VipsSource *source = vips_source_new_from_file(path);
    if (source == NULL) return finish(NULL, error);
    VipsImage *lazy = NULL;
    VipsInteresting interesting = crop ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE;
    int failed = needs_transform(source)
        ? vips_thumbnail_source(source, &lazy, width, "height", height, "size", VIPS_SIZE_DOWN, "crop", interesting,
                                "export_profile", "srgb", "fail_on", VIPS_FAIL_ON_ERROR, "option_string", "fail_on=error", NULL)
        : vips_thumbnail_source(source, &lazy, width, "height", height, "size", VIPS_SIZE_DOWN, "crop", interesting,
                                "fail_on", VIPS_FAIL_ON_ERROR, "option_string", "fail_on=error", NULL);
    g_object_unref(source);
    if (failed) return finish(NULL, error);
    VipsImage *decoded = vips_image_copy_memory(lazy);
    g_object_unref(lazy);
    return finish(decoded, error);
}

int rt_vips_rgb_pixels(struct _VipsImage *image, void **buffer, size_t *length, char **error) {
    *error = NULL;
    *buffer = NULL;
    VipsImage *flat = flattened_on_white(image);
    if (flat == NULL) { finish(NULL, error); return -1; }
    VipsImage *colour = NULL;
    if (vips_colourspace(flat, &colour, VIPS_INTERPRETATION_sRGB, NULL) != 0) {
        g_object_unref(flat);
        finish(NULL, error);
        return -1;
    }
    g_object_unref(flat);
    VipsImage *bytes = NULL;
    if (vips_cast_uchar(colour, &bytes, NULL) != 0) {
        g_object_unref(colour);
        finish(NULL, error);
        return -1;
    }
    g_object_unref(colour);
    if (bytes->Bands != 3) {
        g_object_unref(bytes);
        *error = g_strdup("the image is not three bands of colour");
        return -1;
    }
    *buffer = vips_image_write_to_memory(bytes, length);
    g_object_unref(bytes);
    if (*buffer == NULL) { finish(NULL, error); return -1; }
    return 0;
}

int rt_vips_print_jpeg(const char *path, int *width, int *height, int crop, int quality, void **buffer, size_t *length, char **error) {
    *error = NULL;
    *buffer = NULL;
    *length = 0;
    VipsSource *source = vips_source_new_from_file(path);
    if (source == NULL) return finished(-1, error);
    VipsImage *lazy = NULL;
    VipsInteresting interesting = crop ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE;
    int failed = needs_transform(source)
        ? vips_thumbnail_source(source, &lazy, *width, "height", *height, "size", VIPS_SIZE_DOWN, "crop", interesting,
                                "export_profile", "srgb", "fail_on", VIPS_FAIL_ON_ERROR, "option_string", "fail_on=error", NULL)
        : vips_thumbnail_source(source, &lazy, *width, "height", *height, "size", VIPS_SIZE_DOWN, "crop", interesting,
                                "fail_on", VIPS_FAIL_ON_ERROR, "option_string", "fail_on=error", NULL);
    g_object_unref(source);
    if (failed) return finished(-1, error);
    VipsImage *opaque = flattened_on_white(lazy);
    g_object_unref(lazy);
    if (opaque == NULL) return finished(-1, error);
    *width = opaque->Xsize;
    *height = opaque->Ysize;
    failed = vips_jpegsave_buffer(opaque, buffer, length, "Q", quality, "strip", TRUE, NULL);
    g_object_unref(opaque);
    return finished(failed, error);
}
