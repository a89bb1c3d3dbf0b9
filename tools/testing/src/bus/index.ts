export * from "./event-bus.contract";
export * from "./consumer-group.contract";
export * from "./contract-fixtures";
