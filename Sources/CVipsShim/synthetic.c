// A generated landscape for demos, tests and benchmarks: a sky gradient, a sun with
// its glow, soft clouds and three hill ridges fading into haze. The composition is
// drawn in C at no more than 1024 px on its long side (cheap even in a debug build),
// then enlarged by libvips and given a faint grain, so a 24 MP picture costs about
// what saving it costs and compresses like a photo rather than like a flat drawing.

#include "CVipsShim.h"

#include <math.h>
#include <stdlib.h>
#include <vips/vips.h>

typedef struct { float r, g, b; } colour;

static uint64_t next_random(uint64_t *state) { // splitmix64
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static float uniform(uint64_t *state, float low, float high) {
    return low + (high - low) * (float) (next_random(state) >> 40) / (float) (1ull << 24);
}

static colour from_hsv(float hue, float saturation, float value) {
    hue = (hue - floorf(hue)) * 6.0f;
    float c = value * saturation, x = c * (1.0f - fabsf(fmodf(hue, 2.0f) - 1.0f)), m = value - c;
    colour k;
    switch ((int) hue) {
    case 0: k = (colour){c, x, 0}; break;
    case 1: k = (colour){x, c, 0}; break;
    case 2: k = (colour){0, c, x}; break;
    case 3: k = (colour){0, x, c}; break;
    case 4: k = (colour){x, 0, c}; break;
    default: k = (colour){c, 0, x}; break;
    }
    return (colour){(k.r + m) * 255.0f, (k.g + m) * 255.0f, (k.b + m) * 255.0f};
}

static colour mix(colour a, colour b, float t) {
    return (colour){a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t};
}

static float clamp01(float x) { return x < 0 ? 0 : (x > 1 ? 1 : x); }

typedef struct { float base, amplitude, frequency, phase, ripple; colour tint; } ridge;
typedef struct { float x, y, rx, ry; } cloud;

typedef struct {
    colour sky_top, horizon, sun;
    float sun_x, sun_y, sun_radius;
    cloud clouds[3];
    ridge ridges[3];
} scene;

static scene make_scene(uint64_t seed) {
    uint64_t s = seed;
    scene k;
    float hue = uniform(&s, 0, 1);
    k.sky_top = from_hsv(hue + 0.55f, 0.55f, 0.62f);
    k.horizon = from_hsv(hue + 0.08f, 0.38f, 0.98f);
    k.sun = from_hsv(hue + 0.12f, 0.22f, 1.0f);
    k.sun_x = uniform(&s, 0.2f, 0.8f);
    k.sun_y = uniform(&s, 0.18f, 0.42f);
    k.sun_radius = uniform(&s, 0.05f, 0.1f);
    for (int i = 0; i < 3; i++)
        k.clouds[i] = (cloud){uniform(&s, 0, 1), uniform(&s, 0.08f, 0.35f),
                              uniform(&s, 0.12f, 0.25f), uniform(&s, 0.025f, 0.05f)};
    for (int i = 0; i < 3; i++) {
        colour land = from_hsv(hue + uniform(&s, 0.25f, 0.45f), 0.35f + 0.15f * i, 0.72f - 0.2f * i);
        k.ridges[i] = (ridge){0.52f + 0.12f * i + uniform(&s, 0, 0.05f), uniform(&s, 0.04f, 0.09f),
                              uniform(&s, 1, 3), uniform(&s, 0, 6.283f), uniform(&s, 0.01f, 0.03f),
                              mix(land, k.horizon, 0.5f - 0.25f * i)};
    }
    return k;
}

static colour shade(const scene *k, float u, float v, float aspect, float pixel) {
    colour c = mix(k->sky_top, k->horizon, clamp01(v / 0.7f));
    float dx = (u - k->sun_x) * aspect, dy = v - k->sun_y, d = sqrtf(dx * dx + dy * dy);
    float glow = expf(-(d * d) / (9 * k->sun_radius * k->sun_radius));
    c = mix(c, k->sun, 0.55f * glow);
    c = mix(c, k->sun, clamp01((k->sun_radius - d) / pixel + 0.5f));
    for (int i = 0; i < 3; i++) {
        const cloud *o = &k->clouds[i];
        float cx = (u - o->x) / o->rx, cy = (v - o->y) / o->ry;
        c = mix(c, (colour){250, 250, 252}, 0.35f * expf(-2 * (cx * cx + cy * cy)));
    }
    for (int i = 0; i < 3; i++) {
        const ridge *r = &k->ridges[i];
        float top = r->base + r->amplitude * sinf(r->frequency * 6.283f * u + r->phase)
                  + r->ripple * sinf(r->frequency * 23.0f * u + 2 * r->phase);
        float depth = clamp01((v - top) / 0.4f);
        colour land = mix(r->tint, (colour){r->tint.r * 0.6f, r->tint.g * 0.6f, r->tint.b * 0.6f}, depth);
        c = mix(c, land, clamp01((v - top) / pixel + 0.5f)); // anti-aliased ridge line
    }
    return c;
}

// Returns the composition at small × small-ish size as float RGB, or NULL.
static VipsImage *draw(uint64_t seed, int width, int height) {
    scene k = make_scene(seed);
    float aspect = (float) width / (float) height;
    float *pixels = malloc(sizeof(float) * 3 * (size_t) width * (size_t) height);
    if (pixels == NULL) return NULL;
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) {
            colour c = shade(&k, (x + 0.5f) / width, (y + 0.5f) / height, aspect, 1.0f / height);
            float *p = pixels + 3 * ((size_t) y * width + x);
            p[0] = c.r, p[1] = c.g, p[2] = c.b;
        }
    VipsImage *image = vips_image_new_from_memory_copy(pixels, sizeof(float) * 3 * (size_t) width * height,
                                                      width, height, 3, VIPS_FORMAT_FLOAT);
    free(pixels);
    return image;
}

