export * from "./fake-twilio-api";
export * from "./fake-status-callbacks";
export * from "./testing-webhook-receiver";
