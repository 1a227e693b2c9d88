#!/usr/bin/env node
// `npm run bench`: starts the shop (same processes as `npm start`) on a throwaway database and
// prints throughput and latency figures. Numbers are printed, never asserted.
//   gateway overhead: GET /api/products through the gateway vs the catalog service directly vs a
//   bare node:http server returning the same pre-serialised JSON (autocannon, loopback).
import http from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildNodeWorkspace } from '../scripts/build-node.mjs';
import { NODE_WORKSPACES } from '../scripts/build.mjs';
import { findTestDatabase, findTestNats, freePort, root, startShop } from '../scripts/local-stack.mjs';
import path from 'node:path';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S }, (err, r) => (err ? reject(err) : resolve(r)));
  });
}

const row = (label, r) =>
  `${label.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`;

const db = await findTestDatabase();
const nats = await findTestNats();
if (!nats.url) throw new Error('benchmarks need NATS with JetStream (NATS_URL or 127.0.0.1:4222)');
for (const ws of NODE_WORKSPACES) await buildNodeWorkspace(path.join(root, ws));

const dbName = `pl_bench_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: db.url });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(db.url);
url.pathname = `/${dbName}`;

const ports = {};
for (const n of ['gateway', 'identity', 'catalog', 'cart', 'pos-sync', 'mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-admin']) ports[n] = await freePort();
const shop = await startShop({ databaseUrl: url.toString(), natsUrl: nats.url, ports, quiet: true, log: () => {}, env: { ...process.env, LOG_LEVEL: 'warn' } });
try {
  const body = await (await fetch(`${shop.url}/api/products`)).text();
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise((r) => bare.listen(0, '127.0.0.1', r));
  const barePort = bare.address().port;

  console.log(`GET /api/products (${Buffer.byteLength(body)} bytes), ${CONNECTIONS} connections, ${DURATION_S} s each, loopback`);
  const rBare = await load(`http://127.0.0.1:${barePort}/api/products`);
  console.log(row('bare node:http, same JSON', rBare));
  const rService = await load(`${shop.serviceUrls.CATALOG_URL}/api/products`);
  console.log(row('catalog service directly', rService));
  const rGateway = await load(`http://127.0.0.1:${shop.gatewayPort}/api/products`);
  console.log(row('through the gateway', rGateway));
  console.log(`gateway / bare req/s ratio: ${(rGateway.requests.average / rBare.requests.average).toFixed(3)}`);
  console.log(`gateway / service req/s ratio: ${(rGateway.requests.average / rService.requests.average).toFixed(3)}`);
  bare.close();
} finally {
  await shop.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  await db.stop();
  await nats.stop();
}
