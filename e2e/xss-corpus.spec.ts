import { expect, type Browser, type Page } from '@playwright/test';
import { DEMO, recordFigure, signInAs, test } from './support';

/*
 * Stored XSS: a corpus of 120 payloads (40 vectors, each in three variants) written through
 * every user-written field the pages show: forum titles, posts and comments, listing titles,
 * descriptions and "ships from" places, messages, bios, saved-search names, report notes, and
 * orders' carriers, pickup notes and reasons for cancelling, reviews and their replies (a tracking number admits only letters,
 * digits, spaces and dashes). Each page that shows
 * them is opened in Chromium. No payload may run (no dialog, no marker set, no injected element),
 * and the text shows as text.
 */

const VECTORS: ((run: string) => string)[] = [
  (run) => `<script>${run}</script>`,
  (run) => `<img src=x onerror="${run}">`,
  (run) => `<IMG SRC=x OnErRoR="${run}">`,
  (run) => `<svg onload="${run}">`,
  (run) => `<svg><script>${run}</script></svg>`,
  (run) => `<svg><animate onbegin="${run}" attributeName=x dur=1s>`,
  (run) => `<iframe srcdoc="<script>parent.${run}</script>"></iframe>`,
  (run) => `<iframe src="javascript:parent.${run}"></iframe>`,
  (run) => `<a href="javascript:${run}">tap</a>`,
  (run) => `<a href="  JaVaScRiPt:${run}">tap</a>`,
  (run) => `<a href="jav&#x09;ascript:${run}">tap</a>`,
  (run) => `[tap](javascript:${run})`,
  (run) => `![pic](javascript:${run})`,
  (run) => `[tap](data:text/html,<script>${run}</script>)`,
  (run) => `<details open ontoggle="${run}">x</details>`,
  (run) => `<input autofocus onfocus="${run}">`,
  (run) => `<video><source onerror="${run}"></video>`,
  (run) => `<audio src=x onerror="${run}"></audio>`,
  (run) => `<object data="javascript:${run}"></object>`,
  (run) => `<embed src="javascript:${run}">`,
  (run) => `<body onload="${run}">`,
  (run) => `<marquee onstart="${run}">x</marquee>`,
  (run) => `"><script>${run}</script>`,
  (run) => `'><img src=x onerror="${run}">`,
  (run) => `</textarea><script>${run}</script>`,
  (run) => `</title><script>${run}</script>`,
  (run) => `</style><script>${run}</script>`,
  (run) => `<scr<script>ipt>${run}</scr</script>ipt>`,
  (run) => `<math><mtext><table><mglyph><style><img src=x onerror="${run}">`,
  (run) => `<noscript><p title="</noscript><img src=x onerror=${run}>">`,
  (run) => `<template><script>${run}</script></template><div>after</div>`,
  (run) => `<div style="background:url('javascript:${run}')">x</div>`,
  (run) => `<form action="javascript:${run}"><button>go</button></form>`,
  (run) => `<base href="javascript:${run}//">`,
  (run) => `<meta http-equiv="refresh" content="0;url=javascript:${run}">`,
  (run) => `{{constructor.constructor('${run}')()}}`,
  (run) => `\${${run}}`,
  (run) => `<img src="x" onerror="&#119;&#105;ndow.__xss=1;${run}">`,
  (run) => `<a href="#" onclick="${run}" id="xss-click">tap</a>`,
  (run) => `\`<script>${run}</script>\` and <b onmouseover="${run}">bold</b>`,
];

/** Three variants of each vector, each with its own marker. */
const PAYLOADS = VECTORS.flatMap((vector, index) => [
  vector(`window.__xss=${index * 3 + 1}`),
  vector(`alert(${index * 3 + 2})`),
  `**${index}** ${vector(`top.__xss=${index * 3 + 3}`)} _end_`,
]);

/** Payloads joined by newlines, as many groups as needed so that each stays within `max`. */
function groups(payloads: string[], max: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const payload of payloads) {
    if (payload.length > max) continue;
    if (current && current.length + 1 + payload.length > max) {
      out.push(current);
      current = '';
    }
    current = current ? `${current}\n${payload}` : payload;
  }
  if (current) out.push(current);
  return out;
}

