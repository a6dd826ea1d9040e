export declare const unescape: (text: string) => string;
export declare const textOf: (name: string, attributes: string) => string;
