/** The public origin used when PUBLIC_URL is not set. */
export const defaultPublicUrl = 'http://localhost:3000';
