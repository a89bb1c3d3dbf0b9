import { TOPICS } from "@rebound/contracts";
import type { EventBus, SubscribeOptions, Subscription } from "../bus/event-bus";
import { createLogger } from "../logging/logger";
import { subscribeConsumer } from "./subscribe-consumer";

/** A bus that only records what a consumer subscribes to. */
function recordingBus(): EventBus & { subscribed: SubscribeOptions[] } {
  const subscribed: SubscribeOptions[] = [];
  return {
    kind: "embedded",
    subscribed,
    publish: async () => undefined,
    subscribe: async (options): Promise<Subscription> => {
      subscribed.push(options);
      return { stop: async () => undefined };
    },
    isReady: async () => true,
    close: async () => undefined,
  } as EventBus & { subscribed: SubscribeOptions[] };
}

const logger = createLogger({ name: "test", level: "silent" });
const nothing = async () => undefined;

describe("subscribing a consumer definition", () => {
  it("given handlers of a type that moved topics, when subscribed, then the bus gets today's topics and the former one apart", async () => {
    const bus = recordingBus();
    await subscribeConsumer(bus, { group: "g", handlers: { CallMissed: nothing, SmsSent: nothing } }, logger);

    expect(bus.subscribed[0]?.topics).toEqual([TOPICS.calls, TOPICS.messaging]);
    expect(bus.subscribed[0]?.formerTopics).toEqual([TOPICS.telephony]);
    expect(bus.subscribed[0]?.eventTypes).toEqual(["CallMissed", "SmsSent"]);
  });

  it("given a former topic the group reads anyway for another type, when subscribed, then it is not repeated as a former topic", async () => {
    const bus = recordingBus();
    await subscribeConsumer(bus, { group: "g", handlers: { CallMissed: nothing, PhoneNumberPurchased: nothing } }, logger);

    expect(bus.subscribed[0]?.topics).toEqual([TOPICS.calls, TOPICS.telephony]);
    expect(bus.subscribed[0]?.formerTopics).toEqual([]);
  });

  it("given the owner alerts' types (voicemails and the watchdog's changes), when subscribed, then only telephony's topic is read, the calls topic only as the voicemails' former one", async () => {
    const bus = recordingBus();
    await subscribeConsumer(
      bus,
      { group: "g", handlers: { VoicemailRecorded: nothing, VoicemailTranscribed: nothing, ForwardingStatusChanged: nothing } },
      logger,
    );

    expect(bus.subscribed[0]?.topics).toEqual([TOPICS.telephony]);
    expect(bus.subscribed[0]?.formerTopics).toEqual([TOPICS.calls]);
  });
});
