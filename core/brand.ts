/**
 * A merchant's branding on the hosted pay page (the console validates with the same rules the API
 * enforces): a logo at an https URL, and a brand colour #rrggbb that is the widget's accent — white
 * text on buttons of that colour, and that colour as link text on white, so it must reach WCAG AA
 * (4.5:1) against white.
 */
export const BRAND_COLOR_PATTERN = /^#[0-9a-f]{6}$/i;
export const MIN_BRAND_CONTRAST = 4.5;
export const MAX_LOGO_URL_LENGTH = 2000;

/** WCAG 2 relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/**
 * WCAG 2 contrast ratio of two #rrggbb colours (1 to 21).
 *
 * @example
 * contrastRatio('#0f5132', '#ffffff'); // ≈ 9.1
 */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export type BrandColorProblem = 'format' | 'contrast';

/** Why a brand colour cannot be used, or null. */
export function brandColorProblem(value: string): BrandColorProblem | null {
  if (!BRAND_COLOR_PATTERN.test(value)) return 'format';
  return contrastRatio(value, '#ffffff') < MIN_BRAND_CONTRAST ? 'contrast' : null;
}

/** An https URL with a host and no credentials in it. */
export function isHttpsUrl(value: string): boolean {
  if (value.length > MAX_LOGO_URL_LENGTH) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && Boolean(url.hostname) && !url.username && !url.password;
  } catch {
    return false;
  }
}
