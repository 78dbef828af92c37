import { describe, expect, it } from "vitest";
import { formProblems, newUserInputSchema } from "@/lib/desk/account";
import { PASSWORD_MIN_LENGTH } from "@/lib/desk/account-limits";
import { EMPTY_NEW_ACCOUNT, newAccountBody, newAccountProblems } from "./account-fields";

const actions = { formProblems, newUserInputSchema };
const good = { name: "  Asha Rao ", email: " asha@example.com ", password: "x".repeat(PASSWORD_MIN_LENGTH), confirm: "x".repeat(PASSWORD_MIN_LENGTH) };

describe("a new account's fields (setup and joining by invite)", () => {
  it("pass when the route's schema would take them, and send the name and email trimmed", () => {
    expect(newAccountProblems(actions, good)).toEqual({});
    expect(newAccountBody(good)).toEqual({ name: "Asha Rao", email: "asha@example.com", password: good.password });
  });

  it("name every field that would be refused, in the form's own sentences", () => {
    expect(newAccountProblems(actions, EMPTY_NEW_ACCOUNT)).toEqual({
      name: "Enter your name.",
      email: "Enter an email address.",
      password: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
    });
    expect(newAccountProblems(actions, { ...good, name: "n".repeat(101) }).name).toMatch(/^The name .+\.$/);
    expect(newAccountProblems(actions, { ...good, email: "not-an-email" })).toEqual({ email: "Enter an email address." });
    expect(newAccountProblems(actions, { ...good, password: "y".repeat(257), confirm: "y".repeat(257) })).toEqual({ password: "The password must be at most 256 characters." });
  });

  it("refuse a repetition that does not match", () => {
    expect(newAccountProblems(actions, { ...good, confirm: `${good.confirm}!` })).toEqual({ confirm: "The passwords do not match." });
  });
});
