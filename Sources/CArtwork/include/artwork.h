#ifndef RT_ARTWORK_H
#define RT_ARTWORK_H

/// RoadTrip's icon (Assets/icon.svg: a blue tile with rounded corners, a road running to the
/// horizon, its yellow centre line) drawn into `rgba`, `size` × `size` pixels of 8-bit RGBA, row
/// by row, with smooth edges. `maskable`: the tile fills the square and the drawing keeps to its
/// middle 80 %. In C because a debug build of Swift took three seconds of every start for it.
void rt_draw_app_icon(unsigned char *rgba, int size, int maskable);

#endif
