// TwiML, the answers to Twilio's webhooks: the Twilio SDK's builders (they escape the text),
// never hand-built strings. Only the builders are loaded, not the SDK's REST client.
import MessagingResponse from "twilio/lib/twiml/MessagingResponse";
import VoiceResponse from "twilio/lib/twiml/VoiceResponse";

export { MessagingResponse, VoiceResponse };
