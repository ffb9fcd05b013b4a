/**
 * Success and error texts that stay readable on any palette (issue 51 item 3): a page that sets its
 * own background (`--invoice-pay-background`) without `--invoice-pay-success` / `-danger` would
 * leave "Payment Successful!" #166534 on it (2.5:1 on the theming example's dark page). Once the
 * panel is laid out, each of the two colours is compared with the panel's background and, below
 * 4.5:1, moved toward white or black until it reads (core/contrast.ts), as `--_fit-*` on the panel.
 */
import { contrastRatio, readableAccentOn } from '../../../core/contrast.ts';

const HEX = /^#[0-9a-f]{6}$/i;

/** `rgb(r, g, b)` (a computed colour) as #rrggbb, or null for anything else (transparent, …). */
function hexOf(rgb: string): string | null {
  const m = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(rgb);
  return m
    ? `#${m
        .slice(1, 4)
        .map((v) => Number(v).toString(16).padStart(2, '0'))
        .join('')}`
    : null;
}

export function fitColours(panel: HTMLElement): void {
  panel.style.removeProperty('--_fit-success');
  panel.style.removeProperty('--_fit-danger');
  const style = getComputedStyle(panel);
  const background = hexOf(style.backgroundColor);
  if (!background) return;
  for (const [name, fit] of [
    ['--_success', '--_fit-success'],
    ['--_danger', '--_fit-danger'],
  ] as const) {
    const colour = style.getPropertyValue(name).trim();
    if (HEX.test(colour) && contrastRatio(colour, background) < 4.5)
      panel.style.setProperty(fit, readableAccentOn(colour, background));
  }
}
