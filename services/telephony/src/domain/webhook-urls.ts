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

/** Where a voicemail's provider callbacks go: the <Record> action, its recording status and its transcript. */
export interface VoicemailWebhooks {
  actionUrl: string;
  recordingStatusCallbackUrl: string;
  transcribeCallbackUrl: string;
}

export function voicemailWebhooks(publicBaseUrl: string): VoicemailWebhooks {
  return {
    actionUrl: `${publicBaseUrl}/webhooks/twilio/voicemail`,
    recordingStatusCallbackUrl: `${publicBaseUrl}/webhooks/twilio/recording`,
    transcribeCallbackUrl: `${publicBaseUrl}/webhooks/twilio/transcription`,
  };
}