// Each step takes over `*image`: it is replaced by the step's output, or dropped on failure.
static int step(VipsImage **image, int failed, VipsImage *out) {
    g_object_unref(*image);
    *image = failed ? NULL : out;
    if (failed && out != NULL) g_object_unref(out);
    return failed ? -1 : 0;
}

static VipsImage *composed(int width, int height, uint64_t seed);

// Adds Gaussian noise made at 1/`scale` of the size and enlarged, so its blotches are about
// `scale` pixels across. Takes over `*image` as step() does.
static int add_noise(VipsImage **image, int width, int height, int scale, double sigma, uint64_t seed) {
    int noise_width = width / scale > 0 ? width / scale : 1, noise_height = height / scale > 0 ? height / scale : 1;
    VipsImage *noise = NULL, *out = NULL;
    if (vips_gaussnoise(&noise, noise_width, noise_height, "sigma", sigma, "mean", 0.0,
                        "seed", (int) (seed & 0x7fffffff), NULL))
        return step(image, -1, NULL);
    if (noise_width != width || noise_height != height) {
        if (step(&noise, vips_resize(noise, &out, (double) width / noise_width,
                                     "vscale", (double) height / noise_height, NULL), out)
            || step(&noise, vips_embed(noise, &out, 0, 0, width, height, "extend", VIPS_EXTEND_COPY, NULL), out))
            return step(image, -1, NULL);
    }
    int failed = vips_add(*image, noise, &out, NULL);
    g_object_unref(noise);
    return step(image, failed, out);
}

struct _VipsImage *rt_vips_synthetic(int width, int height, uint64_t seed, char **error) {
    VipsImage *image = composed(width, height, seed);
    *error = image == NULL ? vips_error_buffer_copy() : NULL;
    return image;
}

static VipsImage *composed(int width, int height, uint64_t seed) {
    if (width < 1 || height < 1) {
        vips_error("rt_vips_synthetic", "%d × %d is not a picture size", width, height);
        return NULL;
    }
    int longest = width > height ? width : height;
    double scale = longest > 1024 ? 1024.0 / longest : 1.0;
    int small_width = (int) fmax(1, round(width * scale)), small_height = (int) fmax(1, round(height * scale));
    VipsImage *image = draw(seed, small_width, small_height), *out = NULL;
    if (image == NULL) return NULL;
    if (small_width != width || small_height != height) {
        if (step(&image, vips_resize(image, &out, (double) width / small_width,
                                     "vscale", (double) height / small_height, NULL), out)) return NULL;
        // Rounding inside vips_resize can leave a pixel more or less; make the size exact.
        if (step(&image, vips_embed(image, &out, 0, 0, width, height,
                                    "extend", VIPS_EXTEND_COPY, NULL), out)) return NULL;
    }
    // Two layers of noise, the only detail a photo has that the drawing lacks: a blotchy
    // texture about 12 px across (foliage, rock, haze; it survives into previews) and a
    // fine grain (sensor noise; it sets a full-size JPEG's weight).
    if (add_noise(&image, width, height, 12, 3.5, seed ^ 0x5DEECE66Dull)) return NULL;
    if (add_noise(&image, width, height, 1, 2.5, seed)) return NULL;
    if (step(&image, vips_cast(image, &out, VIPS_FORMAT_UCHAR, NULL), out)) return NULL;
    if (step(&image, vips_copy(image, &out, "interpretation", VIPS_INTERPRETATION_sRGB, NULL), out)) return NULL;
    return image;
}
