import { findTables, markdownTable } from '../../domain/documents';
import type { PdfPageLayout } from '../../domain/documents';

/** Table detection over a PDF's text layout (domain/documents/tables.ts): positions, not spaces. */
const line = (y: number, ...cells: Array<[number, string]>) => ({ y, cells: cells.map(([x, text]) => ({ x, text })) });
const page = (...lines: PdfPageLayout['lines']): PdfPageLayout => ({ page: 2, lines, images: [] });

describe('findTables', () => {
  it('finds aligned rows under a label header, tolerating small x drift', () => {
    const tables = findTables([page(line(800, [50, 'Intro text']), line(780, [50, 'Name'], [200, 'City']), line(762, [51.5, 'Anna'], [198, 'Berlin']), line(744, [50, 'Max'], [202, 'Köln']), line(700, [50, 'Closing words']))]);
    expect(tables).toEqual([{ page: 2, header: ['Name', 'City'], rows: [['Anna', 'Berlin'], ['Max', 'Köln']] }]);
    expect(markdownTable(tables[0]!)).toBe('| Name | City |\n| --- | --- |\n| Anna | Berlin |\n| Max | Köln |');
  });

  it('skips tables whose header cannot be confirmed: numbers or dates, repeated labels, no data row', () => {
    expect(findTables([page(line(780, [50, '2024'], [200, '2025']), line(762, [50, '10'], [200, '12']))])).toEqual([]);
    expect(findTables([page(line(780, [50, 'Name'], [200, 'name']), line(762, [50, 'a'], [200, 'b']))])).toEqual([]);
    expect(findTables([page(line(780, [50, 'Name'], [200, 'City']))])).toEqual([]);
  });

  it('ends a table where the columns stop lining up (a shifted or narrower row)', () => {
    const tables = findTables([page(line(780, [50, 'Name'], [200, 'City']), line(762, [50, 'Anna'], [200, 'Berlin']), line(744, [50, 'Max'], [260, 'Köln']), line(726, [50, 'single cell']))]);
    expect(tables).toEqual([{ page: 2, header: ['Name', 'City'], rows: [['Anna', 'Berlin']] }]);
  });
});
