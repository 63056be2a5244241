import { SingleBar } from 'cli-progress';
import { formatTimeLeft, TimeLeftEstimator } from '../transfers/time-left.js';

/**
 * The progress of an import: a bar redrawn in place on a terminal, and on anything else
 * (a pipe, a log) one line when the writing is done, so a log is not flooded (the summary on
 * stdout says the rest, and a stopped run says where it stopped). An import first matches
 * every row, then writes them: each phase has its own bar, and the time left is the writing's
 * (or the matching's), from the recent pace (TimeLeftEstimator), never cli-progress's own.
 */
export class ImportProgress {
  private bar: SingleBar | undefined;
  private total = 0;
  private phase = '';
  private readonly timeLeft = new TimeLeftEstimator(0);

  constructor(
    private readonly out: NodeJS.WritableStream & { isTTY?: boolean },
    private readonly now: () => number = Date.now,
  ) {}

  /** A phase over `total` rows: "matching" or "importing". */
  start(total: number, phase: string): void {
    this.stop();
    this.total = total;
    this.phase = phase;
    this.timeLeft.start(this.now(), total);
    if (this.out.isTTY === true) {
      this.bar = new SingleBar({
        stream: this.out,
        format: `${phase} [{bar}] {value}/{total} rows, {left} left`,
        hideCursor: false,
        clearOnComplete: true,
      });
      this.bar.start(total, 0, { left: formatTimeLeft(undefined) });
    }
  }

  update(done: number): void {
    const left = this.timeLeft.update(done, this.now());
    if (this.bar) {
      this.bar.update(done, { left: formatTimeLeft(left) });
      return;
    }
    if (this.phase === 'importing' && done === this.total) this.out.write(`marquee import: importing ${done}/${this.total} rows\n`);
  }

  stop(): void {
    this.bar?.stop();
    this.bar = undefined;
  }
}
