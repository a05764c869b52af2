import { describeChapterIsolation } from './cross-chapter-walk';

// Both locks on, as the app runs.
describeChapterIsolation({ title: 'chapter isolation over every route' });
