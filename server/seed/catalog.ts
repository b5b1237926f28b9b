/**
 * What the generated demo data is made of: industries, Indian cities, and job roles per
 * department with the skills such a role asks for. Written for this project (no scraped data);
 * skill names are canonical names of the taxonomy in src/domain/skills.
 */
export { INDUSTRIES as industries } from '../../src/domain/job-catalog';

export const cities = [
  { city: 'Bengaluru', state: 'Karnataka' },
  { city: 'Hyderabad', state: 'Telangana' },
  { city: 'Pune', state: 'Maharashtra' },
  { city: 'Mumbai', state: 'Maharashtra' },
  { city: 'Chennai', state: 'Tamil Nadu' },
  { city: 'Gurugram', state: 'Haryana' },
  { city: 'Noida', state: 'Uttar Pradesh' },
  { city: 'New Delhi', state: 'Delhi' },
  { city: 'Kolkata', state: 'West Bengal' },
  { city: 'Ahmedabad', state: 'Gujarat' },
  { city: 'Kochi', state: 'Kerala' },
  { city: 'Jaipur', state: 'Rajasthan' },
  { city: 'Indore', state: 'Madhya Pradesh' },
  { city: 'Coimbatore', state: 'Tamil Nadu' },
  { city: 'Chandigarh', state: 'Chandigarh' },
] as const;

export const workModes = ['Onsite', 'Hybrid', 'Remote'] as const;
export const employmentTypes = ['Full-time', 'Contract', 'Part-time', 'Internship'] as const;
export const teamSizes = [
  '1-10',
  '10-50',
  '50-100',
  '100-500',
  '500-1000',
  '1000-5000',
  '5000+',
] as const;

import type { Department } from '../../src/domain/job-catalog';

export interface RoleTemplate {
  titles: string[];
  core: string[];
  technical: string[];
  soft: string[];
  duties: string[];
}

const softCommon = ['Communication', 'Teamwork', 'Problem Solving', 'Ownership', 'Time Management'];

