import "server-only";
/** Argon2id password hashes (@node-rs/argon2, its default cost: 19 MiB, 2 passes). */
import { hash, verify } from "@node-rs/argon2";

// Algorithm.Argon2id; the package declares it as an ambient const enum, which isolatedModules cannot read.
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;
/** Spends the time of a real verification, so an unknown email answers as slowly as a wrong password. */
export async function verifyAgainstNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword("no user has this password");
  await verifyPassword(await dummyHash, password);
}
