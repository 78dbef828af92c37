/** Every time-dependent rule reads this, so tests can pin and move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved; for tests. */
export class ManualClock implements Clock {
  private ms: number;
  constructor(start: Date | string | number) {
    this.ms = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.ms);
  }
  set(at: Date | string | number): void {
    this.ms = new Date(at).getTime();
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}
