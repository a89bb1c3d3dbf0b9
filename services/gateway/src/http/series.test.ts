import express, { type RequestHandler } from "express";
import type { AddressInfo } from "node:net";
import { series, whenBody } from "./series";

async function withApp(mount: (app: express.Express) => void, run: (url: string) => Promise<void>): Promise<void> {
  const app = express();
  mount(app);
  app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => void res.status(500).send(`error: ${error.message}`));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.close();
  }
}

const mark =
  (name: string): RequestHandler =>
  (_req, res, next) => {
    res.append("x-seen", name);
    next();
  };

describe("series", () => {
  it("runs the handlers in order, then the next layer; an error (thrown, rejected or passed on) reaches the error handler", async () => {
    await withApp(
      (app) => {
        app.use("/ok", series(mark("a"), mark("b")), (_req, res) => void res.send("done"));
        app.use(
          "/thrown",
          series(mark("a"), () => {
            throw new Error("thrown");
          }),
        );
        app.use(
          "/rejected",
          series(async () => {
            throw new Error("rejected");
          }),
        );
        app.use(
          "/passed",
          series((_req, _res, next) => next(new Error("passed"))),
        );
        const router = express.Router();
        router.use(
          "/skip",
          series((_req, _res, next) => next("router")),
          (_req, res) => void res.send("not here"),
        );
        app.use(router);
        app.use((_req, res) => void res.status(404).send("fell through"));
      },
      async (url) => {
        const ok = await fetch(`${url}/ok`);
        expect([await ok.text(), ok.headers.get("x-seen")]).toEqual(["done", "a, b"]);
        expect(await (await fetch(`${url}/thrown`)).text()).toBe("error: thrown");
        expect(await (await fetch(`${url}/rejected`)).text()).toBe("error: rejected");
        expect(await (await fetch(`${url}/passed`)).text()).toBe("error: passed");
        expect(await (await fetch(`${url}/skip`)).text()).toBe("fell through");
      },
    );
  });

  it("whenBody skips a request without a body and runs for one with a body", async () => {
    await withApp(
      (app) => {
        app.use(whenBody(express.json()), whenBody(mark("parsed")));
        app.all(
          "/echo",
          (req, res) =>
            void res.json({
              body: req.body as unknown,
              seen: res.getHeader("x-seen") ?? null,
            }),
        );
      },
      async (url) => {
        expect(await (await fetch(`${url}/echo`)).json()).toEqual({
          seen: null,
        });
        const posted = await fetch(`${url}/echo`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: '{"a":1}',
        });
        expect(await posted.json()).toEqual({ body: { a: 1 }, seen: "parsed" });
      },
    );
  });
});
