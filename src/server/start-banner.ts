/** What a person starting the server outside production reads last: where to go, who to be, how to stop. */
export interface StartBannerFacts {
  networkName: string;
  /** Where the site is opened: PUBLIC_URL, or this server's own address. */
  url: string;
  /** The first demo account that exists, with the shared password; null without the demo network. */
  demo: { email: string; password: string } | null;
  /** Whether "Continue with Google" runs against the built-in development provider. */
  developmentProvider: boolean;
}

export function startBanner(facts: StartBannerFacts): string {
  const signIn = facts.demo
    ? `Sign in as ${facts.demo.email} / ${facts.demo.password} (and the others on the login page).`
    : facts.developmentProvider
      ? 'Sign in with "Continue with Google": the development provider takes any email you type.'
      : 'Sign in with "Continue with Google".';
  const lines = [`${facts.networkName} is ready at ${facts.url}`, signIn, 'Stop it with Ctrl+C.'];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '-'.repeat(width + 4);
  return ['', rule, ...lines.map((line) => `  ${line}`), rule, ''].join('\n');
}
