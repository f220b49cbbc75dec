/**
 * In-memory search over every listed symbol (~13k unique, ~16k listing rows). Ranking:
 *   tier 0  exact symbol (BRK.B, BRK-B and BRKB are the same)
 *   tier 1  prefix: the symbol starts with the query, or every query word starts a word of the name
 *   tier 2  typo-tolerant name match (each word within 1–2 edits of a word of the name)
 * Inside a tier, covered symbols (something to analyse) come before uncovered ones, richer coverage
 * first, then symbol prefixes before name matches, names starting with the query, shorter symbols.
 * Everything is precomputed (sorted symbols, sorted name vocabulary) so a query is a few binary
 * searches plus a top-k over the candidates.
 */

export interface SearchEntryInput {
  symbol: string;
  name: string;
  /** 0 = nothing to analyse; higher = more kinds of data. */
  coverage: number;
}

export interface SearchIndex {
  readonly size: number;
  readonly symbols: readonly string[];
  readonly names: readonly string[];
  readonly coverage: Int8Array;
  readonly exact: ReadonlyMap<string, number>;
  /** Sorted symbol keys (with and without the class dot) and the entry each belongs to. */
  readonly symbolKeys: readonly string[];
  readonly symbolKeyIds: Int32Array;
  /** Sorted distinct lower-case name words, and for each the entries containing it. */
  readonly words: readonly string[];
  readonly wordIds: readonly Int32Array[];
  readonly firstWordOf: Int32Array;
  readonly wordsByInitial: ReadonlyMap<string, readonly number[]>;
  readonly scratch: { mark: Int32Array; stamp: number };
}

export type MatchKind = 'symbol' | 'symbol_prefix' | 'name' | 'fuzzy';
export interface SearchResult {
  index: number;
  match: MatchKind;
}

export const splitWords = (name: string): string[] =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

const compact = (s: string) => s.replace(/[.$\-/ ]/g, '');

export function buildSearchIndex(entries: readonly SearchEntryInput[]): SearchIndex {
  const n = entries.length;
  const exact = new Map<string, number>();
  const keyPairs: Array<[string, number]> = [];
  const wordMap = new Map<string, number[]>();
  const firstWord: string[] = [];
  entries.forEach((e, i) => {
    const sym = e.symbol.toUpperCase();
    exact.set(sym, i);
    keyPairs.push([sym, i]);
    const c = compact(sym);
    if (c !== sym) {
      if (!exact.has(c)) exact.set(c, i);
      keyPairs.push([c, i]);
    }
    const ws = splitWords(e.name);
    firstWord.push(ws[0] ?? '');
    for (const w of new Set(ws)) {
      const list = wordMap.get(w);
      if (list) list.push(i);
      else wordMap.set(w, [i]);
    }
  });
  keyPairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
  const words = [...wordMap.keys()].sort();
  const wordIndex = new Map(words.map((w, i) => [w, i]));
  const wordsByInitial = new Map<string, number[]>();
  words.forEach((w, i) => {
    const list = wordsByInitial.get(w[0]!) ?? [];
    list.push(i);
    wordsByInitial.set(w[0]!, list);
  });
  return {
    size: n,
    symbols: entries.map((e) => e.symbol),
    names: entries.map((e) => e.name),
    coverage: Int8Array.from(entries.map((e) => e.coverage)),
    exact,
    symbolKeys: keyPairs.map((p) => p[0]),
    symbolKeyIds: Int32Array.from(keyPairs.map((p) => p[1])),
    words,
    wordIds: words.map((w) => Int32Array.from(wordMap.get(w)!)),
    firstWordOf: Int32Array.from(firstWord.map((w) => wordIndex.get(w) ?? -1)),
    wordsByInitial,
    scratch: { mark: new Int32Array(n), stamp: 0 },
  };
}

function lowerBound(arr: readonly string[], key: string): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (arr[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Optimal-string-alignment distance, or k+1 as soon as it must exceed k. */
export function boundedEditDistance(a: string, b: string, k: number): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > k) return k + 1;
  let prev2 = new Array<number>(lb + 1).fill(0);
  let prev = Array.from({ length: lb + 1 }, (_, j) => j);
  let cur = new Array<number>(lb + 1).fill(0);
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= lb; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > k) return k + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[lb]!;
}

const allowedEdits = (len: number) => (len < 4 ? 0 : len < 8 ? 1 : 2);

/** Word indexes whose prefix of the token's length (or whole word) is within the allowed edits. */
function fuzzyWords(index: SearchIndex, token: string): number[] {
  const k = allowedEdits(token.length);
  if (k === 0) return [];
  const out: number[] = [];
  // Typos rarely hit the first letter; a swap of the first two letters is covered by the second bucket.
  const initials = new Set([token[0]!, token[1]!]);
  for (const initial of initials) {
    for (const wi of index.wordsByInitial.get(initial) ?? []) {
      const w = index.words[wi]!;
      if (w.length + k < token.length) continue;
      const prefix = w.length > token.length ? w.slice(0, token.length) : w;
      const d = Math.min(boundedEditDistance(token, prefix, k), w.length > token.length ? boundedEditDistance(token, w.slice(0, token.length + 1), k) : k + 1);
      if (d <= k) out.push(wi);
    }
  }
  return out;
}

