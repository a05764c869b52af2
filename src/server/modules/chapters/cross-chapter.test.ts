import { describeChapterIsolation } from './cross-chapter-walk';

// Issue 43.5: both locks on, as the app runs.
describeChapterIsolation({ title: 'chapter isolation over every route (issue 43.5)' });
