/**
 * The colour theme: the user's choice (system, light or dark), kept in localStorage, and the theme it resolves to.
 * web/public/theme-init.js repeats `resolveTheme` + `applyTheme` in plain script before first paint (no flash of
 * the wrong theme); keep the storage key and the class in step with it.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const themeStorageKey = 'stockpilot-theme';
export const themeChoices: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/** A missing, unreadable or unknown stored value means "follow the system". */
export function readThemeChoice(storage: Pick<Storage, 'getItem'> | null): ThemeChoice {
  try {
    const stored = storage?.getItem(themeStorageKey);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** "system" is kept as no entry, so a later change of the OS setting is followed again. */
export function saveThemeChoice(storage: Pick<Storage, 'setItem' | 'removeItem'> | null, choice: ThemeChoice): void {
  try {
    if (choice === 'system') storage?.removeItem(themeStorageKey);
    else storage?.setItem(themeStorageKey, choice);
  } catch {
    // Storage refused (private mode, quota): the choice lasts for this page only.
  }
}

export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): Theme {
  if (choice === 'system') return systemPrefersDark ? 'dark' : 'light';
  return choice;
}

/** The next choice of the toggle button: system → light → dark → system. */
export function cycleThemeChoice(choice: ThemeChoice): ThemeChoice {
  return themeChoices[(themeChoices.indexOf(choice) + 1) % themeChoices.length]!;
}

/** `.dark` on <html> switches the colour tokens; color-scheme makes form controls and scrollbars follow. */
export function applyTheme(root: HTMLElement, theme: Theme): void {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}
