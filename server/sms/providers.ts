/**
 * The SMS providers SMS_PROVIDER may name, listed once (README "Adding an SMS provider"). Config,
 * the transport, the webhook routes, log redaction and the test fakes read them from here.
 */
import { cpsms } from './cpsms.ts';
import { gatewayapi } from './gatewayapi.ts';
import type { SmsProvider } from './provider.ts';

export const smsProviders = [gatewayapi, cpsms] as const;

/** SMS_PROVIDER's values. */
export type SmsProviderName = (typeof smsProviders)[number]['name'];

export const smsProviderNames = smsProviders.map((provider) => provider.name) as [
  SmsProviderName,
  ...SmsProviderName[],
];

export function smsProvider(name: SmsProviderName): SmsProvider<SmsProviderName> {
  return smsProviders.find((provider) => provider.name === name)!;
}

/**
 * Every provider's final delivery states: a row keeps the state of the provider that sent it, so
 * one written before a change of provider stays final too.
 */
export const finalDeliveryStates: readonly string[] = smsProviders.flatMap(
  (provider) => provider.deliveryReports.finalStates,
);

/** The report paths whose next segment is a key (our signature): request logs hide it. */
export const keyedReportPaths: readonly string[] = smsProviders
  .filter((provider) => provider.deliveryReports.keyedSegment)
  .map((provider) => provider.deliveryReports.path.replace(/\/:[^/]+$/, ''));
