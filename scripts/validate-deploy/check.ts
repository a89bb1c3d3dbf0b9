// What a check is and what it gets. A check passes by returning (its detail is printed after
// its name) and fails by throwing (its message is printed under it); main.ts runs them in order.
import type { Helm } from "./lib/helm";
import type { K8sObject } from "./lib/kubernetes";
import type { ServiceSettings } from "./lib/settings";
import type { ValuesLabel } from "./lib/values-sets";

export type { ValuesLabel };

export interface CheckResult {
  /** Printed in parentheses after the check's name. */
  detail?: string;
}

export interface DeployCheck {
  name: string;
  run(ctx: DeployContext): Promise<CheckResult>;
  /** The later checks need what this one provides: when `met` is false after it ran, the run stops. */
  prerequisite?: { met: (ctx: DeployContext) => boolean; message: string };
}

export interface Render {
  text: string;
  objects: K8sObject[];
}

export interface DeployContext {
  helm: Helm;
  /** Settings each service's process reads (its config schemas plus the platform's). */
  settings: ServiceSettings;
  /** The chart rendered per values file, by the `helm template` checks (in this order). */
  renders: Partial<Record<ValuesLabel, Render>>;
}

/** The render of `label`; throws when its `helm template` check failed. */
export function rendered(ctx: DeployContext, label: ValuesLabel): Render {
  const render = ctx.renders[label];
  if (!render) throw new Error(`no render with the ${label} values (its helm template check failed)`);
  return render;
}
