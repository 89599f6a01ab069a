// Types of hash-flood.mjs, for the test that checks its quotes against the engine.
export declare const FLOOD_LOW_BITS: number;
export declare function floodQuotes(count: number): string[];
