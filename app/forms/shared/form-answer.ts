// What the browser's forms and the server share about forms sent as plain HTML lives in domain/.
export * from '../../../domain/plain-forms';
