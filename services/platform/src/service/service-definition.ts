import type { RequestHandler } from "express";
import type { ConsumerDefinition } from "../consumer/event-handlers";
import type { EarlyAnswer } from "../http/early-answer";
import type { JobDefinition } from "../jobs/job";

/** What a service contributes to a process: `create<Name>Service(deps)` returns one. */
export interface ServiceDefinition {
  name: string;
  /** Express router (or handler) with full public paths (/api/..., /webhooks/...); the gateway's route table points here. */
  router?: RequestHandler;
  /** Requests answered on node's server before express (http/early-answer.ts); the gateway gives them, the other services none. */
  earlyAnswers?: EarlyAnswer[];
  consumers: ConsumerDefinition[];
  jobs: JobDefinition[];
  /** Runs before traffic: e.g. loads in-memory read models. */
  start?(): Promise<void>;
  /** Runs after consumers and jobs stopped. */
  stop?(): Promise<void>;
  /** Extra readiness checks for /readyz. */
  readiness?: Record<string, () => Promise<boolean>>;
}
