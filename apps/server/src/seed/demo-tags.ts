import { normalizeTags, TAGS_PER_ITEM_MAX, type TagSlug } from '@castline/shared';

/*
 * The demo data's tags, read from what each listing and topic says: a fly rod for trout is tagged
 * trout and fly, a surf rod for stripers surf and striper. The same words tag listings and topics,
 * so the tag pages a newcomer opens first show both talk and gear.
 */

/** Words (lower case, whole words) that stand for each tag. */
const TAG_WORDS: [TagSlug, RegExp][] = [
  ['bass', /\b(largemouth|smallmouth|bass(?!\s*pro)|bronzeback)\b(?<!striped bass)/],
  ['trout', /\b(trout|brookies?|browns? trout|rainbows?|cutthroat)\b/],
  ['salmon', /\b(salmon|chinook|coho)\b/],
  ['steelhead', /\bsteelhead\b/],
  ['walleye', /\bwalleyes?\b/],
  ['pike', /\b(northern pike|pike)\b/],
  ['muskie', /\b(muskie|musky|muskies)\b/],
  ['panfish', /\b(panfish|crappie|bluegills?|perch|sunfish)\b/],
  ['catfish', /\b(catfish|cats|flatheads?|blue cats?)\b/],
  ['carp', /\bcarp\b/],
  ['redfish', /\b(redfish|reds|red drum|bull reds)\b/],
  ['snook', /\bsnook\b/],
  ['tarpon', /\b(tarpon|silver kings?)\b/],
  ['striper', /\b(stripers?|striped bass)\b/],
  ['bonefish', /\bbonefish\b/],
  ['tuna', /\b(tuna|yellowfin|bluefin)\b/],
  ['halibut', /\bhalibut\b/],
  [
    'fly',
    /\b(fly (rod|reel|line|combo|box|fishing|fishers?)|fly-fishing|flyfish\w*|nymph\w*|dry fl(y|ies)|streamers?|tippet|spey|\d ?-?(wt|weight))\b/,
  ],
  ['spinning', /\bspinning\b/],
  ['baitcasting', /\b(baitcast\w*|casting rod)\b/],
  ['surf', /\b(surf|beach|jetty)\b/],
  ['ice', /\b(ice fishing|ice rod|ice auger|through the ice|ice shanty|tip-ups?|ice)\b/],
  ['kayak', /\bkayaks?\b/],
  ['trolling', /\b(troll\w*|downriggers?|planer boards?|lead ?core)\b/],
  ['jigging', /\b(jigs?|jigging|vertical jig\w*)\b/],
  ['bottom', /\b(bottom fishing|bottom rigs?|sinkers?|(on|off|along) the bottom|carolina rig|deep drops?)\b/],
  ['finesse', /\b(finesse|drop shot|ned rig|wacky rig)\b/],
  ['offshore', /\b(offshore|bluewater|blue water|canyon|marlin|sailfish|mahi)\b/],
];

/** What a listing or topic says, and the facts that name a technique outright. */
export interface TagSource {
  text: string;
  gear_types?: readonly string[];
  reel_type?: string | null;
}

/** The tags the demo gives an item: words in its text, fly gear, the reel's type; at most five. */
export function demoTagsOf(source: TagSource): TagSlug[] {
  const text = source.text.toLowerCase();
  const found: TagSlug[] = TAG_WORDS.filter(([, words]) => words.test(text)).map(([slug]) => slug);
  if (source.gear_types?.includes('Fly Fishing')) found.push('fly');
  if (source.reel_type === 'spinning') found.push('spinning');
  if (source.reel_type === 'baitcasting') found.push('baitcasting');
  // Species first (the reference order), so that five tags keep what the gear is for.
  return normalizeTags(found).slice(0, TAGS_PER_ITEM_MAX);
}
