/** What a merchant's row shows before its name: a codicon for active or inactive, or its logo when the setting asks. */
import type { MerchantSummary } from '../../merchant/merchantFields';

export type MerchantIcon = { kind: 'logo'; url: string } | { kind: 'codicon'; id: 'briefcase' | 'circle-slash' };

/**
 * Codicons are the default: drawn in the theme's colours, they need no network and so never leave
 * a blank gap (a logo the workbench cannot load shows as nothing at all), and they tell active
 * merchants from inactive ones. A logo is used only when its address is an `https:` URL; anything
 * else (plain `http:`, which a workbench served over https blocks, `data:`, a bare path) keeps the codicon.
 */
export function merchantIcon(
  merchant: Pick<MerchantSummary, 'imageUri' | 'isActive'>,
  showLogos: boolean,
): MerchantIcon {
  if (showLogos && merchant.imageUri) {
    try {
      const url = new URL(merchant.imageUri);
      if (url.protocol === 'https:') {
        return { kind: 'logo', url: url.href };
      }
    } catch {
      // not a URL: the codicon below
    }
  }
  return { kind: 'codicon', id: merchant.isActive ? 'briefcase' : 'circle-slash' };
}
