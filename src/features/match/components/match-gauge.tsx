import { gaugeColour } from '@/domain/score/gauge';
import classes from './match-gauge.module.css';

interface MatchGaugeProps {
  /** 0..100 (spec §9 caps it at 90). */
  readonly score: number;
  readonly size?: number;
}

/** A ring filled to the match percentage, coloured by spec §4's bands. */
export function MatchGauge({ score, size = 48 }: MatchGaugeProps) {
  const percent = Math.round(Math.min(100, Math.max(0, score)));
  const colour = gaugeColour(score);
  const stroke = Math.max(4, Math.round(size / 10));
  const radius = (size - stroke) / 2;
  const circumference = 2 * Math.PI * radius;
  return (
    <span
      className={classes.gauge}
      role="img"
      aria-label={`${percent}% match`}
      data-testid="match-gauge"
      data-colour={colour}
      style={{ width: size, height: size }}
    >
      <svg className={classes.ring} width={size} height={size} aria-hidden="true">
        <circle
          className={classes.track}
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={stroke}
        />
        <circle
          className={classes[colour]}
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={`${(circumference * percent) / 100} ${circumference}`}
        />
      </svg>
      <span
        className={classes.value}
        aria-hidden="true"
        style={{ fontSize: Math.round(size / 3.6) }}
      >
        {percent}%
      </span>
    </span>
  );
}
