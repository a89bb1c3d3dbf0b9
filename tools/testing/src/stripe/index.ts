export * from "./fake-stripe-api";
export * from "./form";
