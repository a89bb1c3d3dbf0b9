import { fixKafkajsIdleTimerLoop } from "./kafkajs-idle-timer-fix";
import { fixKafkajsRequestTimeoutInterval } from "./kafkajs-request-timeout-fix";

/** kafkajs 2.2.4's timers that wake a process with nothing to do, replaced once per process before a client is made. */
export function fixKafkajsTimers(): void {
  fixKafkajsIdleTimerLoop();
  fixKafkajsRequestTimeoutInterval();
}
