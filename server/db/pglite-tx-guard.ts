/**
 * The embedded database has one connection. A query through the database's own handle, made by
 * the same piece of work while its transaction is open (a helper handed `db` instead of `tx`, a
 * cached count refreshed inside the transaction), waits for that transaction to end, and the
 * transaction waits for the query: that request never answers, and neither does any other, as
 * every query of the server queues behind it. PostgreSQL hides the mistake behind its pool until
 * the pool runs dry.
 *
 * So on PGlite such a query fails at once with QueryBesideTransactionError: one request answers
 * 500 and is logged with the reason, the server goes on, and the tests find the mistake on the
 * first run instead of as a rare hang. Queries of other work (another request) wait their turn as
 * before; work the transaction started that runs after it ended is not refused.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite, Transaction } from '@electric-sql/pglite';

const transactionOfThisWork = new AsyncLocalStorage<{ open: boolean }>();

export class QueryBesideTransactionError extends Error {
  constructor() {
    super(
      'A query through the database handle while this work has a transaction open would wait forever on the embedded database: run it through the transaction',
    );
    this.name = 'QueryBesideTransactionError';
  }
}

function refuseInsideOpenTransaction(): void {
  if (transactionOfThisWork.getStore()?.open) throw new QueryBesideTransactionError();
}

/**
 * Makes the client refuse to queue work behind its own open transaction. Every way in (query, exec,
 * transaction, server/db/pglite-statements.ts) queues through _runExclusiveTransaction, so the
 * check sits there; transaction marks the work its callback does.
 */
export function guardQueriesBesideTransactions(client: PGlite): PGlite {
  const runExclusiveTransaction = client._runExclusiveTransaction.bind(client);
  const transaction = client.transaction.bind(client);
  Object.assign(client, {
    _runExclusiveTransaction: <T>(work: () => Promise<T>): Promise<T> => {
      refuseInsideOpenTransaction();
      return runExclusiveTransaction(work);
    },
    transaction: <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
      transaction((tx) => {
        const state = { open: true };
        return transactionOfThisWork.run(state, async () => {
          try {
            return await callback(tx);
          } finally {
            state.open = false;
          }
        });
      }),
  });
  return client;
}
