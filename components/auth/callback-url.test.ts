import { describe, expect, it } from "vitest";
import { safeCallbackPath, signInErrorMessage } from "./callback-url";

describe("safeCallbackPath", () => {
  it("keeps paths on the desk", () => {
    expect(safeCallbackPath("/alerts?type=price_alert")).toBe("/alerts?type=price_alert");
    expect(safeCallbackPath("http://127.0.0.1:3100/news#top")).toBe("/news#top");
  });
  it("refuses other origins and protocol-relative paths", () => {
    expect(safeCallbackPath("//evil.example/x")).toBe("/today");
    expect(safeCallbackPath("/\\evil.example")).toBe("/today");
    expect(safeCallbackPath("javascript:alert(1)")).toBe("/today");
  });
  it("never sends a user back to the auth pages", () => {
    expect(safeCallbackPath("/sign-in")).toBe("/today");
    expect(safeCallbackPath("/setup")).toBe("/today");
    expect(safeCallbackPath(undefined)).toBe("/today");
  });
});

describe("signInErrorMessage", () => {
  it("explains known codes and never echoes unknown text", () => {
    expect(signInErrorMessage("CredentialsSignin")).toBe("Wrong email or password.");
    expect(signInErrorMessage("<b>your bank says hi</b>")).toBe("Sign-in failed; try again.");
    expect(signInErrorMessage(null)).toBeNull();
  });
});
