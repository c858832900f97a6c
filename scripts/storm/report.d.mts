export function partsPerKind(received: { text: string }[]): string;

export function digestWording(received: { text: string }[]): string;

export function report(input: unknown): unknown;
