// How a trace crosses what OpenTelemetry's instrumentations do not see: an event written to the
// outbox inside a request, published later by the relay and handled by a consumer or pushed to
// browsers by the gateway (decision 040). Only the API is used here: with tracing off (no SDK
// started, the default) there is no active span, nothing is captured, and the spans below are
// non-recording no-ops, so this costs next to nothing.
import { context, isSpanContextValid, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';

/** The W3C trace context as text: stored with an outbox row, sent as NATS message headers. */
export type TraceCarrier = {
  traceparent: string;
  tracestate?: string;
};

const tracer = trace.getTracer('@pl/service-kit');
// W3C trace context by name rather than the global propagator, so a process with tracing off still
// passes on the context it was handed (the relay forwards what a row carries as it is).
const w3c = new W3CTraceContextPropagator();
const KEYS = ['traceparent', 'tracestate'] as const;

/** The context as a carrier, or undefined when it holds no span (tracing off, or outside any trace). */
export function captureTraceContext(ctx: Context = context.active()): TraceCarrier | undefined {
  const carrier: Partial<TraceCarrier> = {};
  w3c.inject(ctx, carrier, { set: (c, key, value) => void (c[key as keyof TraceCarrier] = value) });
  return carrier.traceparent ? { traceparent: carrier.traceparent, ...(carrier.tracestate ? { tracestate: carrier.tracestate } : {}) } : undefined;
}

/** The trace a carrier names (a stored row's, or a message's headers), or none (the root context). */
export function contextFrom(carrier: Partial<TraceCarrier> | null | undefined): Context {
  if (!carrier?.traceparent) return ROOT_CONTEXT;
  return w3c.extract(ROOT_CONTEXT, carrier, { get: (c, key) => c[key as keyof TraceCarrier], keys: () => [...KEYS] });
}

/** The carrier in a NATS message's headers (NATS answers '' for a header that is absent). */
export function carrierFromHeaders(headers: { get(name: string): string } | undefined): Partial<TraceCarrier> | undefined {
  if (!headers) return undefined;
  const traceparent = headers.get('traceparent');
  const tracestate = headers.get('tracestate');
  return traceparent ? { traceparent, ...(tracestate ? { tracestate } : {}) } : undefined;
}

export interface MessageSpanOptions {
  /** The span's name, low-cardinality: `publish inventory.updated`, `process order.restock`, `ws push`. */
  name: string;
  kind: SpanKind.PRODUCER | SpanKind.CONSUMER;
  /** The trace the message belongs to (a stored row's carrier, or the headers it arrived with). */
  parent: Context;
  attributes?: Attributes;
}

/**
 * Runs fn inside a span whose parent is the message's context, so what fn does (queries, calls,
 * log lines) joins the trace that wrote the event. A throw marks the span failed and is rethrown.
 */
export async function inMessageSpan<T>(options: MessageSpanOptions, fn: (span: Span) => Promise<T> | T): Promise<T> {
  return tracer.startActiveSpan(options.name, { kind: options.kind, attributes: { 'messaging.system': 'nats', ...options.attributes } }, options.parent, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** The carrier of `span` (to send with a message), or undefined for a span outside any trace. */
export function carrierOf(span: Span): TraceCarrier | undefined {
  return captureTraceContext(trace.setSpan(context.active(), span));
}

/** `trace_id` and `span_id` for a log line written while a span is active (the logger's mixin). */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return isSpanContextValid(span.spanContext()) ? { trace_id: traceId, span_id: spanId } : {};
}

/**
 * Sends the spans still buffered; a process calls it last on its way out (process.exit would drop
 * them). Does nothing when tracing is off.
 */
export async function flushTraces(): Promise<void> {
  const registered = trace.getTracerProvider() as { getDelegate?: () => unknown };
  const delegate = registered.getDelegate?.() as { forceFlush?: () => Promise<void> } | undefined;
  await delegate?.forceFlush?.().catch(() => undefined);
}

export { SpanKind };
