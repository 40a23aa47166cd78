import { describe, expect, it } from 'vitest';
import {
  decodeIssues,
  decodeIssuesOf,
  issueColumns,
  issueKindsOf,
  kindOfToken,
  kindToken,
  namableTexts,
  namableTextsOf,
  namableTextsOfRow,
  storedTuples,
  type IssueInput,
} from '../../src-main/store/issue-codec';

const fix: IssueInput = { severity: 'fix', field: 'phones', rows: [8], kind: 'phone-fixed', params: { before: '+54 9 351 600-0005', after: '3516000005' } };
const dropped: IssueInput = { severity: 'warning', field: 'phones', rows: [8, 9], kind: 'phone-dropped', params: { before: '011 4000-005', why: 'invalid' } };
const unlisted: IssueInput = { severity: 'error', field: 'code', rows: [3], kind: 'some-new-kind', params: { n: 1 } };

describe('issue codec', () => {
  it('gives back what it was given, listed kinds and not', () => {
    const decoded = decodeIssues(issueColumns([fix, dropped, unlisted]).json);
    expect(decoded).toEqual([{ ...fix, before: '+54 9 351 600-0005', after: '3516000005' }, { ...dropped, before: '011 4000-005' }, unlisted]);
  });

  it('stores a listed kind as one number and an unlisted one by name', () => {
    const stored = storedTuples(issueColumns([fix, unlisted]).json) as unknown[][];
    expect(stored[0]).toEqual([2, 0, [8], '+54 9 351 600-0005', '3516000005']);
    expect(stored[1]).toEqual(['e', 'some-new-kind', 'code', [3], { n: 1 }]);
  });

  it('reads issues stored with their kind by name, as earlier versions wrote them', () => {
    const old = JSON.stringify([
      ['f', 'phone-fixed', 'phones', [8], '+54 9 351 600-0005', '3516000005'],
      ['w', 'phone-dropped', 'phones', [8, 9], { before: '011 4000-005', why: 'invalid' }],
    ]);
    expect(decodeIssues(old)).toEqual(decodeIssues(issueColumns([fix, dropped]).json));
  });

  it('numbers product fields and keeps any other field as it is', () => {
    const fields = ['products[0].debt', 'products[0].expiration', 'products[12].expiration', 'products[01].debt', 'products[1].name', 'first_name', 'notes'];
    const issues = fields.map((field): IssueInput => ({ ...fix, field }));
    const stored = storedTuples(issueColumns(issues).json) as unknown[][];
    expect(stored.map((t) => t[1])).toEqual([16, 17, 41, 'products[01].debt', 'products[1].name', 2, 'notes']);
    expect(decodeIssues(issueColumns(issues).json).map((i) => i.field)).toEqual(fields);
  });

  it('stores listed param names as numbers, in their order, and any params with an unlisted name as they are', () => {
    const area: IssueInput = { ...dropped, params: { area: null, subscriber: '114040', before: '011 4040', why: 'subscriber-starts-0-1' } };
    const stored = storedTuples(issueColumns([dropped, area, unlisted]).json) as unknown[][];
    expect(stored[0]?.[3]).toEqual([0, '011 4000-005', 2, 'invalid']);
    expect(stored[1]?.[3]).toEqual([3, null, 4, '114040', 0, '011 4040', 2, 'subscriber-starts-0-1']);
    expect(stored[2]?.[4]).toEqual({ n: 1 });
    const back = decodeIssues(issueColumns([area]).json);
    expect(back[0]?.params).toEqual(area.params);
    expect(Object.keys(back[0]?.params ?? {})).toEqual(['area', 'subscriber', 'before', 'why']);
  });

  it('stores the rows of an issue about the case’s own rows as 0, and reads them back with those rows', () => {
    const caseRows = [8, 9];
    const stored = storedTuples(issueColumns([fix, dropped], caseRows).json) as unknown[][];
    expect(stored.map((t) => t[2])).toEqual([[8], 0]);
    const back = decodeIssues(issueColumns([fix, dropped], caseRows).json, caseRows);
    expect(back.map((i) => i.rows)).toEqual([[8], [8, 9]]);
    // Each issue its own list: changing one changes no other, nor the case's.
    back[1]?.rows.push(10);
    expect(caseRows).toEqual([8, 9]);
    expect(() => decodeIssues(issueColumns([dropped], caseRows).json)).toThrow();
  });

  it('leaves out a param that is undefined, as JSON leaves it out of an object', () => {
    const issue: IssueInput = { ...dropped, params: { before: '011 4000-005', why: 'invalid', phone: undefined } };
    const back = decodeIssues(issueColumns([issue]).json)[0];
    expect(back?.params).toEqual({ before: '011 4000-005', why: 'invalid' });
    expect(Object.keys(back?.params ?? {})).toEqual(['before', 'why']);
  });

  it('names a kind by its number, and an unlisted kind named in digits by a token of its own, both read back', () => {
    expect(kindToken('too-many-phones')).toBe('7');
    expect(kindOfToken('7')).toBe('too-many-phones');
    expect(kindToken('7')).toBe('?7');
    expect(kindOfToken(kindToken('7'))).toBe('7');
    expect(kindOfToken(kindToken('suppressed-code'))).toBe('suppressed-code');
  });

  it('reads only the severities asked for, each with its place among all of the case’s issues', () => {
    const json = issueColumns([fix, dropped, fix, unlisted], [8]).json;
    expect(decodeIssuesOf(json, new Set(['error', 'warning']), [8])).toEqual([
      { at: 1, issue: { ...dropped, before: '011 4000-005' } },
      { at: 3, issue: unlisted },
    ]);
    expect(decodeIssuesOf(json, new Set(['fix']), [8]).map((i) => i.at)).toEqual([0, 2]);
    // The fixes left out are not decoded: the texts they might name are never read.
    const named = issueColumns([fix, dropped], [8], () => ['+54 9 351 600-0005']).json;
    let reads = 0;
    const texts = () => {
      reads += 1;
      return ['+54 9 351 600-0005'];
    };
    expect(decodeIssuesOf(named, new Set(['warning']), [8], texts).map((i) => i.at)).toEqual([1]);
    expect(reads).toBe(0);
    expect(decodeIssuesOf(named, new Set(['fix']), [8], texts)[0]?.issue.before).toBe('+54 9 351 600-0005');
    expect(reads).toBe(1);
    // Issues stored as objects and by kind name, as earlier versions wrote them, are sorted the same way.
    const old = JSON.stringify([{ ...dropped }, ['f', 'phone-fixed', 'phones', [8], 'a', 'b']]);
    expect(decodeIssuesOf(old, new Set(['warning'])).map((i) => i.at)).toEqual([0]);
  });

  it('reads the first of each severity when asked to, the rest left undecoded but their severity still checked', () => {
    const json = issueColumns([fix, dropped, fix, unlisted, fix], [8]).json;
    expect(decodeIssuesOf(json, new Set(['error', 'warning', 'fix']), [8], undefined, 1).map((i) => i.at)).toEqual([0, 1, 3]);
    expect(decodeIssuesOf(json, new Set(['fix']), [8], undefined, 2).map((i) => i.at)).toEqual([0, 2]);
    // Past the cap, a severity no version wrote still fails the read rather than go unseen.
    const odd = JSON.stringify([
      ['f', 'phone-fixed', 'phones', [8], 'a', 'b'],
      ['f', 'phone-fixed', 'phones', [8], 'a', 'b'],
      ['x', 'phone-fixed', 'phones', [8]],
    ]);
    expect(() => decodeIssuesOf(odd, new Set(['fix']), [8], undefined, 1)).toThrow(Error);
  });

  it('reads the kinds of stored issues in every form, each once, as the issue_kinds column named them', () => {
    const issues = [fix, dropped, fix, unlisted];
    expect(issueKindsOf(issueColumns(issues).json)).toBe(' 0 1 some-new-kind ');
    expect(issueKindsOf(issueColumns(issues).json)).toBe(issueColumns(issues).kinds);
    expect(issueKindsOf(JSON.stringify(storedTuples(issueColumns(issues).json)))).toBe(' 0 1 some-new-kind ');
    expect(issueKindsOf(JSON.stringify([{ ...dropped }, ['f', 'phone-fixed', 'phones', [8], 'a', 'b']]))).toBe(' 1 0 ');
    expect(issueKindsOf('[]')).toBe('');
    // A number no version stored is refused, beside one that is read.
    expect(issueKindsOf('[47,0,0,"a","b"]')).toBe(' 15 ');
    expect(() => issueKindsOf('[48,0,0,"a","b"]')).toThrow();
    expect(() => issueKindsOf('[-3,0,0,"a","b"]')).toThrow();
  });

  it('keeps no issues as an empty list', () => {
    expect(issueColumns([]).json).toBe('[]');
  });
});

