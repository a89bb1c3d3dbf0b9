import { BusinessHarness } from "./support/business-harness";
import { specSettingsPayload, type BusinessResponse, type ErrorBody } from "./support/api-types";

// The revenue estimate's inputs (average client value, close rate): stored through the business
// settings, the calculator's defaults (500 / 25) until set, carried by the settings events.
describe("revenue estimate inputs in the business settings", () => {
  let harness: BusinessHarness;

  beforeAll(async () => {
    harness = await BusinessHarness.start();
  });
  afterAll(async () => {
    await harness.stop();
  });

  it("given a new business, then GET and BusinessCreated carry the calculator's defaults 500 and 25", async () => {
    const user = await harness.registerUser();

    const read = await harness.request<BusinessResponse>("GET", "/api/business", user);
    const created = harness.events("BusinessCreated", user.businessId)[0]!;

    expect(read.body).toMatchObject({ averageClientValue: 500, closeRate: 25 });
    expect(created.payload.settings).toMatchObject({ averageClientValue: 500, closeRatePercent: 25 });
  });

  it("given both inputs in the settings payload, then they are stored, returned and sent in BusinessSettingsUpdated", async () => {
    const user = await harness.registerUser();

    const saved = await harness.request<BusinessResponse>("POST", "/api/business", user, specSettingsPayload({ averageClientValue: 1200, closeRate: 40 }));
    const read = await harness.request<BusinessResponse>("GET", "/api/business", user);
    const [logged] = await harness.logged("BusinessSettingsUpdated", user.businessId);

    expect(saved.status).toBe(200);
    expect(read.body).toMatchObject({ averageClientValue: 1200, closeRate: 40 });
    expect(logged?.settings).toMatchObject({ averageClientValue: 1200, closeRatePercent: 40 });
  });

  it("given a later save without them (the spec's form), then the stored inputs are kept", async () => {
    const user = await harness.registerUser();
    await harness.request("POST", "/api/business", user, specSettingsPayload({ averageClientValue: 90, closeRate: 0 }));

    await harness.request("POST", "/api/business", user, specSettingsPayload());
    const read = await harness.request<BusinessResponse>("GET", "/api/business", user);
    const logged = await harness.logged("BusinessSettingsUpdated", user.businessId);

    expect(read.body).toMatchObject({ averageClientValue: 90, closeRate: 0 });
    expect(logged.map((payload) => [payload.settings?.averageClientValue, payload.settings?.closeRatePercent])).toEqual([
      [90, 0],
      [90, 0],
    ]);
  });

  it.each([
    [
      "a negative average value",
      { averageClientValue: -1 },
      "averageClientValue",
      "Average client value must be a whole number of dollars from 0 to 1,000,000",
    ],
    [
      "a fractional average value",
      { averageClientValue: 12.5 },
      "averageClientValue",
      "Average client value must be a whole number of dollars from 0 to 1,000,000",
    ],
    ["a text average value", { averageClientValue: "500" }, "averageClientValue", "Average client value must be a whole number of dollars from 0 to 1,000,000"],
    ["a close rate over 100", { closeRate: 101 }, "closeRate", "Close rate must be a whole percent from 0 to 100"],
    ["a negative close rate", { closeRate: -5 }, "closeRate", "Close rate must be a whole percent from 0 to 100"],
  ])("given %s, then 400 with the field's message and nothing stored", async (_case, override, field, message) => {
    const user = await harness.registerUser();

    const { status, body } = await harness.request<ErrorBody>("POST", "/api/business", user, specSettingsPayload(override));
    const read = await harness.request<BusinessResponse>("GET", "/api/business", user);

    expect(status).toBe(400);
    expect(body.errors).toContainEqual({ field, message });
    expect(read.body).toMatchObject({ averageClientValue: 500, closeRate: 25 });
  });
});
