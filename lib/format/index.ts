export * from "./number";
export * from "./quarter";
export * from "./time";
export * from "./plan";
