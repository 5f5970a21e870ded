/*
 * Tags that join the forum and the marketplace: a fixed reference list of species and techniques,
 * on topics and listings alike. Plain values only (no zod): cards and the marketplace's first load
 * read these labels.
 */

/** The groups tags are shown in, in this order. */
export const TAG_GROUPS = ['species', 'technique'] as const;
export type TagGroup = (typeof TAG_GROUPS)[number];
export const TAG_GROUP_LABELS: Record<TagGroup, string> = { species: 'Species', technique: 'Technique' };

/** One tag: its slug (in the API and the address), the label shown, its group. */
export interface TagDefinition {
  slug: string;
  label: string;
  group: TagGroup;
}

const species = (slug: string, label: string): TagDefinition => ({ slug, label, group: 'species' });
const technique = (slug: string, label: string): TagDefinition => ({ slug, label, group: 'technique' });

/** Every tag, species first then techniques, each group in the order pickers show it. */
export const TAGS = [
  species('bass', 'Bass'),
  species('trout', 'Trout'),
  species('salmon', 'Salmon'),
  species('steelhead', 'Steelhead'),
  species('walleye', 'Walleye'),
  species('pike', 'Pike'),
  species('muskie', 'Muskie'),
  species('panfish', 'Panfish'),
  species('catfish', 'Catfish'),
  species('carp', 'Carp'),
  species('redfish', 'Redfish'),
  species('snook', 'Snook'),
  species('tarpon', 'Tarpon'),
  species('striper', 'Striped bass'),
  species('bonefish', 'Bonefish'),
  species('tuna', 'Tuna'),
  species('halibut', 'Halibut'),
  technique('fly', 'Fly fishing'),
  technique('spinning', 'Spinning'),
  technique('baitcasting', 'Baitcasting'),
  technique('surf', 'Surf'),
  technique('ice', 'Ice fishing'),
  technique('kayak', 'Kayak'),
  technique('trolling', 'Trolling'),
  technique('jigging', 'Jigging'),
  technique('bottom', 'Bottom fishing'),
  technique('finesse', 'Finesse'),
  technique('offshore', 'Offshore'),
] as const satisfies readonly TagDefinition[];

export type TagSlug = (typeof TAGS)[number]['slug'];

/** Every slug, in the list's order. */
export const TAG_SLUGS = TAGS.map((tag) => tag.slug) as unknown as readonly [TagSlug, ...TagSlug[]];

/** The most tags one topic or listing may carry. */
export const TAGS_PER_ITEM_MAX = 5;

/** How many topics and listings a tag page shows at a time. */
export const TAG_PAGE_SIZE = 6;

/** The "tagged with all of" filter of the marketplace takes at most this many tags. */
export const TAG_FILTER_MAX = TAGS_PER_ITEM_MAX;

/** The texts tags speak (Castline's own). */
export const TAG_MESSAGES = {
  unknownTag: (slug: string) => `"${slug}" is not one of Castline's tags.`,
  tagsInvalid: 'Pick tags from the list of species and techniques.',
  tooManyTags: `You can add up to ${TAGS_PER_ITEM_MAX} tags.`,
  tagNotFound: 'There is no such tag. Browse all tags to find the species or technique you want.',
  pickerHint: `Up to ${TAGS_PER_ITEM_MAX} species or techniques, so people who fish the same way find it.`,
  noTopics: 'No one has talked about this yet.',
  noListings: 'No gear for sale with this tag right now.',
} as const;

const bySlug = new Map<string, TagDefinition>(TAGS.map((tag) => [tag.slug, tag]));

/** The tag of a slug, or undefined when Castline has no such tag. */
export function tagBySlug(slug: string): TagDefinition | undefined {
  return bySlug.get(slug);
}

export function isTagSlug(value: unknown): value is TagSlug {
  return typeof value === 'string' && bySlug.has(value);
}

/** A tag's label, or the slug itself for one no longer in the list. */
export function tagLabel(slug: string): string {
  return bySlug.get(slug)?.label ?? slug;
}

/** Known slugs only, each once, in the reference order (so equal sets read and compare alike). */
export function normalizeTags(values: readonly string[]): TagSlug[] {
  const chosen = new Set(values.map((value) => value.trim().toLowerCase()));
  return TAG_SLUGS.filter((slug) => chosen.has(slug));
}

/** The tags of one group, in the reference order. */
export function tagsInGroup(group: TagGroup): TagDefinition[] {
  return TAGS.filter((tag) => tag.group === group);
}
