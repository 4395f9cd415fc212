/**
 * A bounded set of keys remembered for a while: once `maxKeys` are held the oldest is forgotten, and each key
 * is forgotten `ttlMs` after it was added. Per process; what it forgets is merely looked up again.
 */
export class KeyMemo {
  private readonly added = new Map<string, number>();

  constructor(
    private readonly maxKeys: number,
    private readonly ttlMs = Number.POSITIVE_INFINITY,
    private readonly now: () => number = Date.now,
  ) {}

  has(key: string): boolean {
    const at = this.added.get(key);
    if (at === undefined) return false;
    if (this.now() - at < this.ttlMs) return true;
    this.added.delete(key);
    return false;
  }

  add(key: string): void {
    this.added.delete(key);
    this.added.set(key, this.now());
    // A Map iterates in insertion order: the first key is the oldest.
    while (this.added.size > this.maxKeys) this.added.delete(this.added.keys().next().value!);
  }

  get size(): number {
    return this.added.size;
  }
}
