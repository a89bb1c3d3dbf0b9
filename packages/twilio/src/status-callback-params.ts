/** The form fields Twilio posts to a message's status callback (the simulator and the test fake both send them). */
export function statusCallbackParams(message: {
  accountSid: string;
  sid: string;
  from: string;
  to: string;
  status: string;
  errorCode?: number;
}): Record<string, string> {
  return {
    AccountSid: message.accountSid,
    ApiVersion: "2010-04-01",
    From: message.from,
    To: message.to,
    MessageSid: message.sid,
    SmsSid: message.sid,
    MessageStatus: message.status,
    SmsStatus: message.status,
    ...(message.errorCode ? { ErrorCode: String(message.errorCode) } : {}),
  };
}
