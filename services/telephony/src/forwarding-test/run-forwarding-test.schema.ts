import { isForwardingTestDestination } from "@rebound/contracts/domain";
import { z } from "zod";
import { phoneNumberField } from "../phone-numbers/purchase-number.schema";

export const FORWARDING_TEST_DESTINATION_MESSAGE = "Call forwarding can be tested only with a US or Canadian landline or mobile number";

/** Same rules as a purchased number, and only numbers a test call may cost us (no premium rate, no other countries). */
export const forwardingTestSchema = z.object({
  phoneNumber: phoneNumberField.refine(isForwardingTestDestination, FORWARDING_TEST_DESTINATION_MESSAGE),
});
