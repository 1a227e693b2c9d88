// OpenTelemetry traces (decision 040). Started first by every built process (dist/main.js, see
// traced-main.ts) and only when an OTLP endpoint is configured: without one the SDK is not even
// loaded (it costs ~150 ms and ~25 MB), no module is patched and nothing is recorded. Spans come
// from the HTTP, Express and pg instrumentations plus the kit's own message spans around NATS
// (trace-context.ts). The SDK's packages are imported when needed, not at the top: the bundle
// keeps npm packages external, and a top-level import would load them in every process.
import { context, propagation, trace } from '@opentelemetry/api';
import type { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import type { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import type { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import type { SpanExporter } from '@opentelemetry/sdk-trace-node';
import { HealthPaths } from '@pl/contracts';
import { z } from 'zod';
import { emptyAsUnset, loadConfig } from './config.js';

/** The standard OpenTelemetry variables this reads; the exporter reads the rest of OTEL_EXPORTER_OTLP_* itself. */
export const TracingEnv = z.object({
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(emptyAsUnset, z.url({ protocol: /^https?$/ }).optional()),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.preprocess(emptyAsUnset, z.url({ protocol: /^https?$/ }).optional()),
  OTEL_SERVICE_NAME: z.preprocess(emptyAsUnset, z.string().max(100).optional()),
});

export interface TracingSettings {
  /** True when an OTLP endpoint is set: only then is anything recorded. */
  enabled: boolean;
  serviceName: string;
}

/** Whether to trace and under which name, from the environment (fails fast on a malformed endpoint). */
export function tracingSettings(defaultServiceName: string, env: NodeJS.ProcessEnv = process.env): TracingSettings {
  const parsed = loadConfig(TracingEnv, env);
  return {
    enabled: parsed.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined || parsed.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT !== undefined,
    serviceName: parsed.OTEL_SERVICE_NAME ?? defaultServiceName,
  };
}

// Probes and scrapes arrive every few seconds from machines, not shoppers: no trace for them.
const UNTRACED_PATHS = new Set<string>([HealthPaths.live, HealthPaths.ready, '/metrics']);

/** The instrumentations every process runs; each patches its module when that module loads. */
export async function createInstrumentations(): Promise<[HttpInstrumentation, ExpressInstrumentation, PgInstrumentation]> {
  const [{ HttpInstrumentation }, { ExpressInstrumentation, ExpressLayerType }, { PgInstrumentation }] = await Promise.all([
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  return [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has((req.url ?? '').split('?')[0] ?? ''),
      // Outgoing calls outside any request (JWKS refreshes, readiness polls) would each be a lone trace.
      requireParentforOutgoingSpans: true,
    }),
    // One span per middleware (the JSON parser, auth...) and per mounted router (every one a request
    // passes through) would bury the route handler's; the server span already carries the route.
    new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER] }),
    // The relay's polls, the sweepers and LISTEN query on their own schedule: only queries made
    // inside a traced request or message become spans. Statement values are never recorded.
    new PgInstrumentation({
      requireParentSpan: true,
      enhancedDatabaseReporting: false,
      // A named prepared statement (prepared.ts) would be named only by its hash: lead with its verb.
      requestHook: (span, { query }) => {
        if (query.name) span.updateName(`pg.query:${sqlVerb(query.text)} ${query.name}`);
      },
    }),
  ];
}

/** The statement's first keyword (INSERT, SELECT, WITH...), upper-cased. */
const sqlVerb = (text: string) => /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';

export type Instrumentations = Awaited<ReturnType<typeof createInstrumentations>>;

export interface Tracing {
  instrumentations: Instrumentations;
  /** Exports what is buffered and stops recording; safe to call twice. */
  shutdown(): Promise<void>;
}

export interface StartTracingOptions {
  serviceName: string;
  /** Where spans go: the OTLP exporter (http/json, configured by OTEL_EXPORTER_OTLP_*) unless a test passes its own. */
  exporter?: SpanExporter;
}

/**
 * Starts the OpenTelemetry Node SDK for traces only (W3C trace context, AsyncLocalStorage context)
 * with the instrumentations. Call before express, pg and node:http are imported, or they stay
 * unpatched. Metrics stay Prometheus on /metrics (decision 037) and logs stay pino lines carrying
 * the trace id, so the SDK is given no metric reader and no log processor (from the environment it
 * would start OTLP ones). A test's exporter gets every span at once; the OTLP exporter gets batches.
 */
export async function startTracing(options: StartTracingOptions): Promise<Tracing> {
  const [{ NodeSDK }, { BatchSpanProcessor, SimpleSpanProcessor }, { resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/resources'),
  ]);
  const exporter = options.exporter ?? new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  const instrumentations = await createInstrumentations();
  const sdk = new NodeSDK({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    autoDetectResources: false,
    spanProcessors: [options.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)],
    instrumentations,
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  let stopping: Promise<void> | undefined;
  return {
    instrumentations,
    shutdown() {
      stopping ??= (async () => {
        for (const instrumentation of instrumentations) instrumentation.disable();
        await sdk.shutdown();
        trace.disable();
        context.disable();
        propagation.disable();
      })();
      return stopping;
    },
  };
}
