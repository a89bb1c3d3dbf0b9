// The owner's e-mails about their US texting registration (TextingRegistrationChanged): approved,
// failed (the reason and what to fix), needs_verification (reply YES from their mobile).
// Pure: the words and the links in, the e-mail out. Facts: docs/texting-registration.md A4, C7.
import { telephonyV1 } from "@rebound/contracts";
import type { RenderedEmail } from "./owner-alert-email";
import { escapeHtml } from "./escape-html";

/** The statuses the owner is e-mailed about; the others (submitted, brand_approved ...) are shown on the card only. */
export const REGISTRATION_EMAIL_STATUSES = ["approved", "failed", "needs_verification"] as const;
export type RegistrationEmailStatus = (typeof REGISTRATION_EMAIL_STATUSES)[number];

/** The number that texts a sole proprietor's mobile for the YES reply (Twilio's, docs/texting-registration.md A4). */
export const VERIFICATION_SENDER = "+1 (915) 278-2000";

/** The e-mail a status change calls for; undefined for a status the owner is not e-mailed about. */
export function registrationEmailStatus(status: telephonyV1.TextingRegistrationStatus): RegistrationEmailStatus | undefined {
  switch (status) {
    case telephonyV1.TextingRegistrationStatus.APPROVED:
      return "approved";
    case telephonyV1.TextingRegistrationStatus.FAILED:
      return "failed";
    case telephonyV1.TextingRegistrationStatus.NEEDS_VERIFICATION:
      return "needs_verification";
    case telephonyV1.TextingRegistrationStatus.UNSPECIFIED:
    case telephonyV1.TextingRegistrationStatus.NOT_STARTED:
    case telephonyV1.TextingRegistrationStatus.SUBMITTED:
    case telephonyV1.TextingRegistrationStatus.BRAND_APPROVED:
      return undefined;
    default: {
      // A status added to the contract later: no e-mail (never a poisoned event).
      const unexpected: never = status;
      void unexpected;
      return undefined;
    }
  }
}

export interface RegistrationEmailInput {
  status: RegistrationEmailStatus;
  businessName: string;
  /** The owner's words of a failed registration (empty when telephony gave none). */
  failureReason: string;
  /** Setup → Texting registration, where the owner submits again or follows the steps. */
  setupUrl: string;
}

const FOOTER = "You get this e-mail because you registered your business for US texting with Rebound.";

interface Parts {
  subject: string;
  paragraphs: string[];
  link?: { label: string; url: string };
}

function partsOf(input: RegistrationEmailInput): Parts {
  const name = input.businessName.trim() || "your business";
  switch (input.status) {
    case "approved":
      return {
        subject: "Rebound: Texting is live for US callers",
        paragraphs: [
          `Texting is live for US callers. The US carriers approved the texting registration of ${name}.`,
          "From now on Rebound texts back every missed caller, in the US as in Canada. Nothing else to do.",
        ],
      };
    case "failed":
      return {
        subject: "Rebound: your texting registration was not approved",
        paragraphs: [
          `The US carriers did not approve the texting registration of ${name}, so missed callers in the US are not texted back yet.`,
          `Reason: ${input.failureReason.trim() || "The carriers gave no reason. Check the details you registered."}`,
          "What to fix: correct the details the reason names (legal name, EIN, website, address or contact), then submit the registration again in Setup → Texting registration.",
        ],
        link: { label: "Fix and submit again", url: input.setupUrl },
      };
    case "needs_verification":
      return {
        subject: "Rebound: reply YES to confirm your texting registration",
        paragraphs: [
          `Reply YES to the text from ${VERIFICATION_SENDER} on your mobile to confirm the texting registration of ${name}.`,
          "The text asks you to confirm your registration for US A2P Messaging. It is valid for 24 hours; if it expired, ask for a new one in Setup → Texting registration.",
        ],
        link: { label: "Texting registration", url: input.setupUrl },
      };
    default: {
      const unexpected: never = input.status;
      throw new Error(`unknown registration e-mail ${String(unexpected)}`);
    }
  }
}

export function registrationEmail(input: RegistrationEmailInput): RenderedEmail {
  const parts = partsOf(input);
  const text = [
    ...parts.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(parts.link ? [`${parts.link.label}: ${parts.link.url}`, ""] : []),
    FOOTER,
  ].join("\n");
  const html =
    `<div style="font-family:Arial,sans-serif;font-size:14px;color:#222">` +
    `<h2 style="margin:0 0 12px">Rebound</h2>` +
    parts.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("") +
    (parts.link ? `<p><a href="${escapeHtml(parts.link.url)}">${escapeHtml(parts.link.label)}</a></p>` : "") +
    `<p style="color:#888;font-size:12px">${escapeHtml(FOOTER)}</p></div>`;
  return { subject: parts.subject, text, html };
}
