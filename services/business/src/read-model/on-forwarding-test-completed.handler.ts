import { telephonyV1, timestampDate } from "@rebound/contracts";
import type { EventHandler } from "@rebound/platform";
import type { BusinessDeps } from "../business-deps";
import type { ForwardingTestStatusName } from "../domain/business";
import { applyNumberFact } from "./apply-number-fact.use-case";

function statusName(status: telephonyV1.ForwardingTestStatus): ForwardingTestStatusName | null {
  switch (status) {
    case telephonyV1.ForwardingTestStatus.SUCCESS:
      return "success";
    case telephonyV1.ForwardingTestStatus.FAILED:
      return "failed";
    case telephonyV1.ForwardingTestStatus.UNSPECIFIED:
      return null;
    default:
      return unknownStatus(status);
  }
}

/** Compile-time exhaustiveness; at run time a status added to the contract later is ignored. */
function unknownStatus(_status: never): null {
  return null;
}

export function onForwardingTestCompleted(deps: BusinessDeps, consumer: string): EventHandler<"ForwardingTestCompleted"> {
  return async (event) => {
    const { businessId, status, completedAt } = event.payload;
    await applyNumberFact(deps, consumer, event.id, businessId, {
      type: "forwardingTested",
      status: statusName(status),
      at: completedAt ? timestampDate(completedAt) : event.occurredAt,
    });
  };
}
