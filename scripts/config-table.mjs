#!/usr/bin/env node
// The table of variables in docs/configuration.md, generated from .env.example so the two cannot
// drift apart (issue 32). .env.example stays the one place a variable, its default and its comment
// are written; this prints them as Markdown:
//   node scripts/config-table.mjs           prints the generated block
//   node scripts/config-table.mjs --write   rewrites the block between the markers in docs/configuration.md
//   node scripts/config-table.mjs --check   exits 1 when the block there differs (scripts/config-table.test.ts)
//
// .env.example, as read here: `# --- title ---` starts a section; `# KEY=value` (commented) or
// `KEY=value` sets a variable, several may share a line (`# A=1  B=2`), and `   # text` after them is
// what they do; any other comment line is a note, and consecutive note lines make one paragraph. A
// note right above a variable (no blank line between) speaks of the variables after it: it becomes a
// row of their table, where it stands in the file; any other note, a paragraph with the file's lines.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ENV_EXAMPLE = '.env.example';
export const CONFIG_DOC = 'docs/configuration.md';
export const START = '<!-- config-table:start -->';
export const END = '<!-- config-table:end -->';
export const WRITE_HINT = 'run `node scripts/config-table.mjs --write`';

const NAME = '[A-Z][A-Z0-9_]*';
const ASSIGNMENT = new RegExp(`^${NAME}=`);
const SECTION = /^---\s*(.*?)\s*---$/;

/** Splits `A=1  B=  C=x y` into its assignments: a value runs up to the next `NAME=` or the end. */
function assignments(text) {
  const found = [];
  const re = new RegExp(`(${NAME})=(.*?)(?=\\s+${NAME}=|$)`, 'g');
  for (const m of text.matchAll(re)) found.push({ name: m[1], value: m[2].trim() });
  return found;
}

/**
 * .env.example as a list of entries, in file order:
 *   { kind: 'section', title }                      a `# --- title ---` line
 *   { kind: 'note', text, leads }                   a paragraph of other comment lines (joined by
 *                                                   newlines); leads: a variable line follows it with
 *                                                   no blank line between
 *   { kind: 'variable', name, value, description }  one per variable (description '' when none)
 */
export function parseEnvExample(text) {
  const entries = [];
  let note = null;
  const endNote = (leads = false) => {
    if (note) entries.push({ kind: 'note', text: note.join('\n'), leads });
    note = null;
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      endNote();
      continue;
    }
    const commented = line.startsWith('#');
    const body = commented ? line.replace(/^#\s?/, '').trim() : line;
    const section = commented ? SECTION.exec(body) : null;
    if (section) {
      endNote();
      entries.push({ kind: 'section', title: section[1] });
      continue;
    }
    if (ASSIGNMENT.test(body)) {
      endNote(true);
      // What the variables do follows them after whitespace and `#`; a `#` inside a value stays.
      const hash = body.search(/\s#(\s|$)/);
      const settings = hash === -1 ? body : body.slice(0, hash);
      const description = hash === -1 ? '' : body.slice(hash).replace(/^\s*#\s*/, '').trim();
      for (const { name, value } of assignments(settings)) entries.push({ kind: 'variable', name, value, description });
      continue;
    }
    if (!commented) throw new Error(`${ENV_EXAMPLE}: neither a comment nor KEY=value: ${raw}`);
    (note ??= []).push(body);
  }
  endNote();
  return entries;
}

/** Markdown-safe prose: backslash-escapes what a renderer would take for markup, code spans left alone. */
export function escapeText(text) {
  return text
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 ? part.replace(/\|/g, '\\|') : part.replace(/([\\|<>*[\]])/g, '\\$1')))
    .join('');
}

/** A value as a code span (pipes escaped for the table); an empty one is 'unset'. */
function code(value) {
  if (value === '') return 'unset';
  const fence = value.includes('`') ? '``' : '`';
  const pad = fence === '``' ? ' ' : '';
  return `${fence}${pad}${value.replace(/\|/g, '\\|')}${pad}${fence}`;
}

/** The Markdown docs/configuration.md holds between its markers, from parseEnvExample's entries. */
export function renderConfigTable(entries) {
  const out = [`<!-- Generated from ${ENV_EXAMPLE} by scripts/config-table.mjs: edit ${ENV_EXAMPLE}, then run it with --write. -->`];
  let inTable = false;
  const block = (...lines) => {
    if (inTable) out.push('');
    inTable = false;
    out.push(...lines, '');
  };
  const row = (...cells) => {
    if (!inTable) out.push('| variable | default | what it does |', '|---|---|---|');
    inTable = true;
    out.push(`| ${cells.join(' | ')} |`.replace(/ {2,}\|/g, ' |'));
  };
  for (const entry of entries) {
    if (entry.kind === 'section') block(`### ${escapeText(entry.title)}`);
    else if (entry.kind === 'note' && entry.leads) row('', '', `*${escapeText(entry.text.replace(/\n/g, ' '))}*`);
    else if (entry.kind === 'note') block(escapeText(entry.text));
    else row(`\`${entry.name}\``, code(entry.value), escapeText(entry.description));
  }
  while (out.at(-1) === '') out.pop();
  return `${out.join('\n')}\n`;
}

/** The text between the markers of a document (without the newlines next to them), or null. */
export function extractBlock(doc) {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end === -1 || end < start) return null;
  return doc.slice(start + START.length, end).replace(/^\n+/, '').replace(/\n*$/, '\n');
}

/** The document with the text between its markers replaced by `block`. */
export function replaceBlock(doc, block) {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end === -1 || end < start) throw new Error(`${CONFIG_DOC}: no ${START} … ${END} block`);
  return `${doc.slice(0, start + START.length)}\n${block.replace(/\n*$/, '\n')}${doc.slice(end)}`;
}

/** The block as .env.example says it should be. */
export function generate(base = root) {
  return renderConfigTable(parseEnvExample(readFileSync(path.join(base, ENV_EXAMPLE), 'utf8')));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const block = generate();
  const docPath = path.join(root, CONFIG_DOC);
  if (process.argv.includes('--write')) {
    const doc = readFileSync(docPath, 'utf8');
    const next = replaceBlock(doc, block);
    if (next !== doc) writeFileSync(docPath, next);
    console.log(`${CONFIG_DOC}: ${next === doc ? 'already up to date' : 'table rewritten'} from ${ENV_EXAMPLE}`);
  } else if (process.argv.includes('--check')) {
    if (extractBlock(readFileSync(docPath, 'utf8')) !== block) {
      console.error(`${CONFIG_DOC}: its table differs from ${ENV_EXAMPLE}; ${WRITE_HINT}`);
      process.exit(1);
    }
    console.log(`${CONFIG_DOC}: its table matches ${ENV_EXAMPLE}`);
  } else process.stdout.write(block);
}
