import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { describeUnanalysable, UnanalysableNote } from './coverage-badges.tsx';

const reason = 'r';

it('a new listing without prices or statements says what it lacks, once per input, in small muted text', () => {
  const analysis = {
    analysable: false,
    delisted_on: null,
    unavailable: [
      { kind: 'overview', needs: 'fundamentals', reason },
      { kind: 'technical', needs: 'daily', reason },
      { kind: 'dcf', needs: 'fundamentals', reason },
    ],
  };
  expect(describeUnanalysable(analysis)).toBe('Not analysable yet: no financial statements or daily prices');
  expect(renderToStaticMarkup(createElement(UnanalysableNote, { analysis }))).toBe(
    '<span class="block truncate text-xs text-fg-subtle ">Not analysable yet: no financial statements or daily prices</span>',
  );
});

it('a delisted symbol says when it left; an analysable hit, or one the server says nothing about, shows no note', () => {
  expect(describeUnanalysable({ analysable: false, delisted_on: '2024-03-01', unavailable: [{ kind: 'technical', needs: 'listing', reason }] })).toBe(
    'Delisted Mar 1, 2024: not analysable',
  );
  const analysable = { analysable: true, delisted_on: null, unavailable: [{ kind: 'overview', needs: 'fundamentals', reason }] };
  expect(renderToStaticMarkup(createElement(UnanalysableNote, { analysis: analysable }))).toBe('');
  expect(renderToStaticMarkup(createElement(UnanalysableNote, { analysis: undefined }))).toBe('');
});
