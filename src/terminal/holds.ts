/**
 * Keys held by whoever shows them, counted: a key is held while any holder has not let go. Two
 * caches use it to keep what is on screen: the kitty images a picture shows (terminal/) and the
 * reads a mounted screen shows (state/, which may import terminal/ but not the other way round).
 */
export class Holds {
  private readonly counts = new Map<string, number>();

  /**
   * Holds `key` until the returned function is called, which then calls `released`. Calling it
   * again does nothing, so a cleanup that runs twice does not let go of another holder's key.
   */
  hold(key: string, released: () => void): () => void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left > 0) this.counts.set(key, left);
      else this.counts.delete(key);
      released();
    };
  }

  has(key: string): boolean {
    return this.counts.has(key);
  }

  keys(): string[] {
    return [...this.counts.keys()];
  }
}
