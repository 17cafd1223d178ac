// Written by `npm run gen:shapes` (scripts/gen-record-shapes.ts) from record-schemas.ts and
// schemas/settings.ts: do not edit. What each kind's stored record, and the settings, must be
// field by field (guard.ts).
import type { Shape } from './guard';
import type { ResourceName } from './resources';

export const RECORD_SHAPES: Record<ResourceName, Shape> = {
  accounts: {
    object: {
      type: { enum: ['expense', 'income'] },
      amount: 'number',
      category: 'string',
      description: { nullable: { optional: 'string' } },
      date: 'string',
      templateId: { optional: { nullable: 'string' } },
      reimbursed: { optional: 'boolean' },
      reimbursedBy: { optional: { nullable: 'string' } },
      id: 'string',
      updatedAt: { optional: 'string' },
      editedAt: { optional: 'string' },
    },
  },
  assets: {
    object: {
      type: { enum: ['asset', 'liability'] },
      name: 'string',
      category: 'string',
      amount: 'number',
      description: { nullable: { optional: 'string' } },
      date: 'string',
      effectiveDate: { optional: { union: [{ literal: [''] }, 'null', 'string'] } },
      version: 'number',
      originalId: { optional: { nullable: 'string' } },
      previousVersionId: { optional: { nullable: 'string' } },
      id: 'string',
      updatedAt: { optional: 'string' },
      editedAt: { optional: 'string' },
    },
  },
  workouts: {
    object: {
      type: {
        enum: [
          'running',
          'swimming',
          'cycling',
          'gym',
          'yoga',
          'basketball',
          'football',
          'tennis',
          'badminton',
          'table_tennis',
          'hiking',
          'walking',
          'rope_skipping',
          'push_ups',
          'sit_ups',
          'other',
        ],
      },
      duration: 'number',
      calories: { nullable: 'number' },
      notes: { nullable: { optional: 'string' } },
      date: 'string',
      createdAt: 'string',
      id: 'string',
      updatedAt: { optional: 'string' },
      editedAt: { optional: 'string' },
    },
  },
  tasks: {
    object: {
      title: 'string',
      description: { nullable: { optional: 'string' } },
      priority: { enum: ['low', 'medium', 'high'] },
      category: { enum: ['work', 'study', 'life', 'health', 'entertainment', 'shopping', 'other'] },
      dueDate: { optional: { union: [{ literal: [''] }, 'null', 'string'] } },
      completed: 'boolean',
      completedAt: { optional: { nullable: 'string' } },
      createdAt: 'string',
      updatedAt: 'string',
      id: 'string',
      editedAt: { optional: 'string' },
    },
  },
  timeRecords: {
    object: {
      task: 'string',
      category: {
        enum: ['work', 'study', 'reading', 'programming', 'design', 'writing', 'thinking', 'other'],
      },
      duration: 'number',
      date: 'string',
      createdAt: 'string',
      id: 'string',
      updatedAt: { optional: 'string' },
      editedAt: { optional: 'string' },
    },
  },
  assetHistory: {
    object: {
      assetId: 'string',
      assetName: 'string',
      action: { enum: ['create', 'update', 'delete'] },
      oldData: {
        optional: {
          nullable: {
            object: {
              type: { enum: ['asset', 'liability'] },
              name: 'string',
              category: 'string',
              amount: 'number',
              description: { nullable: { optional: 'string' } },
              date: 'string',
              effectiveDate: { optional: { union: [{ literal: [''] }, 'null', 'string'] } },
              version: 'number',
              originalId: { optional: { nullable: 'string' } },
              previousVersionId: { optional: { nullable: 'string' } },
              id: 'string',
              updatedAt: { optional: 'string' },
              editedAt: { optional: 'string' },
            },
          },
        },
      },
      newData: {
        optional: {
          nullable: {
            object: {
              type: { enum: ['asset', 'liability'] },
              name: 'string',
              category: 'string',
              amount: 'number',
              description: { nullable: { optional: 'string' } },
              date: 'string',
              effectiveDate: { optional: { union: [{ literal: [''] }, 'null', 'string'] } },
              version: 'number',
              originalId: { optional: { nullable: 'string' } },
              previousVersionId: { optional: { nullable: 'string' } },
              id: 'string',
              updatedAt: { optional: 'string' },
              editedAt: { optional: 'string' },
            },
          },
        },
      },
      timestamp: 'string',
      id: 'string',
      updatedAt: { optional: 'string' },
      editedAt: { optional: 'string' },
    },
  },
  checkinTasks: {
    object: {
      name: 'string',
      description: { nullable: { optional: 'string' } },
      type: { enum: ['daily', 'weekly', 'monthly'] },
      frequency: 'number',
      monthlyTarget: 'number',
      category: { enum: ['health', 'work', 'study', 'habit'] },
      id: 'string',
      updatedAt: { optional: 'string' },
      editedAt: { optional: 'string' },
    },
  },
  checkinRecords: {
    object: {
      taskId: 'string',
      date: 'string',
      id: 'string',
      updatedAt: { optional: 'string' },
      editedAt: { optional: 'string' },
    },
  },
  recurring: {
    object: {
      type: { enum: ['expense', 'income'] },
      amount: 'number',
      category: 'string',
      description: { nullable: { optional: 'string' } },
      every: 'number',
      unit: { enum: ['day', 'week', 'month', 'year'] },
      startDate: 'string',
      endDate: { optional: { union: [{ literal: [''] }, 'null', 'string'] } },
      paused: { optional: 'boolean' },
      id: 'string',
      lastDate: { optional: { union: [{ literal: [''] }, 'null', 'string'] } },
      updatedAt: { optional: 'string' },
      editedAt: { optional: 'string' },
    },
  },
};

export const SETTINGS_SHAPE: Shape = {
  object: {
    monthlyBudget: { nullable: 'number' },
    categoryBudgets: 'record',
    dailyBudgetMode: { enum: ['fixed', 'monthly'] },
    dailyBudget: 'number',
    focusGoalMinutes: 'number',
    focusCategories: { unchecked: 'array' },
    importRules: { object: { expense: 'record', income: 'record' } },
    counterparties: { object: { expense: 'record', income: 'record' } },
    notifications: {
      object: {
        task: 'boolean',
        habit: 'boolean',
        recurring: 'boolean',
        budget: 'boolean',
        focus: 'boolean',
        quietStart: 'string',
        quietEnd: 'string',
        timeZone: 'string',
      },
    },
  },
};
