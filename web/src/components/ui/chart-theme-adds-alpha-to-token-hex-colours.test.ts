import { describe, expect, it } from 'vitest';
import { withAlpha } from './chart-theme.ts';

describe('withAlpha for canvas fills', () => {
  it('appends the opacity as a hex byte: 0.25 × 255 = 63.75 → 64 = 0x40', () => {
    expect(withAlpha('#059669', 0.25)).toBe('#05966940');
  });
  it('expands the three-digit form the built CSS uses for #ffffff: #fff at 0 → #ffffff00', () => {
    expect(withAlpha('#fff', 0)).toBe('#ffffff00');
  });
  it('leaves a colour in another notation opaque rather than writing an unparsable one', () => {
    expect(withAlpha('oklch(70% 0.1 150)', 0.5)).toBe('oklch(70% 0.1 150)');
  });
});
