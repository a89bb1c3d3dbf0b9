// The dedicated-number and forwarding-test fields, evolved from telephony facts only.

import type { ForwardingTestStatusName, NumberView } from "./business";

export type NumberFact =
  | { type: "purchased"; phoneNumber: string; sid: string; country: string; at: Date }
  | { type: "released"; phoneNumber: string; sid: string }
  | { type: "forwardingTested"; status: ForwardingTestStatusName | null; at: Date };

/**
 * The view after one fact. A release only clears the number it names, so a late release of an
 * earlier number never removes the one bought since. Setup is complete once forwarding to the
 * dedicated number has been tested successfully; it stays complete (a later failed test shows in
 * lastCallForwardingTestStatus), and starts over with a new number.
 */
export function evolveNumberView(view: NumberView, fact: NumberFact): NumberView {
  switch (fact.type) {
    case "purchased":
      return {
        ...view,
        dedicatedNumber: fact.phoneNumber,
        numberSid: fact.sid,
        phoneNumberPurchasedAt: fact.at,
        phoneNumberCountry: fact.country || view.phoneNumberCountry,
        setupCompleted: view.dedicatedNumber === fact.phoneNumber && view.setupCompleted,
      };
    case "released": {
      const sameNumber = fact.sid ? view.numberSid === fact.sid : view.dedicatedNumber === fact.phoneNumber;
      if (!sameNumber) return view;
      return { ...view, dedicatedNumber: null, numberSid: null, phoneNumberPurchasedAt: null, setupCompleted: false };
    }
    case "forwardingTested":
      if (fact.status === null) return view;
      return {
        ...view,
        lastCallForwardingTestDate: fact.at,
        lastCallForwardingTestStatus: fact.status,
        setupCompleted: view.setupCompleted || (fact.status === "success" && view.dedicatedNumber !== null),
      };
    default: {
      const unknown: never = fact;
      return unknown;
    }
  }
}