describe('issues as one flat list (migration 28)', () => {
  const pairUnlisted: IssueInput = { severity: 'warning', field: 'notes', rows: [4], kind: 'new-pair', params: { before: 'a', after: 'b' } };
  const objectParams: IssueInput = { ...dropped, params: { before: 'x', extra: [1, 2] } };
  const all = [fix, dropped, unlisted, pairUnlisted, objectParams];

  it('writes the tuples one after another, with no brackets around each', () => {
    expect(issueColumns([fix, dropped], [8]).json).toBe('[2,0,0,"+54 9 351 600-0005","3516000005",4,0,[8,9],[0,"011 4000-005",2,"invalid"]]');
  });

  it('cuts every form of tuple where it ends: numbered or by name, a before and an after or params', () => {
    const json = issueColumns(all, [8]).json;
    expect(storedTuples(json)).toEqual([
      [2, 0, 0, '+54 9 351 600-0005', '3516000005'],
      [4, 0, [8, 9], [0, '011 4000-005', 2, 'invalid']],
      ['e', 'some-new-kind', 'code', [3], { n: 1 }],
      ['w', 'new-pair', 'notes', [4], 'a', 'b'],
      [4, 0, [8, 9], { before: 'x', extra: [1, 2] }],
    ]);
    expect(decodeIssues(json, [8])).toEqual(decodeIssues(JSON.stringify(storedTuples(json)), [8]));
    expect(decodeIssues(json, [8]).map((i) => i.kind)).toEqual(all.map((i) => i.kind));
  });

  it('gives each issue the same place as the list of tuples earlier versions wrote', () => {
    const json = issueColumns(all, [8]).json;
    const old = JSON.stringify(storedTuples(json));
    const places = (stored: string) => decodeIssuesOf(stored, new Set(['warning']), [8]).map((i) => i.at);
    expect(places(json)).toEqual([1, 3, 4]);
    expect(places(old)).toEqual(places(json));
  });

  it('refuses a list cut short, or a tuple that starts with no kind, rather than read a value that is not there', () => {
    // Each refused list beside the same list whole, which reads.
    expect(decodeIssues('[2,0,0,"a","b"]', [1])).toHaveLength(1);
    expect(() => decodeIssues('[2,0,0,"a"]', [1])).toThrow();
    expect(() => decodeIssues('[2,0,0]', [1])).toThrow();
    expect(decodeIssues('[2,0,0,"a","b",2,0,0,"a","b"]', [1])).toHaveLength(2);
    expect(() => decodeIssues('[2,0,0,"a","b",true,0,0,"a","b"]', [1])).toThrow();
    expect(() => decodeIssues('[2,0,0,"a","b",null,0,0,"a","b"]', [1])).toThrow();
    expect(() => decodeIssues('{"a":1}')).toThrow();
    // A severity no version wrote, rows that are no list, a before that is no text nor place.
    expect(decodeIssues('["w","k","f",0,[]]', [1])).toHaveLength(1);
    expect(() => decodeIssues('["z","k","f",0,[]]', [1])).toThrow();
    expect(() => decodeIssues('[2,0,"x","a","b"]', [1])).toThrow();
    expect(() => decodeIssues('[2,0,0,true,"b"]', [1])).toThrow();
    expect(() => decodeIssues('[2,0,0,null,"b"]', [1])).toThrow();
  });
});

