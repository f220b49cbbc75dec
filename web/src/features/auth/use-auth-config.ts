import { useEffect, useState } from 'react';
import { type AuthConfig, authApi } from './auth-api.ts';

let cached: Promise<AuthConfig | null> | null = null;

/** Which sign-in methods the server offers and where mails go; fetched once per page load. Null while loading or on error. */
export function useAuthConfig(): AuthConfig | null {
  const [config, setConfig] = useState<AuthConfig | null>(null);
  useEffect(() => {
    cached ??= authApi.getConfig().catch(() => {
      cached = null;
      return null;
    });
    let live = true;
    void cached.then((c) => live && setConfig(c));
    return () => {
      live = false;
    };
  }, []);
  return config;
}
