// TwiML answers to Twilio webhooks.

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const PROLOGUE = '<?xml version="1.0" encoding="UTF-8"?>';

export const EMPTY_TWIML = `${PROLOGUE}<Response></Response>`;

/** A reply SMS to the sender of the inbound message. */
export function messageTwiml(body: string): string {
  return `${PROLOGUE}<Response><Message>${escapeXml(body)}</Message></Response>`;
}
