export * from "./consumer-timings";
export * from "./kafka-contract-setup";
export * from "./start-kafka-mock";
