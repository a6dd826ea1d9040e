/**
 * Fixtures of the breaking-change gate's tests: one small OpenAPI 3.1 document and edits of it, each a known kind
 * of change. `variant(edit, version)` returns an edited deep copy, so no case sees another's edit.
 */
export type Doc = Record<string, any>;

export function baseDocument(version = '1.0.0'): Doc {
  return {
    openapi: '3.1.0',
    info: { title: 'Fixture API', version },
    servers: [{ url: 'https://api.example.test/v1' }],
    paths: {
      '/items': {
        get: {
          operationId: 'listItems',
          summary: 'List items',
          parameters: [
            { name: 'status', in: 'query', required: false, schema: { $ref: '#/components/schemas/ItemStatus' } },
            { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } },
          ],
          responses: {
            '200': {
              description: 'The items.',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['data'],
                    properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Item' } } },
                  },
                },
              },
            },
            '404': { description: 'No such list.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
          },
        },
      },
    },
    components: {
      schemas: {
        ItemStatus: { type: 'string', enum: ['active', 'archived', 'deleted'] },
        Item: {
          type: 'object',
          required: ['id', 'name'],
          properties: { id: { type: 'string' }, name: { type: 'string' }, note: { type: 'string' }, kind: { $ref: '#/components/schemas/ItemKind' } },
        },
        Error: { type: 'object', required: ['code'], properties: { code: { $ref: '#/components/schemas/ErrorCode' } } },
        // A response enum the API declares open (values may be added), and one it does not.
        ErrorCode: { type: 'string', 'x-open-enum': true, enum: ['NOT_FOUND'] },
        ItemKind: { type: 'string', enum: ['book', 'disc'] },
      },
    },
  };
}

export function variant(edit: (doc: Doc) => void, version = '1.0.0'): Doc {
  const doc = baseDocument(version);
  edit(doc);
  return doc;
}

const listItems = (doc: Doc) => doc.paths['/items'].get;

export const edits = {
  removeResponseField(doc: Doc) {
    delete doc.components.schemas.Item.properties.name;
    doc.components.schemas.Item.required = ['id'];
  },
  narrowParameterEnum(doc: Doc) {
    doc.components.schemas.ItemStatus.enum = ['active', 'archived'];
  },
  makeOptionalParameterRequired(doc: Doc) {
    listItems(doc).parameters[1].required = true;
  },
  addRequiredParameter(doc: Doc) {
    listItems(doc).parameters.push({ name: 'region', in: 'query', required: true, schema: { type: 'string' } });
  },
  removeResponseStatus(doc: Doc) {
    delete listItems(doc).responses['404'];
  },
  addOptionalResponseField(doc: Doc) {
    doc.components.schemas.Item.properties.colour = { type: 'string' };
  },
  widenOpenResponseEnum(doc: Doc) {
    doc.components.schemas.ErrorCode.enum.push('GONE');
  },
  widenResponseEnum(doc: Doc) {
    doc.components.schemas.ItemKind.enum.push('tape');
  },
  addOptionalQueryParameter(doc: Doc) {
    listItems(doc).parameters.push({ name: 'sort', in: 'query', required: false, schema: { type: 'string' } });
  },
};
