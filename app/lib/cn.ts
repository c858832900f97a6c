import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. Deliberately no tailwind-merge (8 KiB gzip on every page): components
 * avoid conflicting utilities instead of overriding them.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
