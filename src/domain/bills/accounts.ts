import type { Wallet } from '../schemas/wallet';
import type { BillRow } from './parse';

// Which 账户 (issue 61) a bill row's money came from or went to, and which 不计收支 / 中性交易
// rows are moves between the user's own accounts (转账). The bill names accounts in its
// 收/付款方式 (支付宝) or 支付方式 (微信支付) column — '招商银行储蓄卡(1234)', '余额宝', '零钱',
// '花呗&红包' — and, for a move, in the 交易类型 and 商品说明 ('余额宝-单次转入', '零钱提现',
// '转入零钱通-来自零钱', '信用卡还款'). Pure: nothing here reads the clock or the network.

type WalletType = Wallet['type'];

/** An account as the bill names it: one per key, however many rows and spellings name it. */
export interface BillAccount {
  /**
   * What ties spellings of one account together: 'card:debit:1234' for '招商银行(1234)' and
   * '招商银行储蓄卡(1234)' alike, 'alipay:余额宝', 'wechat:零钱', 'text:<the text>' otherwise.
   */
  key: string;
  /** The text as the bill writes it (the first one seen). */
  text: string;
  /** The name a new account gets (at most 30 characters, as a 账户名称 may have). */
  name: string;
  /** The type a new account gets. */
  type: WalletType;
  /** A card's last four digits, when the text names them. */
  lastFour: string | null;
}

const LAST_FOUR = /(?:尾号\s*|[（(]\s*)(\d{4})\s*[)）]?/;
const BANK = /[\u4e00-\u9fa5]{2,10}?银行/;

/** The account a 支付方式 text names; null for none ('', '/', '其他'). */
export function billAccountOf(raw: string): BillAccount | null {
  // 组合支付 is written '花呗&红包': the first is where most of the money came from.
  const text = raw.split(/[&＆]/)[0]!.trim();
  if (text === '' || text === '/' || text === '其他') return null;
  const named = (key: string, name: string, type: WalletType): BillAccount => ({
    key,
    text,
    name,
    type,
    lastFour: null,
  });
  const lastFour = LAST_FOUR.exec(text)?.[1] ?? null;
  const credit = /信用卡|贷记卡/.test(text);
  if (lastFour) {
    const type: WalletType = credit ? 'credit' : 'debit';
    return { key: `card:${type}:${lastFour}`, text, name: text.slice(0, 30), type, lastFour };
  }
  if (/余额宝/.test(text)) return named('alipay:余额宝', '余额宝', 'alipay');
  if (/^(?:支付宝)?(?:账户)?余额$|^支付宝$/.test(text))
    return named('alipay:余额', '支付宝', 'alipay');
  if (/零钱通/.test(text)) return named('wechat:零钱通', '零钱通', 'wechat');
  if (/零钱|^微信(?:支付)?$/.test(text)) return named('wechat:零钱', '微信', 'wechat');
  if (/花呗/.test(text)) return named('alipay:花呗', '花呗', 'credit');
  const type: WalletType = credit
    ? 'credit'
    : /银行|储蓄卡|借记卡|银联/.test(text)
      ? 'debit'
      : 'other';
  return named(`text:${text}`, text.slice(0, 30), type);
}

/**
 * The account an entry's money came from or went to: its 支付方式, or for a 微信 income with
 * none, where its 当前状态 says it went ('已存入零钱').
 */
export function entryAccountText(row: BillRow): string {
  if (row.method) return row.method;
  if (row.source === 'wechat' && /存入零钱/.test(row.status)) return '零钱';
  return '';
}

/** The two sides of a move between the user's own accounts, as the bill names them. */
export interface BillTransfer {
  from: string;
  to: string;
}

/** 招商银行信用卡(5678) from a text naming a card somewhere in it. */
function creditCardText(text: string): string {
  const bank = BANK.exec(text)?.[0] ?? '';
  const lastFour = LAST_FOUR.exec(text)?.[1];
  return `${bank}信用卡${lastFour ? `(${lastFour})` : ''}`;
}

/** A bank card named in `text` ('提现-到招商银行(1234)'), as written. */
function cardIn(text: string): string | null {
  const m =
    /[\u4e00-\u9fa5]{2,10}?(?:银行|储蓄卡|信用卡)[\u4e00-\u9fa5]*?\s*[（(]\s*\d{4}\s*[)）]/.exec(
      text,
    );
  // '转出到招商银行储蓄卡(1234)': the words before the card are not its name.
  return m ? m[0].replace(/^.*(?:到|来自|至)/, '') : null;
}

/** '…-来自零钱' → '零钱'; '…-到招商银行(1234)' → '招商银行(1234)'. */
function after(text: string, word: string): string | null {
  const m = new RegExp(`${word}([^-－—,，;；\\s]+)`).exec(text);
  return m ? m[1]! : null;
}

