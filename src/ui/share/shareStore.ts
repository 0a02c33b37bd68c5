import { create } from 'zustand';
import type { Scenario } from '../../core/share';

/** A lesson shown beside a gallery scenario. */
export interface Lesson {
  readonly id: string;
  readonly title: string;
  readonly text: string;
}

/** A scenario waiting for the user's "Replace" / "Keep mine". */
export interface PendingScenario {
  readonly scenario: Scenario;
  readonly lesson: Lesson | null;
}

/** Why a link or file was refused: the stable code (tests) and the words the alert shows. */
export interface OpenError {
  readonly code: string;
  readonly message: string;
  readonly detail: string;
}

export interface ShareState {
  readonly pending: PendingScenario | null;
  readonly error: OpenError | null;
  readonly lesson: Lesson | null;
}

/**
 * Share/gallery UI state, kept out of the app store (the task's area rule): the scenario awaiting
 * confirmation, the last open error, the lesson panel's content.
 */
export const useShareStore = create<ShareState>()(() => ({
  pending: null,
  error: null,
  lesson: null,
}));
