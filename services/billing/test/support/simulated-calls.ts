import { setTimeout as sleep } from "node:timers/promises";

export interface SimulatedMessage {
  to: string;
  from: string;
  body: string;
}

/** The texts the carrier simulator holds for `to`. */
export async function textsTo(baseUrl: string, to: string): Promise<SimulatedMessage[]> {
  const res = await fetch(`${baseUrl}/dev/simulator/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: SimulatedMessage[] }).messages;
}

/**
 * A missed call from `caller` to `dedicatedNumber` through the carrier simulator; resolves with the
 * texts that caller got within `waitMs` (empty when none came).
 */
export async function placeMissedCall(baseUrl: string, caller: string, dedicatedNumber: string, waitMs: number): Promise<SimulatedMessage[]> {
  const placed = await fetch(`${baseUrl}/dev/simulator/calls`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ from: caller, to: dedicatedNumber }),
  });
  if (placed.status !== 200) throw new Error(`the simulator refused the call: ${placed.status}`);
  const deadline = Date.now() + waitMs;
  let got: SimulatedMessage[] = [];
  while (Date.now() < deadline && got.length === 0) {
    await sleep(100);
    got = await textsTo(baseUrl, caller);
  }
  return got;
}