const alipayBalance = '余额';
const wechatBalance = '零钱';

function alipayMove(row: BillRow, text: string): BillTransfer | null {
  const method = row.method.split(/[&＆]/)[0]!.trim();
  if (/余额宝/.test(text)) {
    if (/收益/.test(text)) return null;
    if (/转出|赎回/.test(text)) return { from: '余额宝', to: cardIn(text) ?? alipayBalance };
    if (/转入|买入|申购/.test(text)) return { from: method || alipayBalance, to: '余额宝' };
    return null;
  }
  if (/花呗/.test(text) && /还款/.test(text)) return { from: method || alipayBalance, to: '花呗' };
  if (/信用卡/.test(text) && /还款/.test(text)) {
    return { from: method || alipayBalance, to: cardIn(text) ?? creditCardText(text) };
  }
  if (/提现/.test(text)) {
    const to = cardIn(text) ?? (cardIn(method) ? method : null);
    return to ? { from: alipayBalance, to } : null;
  }
  if (/充值/.test(text) && cardIn(method)) return { from: method, to: alipayBalance };
  return null;
}

function wechatMove(row: BillRow, text: string): BillTransfer | null {
  const method = row.method.split(/[&＆]/)[0]!.trim();
  if (/零钱通/.test(text)) {
    if (/转出/.test(text)) return { from: '零钱通', to: after(text, '到') ?? wechatBalance };
    if (/转入|存入/.test(text)) {
      return { from: after(text, '来自') ?? (method || wechatBalance), to: '零钱通' };
    }
    return null;
  }
  if (/信用卡还款/.test(text)) {
    return { from: method || wechatBalance, to: cardIn(text) ?? creditCardText(text) };
  }
  if (/提现/.test(text)) {
    const to = cardIn(row.counterparty) ?? (cardIn(method) ? method : null);
    return to ? { from: wechatBalance, to } : null;
  }
  if (/充值/.test(text) && cardIn(method)) return { from: method, to: wechatBalance };
  return null;
}

/**
 * The move between the user's own accounts a 不计收支 / 中性交易 row records: 余额宝 转入 and
 * 转出, 零钱 / 零钱通 存取, 充值 and 提现 between a card and 余额 / 零钱, 信用卡 and 花呗 还款.
 * Null for any other row: a 退款, a 余额宝 收益, a payment, an income, a row not finally paid,
 * or a move whose two sides are one account.
 */
export function transferOf(row: BillRow): BillTransfer | null {
  if (row.direction !== 'neutral') return null;
  if (/退款/.test(`${row.sourceCategory} ${row.status} ${row.item}`)) return null;
  if (/失败|关闭|撤销|已取消|处理中/.test(row.status)) return null;
  const text = `${row.sourceCategory} ${row.counterparty} ${row.item}`;
  const move = row.source === 'alipay' ? alipayMove(row, text) : wechatMove(row, text);
  if (!move) return null;
  const from = billAccountOf(move.from);
  const to = billAccountOf(move.to);
  if (!from || !to || from.key === to.key) return null;
  return move;
}

type WalletLike = Pick<Wallet, 'id' | 'name' | 'type' | 'archived' | 'order'>;

/** Whether `name` holds `digits` as a run of its own ('招行 1234', '工资卡(1234)'). */
function namesDigits(name: string, digits: string): boolean {
  return new RegExp(`(?<!\\d)${digits}(?!\\d)`).test(name);
}

/** The id a new account made for `key` gets: the same on every device and every import. */
export function importedWalletId(key: string, hash: (text: string) => string): string {
  return `w-${hash(key)}`.slice(0, 64);
}

/**
 * The user's account a bill's account is: the one made for it by an earlier import (by id),
 * the one of its name, the card of its last four digits (of the same type when there are
 * two), the 支付宝 account for 余额宝 / 余额 and the 微信 account for 零钱 / 零钱通. Archived
 * accounts are left out. Null when none is.
 */
export function matchWallet(
  account: BillAccount,
  wallets: readonly WalletLike[],
  importedId?: string,
): string | null {
  const open = [...wallets].filter((w) => !w.archived).sort((a, b) => a.order - b.order);
  const byId = importedId ? open.find((w) => w.id === importedId) : undefined;
  if (byId) return byId.id;
  const byName = open.find((w) => w.name === account.text || w.name === account.name);
  if (byName) return byName.id;
  if (account.lastFour) {
    const cards = open.filter((w) => namesDigits(w.name, account.lastFour!));
    return (cards.find((w) => w.type === account.type) ?? cards[0])?.id ?? null;
  }
  if (account.type === 'alipay' || account.type === 'wechat') {
    return open.find((w) => w.type === account.type)?.id ?? null;
  }
  return null;
}
