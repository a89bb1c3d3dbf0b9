// The industry message templates offered in the Configure screen (docs/product.md section 9):
// missed-call and after-hours messages, five categories each, three templates per category.
//
// Writing rules, checked by the test:
// - Plain GSM-7 text (straight quotes, no emoji, no dashes outside the GSM set) so one SMS segment
//   holds 160 characters; each template fits one segment with typical values, never more than two.
// - Placeholders are written as the product spells them. Optional details ([WEBSITE], [EMAIL],
//   [EMERGENCY_NUMBER], [OPEN_TIME], [BUSINESS_HOURS]) sit in a sentence of their own, because
//   renderMessage drops a sentence whose value is missing; the rest must still read well.
// - [OPEN_TIME] renders as "tomorrow at 9:00 AM" or "Monday at 9:00 AM", so it follows a verb
//   ("We're back [OPEN_TIME].") and never "at".
// - The caller is never asked to text back: a reply reaches the owner's inbox, but the text is a
//   one-time answer to the call, not an invitation to a chat.
// - Healthcare messages always point real emergencies to 911 (US and Canada).

import type { MessageTemplate, TemplateCatalogue, TemplateCategory } from "@rebound/contracts/domain";

export type { MessageTemplate, TemplateCatalogue, TemplateCategory };

