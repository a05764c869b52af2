/**
 * The reference page's fixes over Swagger UI's own look, for axe's contrast rule (docs/decisions/0037):
 * its method badges, buttons and links are light colours under white or on white (2-3:1); these are the
 * same hues, dark enough for 4.5:1. The copy buttons (icons without a name) are hidden: the code beside
 * them is plain selectable text. So is the servers picker (a select without a name): the document names one
 * server, the site's own origin, so there is nothing to pick.
 */
export const API_DOCS_CSS = `
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1b5e9c; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #17704a; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8f4e00; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3232a; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0b6b5d; }
.swagger-ui .opblock.opblock-head .opblock-summary-method { background: #7a3aa8; }
.swagger-ui .opblock.opblock-options .opblock-summary-method { background: #1f4e8a; }
.swagger-ui .btn.authorize, .swagger-ui .btn.authorize span { color: #17704a; border-color: #17704a; }
.swagger-ui .btn.authorize svg { fill: #17704a; }
.swagger-ui .try-out__btn { color: #3b4151; border-color: #3b4151; }
.swagger-ui .try-out__btn.cancel { color: #b3232a; border-color: #b3232a; }
.swagger-ui .btn.execute { background-color: #1b5e9c; border-color: #1b5e9c; color: #fff; }
.swagger-ui .info .title small.version-stamp { background-color: #17704a; }
.swagger-ui .info .title small { background-color: #4a4f5e; }
.swagger-ui .info a, .swagger-ui .info .url, .swagger-ui a.nostyle { color: #1b5e9c; }
.swagger-ui .download-contents { background: #4a4f5e; }
.swagger-ui .copy-to-clipboard { display: none; }
.swagger-ui .schemes .servers-title, .swagger-ui .schemes .servers { display: none; }
`;
