// Pure domain logic shared by the services and the web UI (no Node-only APIs, no clock reads).
export * from "./time-zones";
export * from "./zoned-time";
export * from "./business-hours";
export * from "./business-hours-format";
export * from "./placeholders";
export * from "./placeholder-values";
export * from "./sms-segments";
export * from "./plans";
export * from "./auth-schemas";
export * from "./phone-numbers";
export * from "./billing-response";
export * from "./analytics-response";
export * from "./message-templates";
export * from "./entitlement";
export * from "./inbound-sms-intent";
export * from "./voice-no-text-answer";
export * from "./email";
