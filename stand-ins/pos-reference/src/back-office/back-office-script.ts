// The back office's browser script (served as /back-office.js). Plain ES2020, no build step. All
// data goes into the page through textContent and input values, never as HTML.
export const BACK_OFFICE_SCRIPT = String.raw`'use strict';
(function () {
  var KEY = 'pos-reference-api-key';
  var SHOWN = 200;
  var $ = function (id) { return document.getElementById(id); };
  var locations = [];
  var products = [];

  function status(text, isError) {
    $('status').textContent = text;
    $('status').className = isError ? 'error' : '';
  }

  function el(tag, text, className) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (className) node.className = className;
    return node;
  }

  async function api(method, path, body) {
    for (;;) {
      var response = await fetch(path, {
        method: method,
        headers: Object.assign({ authorization: 'Bearer ' + sessionStorage.getItem(KEY) }, body ? { 'content-type': 'application/json' } : {}),
        body: body ? JSON.stringify(body) : undefined,
      });
      if (response.status === 429) {
        var wait = Number(response.headers.get('retry-after')) || 1;
        await new Promise(function (resolve) { setTimeout(resolve, wait * 1000); });
        continue;
      }
      var data = response.status === 204 ? null : await response.json().catch(function () { return null; });
      if (!response.ok) {
        if (response.status === 401) forget();
        var message = data && data.error ? data.error.message : 'HTTP ' + response.status;
        throw new Error(message);
      }
      return data;
    }
  }

  async function load() {
    status('Loading…');
    try {
      locations = (await api('GET', '/v1/locations')).locations;
      var all = [];
      var cursor = null;
      do {
        var page = await api('GET', '/v1/products?limit=200' + (cursor ? '&cursor=' + encodeURIComponent(cursor) : ''));
        all = all.concat(page.products);
        cursor = page.next_cursor;
      } while (cursor);
      // Newest first (items a shop just created over the API, e.g. from a manifest, are on top), then by sku.
      products = all.sort(function (a, b) {
        if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
        return a.variants[0].sku < b.variants[0].sku ? -1 : 1;
      });
      $('key-form').hidden = true;
      $('forget-key').hidden = false;
      $('catalogue').hidden = false;
      renderHead();
      render();
      status('');
    } catch (error) {
      status(error.message, true);
    }
  }

  function renderHead() {
    var row = $('head-row');
    while (row.children.length > 3) row.removeChild(row.lastChild);
    locations.forEach(function (location) { row.appendChild(el('th', location.name)); });
  }

  function render() {
    var filter = $('filter').value.trim().toLowerCase();
    var rows = [];
    products.forEach(function (product) {
      product.variants.forEach(function (variant) {
        var label = variant.name ? product.name + ' (' + variant.name + ')' : product.name;
        if (!filter || variant.sku.toLowerCase().indexOf(filter) >= 0 || label.toLowerCase().indexOf(filter) >= 0) rows.push([product, variant, label]);
      });
    });
    var body = $('rows');
    body.replaceChildren();
    rows.slice(0, SHOWN).forEach(function (item) { body.appendChild(renderRow(item[0], item[1], item[2])); });
    $('summary').textContent = rows.length > SHOWN ? 'showing ' + SHOWN + ' of ' + rows.length + ' variants: filter to narrow' : rows.length + ' variants';
  }

  function renderRow(product, variant, label) {
    var row = el('tr');
    row.appendChild(el('td', variant.sku, 'sku'));
    row.appendChild(el('td', label));

    var priceCell = el('div', null, 'cell');
    var price = el('input');
    price.type = 'number'; price.min = '0'; price.step = '0.01';
    price.value = (variant.price.amount / 100).toFixed(2);
    price.setAttribute('aria-label', 'Price of ' + variant.sku);
    var savePrice = el('button', 'Save');
    savePrice.type = 'button';
    savePrice.addEventListener('click', function () { changePrice(product, variant, price.value); });
    priceCell.append(price, savePrice);
    var td = el('td'); td.appendChild(priceCell); row.appendChild(td);

    locations.forEach(function (location) {
      var stock = variant.stock.find(function (s) { return s.location_id === location.id; }) || { quantity: 0, version: 0 };
      var cell = el('div', null, 'cell');
      var quantity = el('input');
      quantity.type = 'number'; quantity.min = '0'; quantity.step = '1';
      quantity.value = String(stock.quantity);
      quantity.setAttribute('aria-label', 'Count of ' + variant.sku + ' at ' + location.name);
      var version = el('span', 'v' + stock.version, 'version');
      var set = el('button', 'Set');
      set.type = 'button';
      set.addEventListener('click', function () { setCount(variant, location, quantity.value, version); });
      cell.append(quantity, set, version);
      var cellTd = el('td'); cellTd.appendChild(cell); row.appendChild(cellTd);
    });
    return row;
  }

  async function setCount(variant, location, value, versionLabel) {
    var quantity = Number(value);
    if (!Number.isInteger(quantity) || quantity < 0) return status('A count is a whole number of 0 or more', true);
    try {
      var count = (await api('POST', '/v1/inventory/counts', { sku: variant.sku, location_id: location.id, quantity: quantity })).count;
      var stock = variant.stock.find(function (s) { return s.location_id === location.id; });
      if (stock) { stock.quantity = count.quantity; stock.version = count.version; } else variant.stock.push({ location_id: location.id, quantity: count.quantity, version: count.version });
      versionLabel.textContent = 'v' + count.version;
      status(variant.sku + ' at ' + location.name + ': counted ' + count.quantity);
    } catch (error) {
      status(error.message, true);
    }
  }

  async function changePrice(product, variant, value) {
    var amount = Math.round(Number(value) * 100);
    if (!Number.isFinite(amount) || amount < 0) return status('A price is an amount of 0.00 or more', true);
    try {
      var updated = (await api('PATCH', '/v1/products/' + encodeURIComponent(product.id), { price: { sku: variant.sku, amount: amount } })).product;
      var fresh = updated.variants.find(function (v) { return v.sku === variant.sku; });
      if (fresh) variant.price = fresh.price;
      status(variant.sku + ': price set to ' + (variant.price.amount / 100).toFixed(2));
    } catch (error) {
      status(error.message, true);
    }
  }

  function forget() {
    sessionStorage.removeItem(KEY);
    $('key-form').hidden = false;
    $('forget-key').hidden = true;
    $('catalogue').hidden = true;
  }

  document.addEventListener('DOMContentLoaded', function () {
    $('key-form').addEventListener('submit', function (event) {
      event.preventDefault();
      sessionStorage.setItem(KEY, $('api-key').value.trim());
      $('api-key').value = '';
      load();
    });
    $('forget-key').addEventListener('click', function () { forget(); status(''); });
    $('reload').addEventListener('click', load);
    $('filter').addEventListener('input', render);
    if (sessionStorage.getItem(KEY)) load();
  });
})();
`;
