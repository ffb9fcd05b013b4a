/**
 * Text that stays readable on any colour (WCAG 2.x): the relative luminance of an sRGB `#rrggbb`
 * colour, the contrast ratio of two colours, and the foreground — black or white, whichever
 * contrasts more — for text on a background such as a merchant's brand colour.
 *
 * @example readableOn('#0f5132') // '#ffffff'; readableOn('#ffd60a') // '#000000'
 */
function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function luminance(hex: string): number {
  const n = Number.parseInt(hex.replace(/^#/, ''), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever has the higher contrast on `background` (at least 4.5:1 for most colours). */
export function readableOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#000000') ? '#ffffff' : '#000000';
}

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/**
 * `colour` moved toward white on a dark `background`, toward black on a light one (in steps of
 * 5 %), until text of it reads at 4.5:1 there: a merchant's brand colour as the accent of either
 * theme, keeping its hue.
 *
 * @example readableAccentOn('#0b1f4d', '#161b19') // a light blue of the same hue
 * @example readableAccentOn('#ffd60a', '#ffffff') // a dark yellow
 */
export function readableAccentOn(colour: string, background: string): string {
  const n = Number.parseInt(colour.replace(/^#/, ''), 16);
  const rgb = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  const toward = luminance(background) < 0.18 ? 255 : 0;
  for (let step = 0; step <= 20; step++) {
    const mixed = `#${rgb.map((c) => hex(c + ((toward - c) * step) / 20)).join('')}`;
    if (contrastRatio(mixed, background) >= 4.5) return mixed;
  }
  return toward ? '#ffffff' : '#000000';
}
