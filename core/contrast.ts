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
