/**
 * In-memory search over every listed symbol (~13k unique, ~16k listing rows). Ranking:
 *   tier 0  exact symbol (BRK.B, BRK-B and BRKB are the same)
 *   tier 1  prefix: the symbol starts with the query, or every query word starts a word of the name
 *   tier 2  typo-tolerant name match (each word within 1–2 edits of a word of the name)
 * Inside a tier, covered symbols (something to analyse) come before uncovered ones, richer coverage
 * first, common stock before preferreds, then symbol prefixes before name matches, names starting
 * with the query, shorter symbols.
 * Everything is precomputed (sorted symbols, sorted name vocabulary) so a query is a few binary
 * searches plus a top-k over the candidates.
 */

interface SearchEntryInput {
  symbol: string;
  name: string;
  /** 0 = nothing to analyse; higher = more kinds of data. */
  coverage: number;
}

export interface SearchIndex {
  readonly size: number;
  readonly symbols: readonly string[];
  readonly names: readonly string[];
  readonly coverage: ArrayLike<number>;
  readonly exact: ReadonlyMap<string, number>;
  /** Sorted symbol keys (with and without the class dot) and the entry each belongs to. */
  readonly symbolKeys: readonly string[];
  readonly symbolKeyIds: ArrayLike<number>;
  /** Sorted distinct lower-case name words (so words sharing an initial are contiguous), and the entries containing each. */
  readonly words: readonly string[];
  readonly wordIds: ReadonlyArray<ArrayLike<number>>;
  readonly firstWordOf: ArrayLike<number>;
  readonly scratch: { mark: Int32Array; stamp: number; best: Int32Array; bestStamp: Int32Array; queryStamp: number };
}

type MatchKind = 'symbol' | 'symbol_prefix' | 'name' | 'fuzzy';
interface SearchResult {
  index: number;
  match: MatchKind;
}

/** The precomputable part of an index: plain arrays, so it can be built once (prepare script) and stored as JSON. */
export interface SerializedSearchIndex {
  symbolKeys: string[];
  symbolKeyIds: number[];
  words: string[];
  wordIds: number[][];
  firstWordOf: number[];
}

const isAscii = (s: string) => {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return false;
  return true;
};
const splitWords = (name: string): string[] => {
  let s = name.toLowerCase();
  if (!isAscii(s)) s = s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return s.split(/[^a-z0-9]+/).filter(Boolean);
};

const compact = (s: string) => s.replace(/[.$\-/ ]/g, '');

