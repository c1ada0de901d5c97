export { RaiseComplaint } from './components/raise-complaint.js';
