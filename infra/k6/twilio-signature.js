// Twilio's request signature (X-Twilio-Signature), as twilio.getExpectedTwilioSignature computes
// it: base64(HMAC-SHA1(authToken, url + the POST parameters sorted by name, each name followed
// by its value)). The url is the one Twilio was given: PUBLIC_BASE_URL + the webhook path.
import crypto from "k6/crypto";

export function twilioSignature(authToken, url, params) {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return crypto.hmac("sha1", authToken, data, "base64");
}

export function formBody(params) {
  return Object.keys(params)
    .map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(params[key])}`)
    .join("&");
}