/** Sorted symbol keys and name vocabulary of the entries (the expensive part of an index). */
export function serializeSearchIndex(entries: ReadonlyArray<Pick<SearchEntryInput, 'symbol' | 'name'>>): SerializedSearchIndex {
  const keyPairs: Array<[string, number]> = [];
  const wordMap = new Map<string, number[]>();
  const firstWord: string[] = [];
  entries.forEach((e, i) => {
    const sym = e.symbol.toUpperCase();
    keyPairs.push([sym, i]);
    const c = compact(sym);
    if (c !== sym) keyPairs.push([c, i]);
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
  return {
    symbolKeys: keyPairs.map((p) => p[0]),
    symbolKeyIds: keyPairs.map((p) => p[1]),
    words,
    wordIds: words.map((w) => wordMap.get(w)!),
    firstWordOf: firstWord.map((w) => wordIndex.get(w) ?? -1),
  };
}

/** An index from entries and their precomputed part (no sorting or tokenising: milliseconds). */
export function hydrateSearchIndex(entries: readonly SearchEntryInput[], pre: SerializedSearchIndex): SearchIndex {
  const n = entries.length;
  const exact = new Map<string, number>();
  for (let i = 0; i < n; i++) exact.set(entries[i]!.symbol.toUpperCase(), i);
  // Compact spellings (BRKB) only where they do not shadow a real symbol.
  for (let p = 0; p < pre.symbolKeys.length; p++) if (!exact.has(pre.symbolKeys[p]!)) exact.set(pre.symbolKeys[p]!, pre.symbolKeyIds[p]!);
  return {
    size: n,
    symbols: entries.map((e) => e.symbol),
    names: entries.map((e) => e.name),
    coverage: Int8Array.from(entries, (e) => e.coverage),
    exact,
    symbolKeys: pre.symbolKeys,
    symbolKeyIds: pre.symbolKeyIds,
    words: pre.words,
    wordIds: pre.wordIds,
    firstWordOf: pre.firstWordOf,
    scratch: { mark: new Int32Array(n), stamp: 0, best: new Int32Array(n), bestStamp: new Int32Array(n), queryStamp: 0 },
  };
}

export function buildSearchIndex(entries: readonly SearchEntryInput[]): SearchIndex {
  return hydrateSearchIndex(entries, serializeSearchIndex(entries));
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

// Reused DP rows: search is synchronous, so one set of buffers is enough.
const rowA = new Int32Array(64);
const rowB = new Int32Array(64);
const rowC = new Int32Array(64);

/**
 * Optimal-string-alignment distance between `a` and the first `bLen` characters of `b`, or k+1 as soon
 * as it must exceed k. Allocation-free.
 */
export function boundedEditDistance(a: string, b: string, k: number, bLen = b.length): number {
  const la = Math.min(a.length, 63);
  const lb = Math.min(bLen, b.length, 63);
  if (Math.abs(la - lb) > k) return k + 1;
  let prev2 = rowA;
  let prev = rowB;
  let cur = rowC;
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const bj = b.charCodeAt(j - 1);
      let v = prev[j - 1]! + (ai === bj ? 0 : 1);
      const del = prev[j]! + 1;
      const ins = cur[j - 1]! + 1;
      if (del < v) v = del;
      if (ins < v) v = ins;
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj && prev2[j - 2]! + 1 < v) v = prev2[j - 2]! + 1;
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > k) return k + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return prev[lb]!;
}

const allowedEdits = (len: number) => (len < 4 ? 0 : len < 8 ? 1 : 2);

/** Word indexes whose start (the token's length, give or take one) is within the allowed edits of the token. */
function fuzzyWords(index: SearchIndex, token: string): number[] {
  const k = allowedEdits(token.length);
  if (k === 0) return [];
  const out: number[] = [];
  const tl = token.length;
  // Typos rarely hit the first letter; a swap of the first two letters is covered by the second bucket.
  const initials = token[0] === token[1] ? [token[0]!] : [token[0]!, token[1]!];
  for (const initial of initials) {
    const hi = lowerBound(index.words, `${initial}\uffff`);
    for (let wi = lowerBound(index.words, initial); wi < hi; wi++) {
      const w = index.words[wi]!;
      if (w.length + k < tl) continue;
      if (
        boundedEditDistance(token, w, k, tl) <= k ||
        (w.length > tl && boundedEditDistance(token, w, k, tl + 1) <= k) ||
        (tl > 1 && boundedEditDistance(token, w, k, tl - 1) <= k)
      ) {
        out.push(wi);
      }
    }
  }
  return out;
}

/** Searches the index; `limit` results, best first. */
export function searchIndex(index: SearchIndex, rawQuery: string, limit = 10): SearchResult[] {
  const query = rawQuery.trim();
  if (!query || limit <= 0) return [];
  const upper = query.toUpperCase().replace(/[-/]/g, '.');
  const tokens = splitWords(query).slice(0, 6);
  const { mark, best, bestStamp } = index.scratch;

  // best[i] = tier * 4 + kind rank + 1 (lower is better), valid when bestStamp[i] is this query's stamp.
  const queryStamp = ++index.scratch.queryStamp;
  const candidates: number[] = [];
  const consider = (i: number, tier: number, kindRank: number) => {
    const v = tier * 4 + kindRank + 1;
    if (bestStamp[i] !== queryStamp) {
      bestStamp[i] = queryStamp;
      best[i] = v;
      candidates.push(i);
    } else if (v < best[i]!) best[i] = v;
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
    // Entries whose words cover every token: mark[id] counts the tokens matched so far in this pass.
    const matchEveryToken = (wordListsPerToken: number[][]): number[] => {
      const base = ++index.scratch.stamp * 8;
      let alive: number[] = [];
      for (let t = 0; t < wordListsPerToken.length; t++) {
        const next: number[] = [];
        for (const wi of wordListsPerToken[t]!) {
          const ids = index.wordIds[wi]!;
          for (let x = 0; x < ids.length; x++) {
            const id = ids[x]!;
            if (t === 0 ? mark[id] !== base + 1 : mark[id] === base + t) {
              mark[id] = base + t + 1;
              next.push(id);
            }
          }
        }
        alive = next;
        if (alive.length === 0) break;
      }
      return alive;
    };
    const ranges = tokens.map((tok) => [lowerBound(index.words, tok), lowerBound(index.words, `${tok}\uffff`)] as const);
    const prefixLists = ranges.map(([lo, hi]) => {
      const list: number[] = [];
      for (let w = lo; w < hi; w++) list.push(w);
      return list;
    });
    const [firstLo, firstHi] = ranges[0]!;
    for (const id of matchEveryToken(prefixLists)) {
      const fw = index.firstWordOf[id]!;
      consider(id, 1, fw >= firstLo && fw < firstHi ? 1 : 2);
    }
    if (candidates.length < limit) {
      let anyFuzzy = false;
      const lists = tokens.map((tok, t) => {
        const fuzzy = fuzzyWords(index, tok);
        if (fuzzy.length > 0) anyFuzzy = true;
        return [...new Set([...prefixLists[t]!, ...fuzzy])];
      });
      if (anyFuzzy) for (const id of matchEveryToken(lists)) consider(id, 2, 3);
    }
  }

  // Top-k by (tier, covered, coverage, kind of match, symbol length, symbol), kept in a small sorted array.
  const top: Array<[number, number]> = [];
  for (const id of candidates) {
    const v = best[id]! - 1;
    const tier = v >> 2;
    const kindRank = v & 3;
    const cov = index.coverage[id]!;
    // Preferred shares (ABR$D) after the common stock of the same issuer.
    const preferred = index.symbols[id]!.includes('$') ? 5e4 : 0;
    const score = tier * 1e7 + (cov > 0 ? 0 : 1e6) + (9 - cov) * 1e5 + preferred + kindRank * 1e4 + Math.min(index.symbols[id]!.length, 99) * 100;
    if (top.length === limit && !isBetter(index, score, id, top[limit - 1]!)) continue;
    let pos = top.length;
    while (pos > 0 && isBetter(index, score, id, top[pos - 1]!)) pos--;
    top.splice(pos, 0, [score, id]);
    if (top.length > limit) top.pop();
  }
  return top.map(([, id]) => {
    const v = best[id]! - 1;
    const tier = v >> 2;
    const match: MatchKind = tier === 0 ? 'symbol' : tier === 2 ? 'fuzzy' : (v & 3) === 0 ? 'symbol_prefix' : 'name';
    return { index: id, match };
  });
}

function isBetter(index: SearchIndex, score: number, id: number, than: [number, number]): boolean {
  return score < than[0] || (score === than[0] && index.symbols[id]! < index.symbols[than[1]]!);
}
