/**
 * The highest CONTIGUOUS log sequence a client holds: every entry up to it has been applied
 * (or is covered by the snapshot it applied). A reconnecting client asks for what follows it,
 * and a snapshot covers no more than it, so no entry is ever skipped.
 */
export class SeqTracker {
  private value = 0;
  private readonly ahead = new Set<number>();

  /** The highest contiguous sequence (0 for none). */
  get contiguous(): number {
    return this.value;
  }

  /** Records one entry as held (from an ENTRY, or an ACK of one's own update). */
  mark(seq: number): void {
    if (seq <= this.value) return;
    this.ahead.add(seq);
    this.advance();
  }

  /** Everything up to `seq` is held (a snapshot was applied, or state was loaded). */
  coverUpTo(seq: number): void {
    if (seq <= this.value) return;
    this.value = seq;
    for (const held of this.ahead) if (held <= seq) this.ahead.delete(held);
    this.advance();
  }

  /** Holds nothing any more (the relay lost entries: sequences start afresh). */
  reset(): void {
    this.value = 0;
    this.ahead.clear();
  }

  private advance(): void {
    while (this.ahead.delete(this.value + 1)) this.value++;
  }
}

/**
 * True when a WELCOME says the relay lost entries (or the whole room) since this client was
 * last there: another epoch than the one it knew, or a head below the sinceSeq it joined with.
 * Its sequences then count for nothing, and it sends back its whole state.
 */
export function relayLostEntries(
  knownEpoch: number,
  joinedSince: number,
  welcome: { epoch: number; headSeq: number },
): boolean {
  const otherEpoch = knownEpoch !== 0 && welcome.epoch !== 0 && welcome.epoch !== knownEpoch;
  return otherEpoch || welcome.headSeq < joinedSince;
}
