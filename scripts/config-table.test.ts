import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CONFIG_DOC,
  END,
  ENV_EXAMPLE,
  START,
  WRITE_HINT,
  escapeText,
  extractBlock,
  generate,
  parseEnvExample,
  renderConfigTable,
  replaceBlock,
  root,
} from './config-table.mjs';

const read = (rel: string) => readFileSync(path.join(root, rel), 'utf8');

/** The first line two texts differ on, for a failure worth reading. */
function firstDifference(actual: string, expected: string): string {
  const a = actual.split('\n');
  const e = expected.split('\n');
  const i = a.findIndex((line, n) => line !== e[n]);
  const at = i === -1 ? a.length : i;
  return `line ${at + 1} of the block:\n  in ${CONFIG_DOC}:  ${a[at] ?? '(nothing)'}\n  from ${ENV_EXAMPLE}: ${e[at] ?? '(nothing)'}`;
}

// Issue 32: the configuration table is generated from .env.example, and fails the unit run when the
// two disagree, so a variable added to one is never missing from the other.
describe('scripts/config-table.mjs', () => {
  it(`finds ${CONFIG_DOC}'s table as ${ENV_EXAMPLE} makes it`, () => {
    const block = extractBlock(read(CONFIG_DOC));
    if (block === null) throw new Error(`${CONFIG_DOC} has no ${START} … ${END} block: put the markers back, then ${WRITE_HINT}`);
    const expected = generate();
    if (block !== expected) throw new Error(`${CONFIG_DOC}'s table differs from ${ENV_EXAMPLE}: ${WRITE_HINT}\n${firstDifference(block, expected)}`);
  });

  it(`lists every variable ${ENV_EXAMPLE} sets, in its section`, () => {
    const entries = parseEnvExample(read(ENV_EXAMPLE));
    const names = entries.flatMap((e) => (e.kind === 'variable' ? [e.name] : []));
    expect(names.length).toBeGreaterThan(50);
    const table = generate();
    for (const name of new Set(names)) expect(table).toContain(`| \`${name}\` |`);
    expect(entries.filter((e) => e.kind === 'section').map((e) => e.kind === 'section' && e.title)).toContain('gateway');
  });

  it('reads commented and plain settings, several on a line, values with spaces, sections and notes', () => {
    const text = [
      '# What the file is.',
      '',
      '# A note on the next one,',
      '# over two lines.',
      '# ENV_FILE=.env',
      '# --- gateway ---',
      '# PORT=5000',
      '# MAIL_FROM=Shop <no-reply@localhost>',
      '# EMPTY=                    # unset: nothing; see #12',
      'PLAIN=x#y   # a # inside a value stays',
      '# A_PORT=1  B_PORT=2',
      '# C= D=   # both unset',
    ].join('\n');
    expect(parseEnvExample(text)).toEqual([
      { kind: 'note', text: 'What the file is.', leads: false },
      { kind: 'note', text: 'A note on the next one,\nover two lines.', leads: true },
      { kind: 'variable', name: 'ENV_FILE', value: '.env', description: '' },
      { kind: 'section', title: 'gateway' },
      { kind: 'variable', name: 'PORT', value: '5000', description: '' },
      { kind: 'variable', name: 'MAIL_FROM', value: 'Shop <no-reply@localhost>', description: '' },
      { kind: 'variable', name: 'EMPTY', value: '', description: 'unset: nothing; see #12' },
      { kind: 'variable', name: 'PLAIN', value: 'x#y', description: 'a # inside a value stays' },
      { kind: 'variable', name: 'A_PORT', value: '1', description: '' },
      { kind: 'variable', name: 'B_PORT', value: '2', description: '' },
      { kind: 'variable', name: 'C', value: '', description: 'both unset' },
      { kind: 'variable', name: 'D', value: '', description: 'both unset' },
    ]);
    expect(() => parseEnvExample('not a setting')).toThrow('neither a comment nor KEY=value');
  });

  it('renders a table per section, a leading note as a row, and escapes what Markdown would eat', () => {
    const md = renderConfigTable(
      parseEnvExample(['# Intro.', '', '# --- every service ---', '# Traces:', '# DB_SCHEMA=<a|b>   # on | off, or <n>', '# X=1'].join('\n')),
    );
    expect(md.split('\n').slice(1)).toEqual([
      'Intro.',
      '',
      '### every service',
      '',
      '| variable | default | what it does |',
      '|---|---|---|',
      '| | | *Traces:* |',
      '| `DB_SCHEMA` | `<a\\|b>` | on \\| off, or \\<n\\> |',
      '| `X` | `1` | |',
      '',
    ]);
    expect(escapeText('`a|b` <c> AWS_* [d]')).toBe('`a\\|b` \\<c\\> AWS_\\* \\[d\\]');
  });

  it('rewrites only what is between the markers', () => {
    const doc = `# Title\n\nabove\n\n${START}\nold\n${END}\n\nbelow\n`;
    const next = replaceBlock(doc, '| new |\n');
    expect(next).toBe(`# Title\n\nabove\n\n${START}\n| new |\n${END}\n\nbelow\n`);
    expect(extractBlock(next)).toBe('| new |\n');
    expect(replaceBlock(next, '| new |\n')).toBe(next);
    expect(extractBlock('no markers')).toBeNull();
    expect(() => replaceBlock('no markers', 'x')).toThrow(CONFIG_DOC);
  });
});
