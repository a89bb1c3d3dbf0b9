// TwiML answers to Twilio's SMS webhook (the SDK's builder escapes the text).
import { MessagingResponse } from "@rebound/twilio/twiml";

/** No reply. */
export const EMPTY_TWIML = new MessagingResponse().toString();

/** A reply SMS to the sender of the inbound message. */
export function messageTwiml(body: string): string {
  const response = new MessagingResponse();
  response.message(body);
  return response.toString();
}
