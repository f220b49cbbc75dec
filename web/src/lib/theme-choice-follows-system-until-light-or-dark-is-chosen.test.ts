import { describe, expect, it } from 'vitest';
import { cycleThemeChoice, readThemeChoice, resolveTheme, saveThemeChoice, themeStorageKey } from './theme-choice.ts';

function createMemoryStorage(initial: Record<string, string> = {}) {
  const entries = new Map(Object.entries(initial));
  return {
    entries,
    getItem: (key: string) => entries.get(key) ?? null,
    setItem: (key: string, value: string) => void entries.set(key, value),
    removeItem: (key: string) => void entries.delete(key),
  };
}

describe('theme choice', () => {
  it('follows the system when nothing is stored: dark OS → dark, light OS → light', () => {
    const storage = createMemoryStorage();
    expect(readThemeChoice(storage)).toBe('system');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });

  it('a chosen light or dark wins over the system setting', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('persists light and dark, and "system" removes the entry so OS changes are followed again', () => {
    const storage = createMemoryStorage();
    saveThemeChoice(storage, 'dark');
    expect(storage.entries.get(themeStorageKey)).toBe('dark');
    expect(readThemeChoice(storage)).toBe('dark');
    saveThemeChoice(storage, 'light');
    expect(readThemeChoice(storage)).toBe('light');
    saveThemeChoice(storage, 'system');
    expect(storage.entries.has(themeStorageKey)).toBe(false);
    expect(readThemeChoice(storage)).toBe('system');
  });

  it('an unknown stored value, no storage or a storage that throws all mean "system"', () => {
    expect(readThemeChoice(createMemoryStorage({ [themeStorageKey]: 'sepia' }))).toBe('system');
    expect(readThemeChoice(null)).toBe('system');
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(readThemeChoice(refusing)).toBe('system');
    expect(() => saveThemeChoice(refusing, 'dark')).not.toThrow();
  });

  it('the toggle cycles system → light → dark → system', () => {
    expect(cycleThemeChoice('system')).toBe('light');
    expect(cycleThemeChoice('light')).toBe('dark');
    expect(cycleThemeChoice('dark')).toBe('system');
  });
});
