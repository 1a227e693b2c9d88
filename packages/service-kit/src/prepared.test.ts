import { prepared } from './prepared.js';
import { createTestSchemaPool } from './testing.js';

describe('prepared statements', () => {
  it('names a statement after its text: the same text the same name, another text another', () => {
    const a = prepared('SELECT id FROM carts WHERE subject = $1', ['s1']);
    expect(prepared('SELECT id FROM carts WHERE subject = $1', ['s2']).name).toBe(a.name);
    expect(prepared('SELECT id FROM carts WHERE id = $1', ['s1']).name).not.toBe(a.name);
    expect(a).toEqual({ name: expect.stringMatching(/^pl_[\w-]{20}$/), text: 'SELECT id FROM carts WHERE subject = $1', values: ['s1'] });
  });

  it('is parsed once per connection, then run from the statement PostgreSQL keeps, with the values of each call', async () => {
    const db = createTestSchemaPool('prepared');
    try {
      await db.pool.query(`CREATE SCHEMA ${db.schema}`);
      await db.pool.query('CREATE TABLE things (id int PRIMARY KEY, name text)');
      await db.pool.query(`INSERT INTO things VALUES (1, 'one'), (2, 'two')`);
      const client = await db.pool.connect();
      try {
        const statement = (id: number) => prepared('SELECT name FROM things WHERE id = $1', [id]);
        expect((await client.query(statement(1))).rows).toEqual([{ name: 'one' }]);
        expect((await client.query(statement(2))).rows).toEqual([{ name: 'two' }]);
        const { rows } = await client.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements');
        expect(rows).toEqual([{ name: statement(1).name, statement: 'SELECT name FROM things WHERE id = $1' }]);
      } finally {
        client.release();
      }
    } finally {
      await db.cleanup();
    }
  });
});
