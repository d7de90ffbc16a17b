import assert from 'node:assert/strict';
import type { AdCampaign } from '../../src/api/types';
import { cpcLinkOf } from '../../src/links/cpcLink';
import { deriveSupportsCpc as supportsCpc } from '../../src/merchant/merchantFields';
import { blankMerchant } from './helpers/merchants';

const CAMPAIGN: AdCampaign = { name: 'Spring', activeFrom: null, activeTo: null, allowDeeplink: false, rates: [] };

const SUPPORT: { name: string; paymentModels: string[]; adCampaigns: AdCampaign[]; expected: boolean }[] = [
  { name: 'CPC payment model', paymentModels: ['CPA', 'CPC'], adCampaigns: [], expected: true },
  { name: 'lower-case cpc', paymentModels: ['cpc'], adCampaigns: [], expected: true },
  { name: 'mixed case with spaces', paymentModels: [' Cpc '], adCampaigns: [], expected: true },
  { name: 'an ad campaign only', paymentModels: ['CPA'], adCampaigns: [CAMPAIGN], expected: true },
  { name: 'CPA only', paymentModels: ['CPA', 'CPL'], adCampaigns: [], expected: false },
  { name: 'a model merely containing CPC', paymentModels: ['CPCX', 'eCPC'], adCampaigns: [], expected: false },
  { name: 'nothing', paymentModels: [], adCampaigns: [], expected: false },
];

const LINKS: { name: string; tracking: string; link: string }[] = [
  { name: 'no query', tracking: 'https://t.example/c', link: 'https://t.example/c?model=CPC' },
  {
    name: 'other parameters kept in order',
    tracking: 'https://t.example/c?b=2&a=1',
    link: 'https://t.example/c?b=2&a=1&model=CPC',
  },
  {
    name: 'one model replaced in place',
    tracking: 'https://t.example/c?a=1&model=CPA&z=9',
    link: 'https://t.example/c?a=1&model=CPC&z=9',
  },
  {
    name: 'several models: first replaced, others removed',
    tracking: 'https://t.example/c?model=CPA&a=1&model=CPL&b=2&model',
    link: 'https://t.example/c?model=CPC&a=1&b=2',
  },
  {
    name: 'encoded name mod%65l recognised',
    tracking: 'https://t.example/c?mod%65l=CPA&a=1',
    link: 'https://t.example/c?model=CPC&a=1',
  },
  {
    name: 'Model (other case) kept',
    tracking: 'https://t.example/c?Model=x',
    link: 'https://t.example/c?Model=x&model=CPC',
  },
  {
    name: 'models is not model',
    tracking: 'https://t.example/c?models=1',
    link: 'https://t.example/c?models=1&model=CPC',
  },
  { name: 'fragment kept', tracking: 'https://t.example/c?a=1#top', link: 'https://t.example/c?a=1&model=CPC#top' },
  {
    name: 'fragment kept without query',
    tracking: 'https://t.example/c#top',
    link: 'https://t.example/c?model=CPC#top',
  },
  {
    name: 'encoded characters byte-exact',
    tracking: 'https://t.example/c?q=a%20b+c&t=~&u=%7e&v=%2F&w=a%26b',
    link: 'https://t.example/c?q=a%20b+c&t=~&u=%7e&v=%2F&w=a%26b&model=CPC',
  },
  {
    name: 'empty pieces kept, trailing & reused',
    tracking: 'https://t.example/c?a=1&&b=2&',
    link: 'https://t.example/c?a=1&&b=2&model=CPC',
  },
  { name: 'bare ?', tracking: 'https://t.example/c?', link: 'https://t.example/c?model=CPC' },
  { name: 'port', tracking: 'http://t.example:8080/c?a=1', link: 'http://t.example:8080/c?a=1&model=CPC' },
  {
    name: 'unicode path',
    tracking: 'https://t.example/klick/straße?a=ü',
    link: 'https://t.example/klick/stra%C3%9Fe?a=%C3%BC&model=CPC',
  },
];

describe('supportsCpc', () => {
  for (const c of SUPPORT) {
    it(`${c.expected ? 'takes' : 'does not take'} CPC: ${c.name}`, () => {
      assert.equal(supportsCpc({ paymentModels: c.paymentModels, adCampaigns: c.adCampaigns }), c.expected);
    });
  }
});

describe('cpcLinkOf', () => {
  for (const c of LINKS) {
    it(c.name, () => {
      const result = cpcLinkOf(blankMerchant({ paymentModels: ['CPC'], trackingLink: c.tracking }));
      assert.deepEqual(result, { ok: true, link: c.link });
      assert.ok(result.ok);
      assert.deepEqual(new URL(result.link).searchParams.getAll('model'), ['CPC']);
    });
  }

  it('works for a merchant with ad campaigns only', () => {
    const merchant = blankMerchant({ adCampaigns: [CAMPAIGN], trackingLink: 'https://t.example/c' });
    assert.deepEqual(cpcLinkOf(merchant), { ok: true, link: 'https://t.example/c?model=CPC' });
  });

  const REFUSED: { name: string; paymentModels: string[]; trackingLink: string | null; message: string }[] = [
    {
      name: 'no CPC model and no ad campaigns',
      paymentModels: ['CPA'],
      trackingLink: 'https://t.example/c',
      message:
        '"Shop X" takes no CPC traffic: it has no CPC payment model and no ad campaigns. ' +
        'Copy its tracking link instead, or pick a merchant that pays per click.',
    },
    {
      name: 'no tracking link',
      paymentModels: ['CPC'],
      trackingLink: null,
      message:
        '"Shop X" has no tracking link in the catalog. Refresh the merchants, or contact the network if it stays.',
    },
    {
      name: 'unusable tracking link',
      paymentModels: ['CPC'],
      trackingLink: 'javascript:alert(1)',
      message:
        '"Shop X" has no usable tracking link (the catalog has "javascript:alert(1)"). Refresh the merchants, or contact the network if it stays.',
    },
  ];
  for (const c of REFUSED) {
    it(`refuses: ${c.name}`, () => {
      const merchant = blankMerchant({ name: 'Shop X', paymentModels: c.paymentModels, trackingLink: c.trackingLink });
      assert.deepEqual(cpcLinkOf(merchant), { ok: false, message: c.message });
    });
  }
});
