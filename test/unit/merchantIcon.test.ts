import assert from 'node:assert/strict';
import { merchantIcon } from '../../src/catalog/present/merchantIcon';

describe('merchant icon in the Merchants view', () => {
  const logo = 'https://cdn.example.net/logos/shoes.png';

  it('shows a codicon by default, even when the merchant has a logo: it cannot fail to load', () => {
    assert.deepEqual(merchantIcon({ imageUri: logo, isActive: true }, false), { kind: 'codicon', id: 'briefcase' });
    assert.deepEqual(merchantIcon({ imageUri: logo, isActive: false }, false), { kind: 'codicon', id: 'circle-slash' });
  });

  it('shows the logo when the setting asks for logos', () => {
    assert.deepEqual(merchantIcon({ imageUri: logo, isActive: true }, true), { kind: 'logo', url: logo });
    assert.deepEqual(merchantIcon({ imageUri: logo, isActive: false }, true), { kind: 'logo', url: logo });
  });

  it('keeps the codicon, with logos asked for, where there is no https logo to load', () => {
    for (const imageUri of [
      null,
      '',
      'not a url',
      'http://cdn.example.net/logos/shoes.png',
      'data:image/png;base64,AAAA',
      '/logos/shoes.png',
      'javascript:alert(1)',
    ]) {
      assert.deepEqual(
        merchantIcon({ imageUri, isActive: true }, true),
        { kind: 'codicon', id: 'briefcase' },
        String(imageUri),
      );
      assert.deepEqual(
        merchantIcon({ imageUri, isActive: false }, true),
        { kind: 'codicon', id: 'circle-slash' },
        String(imageUri),
      );
    }
  });
});
