import type { ToastInput } from "@/shared/ui/toast/toast-store";
import { errorMessage } from "@/shared/api/client";
import type { ForwardingTestStatus } from "@/shared/lib/status";

/** On load the stored lastCallForwardingTestStatus is used when present (docs/product.md section 4). */
export function initialTestStatus(stored: string | null | undefined): ForwardingTestStatus {
  return stored === "success" || stored === "failed" ? stored : "not-tested";
}

/** The toast for a test's answer (docs/product.md section 8). */
export function testResultToast(result: { success: boolean; message: string; interpretation?: string }): ToastInput {
  return result.success
    ? { title: result.message || "Success", description: result.interpretation || "Your setup is working correctly!" }
    : { title: result.message || "Failed", description: result.interpretation || "Please check your call forwarding setup.", variant: "destructive" };
}

/** The toast for a request that failed (network or server error): the test counts as failed. */
export function testErrorToast(error: unknown): ToastInput {
  return { title: "Test Failed", description: errorMessage(error, "Test failed. Please try again."), variant: "destructive" };
}
