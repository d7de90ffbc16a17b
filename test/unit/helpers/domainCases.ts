/**
 * Merchants of every case the domain index tells apart (shared domains, `www.`, parents, public suffixes, IP
 * addresses, unicode, entries that are no host, tracking hosts), and addresses that meet each of them.
 */
import type { Merchant } from '../../../src/api/types';

export const TRK = 'https://trk.example.net/click';

/** Merchants of every case the index tells apart: shared domains, `www.`, parents, suffixes, IPs, tracking hosts. */
export const CASES: Array<Partial<Merchant>> = [
  { name: 'Shop', defaultDomain: 'shop.example.com', deeplinkAllowed: true, trackingLink: `${TRK}/shop?pid=1` },
  { name: 'Old', defaultDomain: 'old.example.org', isActive: false, trackingLink: `${TRK}/old` },
  { name: 'Heir', domains: ['old.example.org', 'heir.example.org'], deeplinkAllowed: true, trackingLink: `${TRK}/h` },
  { name: 'Twin A', defaultDomain: 'twins.example.com', deeplinkAllowed: true, trackingLink: `${TRK}/twin` },
  { name: 'Twin B', defaultDomain: 'twins.example.com', deeplinkAllowed: true, trackingLink: `${TRK}/twin` },
  { name: 'Www', defaultDomain: 'www.wide.example', trackingLink: 'https://go.partner.example/w' },
  { name: 'Parent', defaultDomain: 'Example.CO.UK.', domains: ['co.uk', 'shop.example.co.uk'] },
  { name: 'Ip', defaultDomain: '192.0.2.7', trackingLink: 'http://go.partner.example/ip?x=1' },
  { name: 'Idn', defaultDomain: 'bücher.example', domains: ['not a host', 'http://x.example/'] },
  { name: 'Lone', defaultDomain: 'lone.example.net', trackingLink: 'mailto:x@example.net' },
];

export const ADDRESSES = [
  'https://shop.example.com/p?q=1',
  'https://deep.a.shop.example.com/',
  'https://old.example.org/x',
  'https://heir.example.org/',
  'https://twins.example.com/p',
  'https://wide.example/',
  'https://a.wide.example/',
  'https://www.wide.example/',
  'https://example.co.uk/',
  'https://x.shop.example.co.uk/',
  'https://co.uk/',
  'http://192.0.2.7/p',
  'http://192.0.2.8/p',
  'https://xn--bcher-kva.example/',
  'https://bücher.example/',
  'https://lone.example.net/',
  `${TRK}/shop?pid=1&s=x`,
  `${TRK}/twin?url=https%3A%2F%2Ftwins.example.com%2F`,
  `${TRK}/nobody`,
  'https://go.partner.example/w?x=2',
  'http://go.partner.example/ip?x=9',
  'https://unknown.example/',
  'mailto:shop@shop.example.com',
  'not a url',
];
