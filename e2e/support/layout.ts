import type { Page } from 'playwright-core';

/**
 * Elements reaching past the right edge of the viewport (none: no sideways scrolling), named for the
 * failure message; what sits in a horizontal scroller (`.overflow-x-auto`) scrolls there instead.
 */
export const findOverflowingElements = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest('.overflow-x-auto'))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
  );
