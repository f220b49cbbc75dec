import { describe, expect, it } from 'vitest';
import { describeToolCall, splitCitedText } from './cited-text.ts';

describe('an answer with [n] markers', () => {
  it('splits into paragraphs of text and markers, a marker per citation', () => {
    const text = 'AAPL: RSI (14) is 55.31 [1].\nThe close of $308.63 [2] is above its SMA (200) of $250.10 [3].';
    expect(splitCitedText(text, 3)).toEqual([
      [{ text: 'AAPL: RSI (14) is 55.31 ' }, { cite: 1 }, { text: '.' }],
      [{ text: 'The close of $308.63 ' }, { cite: 2 }, { text: ' is above its SMA (200) of $250.10 ' }, { cite: 3 }, { text: '.' }],
    ]);
  });

  it('leaves a marker with no citation behind it as text, and drops empty lines', () => {
    expect(splitCitedText('A [1] and [4].\n\n', 2)).toEqual([[{ text: 'A ' }, { cite: 1 }, { text: ' and [4].' }]]);
  });

  it('says what each tool is doing in words', () => {
    expect(describeToolCall('get_technical_rating', 'AAPL')).toBe('the technical rating for AAPL');
    expect(describeToolCall('compare_symbols', null)).toBe('the comparison');
  });
});