export const departments: Record<Department, RoleTemplate[]> = {
  Engineering: [
    {
      titles: ['Frontend Engineer', 'Senior Frontend Engineer', 'React Developer', 'UI Engineer'],
      core: ['React', 'TypeScript', 'JavaScript', 'HTML', 'CSS', 'Redux', 'Next.js'],
      technical: ['Git', 'Jest', 'Webpack', 'REST APIs', 'Accessibility'],
      soft: softCommon,
      duties: [
        'build responsive, accessible web interfaces',
        'own UI performance on low-end phones',
        'review code and mentor peers',
      ],
    },
    {
      titles: [
        'Backend Engineer',
        'Senior Software Engineer',
        'Java Developer',
        'Node.js Developer',
      ],
      core: ['Java', 'Spring Boot', 'Node.js', 'Python', 'SQL', 'PostgreSQL', 'Microservices'],
      technical: ['Docker', 'Kubernetes', 'AWS', 'Kafka', 'Redis', 'REST APIs'],
      soft: softCommon,
      duties: [
        'design and run high-traffic APIs',
        'model data and tune queries',
        'keep services observable and reliable',
      ],
    },
    {
      titles: ['Android Developer', 'iOS Developer', 'Mobile Engineer', 'Flutter Developer'],
      core: ['Kotlin', 'Swift', 'Flutter', 'Dart', 'Android', 'iOS'],
      technical: ['Git', 'Firebase', 'REST APIs', 'CI/CD'],
      soft: softCommon,
      duties: [
        'ship features to millions of phones',
        'keep the app fast on patchy networks',
        'work with design on every release',
      ],
    },
    {
      titles: [
        'DevOps Engineer',
        'Site Reliability Engineer',
        'Cloud Engineer',
        'Platform Engineer',
      ],
      core: ['AWS', 'Kubernetes', 'Docker', 'Terraform', 'Linux', 'CI/CD'],
      technical: ['Python', 'Bash', 'Prometheus', 'Grafana', 'Azure', 'GCP'],
      soft: ['Problem Solving', 'Ownership', 'Communication', 'Attention to Detail'],
      duties: [
        'automate infrastructure as code',
        'run on-call with clear runbooks',
        'cut deployment time and cloud cost',
      ],
    },
    {
      titles: ['QA Engineer', 'SDET', 'Automation Test Engineer'],
      core: ['Selenium', 'Test Automation', 'Java', 'Python', 'API Testing'],
      technical: ['Cypress', 'Playwright', 'Jenkins', 'Git', 'SQL'],
      soft: ['Attention to Detail', 'Communication', 'Problem Solving'],
      duties: ['automate regression suites', 'test APIs and mobile apps', 'raise release quality'],
    },
  ],
  Data: [
    {
      titles: ['Data Analyst', 'Business Analyst', 'Senior Data Analyst'],
      core: ['SQL', 'Excel', 'Power BI', 'Tableau', 'Python', 'Statistics'],
      technical: ['Data Visualization', 'Google Analytics', 'ETL'],
      soft: ['Communication', 'Stakeholder Management', 'Problem Solving', 'Attention to Detail'],
      duties: [
        'turn data into decisions',
        'build dashboards leaders use daily',
        'define and track business metrics',
      ],
    },
    {
      titles: ['Data Scientist', 'Machine Learning Engineer', 'AI Engineer'],
      core: [
        'Python',
        'Machine Learning',
        'Deep Learning',
        'PyTorch',
        'TensorFlow',
        'NLP',
        'Statistics',
      ],
      technical: ['SQL', 'Spark', 'AWS', 'Docker', 'MLOps'],
      soft: ['Problem Solving', 'Communication', 'Curiosity'],
      duties: [
        'build and ship ML models',
        'run experiments and measure impact',
        'work with engineering to productionise models',
      ],
    },
    {
      titles: ['Data Engineer', 'Big Data Engineer', 'Analytics Engineer'],
      core: ['Python', 'SQL', 'Spark', 'Airflow', 'Kafka', 'Data Warehousing'],
      technical: ['AWS', 'Snowflake', 'dbt', 'Databricks', 'ETL'],
      soft: ['Ownership', 'Problem Solving', 'Teamwork'],
      duties: [
        'build reliable data pipelines',
        'model the warehouse',
        'keep data fresh and trustworthy',
      ],
    },
  ],
  Product: [
    {
      titles: ['Product Manager', 'Senior Product Manager', 'Associate Product Manager'],
      core: ['Product Management', 'Product Strategy', 'Roadmapping', 'User Research', 'Agile'],
      technical: ['SQL', 'JIRA', 'A/B Testing', 'Google Analytics'],
      soft: ['Stakeholder Management', 'Communication', 'Leadership', 'Decision Making'],
      duties: ['own a product area end to end', 'talk to users every week', 'prioritise with data'],
    },
  ],
  Design: [
    {
      titles: ['Product Designer', 'UX Designer', 'UI/UX Designer', 'Visual Designer'],
      core: [
        'Figma',
        'UX Design',
        'UI Design',
        'Prototyping',
        'User Research',
        'Interaction Design',
      ],
      technical: ['Design Systems', 'Adobe Photoshop', 'Adobe Illustrator', 'Accessibility'],
      soft: ['Communication', 'Empathy', 'Collaboration', 'Creativity'],
      duties: [
        'design flows that work on small screens',
        'test ideas with users',
        'grow the design system',
      ],
    },
  ],
  Sales: [
    {
      titles: [
        'Sales Executive',
        'Inside Sales Representative',
        'Account Executive',
        'Business Development Manager',
      ],
      core: ['B2B Sales', 'Lead Generation', 'Negotiation', 'CRM', 'Account Management'],
      technical: ['Salesforce', 'HubSpot', 'Excel'],
      soft: ['Communication', 'Persuasion', 'Relationship Building', 'Resilience'],
      duties: ['build and close a healthy pipeline', 'grow key accounts', 'hit quarterly targets'],
    },
  ],
  Marketing: [
    {
      titles: [
        'Digital Marketing Manager',
        'Performance Marketer',
        'Content Marketer',
        'SEO Specialist',
      ],
      core: ['Digital Marketing', 'SEO', 'SEM', 'Content Marketing', 'Social Media Marketing'],
      technical: ['Google Analytics', 'Google Ads', 'HubSpot', 'Excel'],
      soft: ['Creativity', 'Communication', 'Analytical Thinking'],
      duties: [
        'plan and run campaigns',
        'grow organic traffic',
        'report on acquisition cost and return',
      ],
    },
  ],
  Finance: [
    {
      titles: ['Financial Analyst', 'Accountant', 'Chartered Accountant', 'Finance Manager'],
      core: ['Financial Analysis', 'Accounting', 'Financial Modelling', 'Taxation', 'GST'],
      technical: ['Excel', 'Tally', 'SAP', 'Power BI'],
      soft: ['Attention to Detail', 'Integrity', 'Communication'],
      duties: [
        'close the books every month',
        'model budgets and forecasts',
        'keep filings compliant',
      ],
    },
  ],
  'Human Resources': [
    {
      titles: [
        'HR Business Partner',
        'Talent Acquisition Specialist',
        'Technical Recruiter',
        'HR Generalist',
      ],
      core: [
        'Recruitment',
        'Talent Acquisition',
        'Employee Relations',
        'HR Operations',
        'Onboarding',
      ],
      technical: ['HRMS', 'Excel', 'LinkedIn Recruiter'],
      soft: ['Communication', 'Empathy', 'Stakeholder Management', 'Negotiation'],
      duties: [
        'hire great people fast',
        'run fair, friendly interview loops',
        'look after employee experience',
      ],
    },
  ],
  Operations: [
    {
      titles: ['Operations Manager', 'Supply Chain Analyst', 'Project Manager', 'Program Manager'],
      core: [
        'Operations Management',
        'Supply Chain Management',
        'Project Management',
        'Process Improvement',
      ],
      technical: ['Excel', 'SAP', 'JIRA', 'SQL'],
      soft: ['Leadership', 'Problem Solving', 'Communication', 'Time Management'],
      duties: ['run day-to-day operations', 'remove bottlenecks', 'deliver projects on time'],
    },
  ],
  'Customer Success': [
    {
      titles: [
        'Customer Success Manager',
        'Customer Support Executive',
        'Technical Support Engineer',
      ],
      core: ['Customer Success', 'Customer Support', 'Account Management', 'CRM'],
      technical: ['Zendesk', 'Freshdesk', 'Salesforce', 'SQL'],
      soft: ['Empathy', 'Communication', 'Patience', 'Problem Solving'],
      duties: [
        'onboard and retain customers',
        'resolve issues quickly',
        'turn feedback into product input',
      ],
    },
  ],
};

/** Word pools for generated company names ("Saffron Analytics", "Nimbus Systems"). */
export const companyWords = {
  first: [
    'Saffron',
    'Nimbus',
    'Banyan',
    'Indigo',
    'Peacock',
    'Lotus',
    'Monsoon',
    'Himalaya',
    'Ganga',
    'Kaveri',
    'Deccan',
    'Sahyadri',
    'Aravali',
    'Coral',
    'Tusker',
    'Vermilion',
    'Neem',
    'Tulsi',
    'Cobalt',
    'Orbit',
    'Quartz',
    'Zenith',
    'Nova',
    'Pixel',
    'Vertex',
    'Summit',
    'Harbor',
    'Falcon',
    'Kestrel',
    'Mango',
    'Jasmine',
    'Teak',
    'Sandal',
    'Marigold',
    'Cedar',
    'Prism',
  ],
  second: [
    'Analytics',
    'Systems',
    'Technologies',
    'Labs',
    'Finance',
    'Health',
    'Logistics',
    'Retail',
    'Motors',
    'Media',
    'Learning',
    'Energy',
    'Networks',
    'Insurance',
    'Capital',
    'Games',
    'Foods',
    'Consulting',
    'Software',
    'Works',
  ],
} as const;
