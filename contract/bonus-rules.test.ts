import { describe, expect, it } from "vitest";
import { BONUS_MIN_SPEND, bonusMessages, bonusSpendError, maxBonusSpend } from "./bonus-rules.ts";

const nb = "\u00a0";

describe("bonusMessages", () => {
  it("groups thousands as the rest of the shop does: «5 000 баллов», never «5000 баллов»", () => {
    expect(bonusMessages.max(5_000)).toBe(`Можно списать не больше 5${nb}000 баллов`);
    expect(bonusMessages.min(1_500)).toBe(`Списать можно от 1${nb}500 баллов`);
  });

  it("puts the points in the genitive after «от» and «не больше»", () => {
    expect(bonusMessages.min(100)).toBe("Списать можно от 100 баллов");
    expect(bonusMessages.max(21)).toBe("Можно списать не больше 21 балла");
    expect(bonusMessages.max(1)).toBe("Можно списать не больше 1 балла");
    expect(bonusMessages.max(11)).toBe("Можно списать не больше 11 баллов");
  });
});

describe("maxBonusSpend and bonusSpendError", () => {
  it("caps the spend by the goods total in whole roubles and by the points at hand", () => {
    expect(maxBonusSpend(1_299_050, 50_000)).toBe(12_990);
    expect(maxBonusSpend(1_299_050, 300)).toBe(300);
    expect(maxBonusSpend(0, 300)).toBe(0);
  });

  it("says why a spend is refused, with the figures written the shop's way", () => {
    expect(bonusSpendError(0, 5_000)).toBeUndefined();
    expect(bonusSpendError(6_000, 5_000)).toBe(`Можно списать не больше 5${nb}000 баллов`);
    expect(bonusSpendError(BONUS_MIN_SPEND - 1, 5_000)).toBe("Списать можно от 100 баллов");
    expect(bonusSpendError(1.5, 5_000)).toBe(bonusMessages.specify);
  });
});