/** Entries having a word that starts with `token` (binary search over the sorted vocabulary). */
function prefixWordRange(index: SearchIndex, token: string): [number, number] {
  const lo = lowerBound(index.words, token);
  const hi = lowerBound(index.words, `${token}\uffff`);
  return [lo, hi];
}

/** Searches the index; `limit` results, best first. */
export function searchIndex(index: SearchIndex, rawQuery: string, limit = 10): SearchResult[] {
  const query = rawQuery.trim();
  if (!query || limit <= 0) return [];
  const upper = query.toUpperCase().replace(/[-/]/g, '.');
  const tokens = splitWords(query).slice(0, 6);

  // best[i] = tier * 4 + kind rank (lower is better); 0 means "not a candidate".
  const best = new Map<number, number>();
  const consider = (i: number, tier: number, kindRank: number) => {
    const v = tier * 4 + kindRank + 1;
    const prev = best.get(i);
    if (prev === undefined || v < prev) best.set(i, v);
  };

  const exactId = index.exact.get(upper) ?? index.exact.get(compact(upper));
  if (exactId !== undefined) consider(exactId, 0, 0);

  if (/^[A-Z0-9.$]+$/.test(upper)) {
    for (const key of new Set([upper, compact(upper)])) {
      const lo = lowerBound(index.symbolKeys, key);
      for (let p = lo; p < index.symbolKeys.length && index.symbolKeys[p]!.startsWith(key); p++) consider(index.symbolKeyIds[p]!, 1, 0);
    }
  }

  if (tokens.length > 0) {
    const { mark } = index.scratch;
    // Intersect per-token candidate sets: stamp counts how many tokens an entry has matched so far.
    const matchEveryToken = (wordSetsPerToken: Array<Iterable<number>>): number[] => {
      const base = ++index.scratch.stamp * 8;
      let alive: number[] = [];
      wordSetsPerToken.forEach((wordSet, t) => {
        const next: number[] = [];
        for (const wi of wordSet) {
          for (const id of index.wordIds[wi]!) {
            if (t === 0 ? mark[id] !== base + 1 : mark[id] === base + t) {
              mark[id] = base + t + 1;
              next.push(id);
            }
          }
        }
        alive = next;
      });
      return alive;
    };
    const prefixSets = tokens.map((tok) => {
      const [lo, hi] = prefixWordRange(index, tok);
      return { lo, hi };
    });
    const rangeIter = (r: { lo: number; hi: number }) => ({
      *[Symbol.iterator]() {
        for (let w = r.lo; w < r.hi; w++) yield w;
      },
    });
    for (const id of matchEveryToken(prefixSets.map(rangeIter))) {
      const fw = index.firstWordOf[id]!;
      const startsName = fw >= prefixSets[0]!.lo && fw < prefixSets[0]!.hi;
      consider(id, 1, startsName ? 1 : 2);
    }
    if (best.size < limit) {
      const sets = tokens.map((tok, t) => {
        const fuzzy = fuzzyWords(index, tok);
        const r = prefixSets[t]!;
        const all = new Set<number>(fuzzy);
        for (let w = r.lo; w < r.hi; w++) all.add(w);
        return all;
      });
      if (sets.some((s, t) => s.size > prefixSets[t]!.hi - prefixSets[t]!.lo)) {
        for (const id of matchEveryToken(sets)) consider(id, 2, 3);
      }
    }
  }

  // Top-k by (tier/kind, covered, coverage, symbol length, symbol).
  const scored: Array<[number, number]> = [];
  for (const [id, v] of best) {
    const tier = Math.floor((v - 1) / 4);
    const kindRank = (v - 1) % 4;
    const cov = index.coverage[id]!;
    const score = tier * 1e7 + (cov > 0 ? 0 : 1e6) + (9 - cov) * 1e5 + kindRank * 1e4 + Math.min(index.symbols[id]!.length, 99) * 100;
    scored.push([score, id]);
  }
  scored.sort((a, b) => a[0] - b[0] || (index.symbols[a[1]]! < index.symbols[b[1]]! ? -1 : 1));
  return scored.slice(0, limit).map(([, id]) => {
    const v = best.get(id)!;
    const tier = Math.floor((v - 1) / 4);
    const kindRank = (v - 1) % 4;
    const match: MatchKind = tier === 0 ? 'symbol' : tier === 2 ? 'fuzzy' : kindRank === 0 ? 'symbol_prefix' : 'name';
    return { index: id, match };
  });
}
