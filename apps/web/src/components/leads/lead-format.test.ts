import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LEAD_TYPES } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { LEAD_TYPE_COLOURS, leadTypeColours } from './lead-format';

// The stylesheet as written (Vitest hands CSS imports to tests empty).
const styles = readFileSync(path.join(import.meta.dirname, '../../styles.css'), 'utf8');

/** `--color-lead-x: #rrggbb;` of the theme, by token name. */
const tokens = new Map(
  [...styles.matchAll(/--color-([a-z0-9-]+):\s*(#[0-9a-f]{6});/gi)].map(([, name, hex]) => [name!, hex!]),
);

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The theme token a class like `text-lead-fsbo` or `border-lead-fsbo/35` names. */
const tokenOf = (classes: string, prefix: string) =>
  classes
    .split(' ')
    .find((name) => name.startsWith(prefix))
    ?.slice(prefix.length)
    .replace(/\/\d+$/, '');

describe('lead type colours', () => {
  it('gives every lead type its own hue, the same in badges and charts', () => {
    const texts = LEAD_TYPES.map((type) => tokenOf(LEAD_TYPE_COLOURS[type].badge, 'text-'));
    expect(new Set(texts).size).toBe(LEAD_TYPES.length);
    for (const type of LEAD_TYPES) {
      const colours = LEAD_TYPE_COLOURS[type];
      const strong = tokenOf(colours.badge, 'text-');
      expect(strong).toMatch(/^lead-/);
      // Bars and swatches are painted in the type's text colour.
      expect(tokenOf(colours.fill, 'text-')).toBe(strong);
      expect(colours.fill.split(' ')).toContain('fill-current');
      expect(tokenOf(colours.swatch, 'text-')).toBe(strong);
      expect(colours.swatch.split(' ')).toContain('bg-current');
      expect(tokenOf(colours.badge, 'bg-')).toBe(`${strong}-soft`);
    }
  });

  it('defines each colour as a theme token with readable text (4.5:1) and visible fills (3:1)', () => {
    for (const type of LEAD_TYPES) {
      const strong = tokenOf(LEAD_TYPE_COLOURS[type].badge, 'text-')!;
      const text = tokens.get(strong);
      const soft = tokens.get(`${strong}-soft`);
      expect(text, `--color-${strong}`).toBeDefined();
      expect(soft, `--color-${strong}-soft`).toBeDefined();
      expect(contrast(text!, soft!), type).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text!, '#ffffff'), type).toBeGreaterThanOrEqual(3);
    }
  });

  it('shows a type it does not know in grey rather than borrowing a hue', () => {
    expect(leadTypeColours('probate').badge).toContain('text-muted-foreground');
    expect(leadTypeColours('toString').badge).toContain('text-muted-foreground');
    expect(leadTypeColours('fsbo')).toBe(LEAD_TYPE_COLOURS.fsbo);
  });
});
