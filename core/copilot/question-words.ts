import { boundedEditDistance } from '../market/search.ts';

/** A word of a question: its spelling as typed, lower-cased and stripped of a possessive, and where it stands. */
export interface Word {
  raw: string;
  text: string;
  /** Position among the question's words. */
  index: number;
  /** Character offset in the question. */
  start: number;
  /** Typed as `$AAPL`: a ticker, whatever else the word could be. */
  cashtag: boolean;
}

// Letters and digits, joined by a dot (BRK.B) or an apostrophe (don't, Apple's); a leading $ marks a cashtag.
const WORD = /\$?[A-Za-z0-9]+(?:[.'’][A-Za-z0-9]+)*/g;

/**
 * Splits a question into words. `P/E`, `EV/EBITDA` and `coca-cola` become separate words (phrases match
 * them as sequences), "&" reads as "and", and a possessive ("apple's", "KO’s") is dropped.
 */
export function splitQuestion(question: string): Word[] {
  const words: Word[] = [];
  for (const m of question.replaceAll('&', ' and ').matchAll(WORD)) {
    let raw = m[0];
    const cashtag = raw.startsWith('$');
    if (cashtag) raw = raw.slice(1);
    raw = raw.replace(/['’]s$/i, '').replace(/s['’]$/i, 's');
    if (!raw) continue;
    words.push({ raw, text: raw.toLowerCase().replace(/['’]/g, ''), index: words.length, start: m.index ?? 0, cashtag });
  }
  return words;
}

const LOWER_WORD = /[a-z0-9]+(?:[.'’][a-z0-9]+)*/g;

/** Lower-case words of a phrase, split the way questions are (a lean path: the directory splits ~13,000 names). */
export function splitPhrase(phrase: string): string[] {
  const out: string[] = [];
  for (const m of phrase.toLowerCase().replaceAll('&', ' and ').matchAll(LOWER_WORD)) {
    let w = m[0];
    if (w.includes("'") || w.includes('’'))
      w = w
        .replace(/['’]s$/, '')
        .replace(/s['’]$/, 's')
        .replace(/['’]/g, '');
    if (w) out.push(w);
  }
  return out;
}

/** Edits a word may be away from a vocabulary word and still count as it: none below 5 letters (too many short words are a letter apart), 1 up to 7, else 2. */
export const allowedTypos = (length: number): number => (length < 5 ? 0 : length < 8 ? 1 : 2);

/** Whether `typed` is `word` or a typo of it (transpositions count as one edit). */
function isCloseTo(typed: string, word: string): boolean {
  if (typed === word) return true;
  const k = Math.min(allowedTypos(typed.length), allowedTypos(word.length));
  return k > 0 && boundedEditDistance(typed, word, k) <= k;
}

/** A phrase found in a question: which entry it names and the words it covers. */
interface PhraseMatch<T> {
  value: T;
  from: number;
  /** Exclusive. */
  to: number;
  /** Edits summed over the words (0 = spelled as in the vocabulary). */
  typos: number;
}

// Vocabularies are module constants: sort each once, not on every question.
const sortedVocabularies = new WeakMap<object, ReadonlyArray<{ words: readonly string[] }>>();
function sortByLength<V extends { words: readonly string[] }>(vocabulary: readonly V[]): readonly V[] {
  let sorted = sortedVocabularies.get(vocabulary) as readonly V[] | undefined;
  if (!sorted) {
    sorted = [...vocabulary].sort((a, b) => b.words.length - a.words.length);
    sortedVocabularies.set(vocabulary, sorted);
  }
  return sorted;
}

/**
 * Phrases (each a list of words) matched against a question, longest first and left to right, each word
 * used at most once; words in `taken` are skipped. Each word of a phrase may carry a typo, except the
 * `exactWords` (ordinary words: "stock" is not a typo of "stoch").
 */
export function findPhrases<T>(
  words: readonly Word[],
  vocabulary: ReadonlyArray<{ words: readonly string[]; value: T }>,
  taken: ReadonlySet<number> = new Set(),
  opts: { typos?: boolean; exactWords?: ReadonlySet<string> } = {},
): PhraseMatch<T>[] {
  const typosAllowed = opts.typos ?? true;
  const exactWords = opts.exactWords ?? new Set<string>();
  const used = new Set(taken);
  const found: PhraseMatch<T>[] = [];
  const byLength = sortByLength(vocabulary);
  // Exact spellings first, so "zscore" is the Z-score and not a typo of "fscore".
  for (const withTypos of typosAllowed ? [false, true] : [false]) {
    for (const entry of byLength) {
      const n = entry.words.length;
      for (let i = 0; i + n <= words.length; i++) {
        let typos = 0;
        let fits = true;
        for (let j = 0; j < n && fits; j++) {
          const w = words[i + j]!;
          if (used.has(w.index)) fits = false;
          else if (w.text !== entry.words[j]) {
            if (withTypos && !exactWords.has(w.text) && isCloseTo(w.text, entry.words[j]!)) typos++;
            else fits = false;
          }
        }
        if (!fits) continue;
        found.push({ value: entry.value, from: i, to: i + n, typos });
        for (let j = i; j < i + n; j++) used.add(words[j]!.index);
      }
    }
  }
  return found.sort((a, b) => a.from - b.from);
}

const splitPhraseLists = new WeakMap<readonly string[], string[][]>();

/** Whether any of the phrases occurs in the words exactly (no typos: cue words are short and common). */
export function hasPhrase(words: readonly Word[], phrases: readonly string[]): boolean {
  let split = splitPhraseLists.get(phrases);
  if (!split) {
    split = phrases.map(splitPhrase);
    splitPhraseLists.set(phrases, split);
  }
  return split.some((ws) => {
    for (let i = 0; i + ws.length <= words.length; i++) if (ws.every((w, j) => words[i + j]!.text === w)) return true;
    return false;
  });
}
