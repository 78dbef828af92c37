import { describe, expect, it } from "vitest";
import { AlphaError } from "@/lib/alpha/alpha-error";
import { explainError } from "./error-state";

describe("what an error tells the user about credits", () => {
  it("a paid call whose answer never came says the charge is being checked, never that nothing was charged", () => {
    for (const code of ["upstream_timeout", "upstream_unreachable", "internal_error"]) {
      const error = new AlphaError(code, "The Alpha service did not answer in time.", { details: { charge_pending: { max_credits: 5, client_request_id: "dsk_x" } } });
      const said = explainError(error);
      expect(said.title).toBe("The charge is being checked");
      expect(said.body).toBe("The Alpha API did not answer in full. The service may have charged up to 5 credits; the desk will confirm, and your spend shows what was charged within a minute.");
      expect(said.retry).toBe(false);
    }
    expect(explainError(new AlphaError("upstream_timeout", "late", { details: { charge_pending: { max_credits: 1 } } })).body).toContain("up to 1 credit;");
  });

  it("a free call that timed out still says nothing was charged", () => {
    const said = explainError(new AlphaError("upstream_timeout", "The Alpha service did not answer in time."));
    expect(said.title).toBe("The Alpha API can't be reached");
    expect(String(said.body)).toMatch(/^Nothing was charged\./);
  });
});
