/** A fake SMS provider shared by the tests of a describe block. */
import { afterAll, beforeEach } from 'vitest';
import type { SmsProviderName } from '../sms/providers.ts';
import { fakeSmsProvider, type FakeSmsProvider } from './fake-sms.ts';

/**
 * Registers the hooks: before each test the fake listens (again, on the same port, if a test
 * stopped it), has received nothing and answers normally; after the block it stops. Call it
 * before the block's own beforeEach, which may then read its `url`.
 */
export function fakeSmsProviderForEachTest(kind: SmsProviderName = 'gatewayapi'): FakeSmsProvider {
  const fake = fakeSmsProvider(kind);
  beforeEach(async () => {
    await fake.start();
    fake.received.length = 0;
    fake.failWith(null);
  });
  afterAll(() => fake.stop());
  return fake;
}
