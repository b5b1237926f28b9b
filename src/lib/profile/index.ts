/**
 * The signed-in candidate's profile, in one place below the features (issue 15): the candidate
 * space edits it, the listing derives default filters from it, apply checks its state (spec §4)
 * and the CV upload looks up the user id in it. One query (`basicDetailsQuery`), persisted, so
 * every reader shares the same fetch and the same offline copy.
 */
export {
  basicDetailsQuery,
  fetchBasicDetails,
  isMissingProfile,
  profileFacts,
  type BasicDetails,
} from './basic-details';
