import { describe, expect, it } from '@jest/globals';
import { canRedo, canUndo, change, commit, historyOf, preview, redo, undo } from './history';
import { gridPositions, snapAxis, snapEdge } from './snap';

describe('the designer’s undo history', () => {
  it('given a drag (many live changes) then a commit, when undone, then one step goes back to before the drag, and redo brings it back', () => {
    let h = historyOf({ x: 0 });
    h = change(h, { x: 10 });
    for (const x of [11, 15, 40]) h = preview(h, { x });
    h = commit(h);
    expect(h.past).toEqual([{ x: 0 }, { x: 10 }]);
    h = undo(h);
    expect(h.present).toEqual({ x: 10 });
    expect(canRedo(h)).toBe(true);
    h = redo(h);
    expect(h.present).toEqual({ x: 40 });
    h = undo(undo(h));
    expect([h.present, canUndo(h)]).toEqual([{ x: 0 }, false]);
  });

  it('given an undone step, when something new changes, then the redo steps are gone', () => {
    let h = change(change(historyOf(1), 2), 3);
    h = change(undo(h), 9);
    expect([h.past, h.present, h.future]).toEqual([[1, 2], 9, []]);
  });

  it('given a gesture that moved nothing, then no step is added', () => {
    const start = historyOf({ x: 1 });
    const h = commit(preview(start, start.present));
    expect(h.past).toEqual([]);
  });
});

describe('snapping to grid lines', () => {
  it('given 3 grid lines across 400 px, then they are at 100, 200 and 300; none without lines', () => {
    expect(gridPositions(400, 3)).toEqual([100, 200, 300]);
    expect(gridPositions(400, 0)).toEqual([]);
  });

  it('given an edge within 8 px of a line, then the box moves onto it (start, end or centre); further away it stays', () => {
    expect(snapAxis(95, 50, 400, 3)).toBe(100);
    expect(snapAxis(146, 50, 400, 3)).toBe(150);
    expect(snapAxis(172, 50, 400, 3)).toBe(175);
    expect(snapAxis(120, 50, 400, 3)).toBe(120);
    expect(snapAxis(95.4, 50, 400, 0)).toBe(95);
  });

  it('given a resized edge within 8 px of a line, then the size reaches the line', () => {
    expect(snapEdge(20, 176, 400, 3)).toBe(180);
    expect(snapEdge(20, 150, 400, 3)).toBe(150);
  });
});
