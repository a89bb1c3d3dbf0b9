import type { NumberWebhooks } from "@rebound/providers/telephony";

/** Where the provider calls us for a dedicated number: the gateway's public webhook URLs. */
export function numberWebhooks(publicBaseUrl: string): NumberWebhooks {
  return {
    voiceUrl: `${publicBaseUrl}/webhooks/twilio/voice`,
    smsUrl: `${publicBaseUrl}/webhooks/twilio/sms`,
    statusCallbackUrl: `${publicBaseUrl}/webhooks/twilio/call-status`,
  };
}

/** The status callback of a forwarding test call; the test id rides in the (signed) URL. */
export function testCallStatusUrl(publicBaseUrl: string, testId: string): string {
  return `${publicBaseUrl}/webhooks/twilio/call-status?testId=${encodeURIComponent(testId)}`;
}
