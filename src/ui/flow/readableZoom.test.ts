import { describe, expect, it } from 'vitest';
import { NODE_FONT } from '../../core/view';
import { boundsOf, readableZoom } from './readableZoom';

describe('readableZoom', () => {
  it('is the zoom that draws a 13 px name at 12 px on a screen and 16 px when presenting', () => {
    expect(readableZoom(false, 13) * 13).toBeCloseTo(12, 6);
    expect(readableZoom(true, 13) * 13).toBeCloseTo(16, 6);
  });
  it('uses the layout font size before a node is drawn', () => {
    expect(readableZoom(false, null) * NODE_FONT.title.size).toBeCloseTo(12, 6);
  });
});

describe('boundsOf', () => {
  const positions = {
    a: { x: 10, y: 20, width: 100, height: 40 },
    b: { x: 300, y: -5, width: 50, height: 30 },
  };
  it('boxes the named nodes and skips unknown ids', () => {
    expect(boundsOf(['a', 'b', 'nope'], positions)).toEqual({ x: 10, y: -5, width: 340, height: 65 });
  });
  it('is null when no id has a position', () => {
    expect(boundsOf(['nope'], positions)).toBeNull();
    expect(boundsOf([], positions)).toBeNull();
  });
});
