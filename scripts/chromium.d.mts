/** CHROMIUM_PATH if it exists; else the headless shell when `shell` allows it, then a full browser. */
export declare function findChromium(options?: { shell?: boolean }): string | null;
export declare const CHROMIUM_ARGS: string[];
