export declare function writeVscodeStandIn(dir: string, root: string): void;
