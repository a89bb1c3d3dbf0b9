// How long a webhook waits for the database before it treats it as away (the caller is on the line).

/** Thrown when the database did not answer within the webhook's budget: handled like an outage. */
export class DatabaseTooSlow extends Error {
  readonly code = "ETIMEDOUT";
}

/** The write, or a connection-class error after `ms` (the write may still commit; the spool's replay skips a known CallSid). */
export function withinBudget<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DatabaseTooSlow(`the database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
