import { context, ROOT_CONTEXT, type Context, type ContextManager } from "@opentelemetry/api";
import { AsyncLocalStorage } from "node:async_hooks";
import { currentRequestContext, runWithRequestContext } from "./request-context";

/** The part of OpenTelemetry's AsyncLocalStorageContextManager (registered by startTelemetry) these tests need. */
class AsyncContextManager implements ContextManager {
  private readonly storage = new AsyncLocalStorage<Context>();
  active(): Context {
    return this.storage.getStore() ?? ROOT_CONTEXT;
  }
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(ctx: Context, fn: F, thisArg?: ThisParameterType<F>, ...args: A): ReturnType<F> {
    return this.storage.run(ctx, () => fn.apply(thisArg, args));
  }
  bind<T>(_ctx: Context, target: T): T {
    return target;
  }
  enable(): this {
    return this;
  }
  disable(): this {
    this.storage.disable();
    return this;
  }
}

const afterAwait = async (): Promise<string | undefined> => {
  await new Promise((resolve) => setImmediate(resolve));
  return currentRequestContext()?.requestId;
};

describe("request context", () => {
  it("given no tracing (no context manager), when a request's work awaits, then nothing tracks it and nothing is attached", async () => {
    await expect(runWithRequestContext({ requestId: "r-1" }, afterAwait)).resolves.toBeUndefined();
    expect(currentRequestContext()).toBeUndefined();
  });

  describe("with tracing's context manager", () => {
    beforeAll(() => context.setGlobalContextManager(new AsyncContextManager()));
    afterAll(() => context.disable());

    it("given two requests in flight, when each awaits, then each reads its own id and none leaks outside", async () => {
      const ids = await Promise.all([runWithRequestContext({ requestId: "r-1" }, afterAwait), runWithRequestContext({ requestId: "r-2" }, afterAwait)]);
      expect(ids).toEqual(["r-1", "r-2"]);
      expect(currentRequestContext()).toBeUndefined();
    });
  });
});
