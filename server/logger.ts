import pino from "pino";

export type Logger = pino.Logger;

/** Structured JSON logs on stdout; one line per event, ready for any log shipper. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "vitrina" },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}
