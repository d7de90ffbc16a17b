import assert from 'node:assert/strict';
import { expandSubId, type SubIdVariables } from '../../src/links/subId';

const DATE = new Date(2026, 0, 5, 12, 0); // local noon, 5 January 2026
const ALL: SubIdVariables = { fileBasenameNoExtension: 'my-post', workspaceFolderBasename: 'blog_site', date: DATE };
const NONE: SubIdVariables = { date: DATE };

const EXPANDED: { name: string; template: string; variables?: SubIdVariables; subId: string | undefined }[] = [
  { name: 'empty template', template: '', subId: undefined },
  { name: 'white space only', template: '  ', subId: undefined },
  {
    name: 'variables expanding to white space',
    template: ' ${fileBasenameNoExtension}',
    variables: { ...NONE, fileBasenameNoExtension: ' ' },
    subId: undefined,
  },
  { name: 'literal', template: 'newsletter-2026_a', subId: 'newsletter-2026_a' },
  { name: 'trimmed', template: ' abc ', subId: 'abc' },
  { name: 'file name', template: '${fileBasenameNoExtension}', subId: 'my-post' },
  { name: 'workspace folder', template: 'ws-${workspaceFolderBasename}', subId: 'ws-blog_site' },
  { name: 'date', template: '${date}', subId: '2026-01-05' },
  {
    name: 'all, repeated',
    template: '${workspaceFolderBasename}_${fileBasenameNoExtension}_${date}_${date}',
    subId: 'blog_site_my-post_2026-01-05_2026-01-05',
  },
  { name: 'exactly 100 characters', template: 'a'.repeat(100), subId: 'a'.repeat(100) },
  { name: 'date padded', template: '${date}', variables: { date: new Date(987, 8, 3, 12) }, subId: '0987-09-03' },
  { name: 'a date variable needs no file or folder', template: 'd${date}', variables: NONE, subId: 'd2026-01-05' },
];

const REFUSED: { name: string; template: string; variables?: SubIdVariables; message: string }[] = [
  {
    name: 'no file open',
    template: 'x-${fileBasenameNoExtension}',
    variables: NONE,
    message:
      'The setting affiliateLinks.subId uses ${fileBasenameNoExtension}, but no file is open. Open a file and try again, or change the setting.',
  },
  {
    name: 'empty file name counts as none',
    template: '${fileBasenameNoExtension}',
    variables: { ...ALL, fileBasenameNoExtension: '' },
    message:
      'The setting affiliateLinks.subId uses ${fileBasenameNoExtension}, but no file is open. Open a file and try again, or change the setting.',
  },
  {
    name: 'no workspace folder',
    template: '${workspaceFolderBasename}',
    variables: { ...ALL, workspaceFolderBasename: undefined },
    message:
      'The setting affiliateLinks.subId uses ${workspaceFolderBasename}, but no workspace folder is open. Open a folder and try again, or change the setting.',
  },
  {
    name: 'invalid date',
    template: '${date}',
    variables: { date: new Date(Number.NaN) },
    message:
      'The setting affiliateLinks.subId uses ${date}, but the date is not known. Try again, or change the setting.',
  },
  {
    name: 'unknown variable',
    template: 'a-${file}',
    message:
      'The setting affiliateLinks.subId uses "${file}", which is not a known variable. Use ${fileBasenameNoExtension}, ${fileDirnameBasename}, ${frontMatter:KEY}, ${workspaceFolderBasename} or ${date}, or change the setting.',
  },
  {
    name: 'unknown variables, each named once, checked before missing values',
    template: '${constructor}${x}${constructor}${fileBasenameNoExtension}',
    variables: NONE,
    message:
      'The setting affiliateLinks.subId uses "${constructor}", "${x}", which are not known variables. Use ${fileBasenameNoExtension}, ${fileDirnameBasename}, ${frontMatter:KEY}, ${workspaceFolderBasename} or ${date}, or change the setting.',
  },
  {
    name: 'bad characters from the template',
    template: 'spring sale!',
    message:
      'The SubID "spring sale!" made from the setting affiliateLinks.subId has characters that are not allowed. A SubID may hold only letters A-Z and a-z, digits, "_" and "-"; change the setting affiliateLinks.subId.',
  },
  {
    name: '101 characters',
    template: 'b'.repeat(101),
    message: `The SubID "${'b'.repeat(60)}…" made from the setting affiliateLinks.subId has 101 characters, more than the 100 allowed. Shorten the setting affiliateLinks.subId.`,
  },
];

const BAD_CHARACTERS = ['a b', 'a.b', 'a/b', 'a&b', 'a=b', 'a%20', 'grüße', 'a\nb', '${date', 'a$b', '日本'];

describe('expandSubId', () => {
  for (const c of EXPANDED) {
    it(`expands: ${c.name}`, () => {
      assert.deepEqual(expandSubId(c.template, c.variables ?? ALL), { ok: true, subId: c.subId });
    });
  }
  for (const c of REFUSED) {
    it(`refuses: ${c.name}`, () => {
      assert.deepEqual(expandSubId(c.template, c.variables ?? ALL), { ok: false, message: c.message });
    });
  }
  for (const template of BAD_CHARACTERS) {
    it(`refuses the characters of ${JSON.stringify(template)}`, () => {
      const result = expandSubId(template, ALL);
      assert.ok(!result.ok);
      assert.match(
        result.message,
        /has characters that are not allowed\..*change the setting affiliateLinks\.subId\.$/,
      );
      assert.ok(!result.message.includes('\n'));
    });
  }
  it('refuses bad characters coming from a file name', () => {
    const result = expandSubId('${fileBasenameNoExtension}', { ...ALL, fileBasenameNoExtension: 'my notes' });
    assert.ok(!result.ok);
    assert.match(result.message, /^The SubID "my notes" made from/);
  });

  describe('uses the local date of the Date, not the UTC one', () => {
    const saved = process.env.TZ;
    after(() => {
      if (saved === undefined) {
        delete process.env.TZ;
      } else {
        process.env.TZ = saved;
      }
    });
    const INSTANT = new Date('2026-01-05T12:00:00Z');
    const ZONES: { tz: string; date: string }[] = [
      { tz: 'UTC', date: '2026-01-05' },
      { tz: 'Pacific/Kiritimati', date: '2026-01-06' }, // UTC+14
      { tz: 'Pacific/Pago_Pago', date: '2026-01-05' }, // UTC-11
    ];
    for (const zone of ZONES) {
      it(`${zone.tz}: ${zone.date}`, () => {
        process.env.TZ = zone.tz;
        assert.deepEqual(expandSubId('${date}', { date: INSTANT }), { ok: true, subId: zone.date });
      });
    }
    it('across midnight in UTC-11', () => {
      process.env.TZ = 'Pacific/Pago_Pago';
      assert.deepEqual(expandSubId('${date}', { date: new Date('2026-01-06T05:00:00Z') }), {
        ok: true,
        subId: '2026-01-05',
      });
    });
  });
});
