/**
 * CTC, city and skills of the CV parser (issue 22: CTC, city, skills classes).
 */
import { describe, expect, it } from 'vitest';
import { findCity } from '../../server/cv/cities';
import { findCtc, findLocation } from '../../server/cv/profile-fields';
import { splitSections } from '../../server/cv/sections';
import { findLanguages, findSkills } from '../../server/cv/skills';

const cv = (...lines: string[]) =>
  splitSections(
    lines.map((text) => {
      const cells = text.split(' || ');
      return { cells, text: cells.join(' | ') };
    }),
  );

describe('current CTC', () => {
  it.each([
    ['CTC: 24 LPA', 24],
    ['CTC - 18.5 lakhs', 18.5],
    ['Current CTC: INR 12,00,000 p.a.', 12],
    ['Current CTC: 2,150,000', 21.5],
    ['Current CTC | 32 LPA', 32],
    ['Present CTC: 7.2 Lacs', 7.2],
    ['CTC: 6.5 L', 6.5],
    ['Current Salary: Rs. 9.6 Lakhs per annum', 9.6],
    ['Current Package: 1.2 Cr', 120],
    ['CTC: 9,50,000/-', 9.5],
    ['Salary: 65,000 per month', 7.8],
    ['CTC: Fixed 14 LPA + Variable 2 LPA', 16],
    ['Current CTC: 64 LPA (Fixed) + 12 LPA (Variable)', 76],
    ['CTC: 58 LPA (Fixed 48 + Variable 10)', 58],
    ['Current CTC: 15 LPA + incentives', 15],
    ['Expected CTC: 25 LPA | Current CTC: 18 LPA', 18],
  ])('%s → %s lakhs', (text, lakhs) => {
    expect(findCtc(text)).toBe(lakhs);
  });

  it.each([
    'Expected CTC: 45 LPA',
    'ECTC: 48 Lakhs',
    'Reduced the CTC of hiring by 20%',
    'CTC: 30 days notice',
    'Worked on CTC 2019 planning',
    'Raised 2,150,000 in funding',
  ])('invents no CTC from "%s"', (text) => {
    expect(findCtc(text)).toBeNull();
  });
});

describe('city', () => {
  it('matches whole words, aliases and the Indian gazetteer', () => {
    expect(findCity('addresses and processes')).toBeUndefined();
    expect(findCity('HSR Layout, Bangalore 560102')).toBe('Bengaluru');
    expect(findCity('Sector 45, Gurgaon, Haryana')).toBe('Gurugram');
    expect(findCity('Tolichowki, Hyderabad')).toBe('Hyderabad');
    expect(findCity('Arera Colony, Bhopal, MP')).toBe('Bhopal');
    expect(findCity('Kakkanad, Cochin')).toBe('Kochi');
    expect(findCity('Trichy, Tamil Nadu')).toBe('Tiruchirappalli');
    expect(findCity('London, United Kingdom')).toBe('London');
  });

  it('reads a town that is also a surname only with a state or a label', () => {
    expect(findCity('Vidya Sagar')).toBeUndefined();
    expect(findCity('Sagar, Madhya Pradesh')).toBe('Sagar');
    expect(findCity('Sagar', true)).toBe('Sagar');
  });

  it('takes the value in the next cell, and the current over the preferred location', () => {
    expect(findLocation(cv('Asha Rao', 'Current Location || Pune'))).toBe('Pune');
    expect(
      findLocation(
        cv('Asha Rao', 'Preferred Location: Bangalore', 'Address: Velachery, Chennai - 600042'),
      ),
    ).toBe('Chennai');
    expect(findLocation(cv('Asha Rao', 'Open to relocate: Pune | Indore, MP'))).toBe('Indore');
  });

  it("is the candidate's own city, not an employer's or a meetup's", () => {
    expect(
      findLocation(
        cv(
          'Aditya Joshi',
          'aditya@example.com | Indore, Madhya Pradesh',
          'SUMMARY',
          'Mentor at local meetups in Bhopal.',
          'EXPERIENCE',
          'SRE, Malwa Cloud, Pune || Aug 2022 - Present',
        ),
      ),
    ).toBe('Indore');
    expect(
      findLocation(cv('Asha', 'EXPERIENCE', 'Engineer, Acme, Pune || 2020 - 2022')),
    ).toBeNull();
  });

  it('keeps a labelled place outside the gazetteer as written', () => {
    expect(findLocation(cv('Asha', 'Location: Reykjavik, Iceland'))).toBe('Reykjavik');
  });
});

describe('skills', () => {
  const all = (...lines: string[]) => {
    const s = findSkills(cv(...lines));
    return [...s.coreSkills, ...s.technicalSkills, ...s.softSkills];
  };

  it('does not read common words as aliases', () => {
    expect(all('SUMMARY', 'I am responsible for the CI/CD pipeline.')).toEqual(['CI/CD']);
    expect(all('S N E H A  K U L K A R N I', 'M L engineer')).not.toContain('Machine Learning');
  });

  it('finds skills named only in experience bullets, and short names only under Skills', () => {
    const skills = all(
      'EXPERIENCE',
      '- Built Kafka pipelines on Databricks; go-live in May.',
      'SKILLS',
      'Go, R, Tally',
    );
    expect(skills).toEqual(expect.arrayContaining(['Kafka', 'Databricks', 'Go', 'R', 'Tally']));
    expect(all('EXPERIENCE', '- Helped teams go to market.')).not.toContain('Go');
  });

  it('reads a list wrapped over two lines as one list', () => {
    expect(all('SKILLS', 'Jenkins, Terraform, GitHub', 'Actions, Linux')).toEqual(
      expect.arrayContaining(['GitHub Actions', 'Linux']),
    );
  });

  it('keeps spoken languages apart from skills', () => {
    const sections = cv(
      'SKILLS',
      'Python, SQL, English, Hindi',
      'LANGUAGES KNOWN',
      'Tamil (native), Kannada',
    );
    expect(findLanguages(sections)).toEqual(['English', 'Hindi', 'Tamil', 'Kannada']);
    expect(all('SKILLS', 'Python, SQL, English, Hindi')).toEqual(['Python', 'SQL']);
  });

  it('does not cap a long list per kind', () => {
    const tools =
      'Docker, Kubernetes, Terraform, Ansible, Jenkins, Git, GitHub, GitLab, JIRA, Confluence, Postman, Webpack, Vite, Jest, JUnit, TestNG, Mocha, Selenium, Cypress, Playwright, Appium, JMeter, Maven, Gradle, Splunk, Kibana, Grafana, Prometheus';
    expect(findSkills(cv('SKILLS', tools)).technicalSkills.length).toBeGreaterThan(25);
  });
});
