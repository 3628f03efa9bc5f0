/** The API's version: the OpenAPI document's and the traces' service version. */
export const APP_VERSION = '1.0.0';
