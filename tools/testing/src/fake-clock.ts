import type { Clock } from "@rebound/platform";

/** A clock tests move by hand. */
export class FakeClock implements Clock {
  private current: number;

  constructor(start: Date | string = "2026-01-05T15:00:00Z") {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  set(at: Date | string): void {
    this.current = new Date(at).getTime();
  }

  advance(ms: number): void {
    this.current += ms;
  }
}
