// Pictures of one colour at any size and bit depth: what a decode costs depends on the
// header, not on the file's size, and these files show it (a 100-megapixel 16-bit PNG of
// under a megabyte). Used by tests and the memory probe.

#include "CVipsShim.h"

#include <vips/vips.h>

static VipsImage *flat(int width, int height, int bits) {
    VipsImage *black = NULL, *lit = NULL, *cast = NULL;
    if (vips_black(&black, width, height, "bands", 3, NULL) != 0) return NULL;
    double level = bits > 8 ? 40000 : 150;
    int failed = vips_linear1(black, &lit, 1.0, level, NULL)
        || vips_cast(lit, &cast, bits > 8 ? VIPS_FORMAT_USHORT : VIPS_FORMAT_UCHAR, NULL);
    if (lit != NULL) g_object_unref(lit);
    g_object_unref(black);
    if (failed) return NULL;
    // Tells savers the samples are 16-bit RGB rather than 8-bit values held in 16 bits.
    cast->Type = bits > 8 ? VIPS_INTERPRETATION_RGB16 : VIPS_INTERPRETATION_sRGB;
    return cast;
}

int rt_vips_write_flat(const char *path, rt_vips_format format, int width, int height, int bits,
                       int interlaced, char **error) {
    *error = NULL;
    VipsImage *image = flat(width, height, bits);
    int failed = image == NULL;
    if (!failed) {
        switch (format) {
        case RT_VIPS_PNG:
            failed = vips_pngsave(image, path, "interlace", interlaced, "bitdepth", bits > 8 ? 16 : 8, NULL);
            break;
        case RT_VIPS_HEIC:
            // x265 encodes at most 12 bits; libheif decodes those into 16-bit samples.
            failed = vips_heifsave(image, path, "bitdepth", bits > 12 ? 12 : bits, "effort", 0,
                                   "compression", VIPS_FOREIGN_HEIF_COMPRESSION_HEVC, NULL);
            break;
        case RT_VIPS_JPEG:
            failed = vips_jpegsave(image, path, "interlace", interlaced, NULL);
            break;
        case RT_VIPS_WEBP:
            failed = vips_webpsave(image, path, NULL);
            break;
        }
        g_object_unref(image);
    }
    if (failed) *error = vips_error_buffer_copy();
    else vips_error_clear();
    return failed ? -1 : 0;
}

int rt_vips_write_flat_cmyk_jpeg(const char *path, int width, int height, char **error) {
    *error = NULL;
    VipsImage *black = NULL, *inked = NULL, *cast = NULL;
    // Magenta and yellow ink, no cyan or black: red once turned into sRGB.
    double multiply[] = {1, 1, 1, 1}, ink[] = {0, 200, 200, 0};
    int failed = vips_black(&black, width, height, "bands", 4, NULL)
        || vips_linear(black, &inked, multiply, ink, 4, NULL)
        || vips_cast(inked, &cast, VIPS_FORMAT_UCHAR, NULL);
    if (!failed) {
        cast->Type = VIPS_INTERPRETATION_CMYK;
        failed = vips_jpegsave(cast, path, NULL);
    }
    if (cast != NULL) g_object_unref(cast);
    if (inked != NULL) g_object_unref(inked);
    if (black != NULL) g_object_unref(black);
    if (failed) *error = vips_error_buffer_copy();
    else vips_error_clear();
    return failed ? -1 : 0;
}

int rt_vips_write_flat_p3_jpeg(const char *path, int width, int height, double red, double green, double blue,
                               char **error) {
    *error = NULL;
    VipsImage *black = NULL, *lit = NULL, *cast = NULL, *p3 = NULL;
    double multiply[] = {1, 1, 1}, colour[] = {red, green, blue};
    int failed = vips_black(&black, width, height, "bands", 3, NULL)
        || vips_linear(black, &lit, multiply, colour, 3, NULL)
        || vips_cast(lit, &cast, VIPS_FORMAT_UCHAR, NULL);
    if (!failed) {
        cast->Type = VIPS_INTERPRETATION_sRGB;
        failed = vips_icc_transform(cast, &p3, "p3", "input_profile", "srgb", "embedded", FALSE, NULL)
            || vips_jpegsave(p3, path, "Q", 95, NULL);
    }
    VipsImage *made[] = {p3, cast, lit, black};
    for (int i = 0; i < 4; i++) if (made[i] != NULL) g_object_unref(made[i]);
    if (failed) *error = vips_error_buffer_copy();
    else vips_error_clear();
    return failed ? -1 : 0;
}

int rt_vips_band_means(struct _VipsImage *image, double *means, int count) {
    // Into memory once: an image opened for sequential access can be read only once.
    VipsImage *decoded = vips_image_copy_memory(image);
    int failed = decoded == NULL || vips_image_get_bands(decoded) < count;
    for (int band = 0; !failed && band < count; band++) {
        VipsImage *extracted = NULL;
        failed = vips_extract_band(decoded, &extracted, band, NULL) || vips_avg(extracted, &means[band], NULL);
        if (extracted != NULL) g_object_unref(extracted);
    }
    if (decoded != NULL) g_object_unref(decoded);
    vips_error_clear();
    return failed ? -1 : 0;
}
