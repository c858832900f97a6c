import { describe, expect, it } from 'vitest';
import { addressKey, duplicateNotice, duplicateOfLabel } from './duplicate-leads.ts';

describe('addressKey', () => {
  it('treats case, whitespace and punctuation alike', () => {
    const key = addressKey('Strandvejen 1, 2900 Hellerup');
    expect(addressKey('  strandvejen 1 2900   HELLERUP ')).toBe(key);
    expect(addressKey('Strandvejen 1,2900 Hellerup.')).toBe(key);
    expect(addressKey('Strandvejen 1 - 2900 Hellerup')).toBe(key);
  });

  it('ignores how floor and side are spaced and dotted', () => {
    const key = addressKey('Nørregade 12, 2. th., 1165 København K');
    expect(addressKey('nørregade 12 2.th 1165 københavn k')).toBe(key);
    expect(addressKey('NØRREGADE 12, 2 TH, 1165 KØBENHAVN K')).toBe(key);
    expect(addressKey('Nørregade 12,2th.,1165 København K')).toBe(key);
    expect(addressKey('Algade 4, st. tv., 4000 Roskilde')).toBe(addressKey('Algade 4 st.tv. 4000 Roskilde'));
    expect(addressKey('Algade 12B, 4000 Roskilde')).toBe(addressKey('algade 12 b 4000 roskilde'));
  });

  it('keeps different addresses apart', () => {
    expect(addressKey('Nørregade 12, 2. th.')).not.toBe(addressKey('Nørregade 12, 2. tv.'));
    expect(addressKey('Nørregade 1, 2. th.')).not.toBe(addressKey('Nørregade 12, th.'));
    expect(addressKey('Algade 3, 4000 Roskilde')).not.toBe(addressKey('Algade 33, 4000 Roskilde'));
  });

  it('has no key for an empty address', () => {
    expect(addressKey('')).toBeNull();
    expect(addressKey(' ,. - ')).toBeNull();
    expect(addressKey(undefined)).toBeNull();
  });
});

describe('what a duplicate says', () => {
  it('tells the sender no other reference, and staff what it duplicates', () => {
    expect(duplicateNotice()).toBe(
      'Vi har allerede en akut henvendelse fra dig – vi ringer til dig så hurtigt som muligt.',
    );
    expect(duplicateOfLabel('SK-7F3K2Q')).toBe('Dublet af SK-7F3K2Q');
  });
});
