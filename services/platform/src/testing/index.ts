export * from "./test-database";
export * from "./test-runtime";
export * from "./event-recorder";
export { FakeClock } from "../clock/clock";
