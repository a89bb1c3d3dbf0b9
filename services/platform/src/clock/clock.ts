/** Time source. Domain code takes a Clock, never calls Date.now() itself. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
