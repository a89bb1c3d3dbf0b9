import { businessV1 } from "@rebound/contracts";
import { USERS_CONSUMER } from "../src/service";
import { BusinessHarness, eventually } from "./support/business-harness";
import { specSettingsPayload, type BusinessResponse, type ErrorBody } from "./support/api-types";

// Issue 18: the owner's choices about callers (international, likely spoofed), what a missed
// caller hears when a text follows and when not, and the owner's name as the business name's fallback.
describe("caller screening, voice answers and the owner's name", () => {
  let harness: BusinessHarness;

  beforeAll(async () => {
    harness = await BusinessHarness.start();
  });
  afterAll(async () => {
    await harness.stop();
  });

  it("given a new business, then international and likely-spoofed callers are not texted, the answers are the defaults, and the owner's name is known", async () => {
    const user = await harness.registerUser();

    const read = await harness.request<BusinessResponse>("GET", "/api/business", user);
    const created = harness.events("BusinessCreated", user.businessId)[0]!;

    expect(read.body).toMatchObject({
      allowInternationalCallers: false,
      textLikelySpoofedCallers: false,
      voiceTextMessage: "",
      voiceNoTextMessage: "",
      voiceNoTextAnswer: "say",
      ownerName: "Dana Owner",
      businessName: "",
    });
    expect(created.payload.settings).toMatchObject({
      allowInternationalCallers: false,
      textLikelySpoofedCallers: false,
      voiceNoTextAnswer: businessV1.VoiceNoTextAnswer.SAY,
    });
    expect(created.payload.profile?.ownerName).toBe("Dana Owner");
  });

  it.each([
    ["say", businessV1.VoiceNoTextAnswer.SAY],
    ["silence", businessV1.VoiceNoTextAnswer.SILENCE],
    ["reject", businessV1.VoiceNoTextAnswer.REJECT],
  ] as const)(
    "given the owner's choices with the %s answer, then they are stored, returned and sent in BusinessSettingsUpdated",
    async (answer, answerEnum) => {
      const user = await harness.registerUser();
      const choices = {
        allowInternationalCallers: true,
        textLikelySpoofedCallers: true,
        voiceTextMessage: "  Thanks for calling Acme.   Watch for our text. ",
        voiceNoTextMessage: "Thanks for calling Acme. Please call again later.",
        voiceNoTextAnswer: answer,
      };

      const saved = await harness.request<BusinessResponse>("POST", "/api/business", user, specSettingsPayload(choices));
      const [logged] = await harness.logged("BusinessSettingsUpdated", user.businessId);

      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ ...choices, voiceTextMessage: "Thanks for calling Acme. Watch for our text." });
      expect(logged?.settings).toMatchObject({
        allowInternationalCallers: true,
        textLikelySpoofedCallers: true,
        voiceTextMessage: "Thanks for calling Acme. Watch for our text.",
        voiceNoTextMessage: choices.voiceNoTextMessage,
        voiceNoTextAnswer: answerEnum,
      });
    },
  );

  it("given a later save without the choices (the spec's form), then the stored choices are kept", async () => {
    const user = await harness.registerUser();
    await harness.request("POST", "/api/business", user, specSettingsPayload({ allowInternationalCallers: true, voiceNoTextAnswer: "reject" }));

    await harness.request("POST", "/api/business", user, specSettingsPayload());
    const read = await harness.request<BusinessResponse>("GET", "/api/business", user);

    expect(read.body).toMatchObject({ allowInternationalCallers: true, voiceNoTextAnswer: "reject" });
  });

  it.each([
    ["an unknown answer", { voiceNoTextAnswer: "sing" }, "voiceNoTextAnswer", "Answer when no text follows must be say, silence or reject"],
    ["a text switch", { allowInternationalCallers: "yes" }, "allowInternationalCallers", "Texting international callers must be true or false"],
    ["a long voice message", { voiceTextMessage: "x".repeat(301) }, "voiceTextMessage", "Voice message when a text follows must be at most 300 characters"],
  ])("given %s, then 400 with the field's message and nothing stored", async (_case, override, field, message) => {
    const user = await harness.registerUser();

    const { status, body } = await harness.request<ErrorBody>("POST", "/api/business", user, specSettingsPayload(override));
    const read = await harness.request<BusinessResponse>("GET", "/api/business", user);

    expect(status).toBe(400);
    expect(body.errors).toContainEqual({ field, message });
    expect(read.body).toMatchObject({ allowInternationalCallers: false, voiceNoTextAnswer: "say", voiceTextMessage: "" });
  });

  it("given the owner renamed in identity, then the business follows and tells the call path once", async () => {
    const user = await harness.registerUser();
    const change = () => harness.publish("UserProfileChanged", user.id, { userId: user.id, email: user.email, firstName: "Ada", lastName: " Lovelace " });

    const ids = [await change(), await change()];
    await eventually(async () => expect(await harness.processed(USERS_CONSUMER, ids)).toBe(2));

    expect((await harness.request<BusinessResponse>("GET", "/api/business", user)).body.ownerName).toBe("Ada Lovelace");
    const logged = await harness.logged("BusinessProfileUpdated", user.businessId);
    expect(logged.map((event) => event.profile?.ownerName)).toEqual(["Ada Lovelace"]);
  });
});
