// Runs before first paint (blocking, in <head>) so a dark theme never flashes light.
// Reads the same localStorage key the UI store persists to: 'light' | 'dark' | 'system'.
(() => {
  let theme = 'system';
  try {
    const raw = window.localStorage.getItem('theme');
    if (raw === 'light' || raw === 'dark' || raw === 'system') theme = raw;
  } catch {
    // Storage can be unavailable (privacy mode); fall back to the device preference.
  }
  const dark =
    theme === 'dark' ||
    (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
