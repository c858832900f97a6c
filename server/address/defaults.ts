/**
 * The public address services the server can ask, and the values it uses when ADDRESS_API_URL or
 * ADDRESS_API_TOKEN are not set. The formats and where they are documented:
 * docs/decisions/address-provider.md.
 */

/**
 * Klimadatastyrelsen's Adressevælger, the successor of DAWA's autocomplete. It has no user
 * management yet: every caller sends the shared token that Klimadatastyrelsen publishes in its
 * own component's README, so it is not a secret. Set ADDRESS_API_TOKEN once personal tokens exist.
 */
export const adressevaelgerDefaults = {
  url: 'https://adressevaelger.dk',
  token: 'adressevaelger123',
} as const;

/** Dataforsyningen's GSearch v2.0 address resource; it needs a personal token (ADDRESS_API_TOKEN). */
export const gsearchDefaultUrl = 'https://api.dataforsyningen.dk/rest/gsearch/v2.0/adresse';
