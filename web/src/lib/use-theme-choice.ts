import { useSyncExternalStore } from 'react';
import { applyTheme, readThemeChoice, resolveTheme, saveThemeChoice, type Theme, type ThemeChoice } from './theme-choice.ts';

/**
 * One theme store for the page: the toggle writes it, sonner and the charts read it. The resolved theme is put
 * on <html> here (theme-init.js did it before first paint); while on "system" an OS change is followed live.
 */
const darkQuery = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();
let choice: ThemeChoice | null = null;
let media: MediaQueryList | null = null;

function getStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function getChoice(): ThemeChoice {
  choice ??= readThemeChoice(getStorage());
  return choice;
}

function getTheme(): Theme {
  media ??= window.matchMedia(darkQuery);
  return resolveTheme(getChoice(), media.matches);
}

function notify(): void {
  applyTheme(document.documentElement, getTheme());
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  media ??= window.matchMedia(darkQuery);
  if (listeners.size === 0) media.addEventListener('change', notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) media?.removeEventListener('change', notify);
  };
}

export function setThemeChoice(next: ThemeChoice): void {
  saveThemeChoice(getStorage(), next);
  choice = next;
  notify();
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, getChoice, () => 'system');
}

/** The theme in effect (light or dark); a component re-renders when it changes. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, getTheme, () => 'light');
}
