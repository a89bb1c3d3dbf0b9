import { renderMessage, SAMPLE_PLACEHOLDER_VALUES, type PLACEHOLDERS } from "@rebound/contracts/domain";
import { BusinessHarness, type TestUser } from "./support/business-harness";

interface Category {
  id: string;
  name: string;
  templates: { id: string; name: string; message: string }[];
}

interface TemplatesBody {
  missedCall: Category[];
  afterHours: Category[];
  placeholders: typeof PLACEHOLDERS;
  sampleValues: typeof SAMPLE_PLACEHOLDER_VALUES;
}

describe("GET /api/business/templates", () => {
  let harness: BusinessHarness;
  let user: TestUser;
  let body: TemplatesBody;

  beforeAll(async () => {
    harness = await BusinessHarness.start();
    user = await harness.registerUser();
    const res = await harness.request<TemplatesBody>("GET", "/api/business/templates", user);
    expect(res.status).toBe(200);
    body = res.body;
  });
  afterAll(async () => {
    await harness.stop();
  });

  it("given the spec's catalogue, then missed-call and after-hours categories are served with three templates each", () => {
    const shape = (categories: Category[]) => categories.map((category) => [category.name, category.templates.length]);

    expect(shape(body.missedCall)).toEqual([
      ["General Business", 3],
      ["Restaurant", 3],
      ["Healthcare", 3],
      ["Professional Services", 3],
      ["Contractors/Home Services", 3],
    ]);
    expect(shape(body.afterHours)).toEqual([
      ["Standard", 3],
      ["Restaurant", 3],
      ["Healthcare", 3],
      ["Professional Services", 3],
      ["Contractors/Home Services", 3],
    ]);
  });

  it("given the placeholders, then the six tokens and the preview's sample values are served", () => {
    expect(body.placeholders.map((placeholder) => placeholder.token)).toEqual([
      "[Business Name]",
      "[WEBSITE]",
      "[EMAIL]",
      "[EMERGENCY_NUMBER]",
      "[OPEN_TIME]",
      "[BUSINESS_HOURS]",
    ]);
    expect(body.sampleValues).toEqual(SAMPLE_PLACEHOLDER_VALUES);
  });

  it("given any served template, when rendered with no values or with sample values, then no literal [...] remains", () => {
    const messages = [...body.missedCall, ...body.afterHours].flatMap((category) => category.templates.map((template) => template.message));

    for (const message of messages) {
      expect(renderMessage(message, {})).not.toMatch(/\[[^\]]*\]/);
      expect(renderMessage(message, SAMPLE_PLACEHOLDER_VALUES)).not.toMatch(/\[[^\]]*\]/);
    }
    expect(messages).toHaveLength(30);
  });
});
