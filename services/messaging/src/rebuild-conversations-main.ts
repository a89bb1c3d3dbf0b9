// npm run conversations:rebuild: drops the inbox projection (docs/conversations.md) and replays the
// event log into it from offset zero with the live consumer's code: the embedded log, or with
// KAFKA_BROKERS the telephony and messaging topics from their first retained record. The change
// counters are kept, so an owner's open stream only moves on. Run it with messaging stopped
// (standalone: PGlite opens a data folder in one process only). Same settings as the service
// (DATABASE_URL / DATA_DIR, KAFKA_BROKERS).
import { TOPICS } from "@rebound/contracts";
import { createLogger, createPlatformRuntime, loadConfig, openEmbeddedLogReader, openKafkaLogReader, platformConfigSchema } from "@rebound/platform";
import { CONVERSATIONS_GROUP } from "./conversations/on-conversation-events.handler";
import { rebuildConversations } from "./conversations/rebuild-conversations.use-case";
import { ConversationRepository } from "./store/conversation.repository";
import { createMessagingDb } from "./store/messaging-db";

const TOPICS_READ = [TOPICS.calls, TOPICS.telephony, TOPICS.messaging];

async function main(): Promise<void> {
  const config = loadConfig(platformConfigSchema);
  const runtime = await createPlatformRuntime({ config, logger: createLogger({ name: "conversations-rebuild", level: "warn" }) });
  try {
    const db = createMessagingDb(runtime);
    const deps = { db, conversations: new ConversationRepository(db) };
    const kafka = config.KAFKA_BROKERS?.length
      ? await openKafkaLogReader({
          brokers: config.KAFKA_BROKERS,
          clientId: "conversations-rebuild",
          topics: TOPICS_READ,
          timings: {
            sessionTimeout: config.KAFKA_SESSION_TIMEOUT_MS,
            heartbeatInterval: config.KAFKA_HEARTBEAT_INTERVAL_MS,
            maxWaitTimeInMs: config.KAFKA_FETCH_MAX_WAIT_MS,
          },
        })
      : undefined;
    const log = kafka ?? openEmbeddedLogReader(db.client, TOPICS_READ);
    console.log(`conversations rebuild from offset 0 of the ${kafka ? `Kafka topics ${TOPICS_READ.join(", ")}` : "embedded log (bus.messages)"}`);
    const done = await rebuildConversations(deps, log, CONVERSATIONS_GROUP);
    console.log(`rebuilt: ${done.events} events in ${done.seconds.toFixed(2)} s`);
  } finally {
    await runtime.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
