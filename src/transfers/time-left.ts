/**
 * The time an import has left, from its recent pace: the seconds a row takes, smoothed
 * exponentially (recent rows weigh most, one slow request does not swing it), times the rows
 * left. Nothing is shown until the pace is known well enough; then what is shown counts down
 * with the clock and is replaced by a new estimate only when the two part by more than a
 * margin, so it does not jump back and forth as requests vary; a real change of pace (a slower
 * service) still shows within a few rows.
 */

export interface TimeLeftOptions {
  /** Weight of one row's time in the smoothed pace (0..1). */
  readonly smoothing?: number;
  /** Rows settled before any estimate is shown: the first requests warm caches and connections. */
  readonly warmUpRows?: number;
  /**
   * And until the mean pace is this sure (its standard error as a fraction of it), or
   * `sureAfterRows` rows were seen: an estimate from a few lucky rows would have to jump up later.
   */
  readonly sureWithin?: number;
  readonly sureAfterRows?: number;
  /** How far (as a fraction) the estimate must be from what is shown to replace it, once many rows were seen. */
  readonly margin?: number;
  /** And by at least this many milliseconds (small totals jitter by whole seconds). */
  readonly slackMs?: number;
}

export class TimeLeftEstimator {
  private readonly smoothing: number;
  private readonly warmUpRows: number;
  private readonly margin: number;
  private readonly slackMs: number;
  private readonly sureWithin: number;
  private readonly sureAfterRows: number;
  /** Welford's running mean and sum of squares of the rows' times, for how sure the pace is. */
  private rowsSeen = 0;
  private meanMs = 0;
  private squares = 0;
  private lastDone = 0;
  private lastAt: number | undefined;
  /** Smoothed milliseconds per row, before the correction for its start at 0 (see update). */
  private paceSum = 0;
  /** The weight paceSum has gathered: 1 - (1 - smoothing)^rows. */
  private paceWeight = 0;
  private shownMs: number | undefined;
  private shownAt = 0;

  constructor(
    private total: number,
    options: TimeLeftOptions = {},
  ) {
    this.smoothing = options.smoothing ?? 0.05;
    this.warmUpRows = options.warmUpRows ?? 5;
    this.margin = options.margin ?? 0.1;
    this.slackMs = options.slackMs ?? 2_000;
    this.sureWithin = options.sureWithin ?? 0.08;
    this.sureAfterRows = options.sureAfterRows ?? 40;
  }

  /** Starts counting (or counting again, for a new phase over `total` rows) at `at` ms. */
  start(at: number, total: number = this.total): void {
    this.total = total;
    this.lastDone = 0;
    this.lastAt = at;
    this.paceSum = 0;
    this.paceWeight = 0;
    this.rowsSeen = 0;
    this.meanMs = 0;
    this.squares = 0;
    this.shownMs = undefined;
  }

  /** `done` rows settled at `at` ms: the milliseconds left to show, or undefined while warming up. */
  update(done: number, at: number): number | undefined {
    if (this.lastAt === undefined) this.start(at);
    const rows = done - this.lastDone;
    if (rows > 0) {
      const perRow = Math.max(0, at - this.lastAt!) / rows;
      // A step of several rows weighs as much as those rows one by one would.
      const keep = (1 - this.smoothing) ** rows;
      this.paceSum = this.paceSum * keep + (1 - keep) * perRow;
      this.paceWeight = this.paceWeight * keep + (1 - keep);
      for (let i = 0; i < rows; i++) this.see(perRow);
      this.lastDone = done;
      this.lastAt = at;
    }
    if (this.shownMs === undefined && !this.sure(done)) return undefined;
    // Divided by the weight gathered, the first rows' pace is their mean rather than a value
    // pulled towards 0 (or swung by the very first row, were it started there).
    const pace = this.paceSum / this.paceWeight;
    const estimate = Math.max(0, this.total - done) * pace;
    if (this.shownMs === undefined) return this.show(estimate, at);
    const countingDown = Math.max(0, this.shownMs - (at - this.shownAt));
    if (done >= this.total) return this.show(0, at);
    // What is shown counts down with the clock, which is right while the pace holds. Only an
    // estimate off by more than the margin either way replaces it: the run truly sped up or
    // slowed down. The margin is wider while few rows were seen, as their pace is less sure then.
    // The margin is wider while few rows were seen (their pace is less sure) and as few are
    // left (the time of a few rows varies more than that of many).
    const margin = this.margin + 1 / Math.sqrt(done) + 1 / Math.sqrt(this.total - done);
    if (Math.abs(estimate - countingDown) > margin * Math.max(estimate, countingDown) + this.slackMs) return this.show(estimate, at);
    return this.show(countingDown, at);
  }

  private see(ms: number): void {
    this.rowsSeen += 1;
    const delta = ms - this.meanMs;
    this.meanMs += delta / this.rowsSeen;
    this.squares += delta * (ms - this.meanMs);
  }

  /** Whether the pace is known well enough to show a first estimate. */
  private sure(done: number): boolean {
    if (this.paceWeight === 0) return false;
    if (done >= this.total) return true;
    if (done < this.warmUpRows) return false;
    if (this.rowsSeen >= this.sureAfterRows || this.meanMs === 0) return true;
    const standardError = Math.sqrt(this.squares / (this.rowsSeen - 1) / this.rowsSeen);
    return standardError <= this.sureWithin * this.meanMs;
  }

  private show(ms: number, at: number): number {
    this.shownMs = ms;
    this.shownAt = at;
    return ms;
  }
}

/** "45 s", "3 min 10 s", "1 h 5 min": whole seconds, rounded up under a minute. */
export function formatTimeLeft(ms: number | undefined): string {
  if (ms === undefined) return '…';
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
