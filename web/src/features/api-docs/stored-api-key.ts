import { API_DOCS_KEY_STORAGE } from '../../../../core/public-api/limits.ts';

/**
 * The key "Try it" uses, kept in this tab's sessionStorage only (Settings leaves a new key there; a pasted
 * one goes there too), so it survives a reload but never another tab, a restart or the server.
 */
export function readStoredApiKey(): string {
  try {
    return sessionStorage.getItem(API_DOCS_KEY_STORAGE) ?? '';
  } catch {
    return '';
  }
}

export function storeApiKey(key: string): void {
  try {
    if (key) sessionStorage.setItem(API_DOCS_KEY_STORAGE, key);
    else sessionStorage.removeItem(API_DOCS_KEY_STORAGE);
  } catch {
    // Storage disabled (private mode, policy): the key still works for this page view.
  }
}
