export { CompanyPage } from './components/company-page';
