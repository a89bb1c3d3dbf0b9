/**
 * Spaces requests at least `intervalMs` apart, in the order they ask (Twilio: "rate limit all API
 * requests for Brand and Campaign registration to one request per second"). The slot is taken
 * synchronously, so concurrent callers queue instead of racing.
 */
export class RequestSpacing {
  private nextAt = 0;

  constructor(readonly intervalMs: number) {}

  /** Resolves when this caller may send. */
  async turn(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.nextAt);
    this.nextAt = at + this.intervalMs;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }
}

const perProcess = new Map<number, RequestSpacing>();

/** The process-wide spacing for this interval: every provider in the process shares it. */
export function processRequestSpacing(intervalMs: number): RequestSpacing {
  let spacing = perProcess.get(intervalMs);
  if (!spacing) {
    spacing = new RequestSpacing(intervalMs);
    perProcess.set(intervalMs, spacing);
  }
  return spacing;
}