export const MESSAGE_TEMPLATES: TemplateCatalogue = {
  missedCall: [
    {
      id: "general-business",
      name: "General Business",
      templates: [
        {
          id: "missed-call-general-quick-callback",
          name: "Quick callback",
          message: "Hi, this is [Business Name]. Sorry we missed your call! We'll call you back as soon as we can.",
        },
        {
          id: "missed-call-general-with-customer",
          name: "With a customer",
          message: "Thanks for calling [Business Name]! We're helping another customer right now. We'll call you back shortly.",
        },
        {
          id: "missed-call-general-email",
          name: "Callback or email",
          message: "Thanks for calling [Business Name]. Sorry we missed you! We'll call you back soon. If email is easier, reach us at [EMAIL].",
        },
      ],
    },
    {
      id: "restaurant",
      name: "Restaurant",
      templates: [
        {
          id: "missed-call-restaurant-order-online",
          name: "Order online",
          message: "Thanks for calling [Business Name]! Sorry we missed you, the kitchen is busy. Order pickup or delivery anytime at [WEBSITE].",
        },
        {
          id: "missed-call-restaurant-reservations",
          name: "Reservations",
          message: "Hi from [Business Name]! Sorry we couldn't get to the phone. We'll call you right back. You can also book a table at [WEBSITE].",
        },
        {
          id: "missed-call-restaurant-dinner-rush",
          name: "Dinner rush",
          message: "[Business Name] here! We're in a rush and missed your call. Please try us again in a few minutes. Skip the wait and order at [WEBSITE].",
        },
      ],
    },
    {
      id: "healthcare",
      name: "Healthcare",
      templates: [
        {
          id: "missed-call-healthcare-with-patients",
          name: "With patients",
          message:
            "Thank you for calling [Business Name]. We're with patients right now and will call you back shortly. If this is a medical emergency, call 911.",
        },
        {
          id: "missed-call-healthcare-urgent-line",
          name: "Urgent line",
          message:
            "Hi, this is [Business Name]. Sorry we missed your call, we'll call you back today. For urgent concerns, call [EMERGENCY_NUMBER]. Emergencies: dial 911.",
        },
        {
          id: "missed-call-healthcare-book-online",
          name: "Book online",
          message: "Thanks for calling [Business Name]! We'll return your call soon. You can also book an appointment at [WEBSITE]. Emergencies: call 911.",
        },
      ],
    },
    {
      id: "professional-services",
      name: "Professional Services",
      templates: [
        {
          id: "missed-call-professional-with-client",
          name: "With a client",
          message: "Thank you for calling [Business Name]. We're with a client at the moment and will return your call shortly.",
        },
        {
          id: "missed-call-professional-consultation",
          name: "Book a consultation",
          message: "Hi, this is [Business Name]. Sorry we missed your call. We'll get back to you within one business day. Book a consultation at [WEBSITE].",
        },
        {
          id: "missed-call-professional-email-details",
          name: "Email the details",
          message: "Thanks for calling [Business Name]. We'll call you back soon. Feel free to email a few details to [EMAIL] before we talk.",
        },
      ],
    },
    {
      id: "contractors-home-services",
      name: "Contractors/Home Services",
      templates: [
        {
          id: "missed-call-contractor-on-a-job",
          name: "Out on a job",
          message: "Hi, this is [Business Name]. Sorry we missed your call, we're out on a job. We'll call you back shortly.",
        },
        {
          id: "missed-call-contractor-estimate",
          name: "Estimate request",
          message:
            "Thanks for calling [Business Name]! We're on a job site right now. We'll call you back soon to hear about your project and set up an estimate.",
        },
        {
          id: "missed-call-contractor-urgent",
          name: "Urgent repairs",
          message:
            "Hi, this is [Business Name]. Sorry we missed you, we'll call you back soon. For urgent problems like a leak or no heat, call [EMERGENCY_NUMBER].",
        },
      ],
    },
  ],
  afterHours: [
    {
      id: "standard",
      name: "Standard",
      templates: [
        {
          id: "after-hours-standard-back-soon",
          name: "Back soon",
          message: "Thanks for calling [Business Name]! We're closed right now, but we'll call you back when we open. We're back [OPEN_TIME].",
        },
        {
          id: "after-hours-standard-hours",
          name: "Our hours",
          message: "Thanks for calling [Business Name]. We're closed and will return your call on the next business day. Our hours are [BUSINESS_HOURS].",
        },
        {
          id: "after-hours-standard-website",
          name: "Website link",
          message: "You've reached [Business Name] after hours. We'll call you back once we open. Until then, you'll find answers at [WEBSITE].",
        },
      ],
    },
    {
      id: "restaurant",
      name: "Restaurant",
      templates: [
        {
          id: "after-hours-restaurant-order-ahead",
          name: "Order ahead",
          message: "Thanks for calling [Business Name]! We're closed right now. We open [OPEN_TIME]. Order ahead anytime at [WEBSITE].",
        },
        {
          id: "after-hours-restaurant-hours",
          name: "Our hours",
          message: "Hi from [Business Name]! Sorry, we're closed right now. Our hours are [BUSINESS_HOURS]. We'd love to see you soon!",
        },
        {
          id: "after-hours-restaurant-reservations",
          name: "Reservations",
          message: "Thanks for calling [Business Name]. The kitchen is closed, but we'll call you back when we open. Reserve a table anytime at [WEBSITE].",
        },
      ],
    },
    {
      id: "healthcare",
      name: "Healthcare",
      templates: [
        {
          id: "after-hours-healthcare-on-call",
          name: "On-call line",
          message:
            "You've reached [Business Name] after hours. For urgent concerns, call [EMERGENCY_NUMBER]. For emergencies, dial 911. We reopen [OPEN_TIME].",
        },
        {
          id: "after-hours-healthcare-hours",
          name: "Office hours",
          message: "Thanks for calling [Business Name]. We're closed and will call you back when we reopen. Hours: [BUSINESS_HOURS]. Emergencies: call 911.",
        },
        {
          id: "after-hours-healthcare-appointments",
          name: "Appointment requests",
          message: "You've reached [Business Name] after hours. We'll call you back when we open. Book an appointment at [WEBSITE]. Emergencies: call 911.",
        },
      ],
    },
    {
      id: "professional-services",
      name: "Professional Services",
      templates: [
        {
          id: "after-hours-professional-next-day",
          name: "Next business day",
          message: "Thank you for calling [Business Name]. Our office is closed, but we'll return your call on the next business day. We reopen [OPEN_TIME].",
        },
        {
          id: "after-hours-professional-hours",
          name: "Office hours",
          message: "Thanks for calling [Business Name]. We're out of the office and will call you back during business hours. Our hours are [BUSINESS_HOURS].",
        },
        {
          id: "after-hours-professional-consultation",
          name: "Book a consultation",
          message: "Thank you for calling [Business Name]. We're closed for the day and will call you back when we reopen. Book a consultation at [WEBSITE].",
        },
      ],
    },
    {
      id: "contractors-home-services",
      name: "Contractors/Home Services",
      templates: [
        {
          id: "after-hours-contractor-emergency",
          name: "Emergency line",
          message:
            "Thanks for calling [Business Name]. We're closed and will call you back when we open. For emergencies like a burst pipe, call [EMERGENCY_NUMBER].",
        },
        {
          id: "after-hours-contractor-estimate",
          name: "Estimate request",
          message: "Thanks for calling [Business Name]! We're done for the day and will call you back about your project. Our hours are [BUSINESS_HOURS].",
        },
        {
          id: "after-hours-contractor-back-tomorrow",
          name: "Back first thing",
          message:
            "Hi, this is [Business Name]. Sorry we missed you, we're closed right now. We're back [OPEN_TIME]. For urgent repairs, call [EMERGENCY_NUMBER].",
        },
      ],
    },
  ],
};

/** Every template in one list, missed-call first, for lookups by id. */
export function allMessageTemplates(catalogue: TemplateCatalogue = MESSAGE_TEMPLATES): MessageTemplate[] {
  return [...catalogue.missedCall, ...catalogue.afterHours].flatMap((category) => category.templates);
}

/** The template with this id, or undefined. */
export function findMessageTemplate(id: string): MessageTemplate | undefined {
  return allMessageTemplates().find((template) => template.id === id);
}
