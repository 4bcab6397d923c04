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

  private advance(): void {
    while (this.ahead.delete(this.value + 1)) this.value++;
  }
}
