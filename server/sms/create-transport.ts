import { join } from 'node:path';
import type { Config } from '../config.ts';
import { createCpsmsTransport } from './cpsms.ts';
import { createFileSmsTransport } from './file-transport.ts';
import { createGatewayapiTransport } from './gatewayapi.ts';
import type { SmsTransport } from './transport.ts';

export function createSmsTransport(
  config: Pick<Config, 'sms' | 'dataDir'>,
  log?: { info(obj: object, msg: string): void },
): SmsTransport {
  const { sms } = config;
  switch (sms.provider) {
    case 'gatewayapi':
      return createGatewayapiTransport({ url: sms.apiUrl, token: sms.token, sender: sms.sender });
    case 'cpsms':
      return createCpsmsTransport({ url: sms.apiUrl, token: sms.token, sender: sms.sender });
    default:
      return createFileSmsTransport({
        dir: join(config.dataDir, 'sms'),
        sender: sms.sender,
        ...(log ? { log } : {}),
      });
  }
}
