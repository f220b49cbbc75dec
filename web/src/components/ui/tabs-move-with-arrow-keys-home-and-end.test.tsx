import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { findTabForKey, pressTabKey, Tabs } from './tabs.tsx';

it('three tabs: Right from the last wraps to the first (2 → 0), Left from the first wraps to the last (0 → 2), Home → 0, End → 2; Tab is not the tablist’s', () => {
  expect(findTabForKey('ArrowRight', 0, 3)).toBe(1);
  expect(findTabForKey('ArrowRight', 2, 3)).toBe(0);
  expect(findTabForKey('ArrowLeft', 0, 3)).toBe(2);
  expect(findTabForKey('ArrowLeft', 2, 3)).toBe(1);
  expect(findTabForKey('Home', 2, 3)).toBe(0);
  expect(findTabForKey('End', 0, 3)).toBe(2);
  expect(findTabForKey('Tab', 1, 3)).toBeNull();
  expect(findTabForKey('ArrowRight', 0, 0)).toBeNull();
});

it('the selected tab is the one tab stop (roving tabindex), says aria-selected and controls the one panel shown, which it labels', () => {
  const html = renderToStaticMarkup(
    createElement(Tabs, {
      label: 'Statement',
      defaultSelectedId: 'balance',
      items: [
        { id: 'income', label: 'Income', panel: 'income panel' },
        { id: 'balance', label: 'Balance sheet', panel: 'balance panel' },
        { id: 'cash', label: 'Cash flow', panel: 'cash panel' },
      ],
    }),
  );
  expect(html).toContain('role="tablist" aria-label="Statement"');
  const tabs = [...html.matchAll(/<button[^>]*role="tab"[^>]*>/g)].map((m) => m[0]);
  expect(tabs.map((t) => t.match(/tabindex="(-?\d)"/)![1])).toEqual(['-1', '0', '-1']);
  expect(tabs.map((t) => t.match(/aria-selected="(\w+)"/)![1])).toEqual(['false', 'true', 'false']);
  const controls = tabs[1]!.match(/aria-controls="([^"]+)"/)![1];
  const tabId = tabs[1]!.match(/id="([^"]+)"/)![1];
  expect(html).toContain(`role="tabpanel" id="${controls}" aria-labelledby="${tabId}"`);
  expect(html).toContain('balance panel');
  expect(html).not.toContain('income panel');
});

it('automatic activation: Right on tab 0 of 3 moves focus and selection to 1, End to 2; manual: focus moves to 1 while tab 0 stays selected', () => {
  expect(pressTabKey('ArrowRight', { focused: 0, selected: 0 }, 3, 'automatic')).toEqual({ focused: 1, selected: 1 });
  expect(pressTabKey('End', { focused: 1, selected: 1 }, 3, 'automatic')).toEqual({ focused: 2, selected: 2 });
  expect(pressTabKey('Home', { focused: 2, selected: 2 }, 3, 'automatic')).toEqual({ focused: 0, selected: 0 });
  expect(pressTabKey('ArrowRight', { focused: 0, selected: 0 }, 3, 'manual')).toEqual({ focused: 1, selected: 0 });
  expect(pressTabKey('ArrowLeft', { focused: 0, selected: 0 }, 3, 'manual')).toEqual({ focused: 2, selected: 0 });
  expect(pressTabKey('Enter', { focused: 1, selected: 0 }, 3, 'manual')).toBeNull();
});
