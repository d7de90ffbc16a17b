/** Word lists and market tables the sandbox draws its invented but realistic data from. */

export const NAME_ADJECTIVES = [
  'Blue',
  'North',
  'Urban',
  'Green',
  'Bright',
  'Silver',
  'Golden',
  'Happy',
  'Little',
  'Royal',
  'Smart',
  'Swift',
  'Wild',
  'Clever',
  'Modern',
  'Classic',
  'Coastal',
  'Alpine',
  'Sunny',
  'Red',
  'Prime',
  'Fresh',
  'Pure',
  'True',
  'Bold',
  'Quiet',
  'Nordic',
  'Metro',
  'Velvet',
  'Cosy',
] as const;

export const NAME_NOUNS = [
  'Garden',
  'Outfitters',
  'Books',
  'Travel',
  'Electronics',
  'Kitchen',
  'Pets',
  'Shoes',
  'Optics',
  'Games',
  'Bikes',
  'Beauty',
  'Coffee',
  'Tea',
  'Toys',
  'Home',
  'Fitness',
  'Wine',
  'Tools',
  'Jewels',
  'Fashion',
  'Furniture',
  'Camping',
  'Music',
  'Vitamins',
  'Prints',
  'Lighting',
  'Bags',
  'Watches',
  'Flowers',
] as const;

export const NAME_FORMS = [
  '',
  ' Shop',
  ' Store',
  ' Online',
  ' Direct',
  ' & Co',
  ' Outlet',
  ' Market',
  ' Club',
  ' Hub',
] as const;

export const BRAND_SYLLABLES = [
  'lu',
  'mo',
  'ra',
  'vex',
  'ta',
  'zen',
  'ko',
  'li',
  'na',
  'bri',
  'do',
  'fy',
  'qua',
  'ri',
  'so',
  'tel',
  'va',
  'xo',
  'mi',
  'nor',
  'pa',
  'ke',
  'lo',
  'ze',
  'ar',
  'ion',
  'ex',
  'us',
  'ly',
  'ca',
] as const;

/** A market: the country a merchant sells in, its currency and its usual top-level domains. */
export interface Market {
  country: string;
  currency: string;
  tlds: readonly string[];
}

export const MARKETS: readonly Market[] = [
  { country: 'DE', currency: 'EUR', tlds: ['.de'] },
  { country: 'GB', currency: 'GBP', tlds: ['.co.uk', '.uk'] },
  { country: 'US', currency: 'USD', tlds: ['.com', '.us'] },
  { country: 'FR', currency: 'EUR', tlds: ['.fr'] },
  { country: 'PL', currency: 'PLN', tlds: ['.pl', '.com.pl'] },
  { country: 'AU', currency: 'AUD', tlds: ['.com.au'] },
  { country: 'JP', currency: 'JPY', tlds: ['.co.jp', '.jp'] },
  { country: 'BR', currency: 'BRL', tlds: ['.com.br'] },
  { country: 'ES', currency: 'EUR', tlds: ['.es'] },
  { country: 'IT', currency: 'EUR', tlds: ['.it'] },
  { country: 'NL', currency: 'EUR', tlds: ['.nl'] },
  { country: 'UA', currency: 'UAH', tlds: ['.com.ua', '.ua'] },
  { country: 'CH', currency: 'CHF', tlds: ['.ch'] },
  { country: 'SE', currency: 'SEK', tlds: ['.se'] },
];

export const GENERIC_TLDS = ['.com', '.net', '.shop', '.store', '.io'] as const;

export const SUBDOMAINS = ['shop', 'store', 'm', 'de', 'en', 'eu', 'outlet'] as const;

export const DESCRIPTION_OPENINGS = [
  'Online retailer of',
  'Official store for',
  'Independent shop selling',
  'Subscription service for',
  'Marketplace for',
  'Family business offering',
] as const;

export const DESCRIPTION_GOODS = [
  'outdoor gear and clothing',
  'consumer electronics',
  'books and e-books',
  'pet food and accessories',
  'home and garden products',
  'cosmetics and skin care',
  'travel packages and hotel stays',
  'sports nutrition',
  'designer furniture',
  'toys and games',
  'specialty coffee',
  'fine wines',
] as const;

export const TRACKING_HOSTS = ['go.sandbox-links.net', 'trk.sandbox-links.net'] as const;

export const LOGO_HOST = 'https://cdn.sandbox-links.net/logos';

export const PLATFORM_NAMES = [
  'Tech Review Blog',
  'Weekly Deals Newsletter',
  'Coupon Browser Extension',
  'Travel Guide App',
  'Old Forum (disconnected)',
] as const;

/**
 * SubIDs as publishers set them: the slug of the article a link sits in, which is also what the
 * SubID template `${fileBasenameNoExtension}` gives for an article file named after its slug.
 * Lower case, digits and hyphens, well within the SubID rules of `links/subId.ts`; exported so
 * a demo workspace can name its articles after them.
 */
export const SUB_IDS = [
  'best-running-shoes',
  'winter-jackets-review',
  'budget-laptops-2026',
  'espresso-machines-guide',
  'noise-cancelling-headphones',
  'hiking-boots-tested',
  'standing-desk-buyers-guide',
  'gifts-for-gardeners',
  'cheap-flights-to-lisbon',
  'robot-vacuum-comparison',
  'best-dog-food-2026',
  'skincare-routine-basics',
  'home-gym-on-a-budget',
  'mechanical-keyboards-101',
  'camping-gear-checklist',
  'smartwatch-showdown',
  'coffee-grinders-ranked',
  'weekend-in-vienna',
  'kids-bikes-by-age',
  'best-air-fryers',
  'ergonomic-office-chairs',
  'vinyl-record-players',
  'eco-friendly-cleaning',
  'tablet-for-students',
  'wine-subscription-review',
  'board-games-for-two',
  'mirrorless-cameras-2026',
  'protein-powder-guide',
  'led-desk-lamps',
  'travel-backpacks-carry-on',
] as const;

/** Currencies of the account's commissions; a small report still holds each of them. */
export const ACTION_CURRENCIES = ['EUR', 'USD', 'GBP'] as const;

/** Coupon codes a click may have come through (`couponId` of a click item). */
export const COUPON_CODES = [
  'SAVE10',
  'WELCOME15',
  'SPRING20',
  'FREESHIP',
  'VIP25',
  'NEWS5',
  'BLACKFRI30',
  'STUDENT12',
] as const;
