/**
 * English's messages, for where there is no extension API to give them: the reader's test harness (a plain page)
 * and the unit tests, which import this first (vitest.config.ts's setupFiles), before any module reads a word.
 */
import english from '../../_locales/en/messages.json';
import { useMessagesWithoutExtension } from './i18n.ts';

useMessagesWithoutExtension(english);
