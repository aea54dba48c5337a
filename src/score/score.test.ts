import { describe, expect, it } from 'vitest';
import { COMMENT_GROUP } from '../names/index.ts';
import type { Segment } from '../segments/index.ts';
import { FEATURES } from './features.ts';
import { luoSign, pageStyle, shares } from './index.ts';

const BODY = { size: 18, color: 'rgb(17, 17, 17)' };
const LINK_BLUE = 'rgb(0, 0, 238)';

/** A segment made of runs [chars, size, colour, isLink]. The DOM fields are unused by scoring. */
function seg(runs: [number, number, string, boolean][]): Segment {
  const length = runs.reduce((n, r) => n + r[0], 0);
  return {
    index: 0,
    block: {} as Element,
    raw: 'x'.repeat(length),
    text: null,
    length,
    linkChars: runs.filter((r) => r[3]).reduce((n, r) => n + r[0], 0),
    runs: {
      node: runs.map(() => null),
      chars: runs.map((r) => r[0]),
      size: runs.map((r) => r[1]),
      color: runs.map((r) => r[2]),
      link: runs.map((r) => r[3]),
    },
    from: 0,
    to: runs.length,
    heading: 0,
    context: 'p',
    flagged: null,
    article: null,
    floated: false,
    hrBefore: false,
  };
}

describe('pageStyle', () => {
  it('ignores link text, so link blue never becomes the body colour', () => {
    // A navigation-heavy page without its CSS: more link characters than paragraph characters.
    const nav = Array.from({ length: 40 }, () => seg([[30, 16, LINK_BLUE, true]]));
    const paragraphs = Array.from({ length: 5 }, () => seg([[200, BODY.size, BODY.color, false]]));
    expect(pageStyle([...nav, ...paragraphs])).toEqual({ fontSize: BODY.size, color: BODY.color });
  });
  it('weights by segment length: one long paragraph outvotes many short items', () => {
    const menu = Array.from({ length: 30 }, () => seg([[12, 14, 'rgb(80, 80, 80)', false]]));
    const article = [seg([[400, BODY.size, BODY.color, false]])];
    expect(pageStyle([...menu, ...article]).fontSize).toBe(BODY.size);
  });
});

describe('Luo score', () => {
  const style = { fontSize: BODY.size, color: BODY.color };
  it('scores a body paragraph +1', () => {
    expect(luoSign(shares(seg([[300, 18, BODY.color, false]]), style))).toBe(1);
  });
  it('keeps a paragraph with a few inline links +1 (link share ≤ 0.5)', () => {
    const s = seg([
      [150, 18, BODY.color, false],
      [40, 18, LINK_BLUE, true],
      [100, 18, BODY.color, false],
    ]);
    expect(shares(s, style).link).toBeCloseTo(40 / 290);
    expect(luoSign(shares(s, style))).toBe(1);
  });
  it('scores a link list −1', () => {
    expect(luoSign(shares(seg([[60, 18, LINK_BLUE, true]]), style))).toBe(-1);
  });
  it('scores text at another size −1 (p_size < 0.7)', () => {
    expect(luoSign(shares(seg([[80, 13, BODY.color, false]]), style))).toBe(-1);
  });
  it('needs only a fifth of the text in the body colour (p_color ≥ 0.2)', () => {
    const mostlyGrey = seg([
      [25, 18, BODY.color, false],
      [75, 18, 'rgb(90, 90, 90)', false],
    ]);
    expect(luoSign(shares(mostlyGrey, style))).toBe(1);
    const allGrey = seg([[100, 18, 'rgb(90, 90, 90)', false]]);
    expect(luoSign(shares(allGrey, style))).toBe(-1);
  });
  it('treats sizes within half a pixel as the body size', () => {
    expect(luoSign(shares(seg([[100, 18.4, BODY.color, false]]), style))).toBe(1);
  });
});

describe('the name features', () => {
  it('masks the comment name group by its bit (names/ COMMENT_GROUP)', () => {
    const groups = FEATURES.filter((f) => f.startsWith('name '));
    expect(1 << groups.indexOf('name comment')).toBe(COMMENT_GROUP);
  });
});
