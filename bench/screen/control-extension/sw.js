// The least an extension can do on the reader's key: the same command, injecting a function (no file) that
// covers the viewport with an element the bench takes for the reader (class l-root in a shadow root).
// `npx tsx bench/overlay.ts --dist bench/screen/control-extension` times it as it times Lectern: the cost of
// the extension machinery itself, warm and cold worker, above which everything is Lectern's (docs/performance.md).
chrome.commands.onCommand.addListener((command, tab) => {
  if (command !== 'toggle-reader' || tab?.id === undefined) return;
  chrome.scripting.executeScript({
    target: { tabId: tab.id, frameIds: [0] },
    func: () => {
      const key = Symbol.for('lectern-bench-control');
      if (globalThis[key]) {
        globalThis[key].remove();
        globalThis[key] = null;
        return;
      }
      const host = document.createElement('div');
      const root = host.attachShadow({ mode: 'open' });
      const cover = document.createElement('div');
      cover.className = 'l-root';
      cover.style.cssText = 'position: fixed; inset: 0; background: #fbfaf7; z-index: 2147483647';
      cover.textContent = 'control';
      root.append(cover);
      document.documentElement.append(host);
      globalThis[key] = host;
    },
  });
});
