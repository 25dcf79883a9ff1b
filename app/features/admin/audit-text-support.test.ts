import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_TEXT, auditDetailsText, auditTargetLink, auditTargetText } from "./audit-text.ts";

// How the support queue's actions read in the admin's audit log (issue 21, point 3; ADR 058).
describe("the audit log's lines for support appeals", () => {
  it("names each action and links the appeal", () => {
    expect(AUDIT_ACTION_TEXT["support.answer"]).toBe("Ответ на обращение");
    expect(auditTargetText("support_appeal:12")).toBe("Обращение 12");
    expect(auditTargetLink("support_appeal:12")).toBe("/admin/support/12");
  });

  it("says whose the appeal was, what the answer was, and the status a close left", () => {
    expect(auditDetailsText("support.assign", { from: null })).toBe("Ничьё");
    expect(auditDetailsText("support.assign", { from: 5 })).toBe("Было у аккаунта 5");
    expect(auditDetailsText("support.answer", { messageId: 40, length: 57 })).toBe("Сообщение 40, 57 симв.");
    expect(auditDetailsText("support.close", { from: "answered" })).toBe("Статус был: Отвечено");
  });
});
