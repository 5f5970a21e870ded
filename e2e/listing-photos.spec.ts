import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { isPhone, test } from './support';

/*
 * The listing page decides the deal: its photos open full size (the stored photo itself, the
 * largest there is) with zoom, and on a phone the main actions stay in reach in a bar above the
 * bottom navigation that nothing covers and that covers nothing.
 */

interface DemoListing {
  id: string;
  title: string;
  images: string[];
  sold: boolean;
}

/** A demo listing for sale with at least two photos, seen by a guest. */
async function listingWithPhotos(page: Page): Promise<DemoListing> {
  const response = await page.request.get('/api/listings?pageSize=50');
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: DemoListing[] };
  const listing = items.find((item) => item.images.length >= 2 && !item.sold);
  expect(listing, 'a demo listing with two photos or more').toBeDefined();
  return listing!;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The photo's scale, from its transform (1 when fitted). */
async function scaleOf(photo: Locator): Promise<number> {
  return photo.evaluate((image) => new DOMMatrixReadOnly(getComputedStyle(image).transform).a);
}

/** How far the photo is moved sideways, in CSS pixels: where it is going, not where a transition has got to. */
async function offsetOf(photo: Locator): Promise<number> {
  return photo.evaluate((image) => Number(/translate3d\((-?[\d.]+)px/.exec(image.style.transform)?.[1]));
}

/** The photo's drawn width, in CSS pixels. */
async function drawnWidth(photo: Locator): Promise<number> {
  return (await photo.boundingBox())!.width;
}

/** What is drawn at the centre of `locator`: null when it is the element itself or inside it. */
async function coverAtCentre(locator: Locator): Promise<string | null> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (top !== null && element.contains(top)) return null;
    return top ? `<${top.tagName.toLowerCase()} class="${top.className}">` : 'nothing';
  });
}

test(
  'a listing photo opens full size: the stored photo, zoomed with the buttons and keys, stepped through, closed',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    const listing = await listingWithPhotos(page);
    await page.goto(`/marketplace/${listing.id}`);
    await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
    // A guest's page arrives drawn by the server (inert) until the app takes it over.
    await expect(page.locator('#root')).not.toHaveAttribute('inert', '');

    const trigger = page.getByRole('button', { name: 'View full size' });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: new RegExp(escapeRegExp(listing.title)) });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleName(new RegExp(`Photo 1 of ${listing.images.length}$`));

    // The stored photo itself (no variant asked for), with more pixels than the screen shows fitted.
    const photo = dialog.locator('img');
    await expect(photo).toHaveAttribute('src', listing.images[0]!);
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThanOrEqual(960);
    const fitted = await drawnWidth(photo);
    expect(await photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(fitted);
    await expect(dialog.getByRole('status', { name: 'Loading the full-size photo' })).toHaveCount(0);

    // axe finds nothing on the open viewer.
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(
      axe.violations.map(
        (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);

    // Zoom in with the button, then the + key: the photo is drawn larger.
    const zoomIn = dialog.getByRole('button', { name: 'Zoom in' });
    const zoomOut = dialog.getByRole('button', { name: 'Zoom out' });
    await expect(zoomOut).toHaveAttribute('aria-disabled', 'true');
    await zoomIn.click();
    await expect.poll(() => scaleOf(photo)).toBeCloseTo(1.5, 2);
    await page.keyboard.press('+');
    await expect.poll(() => scaleOf(photo)).toBeCloseTo(2, 2);
    await expect.poll(async () => (await drawnWidth(photo)) / fitted).toBeCloseTo(2, 1);
    await expect(dialog.getByRole('status').filter({ hasText: 'Zoomed in 2×' })).toBeAttached();

    // Zoomed in, the arrow keys move around the photo instead of stepping to the next one.
    expect(await offsetOf(photo)).toBe(0);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => offsetOf(photo)).toBeLessThan(0);
    await expect(dialog).toHaveAccessibleName(new RegExp(`Photo 1 of ${listing.images.length}$`));

    if (!isPhone(testInfo)) {
      // A mouse drags the zoomed photo.
      const before = await offsetOf(photo);
      const viewport = page.viewportSize()!;
      const start = { x: viewport.width / 2, y: viewport.height / 2 };
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      await page.mouse.move(start.x + 60, start.y, { steps: 5 });
      await page.mouse.up();
      await expect.poll(() => offsetOf(photo)).toBeGreaterThan(before + 30);
    }

    // Back to fitted with the - key and the Fit to screen button.
    await page.keyboard.press('-');
    await expect.poll(() => scaleOf(photo)).toBeCloseTo(1.5, 2);
    await dialog.getByRole('button', { name: 'Fit to screen' }).click();
    await expect.poll(() => scaleOf(photo)).toBeCloseTo(1, 2);

    if (!isPhone(testInfo)) {
      // The wheel zooms about the pointer, and the page behind does not scroll.
      const scrolled = await page.evaluate(() => window.scrollY);
      const box = (await photo.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, -300);
      await expect.poll(() => scaleOf(photo)).toBeGreaterThan(1.5);
      await page.mouse.wheel(0, 2000);
      await expect.poll(() => scaleOf(photo)).toBeCloseTo(1, 2);
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    }

    // Double click (a double tap on a phone) zooms in and back out.
    const photoBox = (await photo.boundingBox())!;
    const centre = { x: photoBox.x + photoBox.width / 2, y: photoBox.y + photoBox.height / 2 };
    if (isPhone(testInfo)) {
      await page.touchscreen.tap(centre.x, centre.y);
      await page.touchscreen.tap(centre.x, centre.y);
    } else {
      await page.mouse.dblclick(centre.x, centre.y);
    }
    await expect.poll(() => scaleOf(photo)).toBeCloseTo(2, 2);
    await page.keyboard.press('0');
    await expect.poll(() => scaleOf(photo)).toBeCloseTo(1, 2);

    // Next and previous photo, with the buttons and the keys.
    await dialog.getByRole('button', { name: 'Next photo' }).click();
    await expect(dialog).toHaveAccessibleName(new RegExp(`Photo 2 of ${listing.images.length}$`));
    await expect(photo).toHaveAttribute('src', listing.images[1]!);
    await page.keyboard.press('ArrowLeft');
    await expect(dialog).toHaveAccessibleName(new RegExp(`Photo 1 of ${listing.images.length}$`));
    await expect(photo).toHaveAttribute('src', listing.images[0]!);

    // Escape closes it, and focus is back on the button that opened it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    if (!isPhone(testInfo)) {
      // On a desktop the actions stay where they were, in the page, and the page has no extra padding.
      const message = page.getByRole('link', { name: 'Message seller' });
      expect(await message.evaluate((link) => getComputedStyle(link.parentElement!).position)).toBe('static');
      expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('0px');
    }
  },
);

