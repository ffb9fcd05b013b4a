import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOn } from '../../../core/contrast.ts';

describe('readable text on a brand colour', () => {
  it('takes white on dark colours and black on light ones', () => {
    expect(readableOn('#0f5132')).toBe('#ffffff');
    expect(readableOn('#1e3a8a')).toBe('#ffffff');
    expect(readableOn('#ffd60a')).toBe('#000000');
    expect(readableOn('#ffffff')).toBe('#000000');
  });

  it('reaches the better of the two contrasts for every grey and primary, at least 4.5:1 for each', () => {
    const colours = ['#000000', '#777777', '#808080', '#ff0000', '#00ff00', '#0000ff', '#ff8800', '#123456'];
    for (const c of colours) {
      const chosen = contrastRatio(c, readableOn(c));
      expect(chosen, c).toBeGreaterThanOrEqual(
        Math.max(contrastRatio(c, '#000000'), contrastRatio(c, '#ffffff')),
      );
      expect(chosen, c).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
