export {
  EXPERIENCE_BANDS,
  SALARY_BANDS,
  TEAM_SIZE_BANDS,
  bandForValue,
  findBand,
  type Band,
} from './bands';
export {
  EXPERIENCE_NOT_SPECIFIED,
  SALARY_NOT_DISCLOSED,
  formatExperienceRange,
  formatSalaryRange,
  type NumberRange,
} from './format';
export { OPEN_ENDED_MAX, isOpenEndedMax } from '../open-ended';
