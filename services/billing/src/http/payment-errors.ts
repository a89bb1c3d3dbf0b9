import type { ErrorRequestHandler } from "express";
import { PaymentDeclinedError, PaymentInputError } from "../provider/payment-provider";

/** The provider's refusals keep its message: a declined card is a 402, bad payment input a 400. */
export const paymentErrors: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  if (res.headersSent) return next(error);
  if (error instanceof PaymentDeclinedError) {
    res.status(402).json({ message: error.message, code: "PAYMENT_DECLINED", declineCode: error.declineCode });
    return;
  }
  if (error instanceof PaymentInputError) {
    res.status(400).json({ message: error.message, code: "BAD_REQUEST" });
    return;
  }
  next(error);
};
