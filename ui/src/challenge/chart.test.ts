import { describe, expect, it } from 'vitest';
import { chartWords, niceMax, seriesPoints, spreadLabels, xFor, xTicks, yFor, yTicks, type ChartBox } from './chart';

const box: ChartBox = { width: 400, height: 200, left: 40, right: 20, top: 10, bottom: 30 };

describe('the Prestige chart', () => {
  it('scales the Prestige axis to a round number above the highest value', () => {
    expect(niceMax(0)).toBe(5);
    expect(niceMax(4)).toBe(5);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(23)).toBe(30);
    expect(niceMax(61)).toBe(75);
    expect(yTicks(5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(yTicks(10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(yTicks(30)).toEqual([0, 10, 20, 30]);
    expect(yTicks(75)).toEqual([0, 25, 50, 75]);
  });

  it('spreads the rounds over the width, and puts a single round in the middle', () => {
    expect(xFor(1, 15, box)).toBe(40);
    expect(xFor(15, 15, box)).toBe(380);
    expect(xFor(1, 1, box)).toBe(210);
    expect(xTicks(3)).toEqual([1, 2, 3]);
    expect(xTicks(20)).toEqual([1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 20]);
  });

  it('draws 0 at the bottom and the top of the scale at the top, clamping the rest', () => {
    expect(yFor(0, 10, box)).toBe(170);
    expect(yFor(10, 10, box)).toBe(10);
    expect(yFor(5, 10, box)).toBe(90);
    expect(yFor(-3, 10, box)).toBe(170);
    expect(yFor(99, 10, box)).toBe(10);
    expect(seriesPoints([0, 5, 10], 3, 10, box)).toEqual([[40, 170], [210, 90], [380, 10]]);
  });

  it('says the chart in words, highest first', () => {
    expect(
      chartWords([
        { name: 'Mowbray', by_round: [7] },
        { name: 'Talbot', by_round: [4] },
        { name: 'Neville', by_round: [5] },
      ]),
    ).toBe('Prestige over 1 round. At the end: Mowbray 7, Neville 5, Talbot 4.');
    expect(chartWords([{ name: 'A', by_round: [3, 9, 6] }])).toBe('Prestige over 3 rounds. At the end: A 6 (at most 9).');
    expect(chartWords([{ name: 'A', by_round: [] }])).toMatch(/no Prestige to chart/);
  });

  it('moves end labels apart so none hides another, keeping them inside the chart', () => {
    expect(spreadLabels([50, 120], 16, 0, 200)).toEqual([50, 120]);
    expect(spreadLabels([100, 100], 16, 0, 200)).toEqual([100, 116]);
    expect(spreadLabels([100, 95, 100], 16, 0, 200)).toEqual([111, 95, 127]);
    expect(spreadLabels([195, 195], 16, 0, 200)).toEqual([184, 200]);
  });
});