interface Member {
  page: Page;
  id: string;
  dialogs: string[];
}

async function openAs(browser: Browser, baseURL: string, email: string): Promise<Member> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signInAs(page, baseURL, email);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { id: string };
  return { page, id: me.id, dialogs };
}

/**
 * Opens `url` (then does what `act` does there, if given), waits for `visible`, hovers and clicks
 * what a reader would, and checks nothing ran.
 */
async function expectInert(
  member: Member,
  url: string,
  visible: string,
  act?: (page: Page) => Promise<void>,
) {
  await member.page.goto(url);
  if (act) await act(member.page);
  await expect(member.page.getByText(visible, { exact: false }).first()).toBeVisible();
  await member.page.waitForTimeout(300);
  const injected = await member.page.evaluate(() => ({
    marker: (window as unknown as { __xss?: unknown }).__xss ?? null,
    topMarker: (window.top as unknown as { __xss?: unknown }).__xss ?? null,
    images: document.querySelectorAll('img[src="x"]').length,
    frames: document.querySelectorAll('iframe[srcdoc], iframe[src^="javascript"]').length,
    scripts: Array.from(document.querySelectorAll('script')).filter((script) =>
      /__xss|alert\(/.test(script.text),
    ).length,
    handlers: document.querySelectorAll(
      '[onerror],[onload],[onclick],[onfocus],[ontoggle],[onbegin],[onstart]',
    ).length,
    javascriptLinks: document.querySelectorAll('a[href^="javascript" i],form[action^="javascript" i]').length,
  }));
  expect(injected, url).toEqual({
    marker: null,
    topMarker: null,
    images: 0,
    frames: 0,
    scripts: 0,
    handlers: 0,
    javascriptLinks: 0,
  });
  expect(member.dialogs, url).toEqual([]);
}

test('120 stored-XSS payloads through every user-written field render as text, and none runs', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  expect(PAYLOADS).toHaveLength(120);
  const author = await openAs(browser, baseURL!, DEMO.captain);
  const admin = await openAs(browser, baseURL!, DEMO.admin);
  const headers = { origin: new URL(baseURL!).origin };
  const post = async (member: Member, url: string, data: unknown) => {
    let response = await member.page.request.post(url, { headers, data });
    // The forum's pace ("You're posting too fast. Try again in 5 seconds."): wait as told, once.
    const wait = /Try again in (\d+) second/.exec(await response.text());
    if (response.status() === 429 && wait) {
      await member.page.waitForTimeout((Number(wait[1]) + 1) * 1000);
      response = await member.page.request.post(url, { headers, data });
    }
    expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()) as { id: string };
  };
  const used = new Set<string>();
  const mark = (text: string) => PAYLOADS.forEach((payload) => text.includes(payload) && used.add(payload));

  // The forum: a title, every payload in the post, and comments.
  const title = PAYLOADS.find((payload) => payload.length <= 140)!;
  const forumPost = await post(author, '/api/forum/posts', {
    title: `XSS corpus ${title}`,
    category: 'General',
    content: PAYLOADS.join('\n\n'),
    images: [],
    // Its tag page shows the title too (a tag the demo leaves empty, so the topic is among the newest).
    tags: ['bonefish'],
  });
  mark(title);
  mark(PAYLOADS.join('\n\n'));
  const comments: { id: string }[] = [];
  for (const text of groups(PAYLOADS, 4_900).slice(0, 2)) {
    comments.push(await post(author, `/api/forum/posts/${forumPost.id}/comments`, { content: text }));
  }
  // A reply that quotes the first comment: quoted payloads render inside the reply's blockquote.
  const quoted = groups(PAYLOADS, 2_000)[0]!;
  await post(author, `/api/forum/posts/${forumPost.id}/comments`, {
    content: `> [@captain_ahab wrote](#comment-${comments[0]!.id}):\n${quoted
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n')}\n\nReplying with a quote.`,
    reply_to_id: comments[0]!.id,
  });
  // Bookmarked: the profile's Bookmarks tab shows the topic's title and the comment's words.
  await post(author, `/api/forum/comments/${comments[0]!.id}/bookmark`, {});
  // Two replies to the post: its author's notifications show them as one entry naming the title.
  for (const text of ['Which knot held?', 'Same question here.']) {
    await post(admin, `/api/forum/posts/${forumPost.id}/comments`, { content: text });
  }

  // A listing: its title, its description and where it ships from (a photo the demo already has).
  const { items } = (await (await author.page.request.get('/api/listings?pageSize=1')).json()) as {
    items: { images: string[] }[];
  };
  const listingTitle = PAYLOADS.find((payload) => payload.length <= 100 && payload !== title)!;
  const description = groups(PAYLOADS, 4_900)[0]!;
  // A script among them, trimmed as the server stores it.
  const shipsFrom = PAYLOADS.find(
    (payload) =>
      payload.includes('<script>') && payload.length <= 200 && payload !== title && payload !== listingTitle,
  )!.trim();
  const listing = await post(author, '/api/listings', {
    title: `Reel ${listingTitle}`,
    description,
    price: 25,
    condition: 'good',
    category: 'tackle',
    gear_types: ['Freshwater'],
    images: items[0]!.images.slice(0, 1),
    location: 'Austin, TX',
    location_coordinates: { lat: 30.2672, lng: -97.7431 },
    handover: 'shipping',
    shipping_price: 5,
    ships_from: shipsFrom,
    tags: ['bonefish'],
  });
  mark(listingTitle);
  mark(description);
  mark(shipsFrom);

  // A message, a bio, a saved search's name and a report's note.
  const message = groups(PAYLOADS.slice(60), 1_990)[0]!;
  await post(author, '/api/messages', { recipient_id: admin.id, content: message });
  mark(message);
  const bio = groups(PAYLOADS.slice(90), 495)[0]!;
  const bioResponse = await author.page.request.patch('/api/profiles/me', { headers, data: { bio } });
  expect(bioResponse.status(), await bioResponse.text()).toBe(200);
  mark(bio);
  const alertName = PAYLOADS.find((payload) => payload.length <= 60 && !used.has(payload)) ?? PAYLOADS[0]!;
  await post(author, '/api/alerts', { name: alertName, filters: { category: ['tackle'] } });
  mark(alertName);
  const note = groups(PAYLOADS.slice(30), 495)[0]!;
  await post(author, '/api/reports', {
    entity_type: 'forum_post',
    entity_id: forumPost.id,
    reason: 'spam',
    note,
  });
  mark(note);

  // Orders: a carrier, a pickup note and a reason for cancelling, written by the seller (the
  // author) on orders the admin placed with buy now.
  const orderOf = async (label: string) => {
    const listing = await post(author, '/api/listings', {
      title: `XSS order ${label}`,
      description: 'A spare reel for the corpus.',
      price: 20,
      condition: 'good',
      category: 'tackle',
      gear_types: ['Freshwater'],
      images: items[0]!.images.slice(0, 1),
      location: 'Austin, TX',
      location_coordinates: { lat: 30.2672, lng: -97.7431 },
      handover: 'both',
      shipping_price: 5,
    });
    return post(admin, `/api/listings/${listing.id}/buy`, {});
  };
  const carrier = PAYLOADS.find((payload) => payload.trim().length <= 60 && payload.includes('<'))!.trim();
  const shipped = await orderOf('carrier');
  await post(author, `/api/orders/${shipped.id}/confirm-payment`, {});
  await post(author, `/api/orders/${shipped.id}/ship`, {
    method: 'shipping',
    carrier,
    tracking_number: '1Z999AA10123456784',
  });
  mark(carrier);
  const pickupNote = groups(PAYLOADS.slice(45), 495)[0]!;
  const pickedUp = await orderOf('pickup');
  await post(author, `/api/orders/${pickedUp.id}/confirm-payment`, {});
  await post(author, `/api/orders/${pickedUp.id}/ship`, { method: 'pickup', pickup_note: pickupNote });
  mark(pickupNote);
  // Reviews of that order once received, and the author's reply to the admin's.
  await post(admin, `/api/orders/${pickedUp.id}/receive`, {});
  const reviewBody = groups(PAYLOADS.slice(15), 1_990)[0]!;
  const adminReview = (await post(admin, `/api/orders/${pickedUp.id}/review`, {
    rating: 4,
    body: reviewBody,
  })) as unknown as {
    mine: { id: string };
  };
  await post(author, `/api/orders/${pickedUp.id}/review`, { rating: 5, body: reviewBody });
  mark(reviewBody);
  const reply = groups(PAYLOADS.slice(100), 990)[0]!;
  await post(author, `/api/reviews/${adminReview.mine.id}/reply`, { reply });
  mark(reply);
  const reason = groups(PAYLOADS.slice(75), 495)[0]!;
  const cancelled = await orderOf('cancel');
  await post(author, `/api/orders/${cancelled.id}/cancel`, { reason });
  mark(reason);
  expect(used.size).toBe(PAYLOADS.length);

  // Every page that shows them, as the author and as staff.
  await expectInert(author, `/forum/post/${forumPost.id}`, 'XSS corpus');
  await expectInert(author, '/forum', 'XSS corpus');
  await expectInert(author, '/profile?tab=bookmarks', 'XSS corpus');
  await expectInert(author, `/marketplace/${listing.id}`, 'Reel ');
  await expectInert(author, '/marketplace', 'Reel ');
  // The tag page shows the topic's and the listing's titles side by side.
  await expectInert(author, '/tags/bonefish', 'XSS corpus');
  await expectInert(author, '/tags/bonefish', 'Reel ');
  await expectInert(author, `/profile/${author.id}`, bio.split('\n')[0]!.slice(0, 20));
  await expectInert(author, '/captains-club?tab=alerts', alertName.slice(0, 20));
  await expectInert(author, `/messages/${admin.id}`, message.split('\n')[0]!.slice(0, 20));
  await expectInert(admin, `/messages/${author.id}`, message.split('\n')[0]!.slice(0, 20));
  // The message as a search within one's messages finds it (its text in the results list).
  await expectInert(admin, '/messages', 'Start a new conversation', async (page) => {
    await page
      .getByRole('searchbox', { name: 'Search conversations, members and messages' })
      .fill(message.split('\n')[0]!.slice(0, 20));
    await expect(page.getByRole('region', { name: 'Messages' }).getByRole('link').first()).toBeVisible();
  });
  await expectInert(admin, '/admin/moderation', 'spam');
  await expectInert(admin, `/orders/${shipped.id}`, 'XSS order carrier');
  await expectInert(author, `/orders/${shipped.id}`, 'XSS order carrier');
  await expectInert(admin, `/orders/${pickedUp.id}`, 'XSS order pickup');
  await expectInert(admin, `/orders/${cancelled.id}`, 'XSS order cancel');
  await expectInert(author, '/orders?role=selling', 'XSS order cancel');
  await expectInert(author, `/profile/${author.id}?tab=reviews`, 'XSS order pickup');
  await expectInert(author, '/notifications', 'new replies in “XSS corpus');

  // The pages' policy allows no inline script at all: a payload that slipped through would not run.
  const csp = (await author.page.request.get(`/forum/post/${forumPost.id}`)).headers()[
    'content-security-policy'
  ]!;
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(csp.split(';').find((directive) => directive.trim().startsWith('script-src'))).not.toMatch(
    /unsafe-inline|unsafe-eval|\*/,
  );

  // Shown as text: the post's title carries its payload verbatim.
  await author.page.goto(`/forum/post/${forumPost.id}`);
  await expect(author.page.getByRole('heading', { level: 1 })).toContainText(title);
  // And the listing's "ships from" shows its script as text in the listing's terms.
  await author.page.goto(`/marketplace/${listing.id}`);
  const terms = author.page.getByRole('region', { name: 'Delivery and terms' });
  await expect(terms.locator('dt', { hasText: 'Ships from' }).locator('+ dd')).toHaveText(shipsFrom);
  expect(await terms.locator('script').count()).toBe(0);
  recordFigure(
    'XSS corpus (Chromium)',
    `${PAYLOADS.length} payloads through 15 fields on 17 pages, none ran`,
  );

  // Leave the demo captain as it was.
  await author.page.request.patch('/api/profiles/me', { headers, data: { bio: null } });
  await author.page.context().close();
  await admin.page.context().close();
});
