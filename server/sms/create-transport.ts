import { join } from 'node:path';
import type { Config } from '../config.ts';
import { createFileSmsTransport } from './file-transport.ts';
import { smsProvider } from './providers.ts';
import type { SmsTransport } from './transport.ts';

/** The configured provider; with SMS_WEBHOOK_SECRET it asks for delivery reports under PUBLIC_URL. */
export function createSmsTransport(
  config: Pick<Config, 'sms' | 'dataDir' | 'publicUrl'> & Partial<Pick<Config, 'fileCopiesKeepLinks'>>,
  log?: { info(obj: object, msg: string): void },
): SmsTransport {
  const { sms } = config;
  if (sms.provider) {
    return smsProvider(sms.provider).createTransport({
      url: sms.apiUrl,
      token: sms.token,
      sender: sms.sender,
      publicUrl: config.publicUrl,
      webhookSecret: sms.webhookSecret,
    });
  }
  return createFileSmsTransport({
    dir: join(config.dataDir, 'sms'),
    sender: sms.sender,
    keepLinks: config.fileCopiesKeepLinks ?? false,
    ...(log ? { log } : {}),
  });
}
