/**
 * Records how a loaded <img> was fetched (image-metrics.ts), loading the recorder on the first
 * image: it is no part of any page's first load. Call it from the image's load event; the
 * browser's resource timing for the image stays there meanwhile.
 */
export function measureImageLoadSoon(img: HTMLImageElement): void {
  void import('./image-metrics')
    .then(({ measureImageLoad }) => measureImageLoad(img))
    .catch(() => {
      // The recorder could not load (offline, a new deployment): this image goes unmeasured.
    });
}
