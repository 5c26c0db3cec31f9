// The geometry of a page curl, in the stage's pixels: a sheet folds along a line; the part on
// one side stays flat, the part on the other is reflected across the line (the back of the
// sheet). Pure functions, no DOM: page-turn.js draws with them, the tests read what they made.

/** The part of a convex polygon (points {x, y}) on the side of the line through `point` with
 * normal `normal` where (p − point)·normal ≤ 0 (`keep` −1), or > 0 (`keep` +1). */
export function clipToSide(polygon, point, normal, keep) {
  const side = (p) => keep * ((p.x - point.x) * normal.x + (p.y - point.y) * normal.y);
  const kept = [];
  for (let index = 0; index < polygon.length; index += 1) {
    const current = polygon[index];
    const next = polygon[(index + 1) % polygon.length];
    const a = side(current);
    const b = side(next);
    if (a >= 0) kept.push(current);
    if ((a >= 0) !== (b >= 0)) {
      const t = a / (a - b);
      kept.push({ x: current.x + (next.x - current.x) * t, y: current.y + (next.y - current.y) * t });
    }
  }
  return kept;
}

/** The part of a convex polygon inside a box {left, top, width, height}. */
export function clipToBox(polygon, { left, top, width, height }) {
  let kept = polygon;
  kept = clipToSide(kept, { x: left, y: top }, { x: -1, y: 0 }, -1);
  kept = clipToSide(kept, { x: left + width, y: top }, { x: 1, y: 0 }, -1);
  kept = clipToSide(kept, { x: left, y: top }, { x: 0, y: -1 }, -1);
  return clipToSide(kept, { x: left, y: top + height }, { x: 0, y: 1 }, -1);
}

/** The smallest box {left, top, width, height} holding all of `boxes`. */
export function union(boxes) {
  const left = Math.min(...boxes.map((b) => b.left));
  const top = Math.min(...boxes.map((b) => b.top));
  const right = Math.max(...boxes.map((b) => b.left + b.width));
  const bottom = Math.max(...boxes.map((b) => b.top + b.height));
  return { left, top, width: right - left, height: bottom - top };
}

/** A rectangle {left, top, width, height} as a polygon, clockwise from its top left corner. */
export function rectangle({ left, top, width, height }) {
  return [
    { x: left, y: top },
    { x: left + width, y: top },
    { x: left + width, y: top + height },
    { x: left, y: top + height },
  ];
}

/** An affine map p ↦ (a·x + c·y + e, b·x + d·y + f), as CSS's matrix() orders it. */
export const identity = { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 };

export function apply(m, p) {
  return { x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f };
}

/** `outer` after `inner`: p ↦ outer(inner(p)). */
export function compose(outer, inner) {
  return {
    a: outer.a * inner.a + outer.c * inner.b,
    b: outer.b * inner.a + outer.d * inner.b,
    c: outer.a * inner.c + outer.c * inner.d,
    d: outer.b * inner.c + outer.d * inner.d,
    e: outer.a * inner.e + outer.c * inner.f + outer.e,
    f: outer.b * inner.e + outer.d * inner.f + outer.f,
  };
}

/** The reflection across the line through `point` with unit normal `normal`. */
export function reflection(point, normal) {
  const { x: nx, y: ny } = normal;
  const distance = 2 * (point.x * nx + point.y * ny);
  return { a: 1 - 2 * nx * nx, b: -2 * nx * ny, c: -2 * nx * ny, d: 1 - 2 * ny * ny, e: distance * nx, f: distance * ny };
}

/** The mirror image across the vertical line x = `at` (a spread's spine). */
export function mirrorAcross(at) {
  return { a: -1, b: 0, c: 0, d: 1, e: 2 * at, f: 0 };
}

/** A map of stage points as a CSS transform of an element whose box starts at `origin` (stage
 * pixels) and whose transform-origin is its top left corner. */
export function transformCSS(m, origin) {
  const moved = apply(m, origin);
  const round = (value) => Math.round(value * 10000) / 10000;
  return `matrix(${round(m.a)}, ${round(m.b)}, ${round(m.c)}, ${round(m.d)}, ${round(moved.x - origin.x)}, ${round(moved.y - origin.y)})`;
}

/** A polygon of stage points as a CSS clip-path of an element whose box starts at `origin`;
 * nothing at all for an empty one. */
export function clipCSS(polygon, origin) {
  if (polygon.length < 3) return "polygon(0 0, 0 0, 0 0)";
  return `polygon(${polygon.map((p) => `${(p.x - origin.x).toFixed(2)}px ${(p.y - origin.y).toFixed(2)}px`).join(", ")})`;
}

/** The fold of a turn `progress` (0 to 1) of the way: where it crosses the middle of the sheet
 * across the turn (`across`), its unit normal (pointing to the side that is folded over), and
 * its angle. `start` and `end` are where the fold is at 0 and at 1, along the turn's axis
 * (x, or y when `vertical`); `tilt` (radians) leans it. */
export function fold({ progress, start, end, across, tilt = 0, vertical = false }) {
  const at = start + (end - start) * progress;
  const sign = Math.sign(start - end) || 1; // the folded part lies towards where the fold started
  const along = { x: sign * Math.cos(tilt), y: sign * Math.sin(tilt) };
  return vertical
    ? { point: { x: across, y: at }, normal: { x: along.y, y: along.x } }
    : { point: { x: at, y: across }, normal: along };
}
