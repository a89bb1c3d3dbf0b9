import type { Request, Response } from "express";
import { AppError } from "@rebound/platform";
import { originCheck, type OriginCheckOptions } from "./origin-check";

/** What the check passes to next() for a POST from `origin`: undefined lets it through. */
function verdict(options: Partial<OriginCheckOptions>, origin: string | undefined, method = "POST"): unknown {
  const check = originCheck({ publicBaseUrl: "http://localhost:3000", allowedOrigins: [], loopbackAliases: false, ...options });
  let passed: unknown = "next() not called";
  const req = { method, header: (name: string) => (name === "origin" ? origin : undefined) } as unknown as Request;
  void check(req, {} as Response, (error?: unknown) => (passed = error));
  return passed;
}

describe("origin check", () => {
  describe("in development (loopback aliases)", () => {
    const development = { loopbackAliases: true };

    it.each(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"])(
      "given the served localhost:3000, when %s posts, then it goes through",
      (origin) => {
        expect(verdict(development, origin)).toBeUndefined();
      },
    );

    it("given the served 127.0.0.1, when localhost posts on the same port, then it goes through", () => {
      expect(verdict({ ...development, publicBaseUrl: "http://127.0.0.1:8080/" }, "http://localhost:8080")).toBeUndefined();
    });

    it("given an allowed Vite dev server on localhost, when its 127.0.0.1 twin posts, then it goes through", () => {
      expect(verdict({ ...development, allowedOrigins: ["http://localhost:5173"] }, "http://127.0.0.1:5173")).toBeUndefined();
    });

    it.each(["http://127.0.0.1:4000", "https://127.0.0.1:3000", "http://192.168.1.20:3000", "https://evil.example"])(
      "given localhost:3000, when %s posts, then it is refused",
      (origin) => {
        expect(verdict(development, origin)).toBeInstanceOf(AppError);
      },
    );

    it("given a public host, when a loopback address posts, then it is refused (aliases are only among loopback names)", () => {
      expect(verdict({ ...development, publicBaseUrl: "https://app.rebound.example" }, "http://localhost:3000")).toBeInstanceOf(AppError);
    });
  });

  describe("in production (strict)", () => {
    it("given localhost:3000, when 127.0.0.1:3000 posts, then it is refused; the exact origin goes through", () => {
      expect(verdict({ loopbackAliases: false }, "http://127.0.0.1:3000")).toBeInstanceOf(AppError);
      expect(verdict({ loopbackAliases: false }, "http://localhost:3000")).toBeUndefined();
    });
  });

  it("given a refused origin, when answered, then 403 and the message names both addresses and the one to open", () => {
    const refused = verdict({ publicBaseUrl: "http://localhost:3000/" }, "http://10.0.0.5:3000");
    expect(refused).toMatchObject({
      httpStatus: 403,
      code: "FORBIDDEN",
      message: "This page's address (http://10.0.0.5:3000) is not the address Rebound is served from (http://localhost:3000). Open http://localhost:3000.",
    });
  });

  it("given a read or no Origin, when it arrives from anywhere, then the check lets it through", () => {
    expect(verdict({}, "https://evil.example", "GET")).toBeUndefined();
    expect(verdict({}, undefined)).toBeUndefined();
  });
});
