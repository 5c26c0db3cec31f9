// A whole read of a JPEG's entropy-coded data through libjpeg itself, because libvips
// (8.14) reports a scan that a marker cuts short only as a warning, and treating every
// libjpeg warning as fatal would refuse sound photos (stray bytes before a marker are
// common in camera files and harmless).

#include "CVipsShim.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>
#include <glib.h>

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf failed;
    int damaged;
    char message[JMSG_LENGTH_MAX];
} checker;

static void on_error(j_common_ptr info) {
    checker *check = (checker *) info->err;
    check->damaged = 1;
    (*info->err->format_message)(info, check->message);
    longjmp(check->failed, 1);
}

// Warnings that mean pixels are missing or wrong: the data ran out, a marker came before
// the scan was complete, or the entropy-coded data is corrupt.
static int means_damage(int code) {
    return code == JWRN_JPEG_EOF || code == JWRN_HIT_MARKER || code == JWRN_HUFF_BAD_CODE
        || code == JWRN_MUST_RESYNC;
}

static void on_message(j_common_ptr info, int level) {
    checker *check = (checker *) info->err;
    if (level >= 0 || check->damaged || !means_damage(info->err->msg_code)) return;
    check->damaged = 1;
    (*info->err->format_message)(info, check->message);
}

int rt_jpeg_check_complete(const char *path, size_t max_memory, char **error) {
    *error = NULL;
    FILE *file = fopen(path, "rbe");
    if (file == NULL) return -1;
    struct jpeg_decompress_struct info;
    checker check;
    memset(&check, 0, sizeof check);
    info.err = jpeg_std_error(&check.manager);
    check.manager.error_exit = on_error;
    check.manager.emit_message = on_message;
    // volatile: read after longjmp.
    JSAMPARRAY volatile row = NULL;
    if (setjmp(check.failed) == 0) {
        jpeg_create_decompress(&info);
        // libjpeg-turbo has no backing store: a cap makes a progressive file whose
        // coefficients need more than the decode was granted fail instead of allocating.
        if (max_memory > 0) info.mem->max_memory_to_use = (long) max_memory;
        jpeg_stdio_src(&info, file);
        jpeg_read_header(&info, TRUE);
        info.scale_num = 1;
        info.scale_denom = 8;
        info.dct_method = JDCT_IFAST;
        info.do_fancy_upsampling = FALSE;
        jpeg_start_decompress(&info);
        row = (*info.mem->alloc_sarray)((j_common_ptr) &info, JPOOL_IMAGE,
                                        info.output_width * info.output_components, 1);
        while (!check.damaged && info.output_scanline < info.output_height)
            jpeg_read_scanlines(&info, row, 1);
        if (!check.damaged) jpeg_finish_decompress(&info);
    }
    jpeg_destroy_decompress(&info);
    fclose(file);
    if (!check.damaged) return 0;
    *error = g_strdup(check.message);
    return 1;
}
