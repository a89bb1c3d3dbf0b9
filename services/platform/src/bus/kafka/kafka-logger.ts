import { logLevel, type logCreator } from "kafkajs";

type LogFn = (fields: object, message?: string) => void;

/** The subset of a pino logger the Kafka adapter writes to. */
export interface BusLogger {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
  debug?: LogFn;
}

/** kafkajs level for a given logger: nothing at all without one. */
export function kafkaLogLevel(logger: BusLogger | undefined): logLevel {
  return logger ? logLevel.INFO : logLevel.NOTHING;
}

/** Routes kafkajs's own logging into the service logger instead of its console JSON. */
export function toKafkaLogCreator(logger: BusLogger | undefined): logCreator {
  return () =>
    ({ namespace, level, log }) => {
      if (!logger) return;
      const { message, timestamp: _timestamp, logger: _name, ...fields } = log;
      const entry = { ...fields, kafkajs: namespace };
      if (level === logLevel.ERROR) logger.error(entry, message);
      else if (level === logLevel.WARN) logger.warn(entry, message);
      // kafkajs logs every join, commit and reconnect at INFO: debug for the service.
      else if (logger.debug) logger.debug(entry, message);
    };
}
