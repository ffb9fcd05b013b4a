import { describe, expect, it } from 'vitest';
import { contrastRatio, readableAccentOn, readableOn } from '../../../core/contrast.ts';

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

describe("a brand colour as a dark theme's accent", () => {
  const PANEL = '#161b19';
  it('lightens a dark brand colour until it reads at 4.5:1 on the dark panel, keeping its hue', () => {
    for (const brand of ['#0b1f4d', '#0f5132', '#b42318', '#000000', '#5b2a86']) {
      const accent = readableAccentOn(brand, PANEL);
      expect(contrastRatio(accent, PANEL), brand).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(accent, readableOn(accent)), brand).toBeGreaterThanOrEqual(4.5);
    }
    const navy = readableAccentOn('#0b1f4d', PANEL);
    expect(navy).not.toBe('#ffffff');
    const [r, , b] = [1, 3, 5].map((i) => parseInt(navy.slice(i, i + 2), 16));
    expect(b).toBeGreaterThan(r); // still blue
  });
  it('keeps a colour that already reads, and darkens a light one for a white panel', () => {
    expect(readableAccentOn('#ffd60a', PANEL)).toBe('#ffd60a');
    expect(readableAccentOn('#0f5132', '#ffffff')).toBe('#0f5132');
    const yellow = readableAccentOn('#ffd60a', '#ffffff');
    expect(contrastRatio(yellow, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(yellow).not.toBe('#000000');
  });
});
