import { boundedEditDistance } from '../market/search.ts';
import { COMMON_WORDS, COMPANY_ALIASES, GENERIC_NAME_WORDS, NAME_SUFFIXES } from './common-words.ts';
import type { SymbolDirectoryEntry } from './copilot-types.ts';
import { allowedTypos, splitPhrase, type Word } from './question-words.ts';

/**
 * How a symbol was recognised: a ticker in capitals or a cashtag, its full name, a nickname (strong); a
 * ticker in lower case, the first word of its name alone, a misspelt name (weak: "tip", "love", "gold" and
 * "france" are words too, so the planner keeps these only when the question also asks something it reads).
 */
type SymbolMatchKind = 'ticker' | 'name' | 'alias' | 'lowercase' | 'first_word' | 'typo';

export const isWeakMatch = (how: SymbolMatchKind): boolean => how === 'lowercase' || how === 'first_word' || how === 'typo';

interface SymbolHit {
  entry: SymbolDirectoryEntry;
  /** Words it covers (from inclusive, to exclusive). */
  from: number;
  to: number;
  how: SymbolMatchKind;
}

interface DirectoryIndex {
  bySymbol: Map<string, number>;
  /** Full spoken name ("coca cola", "home depot") → entries. */
  byName: Map<string, number[]>;
  /** Distinctive first word of a longer name ("exxon") → entries. */
  byFirstWord: Map<string, number[]>;
  /** Nicknames ("google", "coke") → entry, for the symbols the directory holds. */
  aliases: Map<string, number>;
  /** Single-word keys by initial, for typo search. */
  keysByInitial: Map<string, string[]>;
  longestName: number;
}

/** The name as people say it: lower case, "&" as "and", without "Inc.", "Class A", "(The)"… */
function toSpokenName(name: string): string[] {
  const ws = splitPhrase(name);
  while (ws.length > 1 && NAME_SUFFIXES.has(ws[ws.length - 1]!)) ws.pop();
  while (ws.length > 1 && ws[0] === 'the') ws.shift();
  return ws;
}

const push = (map: Map<string, number[]>, key: string, i: number) => {
  const list = map.get(key);
  if (list) list.push(i);
  else map.set(key, [i]);
};

// Built once per directory (the server passes the same array on every question).
const cache = new WeakMap<readonly SymbolDirectoryEntry[], DirectoryIndex>();

function indexDirectory(directory: readonly SymbolDirectoryEntry[]): DirectoryIndex {
  const cached = cache.get(directory);
  if (cached) return cached;
  const index: DirectoryIndex = {
    bySymbol: new Map(),
    byName: new Map(),
    byFirstWord: new Map(),
    aliases: new Map(),
    keysByInitial: new Map(),
    longestName: 1,
  };
  directory.forEach((e, i) => {
    const symbol = e.symbol.toUpperCase();
    if (!index.bySymbol.has(symbol)) index.bySymbol.set(symbol, i);
    const spoken = toSpokenName(e.name);
    if (spoken.length === 0) return;
    push(index.byName, spoken.join(' '), i);
    index.longestName = Math.max(index.longestName, Math.min(spoken.length, 5));
    const first = spoken[0]!;
    if (e.type === 'stock' && spoken.length > 1 && first.length >= 4 && !GENERIC_NAME_WORDS.has(first) && !COMMON_WORDS.has(first))
      push(index.byFirstWord, first, i);
  });
  for (const [phrase, symbol] of COMPANY_ALIASES) {
    const id = index.bySymbol.get(symbol);
    if (id !== undefined) index.aliases.set(splitPhrase(phrase).join(' '), id);
  }
  for (const key of new Set([...index.byName.keys(), ...index.byFirstWord.keys(), ...index.aliases.keys()])) {
    if (key.includes(' ') || key.length < 5) continue;
    const list = index.keysByInitial.get(key[0]!);
    if (list) list.push(key);
    else index.keysByInitial.set(key[0]!, [key]);
  }
  cache.set(directory, index);
  return index;
}

/** The one entry a name stands for: stocks before funds, then the shortest listed name (the parent, not "Apple Hospitality REIT"), then directory order. */
function pickEntry(directory: readonly SymbolDirectoryEntry[], ids: readonly number[]): number {
  let best = ids[0]!;
  for (const i of ids.slice(1)) {
    const a = directory[i]!;
    const b = directory[best]!;
    if ((a.type === 'stock' ? 0 : 1) - (b.type === 'stock' ? 0 : 1) < 0 || (a.type === b.type && a.name.length < b.name.length)) best = i;
  }
  return best;
}

/** Capitalised words of money talk that are listed tickers too (AI, EPS, EV): read as the word unless written $AI. */
const NOT_TICKERS = new Set(
  'I AI CEO CFO USD GDP IPO EPS TTM FY YTD EV ETF ETFS DCF FCF ROE ROA ROIC PE PB PS RSI MACD SMA EMA ATR ADX CCI WACC CAPM CAGR HHI TER NAV AUM YOC PEG OK US USA UK EU SEC FAQ'.split(
    ' ',
  ),
);

const isUpperTicker = (raw: string) => /^[A-Z][A-Z0-9]*(?:\.[A-Z0-9]{1,4})?$/.test(raw);

/**
 * Extends a hit made by a company's name over the corporate suffixes that follow it in the question and
 * are words of its listed name ("Booking Holdings" for "Booking Holdings Inc."): the spoken name drops
 * them, but said after the name they are the name, not another question ("holdings" is also an ETF
 * metric). Hits by ticker keep their span: "SPY holdings" asks for the fund's holdings.
 */
