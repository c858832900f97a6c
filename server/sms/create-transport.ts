import { join } from 'node:path';
import type { Config } from '../config.ts';
import { createCpsmsTransport } from './cpsms.ts';
import { cpsmsReportToken, deliveryReportPaths } from './delivery-status.ts';
import { createFileSmsTransport } from './file-transport.ts';
import { createGatewayapiTransport } from './gatewayapi.ts';
import type { SmsTransport } from './transport.ts';

/** The configured provider; with SMS_WEBHOOK_SECRET it asks for delivery reports under PUBLIC_URL. */
export function createSmsTransport(
  config: Pick<Config, 'sms' | 'dataDir' | 'publicUrl'> & Partial<Pick<Config, 'fileCopiesKeepLinks'>>,
  log?: { info(obj: object, msg: string): void },
): SmsTransport {
  const { sms } = config;
  const secret = sms.webhookSecret;
  switch (sms.provider) {
    case 'gatewayapi':
      return createGatewayapiTransport({
        url: sms.apiUrl,
        token: sms.token,
        sender: sms.sender,
        ...(secret ? { callbackUrl: `${config.publicUrl}${deliveryReportPaths.gatewayapi}` } : {}),
      });
    case 'cpsms':
      return createCpsmsTransport({
        url: sms.apiUrl,
        token: sms.token,
        sender: sms.sender,
        ...(secret
          ? {
              reportUrl: (reference: string) =>
                `${config.publicUrl}${deliveryReportPaths.cpsms}/${cpsmsReportToken(secret, reference)}`,
            }
          : {}),
      });
    default:
      return createFileSmsTransport({
        dir: join(config.dataDir, 'sms'),
        sender: sms.sender,
        keepLinks: config.fileCopiesKeepLinks ?? false,
        ...(log ? { log } : {}),
      });
  }
}
