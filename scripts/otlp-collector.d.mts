// Types for scripts/otlp-collector.mjs, used by the built-bundle test and the end-to-end trace test.
export interface CollectedSpan {
  /** The service.name of the process that sent it. */
  service: string;
  /** The instrumentation scope, e.g. '@opentelemetry/instrumentation-http'. */
  scope: string;
  name: string;
  /** OTLP's span kind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  traceId: string;
  spanId: string;
  /** Undefined for a trace's root span. */
  parentSpanId?: string;
  startNs: bigint;
  ms: number;
}
export function spansOfExport(body: unknown): CollectedSpan[];
export function startOtlpCollector(): Promise<{ url: string; spans: CollectedSpan[]; close(): Promise<void> }>;
