import type { BusinessConfig } from "../domain/dispatch-config";
import { DispatchReadModel } from "./dispatch-read-model";

const settings = {} as NonNullable<BusinessConfig["settings"]>;

describe("DispatchReadModel.whenBusinessKnown", () => {
  it("resolves at once for a business whose settings are known", async () => {
    const model = new DispatchReadModel();
    model.patchBusiness("biz-1", { settings });
    const started = Date.now();
    await model.whenBusinessKnown("biz-1", 10_000);
    expect(Date.now() - started).toBeLessThan(50);
  });

  it("is woken when the settings arrive, not by a number alone", async () => {
    const model = new DispatchReadModel();
    let woken = false;
    const waiting = model.whenBusinessKnown("biz-1", 10_000).then(() => (woken = true));
    model.patchBusiness("biz-1", { dedicatedNumber: "+13055550123" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(woken).toBe(false);
    model.patchBusiness("biz-1", { settings });
    await waiting;
    expect(woken).toBe(true);
  });

  it("gives up after the timeout for a business it never learns", async () => {
    const model = new DispatchReadModel();
    const started = Date.now();
    await model.whenBusinessKnown("biz-unknown", 40);
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
    expect(model.business("biz-unknown")).toBeUndefined();
  });
});
