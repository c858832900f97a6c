/**
 * Named prepared statements on PGlite (docs/decisions/submission-write-path.md).
 *
 * PGlite's query() parses and plans every statement anew, in six protocol round trips; for the
 * submission insert that is two thirds of its cost. PGlite runs a single session, so a statement
 * prepared once under its name stays prepared: each run is then one protocol message
 * (Bind, Describe, Execute, Sync) of the prepared plan, under the same locks query() takes, so it
 * never runs inside a transaction someone else has open. Parameters are bound, never spliced
 * into the SQL, and serialised and parsed with the instance's own type table, as query() does.
 */
import { parse, type PGlite, protocol } from '@electric-sql/pglite';
import type { SqlClient, Statement } from './client.ts';

const { serialize } = protocol;

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

export function pgliteStatements(client: PGlite): SqlClient {
  /** Statement name → the types PostgreSQL inferred for its parameters (oids). */
  const prepared = new Map<string, number[]>();

  async function prepare(statement: Statement): Promise<number[]> {
    const known = prepared.get(statement.name);
    if (known) return known;
    const messages = await client.execProtocolStream(
      concat([
        serialize.parse({ name: statement.name, text: statement.text }),
        serialize.describe({ type: 'S', name: statement.name }),
        serialize.sync(),
      ]),
    );
    const types = parse.parseDescribeStatementResults(messages);
    prepared.set(statement.name, types);
    return types;
  }

  return {
    async query<Row>(statement: Statement, values: readonly unknown[]): Promise<Row[]> {
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          const types = await prepare(statement);
          const params = values.map((value, index) => {
            if (value === null || value === undefined) return null;
            const serializer = client.serializers[types[index] ?? 0];
            return serializer ? serializer(value) : String(value);
          });
          // One message: an error anywhere skips to the Sync, so the session is idle again after.
          const messages = await client.execProtocolStream(
            concat([
              serialize.bind({ statement: statement.name, values: params }),
              serialize.describe({ type: 'P' }),
              serialize.execute({}),
              serialize.sync(),
            ]),
          );
          return (parse.parseResults(messages, client.parsers)[0]?.rows ?? []) as Row[];
        }),
      );
    },
  };
}