test(
  "on a phone the listing's main actions stay in reach above the bottom navigation, and nothing hides",
  { tag: '@phone-only' },
  async ({ page }) => {
    const listing = await listingWithPhotos(page);
    await page.goto(`/marketplace/${listing.id}`);
    await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
    // A guest's page arrives drawn by the server (inert) until the app takes it over.
    await expect(page.locator('#root')).not.toHaveAttribute('inert', '');

    const message = page.getByRole('link', { name: 'Message seller' });
    const offer = page.getByRole('button', { name: 'Make an offer' });
    const navigation = page.getByRole('navigation', { name: 'Quick navigation' });
    const sell = navigation.getByRole('link', { name: 'Sell' });

    const check = async (where: string) => {
      await expect(message, where).toBeInViewport({ ratio: 1 });
      await expect(offer, where).toBeInViewport({ ratio: 1 });
      expect(await coverAtCentre(message), `Message seller is covered ${where}`).toBeNull();
      expect(await coverAtCentre(offer), `Make an offer is covered ${where}`).toBeNull();
      expect(await coverAtCentre(sell), `Sell is covered ${where}`).toBeNull();
      // The bar sits right above the bottom navigation.
      const bar = (await message.locator('..').boundingBox())!;
      const nav = (await navigation.boundingBox())!;
      expect(Math.abs(bar.y + bar.height - nav.y), `bar above the navigation ${where}`).toBeLessThanOrEqual(
        1,
      );
      // Sell's raised button reaches into the bar, below its actions: the two do not overlap.
      const raised = (await sell.locator('span').first().boundingBox())!;
      expect(raised.y, `Sell rises above the navigation ${where}`).toBeLessThan(nav.y);
      for (const action of [message, offer]) {
        const box = (await action.boundingBox())!;
        expect(raised.y - 4, `Sell's ring clears the actions ${where}`).toBeGreaterThanOrEqual(
          box.y + box.height,
        );
      }
      expect(
        await coverAtCentre(sell.locator('span').first()),
        `Sell's button is covered ${where}`,
      ).toBeNull();
    };

    await check('at the top of the page');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await check('at the bottom of the page');

    // At the bottom, the page's last content (the footer's links) clears the bar.
    const footerLinks = page.getByRole('navigation', { name: 'Footer' });
    const bar = (await message.locator('..').boundingBox())!;
    const footer = (await footerLinks.boundingBox())!;
    expect(footer.y + footer.height).toBeLessThanOrEqual(bar.y);
    expect(await coverAtCentre(footerLinks.getByRole('link').last())).toBeNull();
  },
);
