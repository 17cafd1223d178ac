import { z } from 'zod';
import { cleanTag, MAX_TAGS, tagProblem, uniqueTags } from '../tags';

// 标签 (issue 63) on 记账, 任务, 运动 and 时间记录. Optional with [] as the default: records,
// uploads and exports from before tags carry none and stay valid.

const tagSchema = z
  .string({ error: '标签无效' })
  .transform(cleanTag)
  .superRefine((tag, ctx) => {
    const problem = tagProblem(tag);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** What a write may send: absent or null mean none; repeats are kept once. */
export const tagsInputSchema = z
  .array(tagSchema)
  .nullable()
  .optional()
  .transform((v) => uniqueTags(v ?? []))
  .refine((v) => v.length <= MAX_TAGS, { message: `标签最多 ${MAX_TAGS} 个` });

/** As stored: a record written before tags lacks them (readers use domain/tags.ts `tagsOf`). */
export const tagsRecordSchema = z.array(z.string()).optional();
