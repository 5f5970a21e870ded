/** The reports feature's public door: what other features and the app may use. Everything else in this folder is private to it. */
export { ReportButton } from './components/report-button';