describe('issues naming what the case stores beside them (migrations 21 and 24)', () => {
  // A raw row as preparation stores it, and the products column's value.
  const raw = [[7, 0, 'PEÑA', ['+54 9 351 600-0004', null, 3514000001], 0, 0, '', '5.004,50', '05/05/2027']];
  const products = [['OP-4-0', 'Visa', '5004.50', '2027-05-05']];
  const phones = ['3516000004', '3514000001'];
  const fixes: IssueInput[] = [
    { severity: 'fix', kind: 'phone-fixed', field: 'phones', rows: [7], params: { before: '+54 9 351 600-0004', after: '3516000004' } },
    { severity: 'fix', kind: 'amount-fixed', field: 'products[0].debt', rows: [7], params: { before: '5.004,50', after: '5004.50' } },
    { severity: 'fix', kind: 'phone-fixed', field: 'phones', rows: [7], params: { before: '3514000001', after: '3514000001' } },
  ];
  const row = { raw_json: JSON.stringify(raw), products_json: JSON.stringify(products), phones_json: JSON.stringify(phones) };

  it('lists the texts and finite numbers of the rows, then of the products, then the phones, walking arrays only', () => {
    expect(namableTexts(raw, products, phones)).toEqual(
      ['7', '0', 'PEÑA', '+54 9 351 600-0004', '3514000001', '0', '0', '', '5.004,50', '05/05/2027']
        .concat(['OP-4-0', 'Visa', '5004.50', '2027-05-05'])
        .concat(phones),
    );
    // An object's values are never walked: their order could differ once read back.
    expect(namableTexts([[1, { a: 'x' }, 'y', NaN]], [{ debt_code: 'z' }], [])).toEqual(['1', 'y']);
  });

  it('stores a before or after found there as its place, and reads it back through the stored row', () => {
    const stored = issueColumns(fixes, [7], namableTextsOf(raw, products, phones));
    // The phone's after is the first stored phone, after the rows' ten texts and the product's four.
    expect(stored.json).toBe('[2,0,0,3,14,8,16,0,8,12,2,0,0,4,4]');
    expect(decodeIssues(stored.json, [7], namableTextsOfRow(row))).toEqual(fixes.map((f) => ({ ...f, before: f.params?.before, after: f.params?.after })));
  });

  it('reads only the parts of the row up to the place asked for: a dropped phone is in the raw rows', () => {
    // Products and phones that would not parse: never read for a text of the raw rows.
    const texts = namableTextsOfRow({ raw_json: row.raw_json, products_json: '{', phones_json: '{' });
    expect(texts.at?.(3)).toBe('+54 9 351 600-0004');
    expect(() => texts.at?.(14)).toThrow(SyntaxError);
    const whole = namableTextsOfRow(row);
    expect(whole.at?.(15)).toBe('3514000001');
    expect(whole()).toEqual(namableTexts(raw, products, phones));
    expect([whole.at?.(16), whole.at?.(-1), whole.at?.(0.5)]).toEqual([undefined, undefined, undefined]);
  });

  it('fails again on a part that failed, and at once on a row read without one of its parts', () => {
    const texts = namableTextsOfRow({ raw_json: row.raw_json, products_json: '{', phones_json: row.phones_json });
    expect(() => texts.at?.(14)).toThrow(SyntaxError);
    // Never skipped: the phones' places would then name other texts.
    expect(() => texts.at?.(14)).toThrow(SyntaxError);
    expect(() => namableTextsOfRow({ raw_json: row.raw_json, products_json: row.products_json } as never)).toThrow(Error);
  });

  it('finds the first place of a text among the thousands of texts of a case of many rows', () => {
    const manyRaw = Array.from({ length: 300 }, (_, n) => [n + 2, 0, 0, [`+54 9 351 600-${String(n % 150).padStart(4, '0')}`], 0, 0, '']);
    const many = namableTextsOf(manyRaw, products, phones);
    const dropped: IssueInput = {
      severity: 'warning',
      kind: 'phone-dropped',
      field: 'phones',
      rows: [9],
      params: { before: '+54 9 351 600-0149', why: 'invalid' },
    };
    const stored = issueColumns([dropped, ...fixes], [7], many).json;
    expect((storedTuples(stored)[0] as unknown[][])[3]?.slice(0, 2)).toEqual([-1, many().indexOf('+54 9 351 600-0149')]);
    expect(decodeIssues(stored, [7], many)).toEqual(decodeIssues(issueColumns([dropped, ...fixes], [7]).json, [7]));
  });

  it('refuses a stored param key that is not a whole number, and a named param that names no place', () => {
    const texts = namableTextsOfRow(row);
    expect(() => decodeIssues('[[4,0,0,[-1.5,3]]]', [7], texts)).toThrow(Error);
    expect(() => decodeIssues('[[4,0,0,["-1",3]]]', [7], texts)).toThrow(Error);
    expect(() => decodeIssues('[[4,0,0,[-1,"3"]]]', [7], texts)).toThrow(Error);
    expect(decodeIssues('[[4,0,0,[-1,3]]]', [7], texts)[0]?.params).toEqual({ before: '+54 9 351 600-0004' });
  });

  it('refuses to read a named text without the row, rather than make one up', () => {
    const stored = issueColumns(fixes, [7], namableTextsOf(raw, products, phones));
    expect(() => decodeIssues(stored.json, [7])).toThrow(Error);
    expect(() => decodeIssues(stored.json, [7], () => ['too', 'short'])).toThrow(Error);
  });

  it('keeps as text what the row does not hold, and everything without the texts', () => {
    const other: IssueInput = {
      severity: 'fix',
      kind: 'date-fixed',
      field: 'products[0].expiration',
      rows: [7],
      params: { before: '5/5/27', after: '2027-05-05' },
    };
    expect(issueColumns([other], [7], namableTextsOf(raw, products, phones)).json).toBe('[11,17,0,"5/5/27",13]');
    // Without the texts, each fix ends with its before and after as text.
    expect(storedTuples(issueColumns(fixes, [7]).json).map((t) => (t as unknown[]).slice(-2).map((v) => typeof v))).toEqual(
      fixes.map(() => ['string', 'string']),
    );
  });

  it("stores a text param found there as its place, under its name's number negated, and keeps numbers as numbers", () => {
    const dropped: IssueInput = {
      severity: 'warning',
      kind: 'phone-dropped',
      field: 'phones',
      rows: [7],
      params: { before: '3514000001', why: 'invalid', digits: 4 },
    };
    const stored = issueColumns([dropped], [7], namableTextsOf(raw, products, phones)).json;
    // before (name 0) is the rows' fifth text: ~0 is -1. why and digits are kept as they are.
    expect(stored).toBe('[4,0,0,[-1,4,2,"invalid",12,4]]');
    expect(decodeIssues(stored, [7], namableTextsOfRow(row))).toEqual([{ ...dropped, before: '3514000001' }]);
    // Without the texts, every value is itself.
    expect(issueColumns([dropped], [7]).json).toBe('[4,0,0,[0,"3514000001",2,"invalid",12,4]]');
    expect(() => decodeIssues(stored, [7])).toThrow(Error);
  });
});
