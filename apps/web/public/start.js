/*
 * Starts the app on a page the server rendered for a guest (docs/decisions/0012). The page's
 * content and lead photos are what the reader waits for, so the app's code is requested once the
 * page has been painted, instead of sharing the connection with them. The server writes this
 * script in place of index.html's module script and preloads: `data-entry` is the app's entry,
 * `data-preload` its chunks. Without the app the page keeps working as plain links.
 */
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  var preloads = ((script && script.getAttribute('data-preload')) || '').split(' ').filter(Boolean);
  if (!entry) return;

  function release() {
    var root = document.getElementById('root');
    if (root) root.removeAttribute('inert');
  }

  function start() {
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    app.onerror = release;
    document.head.appendChild(app);
  }

  // The frame after this one paints the page; the app is asked for right after it.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();
