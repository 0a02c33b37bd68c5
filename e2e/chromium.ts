/**
 * How the journeys and `bench:ui` start Chromium. Debian's chromium is used where present (no
 * browser download is possible on these machines); elsewhere leave CHROMIUM_PATH unset and set
 * PLAYWRIGHT_OWN_BROWSER to use Playwright's own browser. Without the background-networking
 * flags Chromium keeps trying to reach the internet and is refused (TOOLCHAIN.md).
 */
export const CHROMIUM_LAUNCH = {
  executablePath:
    process.env.CHROMIUM_PATH ?? (process.env.PLAYWRIGHT_OWN_BROWSER ? undefined : '/usr/bin/chromium'),
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** CHROMIUM_LAUNCH plus `extra` flags, for a spec that needs them (`test.use({ launchOptions })`). */
export function chromiumWith(...extra: string[]): typeof CHROMIUM_LAUNCH {
  return { ...CHROMIUM_LAUNCH, args: [...CHROMIUM_LAUNCH.args, ...extra] };
}
