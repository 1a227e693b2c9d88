// The built process, not the source under jest: dist/main.js must start tracing before the bundle
// of the composition root loads express and pg (decision 040). The catalog is built into a
// temporary folder (a running stack's dist/ is left alone) and run against a stand-in OTLP collector
// (scripts/otlp-collector.mjs: a local server taking OTLP/HTTP JSON), a fresh schema and a broker of its
// own, so its consumers never join the shared NATS's durable consumers.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestSchemaPool, eventually, testDatabaseUrl, type TestSchemaPool } from '@pl/service-kit/testing';
import { startEmbeddedNats } from './embedded-nats.mjs';
import { startOtlpCollector } from './otlp-collector.mjs';

const root = path.resolve(__dirname, '..');
const catalogDir = path.join(root, 'services/catalog');

/** Starts `node <main>` and resolves with the port it logs once listening. */
function startProcess(main: string, env: Record<string, string>): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const child = spawn(process.execPath, [main], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no 'listening' line within 15 s:\n${output}`)), 15_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"port":(\d+)[^\n]*"msg":"listening"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]), output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
}

describe('a built service (scripts/build-node.mjs)', () => {
  let dir: string;
  let db: TestSchemaPool;
  let broker: Awaited<ReturnType<typeof startEmbeddedNats>>;
  let collector: Awaited<ReturnType<typeof startOtlpCollector>>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pl-built-catalog-'));
    // dist/ beside the folders the catalog finds from its own location, and node_modules above it.
    await promisify(execFile)(process.execPath, [path.join(root, 'scripts/build-node.mjs'), catalogDir, path.join(dir, 'dist')]);
    for (const name of ['migrations', 'media']) await symlink(path.join(catalogDir, name), path.join(dir, name));
    await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    db = createTestSchemaPool('built_catalog');
    broker = await startEmbeddedNats({ port: 0 });
    collector = await startOtlpCollector();
  });
  afterAll(async () => {
    await collector?.close();
    await broker?.close();
    await db?.cleanup();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends the spans of express and pg to the OTLP endpoint, one trace per request, under its service name', async () => {
    const { child, port } = await startProcess(path.join(dir, 'dist/main.js'), {
      ENV_FILE: '',
      PORT: '0',
      DATABASE_URL: testDatabaseUrl(),
      DB_SCHEMA: db.schema,
      NATS_URL: broker.url,
      SEED_DEMO_CATALOG: 'false',
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/products?q=lamp`);
      expect(res.status).toBe(200);
      const request = await eventually(() => {
        const found = collector.spans.find((s) => s.scope === '@opentelemetry/instrumentation-http' && s.name.startsWith('GET /api/products'));
        if (!found) throw new Error('no server span yet');
        return found;
      });
      const inRequest = await eventually(() => {
        const spans = collector.spans.filter((s) => s.traceId === request.traceId);
        if (!spans.some((s) => s.name.startsWith('pg.query:'))) throw new Error('no query span yet');
        return spans;
      });
      expect(request.service).toBe('catalog');
      expect(inRequest.some((s) => s.scope === '@opentelemetry/instrumentation-express')).toBe(true);
      expect(inRequest.find((s) => s.name.startsWith('pg.query:'))).toMatchObject({ service: 'catalog', scope: '@opentelemetry/instrumentation-pg' });
      if (process.env.PRINT_SPANS) console.log(inRequest.map((s) => `${s.scope} ${s.name}`).join('\n'));
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });
});
