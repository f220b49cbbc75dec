/** Share links (issue 19 part 2): what a token is and how many live links an analysis may have. */
export const SHARE_LINKS = {
  /** Random bytes per token: 144 bits, above the 128 the brief asks for; 24 base64url characters. */
  tokenBytes: 18,
  /** The token's first characters, kept in clear so the owner can tell links apart in /settings. */
  prefixLength: 6,
  /** Live links per analysis: enough for several audiences, few enough that a list stays readable. */
  maxPerAnalysis: 10,
} as const;

/** The shape a token has: 24 base64url characters. Anything else is answered exactly like an unknown token. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{24}$/;

/** The public page of a share link, under the app's base URL. */
export const buildSharePath = (token: string) => `/s/${token}`;
