import type { AppConfig } from '../config';

/** The site's own origin: PUBLIC_URL, else localhost on the configured port. */
export function publicOrigin(config: AppConfig): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}
