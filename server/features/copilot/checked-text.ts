import { findUnbackedNumbers } from '../../../core/ai/number-validator.ts';
import type { CopilotFact } from '../../../core/copilot/copilot-types.ts';
import { stripMarkers } from './citations.ts';

/** Numbers in `text` that none of `facts` backs, each with why (the shared validator); empty = the text may be shown. */
export type FindUnbackedNumbers = (text: string, facts: readonly CopilotFact[]) => string[];

/** Where a sentence ends: terminal punctuation then space, or a line break. A decimal point has no space after it. */
const BOUNDARY = /[.!?]["')\]]*\s+|\n+/g;

/**
 * Releases a model's streamed text sentence by sentence, each only once its numbers are backed by the
 * facts the tools returned so far: unchecked figures never reach the client. The first sentence that
 * fails blocks the rest until the whole answer is judged. Markers are renumbered as sentences go out.
 */
export class CheckedTextStream {
  private pending = '';
  private blocked = false;
  /** Everything the model wrote (raw markers). */
  raw = '';
  /** What has been released (renumbered markers). */
  released = '';

  constructor(
    private readonly opts: {
      facts: () => readonly CopilotFact[];
      findUnbacked: FindUnbackedNumbers;
      renumber: (text: string) => string;
      emit: (delta: string) => void;
      /** Text the stream must hold back whole (a refusal sentinel) while the buffer could still be it. */
      holdIfStartsLike?: string;
    },
  ) {}

  push(delta: string): void {
    this.raw += delta;
    this.pending += delta;
    if (this.blocked || this.looksLikeHeldPrefix()) return;
    BOUNDARY.lastIndex = 0;
    let cut = 0;
    for (const m of this.pending.matchAll(BOUNDARY)) {
      const end = m.index + m[0].length;
      const sentence = this.pending.slice(cut, end);
      if (this.opts.findUnbacked(stripMarkers(sentence), this.opts.facts()).length > 0) {
        this.blocked = true;
        break;
      }
      this.release(sentence);
      cut = end;
    }
    this.pending = this.pending.slice(cut);
  }

  /** Releases what is left; call only once the whole answer passed the check. */
  flush(): void {
    if (this.pending) this.release(this.pending);
    this.pending = '';
  }

  private release(text: string): void {
    const out = this.opts.renumber(text);
    this.released += out;
    if (out) this.opts.emit(out);
  }

  private looksLikeHeldPrefix(): boolean {
    const h = this.opts.holdIfStartsLike;
    if (!h) return false;
    const head = this.raw.trimStart();
    return head.startsWith(h) || h.startsWith(head);
  }
}

/** The shared number validator (core/ai/number-validator.ts) over the facts the tools returned: each unbacked number as `"28%": why`. */
export const findUnbackedInText: FindUnbackedNumbers = (text, facts) => findUnbackedNumbers(text, facts).map((u) => `"${u.token}": ${u.reason}`);
