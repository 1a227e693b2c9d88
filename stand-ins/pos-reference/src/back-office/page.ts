// The demo back office at GET /: a page that lists every product with its stock per location and
// lets a person set a count or change a price by hand, through the public API (so each change
// sends its webhook like any other). Self-contained; its script and styles are separate routes so
// that a strict Content-Security-Policy (default-src 'self') holds.
import { Router } from 'express';
import { BACK_OFFICE_SCRIPT } from './back-office-script.js';

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reference POS — back office</title>
<link rel="stylesheet" href="/back-office.css">
<script src="/back-office.js" defer></script>
</head>
<body>
<header>
  <h1>Reference POS <span class="muted">back office</span></h1>
  <button type="button" id="forget-key" hidden>Forget API key</button>
</header>
<main>
  <form id="key-form" autocomplete="off">
    <label for="api-key">API key</label>
    <input id="api-key" name="apiKey" type="password" required placeholder="pos_test_…">
    <button type="submit">Open</button>
  </form>
  <p id="status" role="status" aria-live="polite"></p>
  <section id="catalogue" hidden>
    <div class="toolbar">
      <label for="filter">Filter</label>
      <input id="filter" type="search" placeholder="sku or name">
      <button type="button" id="reload">Reload</button>
      <span id="summary" class="muted"></span>
    </div>
    <table>
      <thead><tr id="head-row"><th>SKU</th><th>Product</th><th>Price (USD)</th></tr></thead>
      <tbody id="rows"></tbody>
    </table>
  </section>
</main>
</body>
</html>
`;

const STYLES = `
[hidden] { display: none !important; }
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #1f2328; background: #f6f8fa; }
header { display: flex; align-items: center; justify-content: space-between; padding: 12px 24px; background: #0d3b66; color: #fff; }
header h1 { font-size: 18px; margin: 0; }
header .muted { color: #c9d6e3; font-weight: normal; }
main { padding: 16px 24px; }
form, .toolbar { display: flex; gap: 8px; align-items: center; margin-bottom: 12px; }
input { font: inherit; padding: 4px 6px; border: 1px solid #c7ccd1; border-radius: 4px; }
input[type=number] { width: 5.5em; }
button { font: inherit; padding: 4px 10px; border: 1px solid #0d3b66; border-radius: 4px; background: #fff; color: #0d3b66; cursor: pointer; }
button:hover { background: #e7eef6; }
table { border-collapse: collapse; width: 100%; background: #fff; }
th, td { border-bottom: 1px solid #e1e4e8; padding: 6px 8px; text-align: left; vertical-align: middle; }
th { background: #eef1f4; position: sticky; top: 0; }
td .cell { display: flex; gap: 4px; align-items: center; }
.sku { font-family: ui-monospace, monospace; white-space: nowrap; }
.muted { color: #6a737d; }
.version { color: #6a737d; font-size: 12px; }
#status.error { color: #b42318; }
`;

export function backOfficeRoutes(): Router {
  const headers = {
    'Content-Security-Policy': "default-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  };
  return Router()
    .get('/', (_req, res) => {
      res.set(headers).type('html').send(PAGE);
    })
    .get('/back-office.js', (_req, res) => {
      res.set(headers).type('text/javascript').send(BACK_OFFICE_SCRIPT);
    })
    .get('/back-office.css', (_req, res) => {
      res.set(headers).type('text/css').send(STYLES);
    })
    .get('/favicon.ico', (_req, res) => {
      res.status(204).end();
    });
}
