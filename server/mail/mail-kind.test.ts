import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mailKind, type ComposeDeps, type MailRows } from './compose.ts';

const deps = {} as ComposeDeps;
const rows: MailRows = { leads: new Map(), images: new Map() };
const job = (payload: unknown) => ({ id: 'job-1', kind: 'test-kind', payload, attempts: 0 });

describe('a mail kind declared with its payload schema', () => {
  const composer = mailKind(z.object({ leadId: z.null(), detail: z.string() }), (_deps, parsed) => ({
    messageId: parsed.id,
    from: 'a@example.dk',
    to: 'b@example.dk',
    subject: parsed.payload.detail,
    text: '',
    html: '',
  }));

  it('composes with the payload parsed by its schema', async () => {
    const mail = await composer.compose(deps, job({ leadId: null, detail: 'Lav SMS-saldo' }), rows);
    expect(mail.subject).toBe('Lav SMS-saldo');
  });

  it('fails the attempt, saying why, when the payload does not fit', () => {
    expect(() => composer.compose(deps, job({ leadId: null }), rows)).toThrow(
      /mail job job-1 \(test-kind\):.*detail/s,
    );
  });
});
