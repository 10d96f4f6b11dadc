/** Grid lines across an axis of `length` px: `count` lines split it into count + 1 equal parts. */
export const gridPositions = (length: number, count: number): number[] =>
  Array.from({ length: Math.max(0, Math.floor(count)) }, (_, i) => (length * (i + 1)) / (count + 1));

/** How close (px on the template) an edge must come to a grid line, or the canvas's own edges, to snap. */
export const SNAP_DISTANCE = 8;

/**
 * Snaps a box's start or end (or centre) to the nearest line within SNAP_DISTANCE: the canvas's edges
 * and centre always, the grid lines when there are any. Answers the moved start.
 */
export function snapAxis(start: number, size: number, length: number, gridLines: number): number {
  if (gridLines <= 0) return Math.round(start);
  const lines = [0, length, ...gridPositions(length, gridLines)];
  let best = Math.round(start);
  let distance = SNAP_DISTANCE + 1;
  for (const line of lines) {
    for (const [edge, offset] of [[start, 0], [start + size, size], [start + size / 2, size / 2]] as const) {
      const d = Math.abs(edge - line);
      if (d < distance) {
        distance = d;
        best = Math.round(line - offset);
      }
    }
  }
  return best;
}

/** A resized edge snaps to the nearest line within SNAP_DISTANCE: answers the new size. */
export function snapEdge(start: number, size: number, length: number, gridLines: number): number {
  if (gridLines <= 0) return Math.max(1, Math.round(size));
  const end = start + size;
  const lines = [0, length, ...gridPositions(length, gridLines)];
  let best = end;
  let distance = SNAP_DISTANCE + 1;
  for (const line of lines) {
    const d = Math.abs(end - line);
    if (d < distance && line > start) {
      distance = d;
      best = line;
    }
  }
  return Math.max(1, Math.round(best - start));
}
