#include <stddef.h>
#include <libexif/exif-data.h>
#include <libexif/exif-loader.h>
#include <libexif/exif-utils.h>
#include <libexif/exif-entry.h>
#include <libexif/exif-content.h>
#include <libexif/exif-mem.h>
#include <libexif/exif-tag.h>

// ExifData's `ifd` member is a fixed C array, which Swift imports as a tuple;
// this lets Swift index it by ExifIfd instead of unpacking the tuple.
static inline ExifContent *rt_exif_content(ExifData *data, ExifIfd ifd) {
    if (data == NULL || ifd < 0 || ifd >= EXIF_IFD_COUNT) return NULL;
    return data->ifd[ifd];
}