export function extendOverListedSuffixes(hit: SymbolHit, words: readonly Word[]): SymbolHit {
  if (hit.how === 'ticker' || hit.how === 'lowercase') return hit;
  const listed = new Set(splitPhrase(hit.entry.name));
  let to = hit.to;
  while (to < words.length && NAME_SUFFIXES.has(words[to]!.text) && listed.has(words[to]!.text)) to++;
  return to === hit.to ? hit : { ...hit, to };
}

/**
 * Symbols a question names, left to right: cashtags ($AAPL), tickers typed in capitals (single letters and
 * ones only as a cashtag or possessive; none from a question typed all in capitals), full or distinctive names ("apple", "coca-cola",
 * "home depot", "exxon"), nicknames ("google", "coke"), tickers typed in lower case when the word is not an
 * ordinary one, and finally names with a typo ("microsfot"). Words in `taken` (metric names) are skipped.
 */
export function findSymbols(words: readonly Word[], directory: readonly SymbolDirectoryEntry[], taken: ReadonlySet<number>, question: string): SymbolHit[] {
  const idx = indexDirectory(directory);
  const used = new Set(taken);
  const hits: SymbolHit[] = [];
  const claim = (entryIndex: number, from: number, to: number, how: SymbolMatchKind) => {
    hits.push({ entry: directory[entryIndex]!, from, to, how });
    for (let i = from; i < to; i++) used.add(i);
  };
  const free = (i: number) => i < words.length && !used.has(i);

  // Class shares typed with a dash or slash (BRK-B, brk/b) arrive as two words.
  for (let i = 0; i + 1 < words.length; i++) {
    const a = words[i]!;
    const b = words[i + 1]!;
    if (!free(i) || !free(i + 1) || b.raw.length !== 1 || !/^[-/]$/.test(question.slice(a.start + a.raw.length + (a.cashtag ? 1 : 0), b.start))) continue;
    const id = idx.bySymbol.get(`${a.raw}.${b.raw}`.toUpperCase());
    if (id !== undefined) claim(id, i, i + 2, 'ticker');
  }
  // A question typed in capitals ("WHAT IS THE PRICE OF AAPL") says nothing by its capitals about ordinary words.
  const shouting = words.filter((w) => /[A-Z]/.test(w.raw) && w.raw === w.raw.toUpperCase() && COMMON_WORDS.has(w.text)).length >= 2;
  for (const w of words) {
    if (!free(w.index)) continue;
    const id = idx.bySymbol.get(w.raw.toUpperCase());
    if (id === undefined) continue;
    const possessive = /['’]/.test(question.slice(w.start, w.start + w.raw.length + 3));
    if (w.cashtag) claim(id, w.index, w.index + 1, 'ticker');
    else if (isUpperTicker(w.raw) && !NOT_TICKERS.has(w.raw) && (w.raw.length > 1 || possessive) && (!COMMON_WORDS.has(w.text) || !shouting || possessive))
      claim(id, w.index, w.index + 1, 'ticker');
  }
  // Names and nicknames, longest first.
  const aliasIds = idx.aliases;
  for (let n = Math.max(idx.longestName, 4); n >= 1; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      let fits = true;
      for (let j = i; j < i + n; j++) if (!free(j)) fits = false;
      if (!fits) continue;
      const span = words.slice(i, i + n);
      const key = span.map((w) => w.text).join(' ');
      // An ordinary word ("target", "key") names a company only when capitalised mid-sentence or possessive ("Target's").
      if (
        n === 1 &&
        COMMON_WORDS.has(key) &&
        !(/^[A-Z]/.test(span[0]!.raw) && (i > 0 || /['’]/.test(question.slice(span[0]!.start, span[0]!.start + key.length + 3))))
      )
        continue;
      const alias = aliasIds.get(key);
      if (alias !== undefined) {
        claim(alias, i, i + n, 'alias');
        continue;
      }
      const byName = idx.byName.get(key);
      if (byName) {
        claim(pickEntry(directory, byName), i, i + n, 'name');
        continue;
      }
      const byFirst = n === 1 ? idx.byFirstWord.get(key) : undefined;
      if (byFirst) claim(pickEntry(directory, byFirst), i, i + n, 'first_word');
    }
  }
  // Tickers typed in lower case ("ko", "msft"), unless an ordinary word.
  for (const w of words) {
    if (!free(w.index) || COMMON_WORDS.has(w.text) || w.text.length < 2) continue;
    const id = idx.bySymbol.get(w.raw.toUpperCase());
    if (id !== undefined) claim(id, w.index, w.index + 1, 'lowercase');
  }
  // Misspelt names: one edit up to 7 letters, two beyond; the first letter (or a swap of the first two) kept.
  for (const w of words) {
    if (!free(w.index) || COMMON_WORDS.has(w.text) || w.text.length < 5 || /\d/.test(w.text)) continue;
    const k = allowedTypos(w.text.length);
    let bestKey: string | null = null;
    let bestDistance = k + 1;
    for (const initial of new Set([w.text[0]!, w.text[1]!])) {
      for (const key of idx.keysByInitial.get(initial) ?? []) {
        const d = boundedEditDistance(w.text, key, k);
        if (d < bestDistance) {
          bestDistance = d;
          bestKey = key;
        }
      }
    }
    if (bestKey === null) continue;
    const alias = aliasIds.get(bestKey);
    const ids = alias !== undefined ? [alias] : (idx.byName.get(bestKey) ?? idx.byFirstWord.get(bestKey));
    if (ids) claim(pickEntry(directory, ids), w.index, w.index + 1, 'typo');
  }
  return hits.sort((a, b) => a.from - b.from);
}
