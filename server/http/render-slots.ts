/**
 * At most `limit` page renders at once in this process; the rest wait their turn, first come first served
 * (issue 23, point 5). A render's memory is the page's data, React's tree and the HTML being built: a
 * hundred pages invalidated together and asked for at once would otherwise all be built at the same time,
 * and on two cores they finish no sooner for it. A render is counted until its body has been produced
 * (`ssr` resolves once the page is ready to stream), so the wait is short and the memory bounded.
 */
export class RenderSlots {
  readonly #limit: number;
  #running = 0;
  readonly #waiting: (() => void)[] = [];
  /** The most renders that ran at once, for tests and the bench. */
  peak = 0;

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`render slots: ${limit} is not a count`);
    this.#limit = limit;
  }

  async run<T>(render: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#limit) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#running++;
    this.peak = Math.max(this.peak, this.#running);
    try {
      return await render();
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }

  get waiting(): number {
    return this.#waiting.length;
  }
}
