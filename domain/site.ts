/** The public origin used when PUBLIC_URL is not set (DESIGN §2). */
export const defaultPublicUrl = 'http://localhost:3000';
