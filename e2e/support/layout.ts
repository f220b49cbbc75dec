import type { Page } from '@playwright/test';

/**
 * What breaks a layout sideways, named for the failure message (empty: nothing does): elements reaching
 * past the viewport's right edge, and the page itself scrolling sideways. What sits inside a horizontal
 * scroller (`.overflow-x-auto`) scrolls there instead; the scroller itself must still fit.
 */
export const findOverflowing = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const out = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.parentElement?.closest('.overflow-x-auto'))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth)
      out.push(`page scrolls sideways: ${document.documentElement.scrollWidth}px`);
    return out;
  });
