/** Names of the regions a place description shows: US states, Canadian provinces, countries. */

/** US states, DC and the territories ZIP codes use, by USPS code. */
export const US_STATES: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
  FM: 'Micronesia',
  MH: 'Marshall Islands',
  PW: 'Palau',
  AA: 'Armed Forces Americas',
  AE: 'Armed Forces Europe',
  AP: 'Armed Forces Pacific',
};

/** Canadian provinces and territories by GeoNames admin1 code: [postal code, name]. */
export const CANADIAN_PROVINCES: Readonly<Record<string, readonly [string, string]>> = {
  '01': ['AB', 'Alberta'],
  '02': ['BC', 'British Columbia'],
  '03': ['MB', 'Manitoba'],
  '04': ['NB', 'New Brunswick'],
  '05': ['NL', 'Newfoundland and Labrador'],
  '07': ['NS', 'Nova Scotia'],
  '08': ['ON', 'Ontario'],
  '09': ['PE', 'Prince Edward Island'],
  '10': ['QC', 'Quebec'],
  '11': ['SK', 'Saskatchewan'],
  '12': ['YT', 'Yukon'],
  '13': ['NT', 'Northwest Territories'],
  '14': ['NU', 'Nunavut'],
};

/** Names that read better in an address than the CLDR short forms. */
const COUNTRY_NAME_OVERRIDES: Readonly<Record<string, string>> = {
  CD: 'Democratic Republic of the Congo',
  CG: 'Republic of the Congo',
  HK: 'Hong Kong',
  MO: 'Macao',
  MM: 'Myanmar',
};

/** Other names people type for the United States. */
export const US_ALIASES = ['us', 'usa', 'united states', 'united states of america', 'america'] as const;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryNames = new Map<string, string>();

/** The English name of an ISO 3166 country code ("FR" → "France"). */
export function countryName(code: string): string {
  let name = countryNames.get(code);
  if (name === undefined) {
    let resolved: string | undefined;
    try {
      resolved = regionNames.of(code);
    } catch {
      resolved = undefined;
    }
    name = COUNTRY_NAME_OVERRIDES[code] ?? resolved ?? code;
    countryNames.set(code, name);
  }
  return name;
}
