import { SingleBar } from 'cli-progress';

/**
 * The progress of an import: a bar redrawn in place on a terminal, and on anything else
 * (a pipe, a log) a plain line at each tenth, so a log is not flooded.
 */
export class ImportProgress {
  private bar: SingleBar | undefined;
  private total = 0;
  private lastTenth = 0;

  constructor(private readonly out: NodeJS.WritableStream & { isTTY?: boolean }) {}

  start(total: number): void {
    this.total = total;
    if (this.out.isTTY === true) {
      this.bar = new SingleBar({
        stream: this.out,
        format: 'importing [{bar}] {value}/{total} rows, {eta_formatted} left',
        hideCursor: false,
        clearOnComplete: true,
        etaBuffer: 50,
      });
      this.bar.start(total, 0);
    }
  }

  update(done: number): void {
    if (this.bar) {
      this.bar.update(done);
      return;
    }
    const tenth = this.total === 0 ? 10 : Math.floor((done * 10) / this.total);
    if (tenth > this.lastTenth) {
      this.lastTenth = tenth;
      this.out.write(`marquee import: ${done}/${this.total} rows\n`);
    }
  }

  stop(): void {
    this.bar?.stop();
    this.bar = undefined;
  }
}
