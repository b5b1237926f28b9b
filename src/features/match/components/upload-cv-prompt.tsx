import { LinkButton } from '@/lib/ui/link-button';
import classes from './match.module.css';

/** Shown to a candidate with no CV-derived profile: scores need one (issue 7). */
export function UploadCvPrompt() {
  return (
    <div className={classes.prompt} data-testid="upload-cv-prompt">
      <p>Upload your CV to see how well you match every job.</p>
      <LinkButton to="/v1/candidate/profile" size="sm">
        Upload your CV
      </LinkButton>
    </div>
  );
}
