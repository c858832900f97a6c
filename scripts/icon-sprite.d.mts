export declare const spritePath: string;
export declare function readIconNames(list: string, source?: string): string[];
export declare function renderSprite(options?: {
  lucideNames?: readonly string[];
  brandMarks?: string;
}): Promise<string>;
