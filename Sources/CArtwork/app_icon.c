#include "artwork.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The design on a 64-unit square, bottom shape first: the tile, the road, three dashes. */
static const double colours[5][3] = {
    {0x0A, 0x64, 0xD6}, {0x2B, 0x2B, 0x2E}, {0xFF, 0xD2, 0x3F}, {0xFF, 0xD2, 0x3F}, {0xFF, 0xD2, 0x3F},
};
static const double dashes[3][4] = {{31, 18, 2, 6}, {30.5, 29, 3, 7}, {30, 41, 4, 8}}; /* x, top, width, height */

/* The part of the design's row y that shape `index` covers: 1 and [*left, *right), or 0. */
static int span(int index, double y, int maskable, double *left, double *right) {
    if (index == 0) {
        if (maskable) { *left = -1000; *right = 1000; return 1; }
        if (y < 0 || y >= 64) return 0;
        const double radius = 14;
        double dy = fmax(fmax(radius - y, y - (64 - radius)), 0);
        double inset = radius - sqrt(radius * radius - dy * dy);
        *left = inset; *right = 64 - inset;
        return 1;
    }
    if (index == 1) {
        if (y < 14 || y >= 50) return 0;
        double spread = (y - 14) * 14 / 36;
        *left = 28 - spread; *right = 36 + spread;
        return 1;
    }
    const double *dash = dashes[index - 2];
    if (y < dash[1] || y >= dash[1] + dash[3]) return 0;
    *left = dash[0]; *right = dash[0] + dash[2];
    return 1;
}

void rt_draw_app_icon(unsigned char *rgba, int size, int maskable) {
    const int scanlines = 4;
    const double scale = (maskable ? 0.8 : 1.0) * size / 64, offset = maskable ? 0.1 * size : 0;
    /* Premultiplied red, green, blue and coverage: one scanline, and the row's sum of them. */
    double *line = calloc((size_t)size * 4, sizeof(double)), *sum = calloc((size_t)size * 4, sizeof(double));
    memset(rgba, 0, (size_t)size * size * 4);
    if (!line || !sum) { free(line); free(sum); return; }
    for (int row = 0; row < size; row++) {
        memset(sum, 0, (size_t)size * 4 * sizeof(double));
        for (int scanline = 0; scanline < scanlines; scanline++) {
            memset(line, 0, (size_t)size * 4 * sizeof(double));
            double y = (row + (scanline + 0.5) / scanlines - offset) / scale;
            for (int shape = 0; shape < 5; shape++) {
                double left, right;
                if (!span(shape, y, maskable, &left, &right)) continue;
                double start = fmax(left * scale + offset, 0), end = fmin(right * scale + offset, size);
                int last = (int)ceil(end);
                if (last > size) last = size;
                for (int column = (int)start; column < last; column++) {
                    double cover = fmin(end, column + 1) - fmax(start, column);
                    if (cover <= 0) continue;
                    double *pixel = line + column * 4;
                    for (int channel = 0; channel < 3; channel++) pixel[channel] = colours[shape][channel] * cover + pixel[channel] * (1 - cover);
                    pixel[3] = cover + pixel[3] * (1 - cover);
                }
            }
            for (int index = 0; index < size * 4; index++) sum[index] += line[index];
        }
        for (int column = 0; column < size; column++) {
            double coverage = sum[column * 4 + 3];
            if (coverage <= 0) continue;
            unsigned char *out = rgba + ((size_t)row * size + column) * 4;
            /* Straight (not premultiplied) colour, coverage as alpha. */
            for (int channel = 0; channel < 3; channel++) out[channel] = (unsigned char)fmin(255, round(sum[column * 4 + channel] / coverage));
            out[3] = (unsigned char)fmin(255, round(coverage * 255 / scanlines));
        }
    }
    free(line);
    free(sum);
}
