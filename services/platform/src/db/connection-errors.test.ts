import { isConnectionError } from "./connection-errors";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isConnectionError", () => {
  it("recognises an unreachable or restarting server, however the client wraps it", () => {
    expect(isConnectionError(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))).toBe(true);
    expect(isConnectionError(withCode("terminating connection due to administrator command", "57P01"))).toBe(true);
    expect(isConnectionError(withCode("the database system is shutting down", "57P03"))).toBe(true);
    expect(isConnectionError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isConnectionError(new Error("timeout exceeded when trying to connect"))).toBe(true);
    // An AggregateError (a host with several addresses), Prisma's known request error, a driver adapter error.
    expect(isConnectionError(new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], ""))).toBe(true);
    expect(isConnectionError(withCode("Can't reach database server", "P1001"))).toBe(true);
    expect(isConnectionError(Object.assign(new Error("db"), { meta: { driverAdapterError: { cause: { kind: "DatabaseNotReachable" } } } }))).toBe(true);
    expect(isConnectionError(new Error("wrapped", { cause: withCode("read ECONNRESET", "ECONNRESET") }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error("Connection error: connect ECONNREFUSED"), { name: "KafkaJSConnectionError" }))).toBe(true);
  });

  it("leaves bugs and bad data alone", () => {
    expect(isConnectionError(withCode('duplicate key value violates unique constraint "x"', "23505"))).toBe(false);
    expect(isConnectionError(withCode("syntax error at or near", "42601"))).toBe(false);
    expect(isConnectionError(new TypeError("cannot read properties of undefined"))).toBe(false);
    expect(isConnectionError(undefined)).toBe(false);
    expect(isConnectionError("ECONNREFUSED")).toBe(false);
  });
});
