import { describe, expect, it } from 'vitest';
import { findSkillsInText } from '../../../../src/domain/skills';

const inSkills = { inSkillsSection: true };

describe('findSkillsInText', () => {
  it('prefers 3-word phrases over 2- and 1-word ones', () => {
    // "Account Management" is a skill too, but the 3-word phrase takes the words first.
    expect(findSkillsInText('Key Account Management')).toEqual(['Key Account Management']);
    expect(findSkillsInText('Led Account Management')).toEqual(['Account Management']);
  });

  it('prefers 2-word phrases over single words', () => {
    expect(findSkillsInText('Built apps in React Native')).toEqual(['React Native']);
    expect(findSkillsInText('Spring Boot', inSkills)).toEqual(['Spring Boot']);
    expect(findSkillsInText('Spring', inSkills)).toEqual(['Spring Framework']);
  });

  it('finds ambiguous short names only inside a skills section', () => {
    expect(findSkillsInText('Go, R, C, Swift, Excel')).toEqual([]);
    expect(findSkillsInText('Go, R, C, Swift, Excel', inSkills)).toEqual([
      'Go',
      'R',
      'C',
      'Swift',
      'Excel',
    ]);
    expect(findSkillsInText('I go to Tamil Nadu and excel at it')).toEqual([]);
  });

  it('finds unambiguous spellings of ambiguous skills anywhere', () => {
    expect(findSkillsInText('Services in Golang and reports in MS Excel')).toEqual(['Go', 'Excel']);
  });

  it('keeps symbols that carry meaning', () => {
    expect(findSkillsInText('C++ and C# services on .NET Core')).toEqual(['C++', 'C#', '.NET']);
    expect(findSkillsInText('Grew net profit by 20%')).toEqual([]);
  });

  it('does not join words across sentences or list items', () => {
    expect(findSkillsInText('Java. Script writing')).toEqual(['Java']);
    expect(findSkillsInText('Java, Script')).toEqual(['Java']);
    expect(findSkillsInText('Java Script')).toEqual(['JavaScript']);
    expect(findSkillsInText('Machine\nLearning')).toEqual([]);
  });

  it('reads slash-joined words as a whole skill or as parts', () => {
    expect(findSkillsInText('HTML/CSS')).toEqual(['HTML', 'CSS']);
    expect(findSkillsInText('Set up CI/CD')).toEqual(['CI/CD']);
    expect(findSkillsInText('Ran A/B testing')).toEqual(['A/B Testing']);
  });

  it('returns each skill once, in order of first appearance', () => {
    expect(findSkillsInText('Python, python3, Django and Python (Django REST Framework)')).toEqual([
      'Python',
      'Django',
    ]);
    expect(findSkillsInText('• SQL\n• PostgreSQL\n• sql', inSkills)).toEqual(['SQL', 'PostgreSQL']);
  });

  it('returns nothing for empty text', () => {
    expect(findSkillsInText('')).toEqual([]);
    expect(findSkillsInText(' \n , ')).toEqual([]);
  });
});
