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
            '404': {
              description: 'No such list.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
            },
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
          properties: {
            id: { type: 'string' },
            name: { type: 'string' },
            note: { type: 'string' },
            kind: { $ref: '#/components/schemas/ItemKind' },
          },
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

function unionOfItems(doc: Doc, open: boolean, names: string[]) {
  for (const n of ['Gadget', 'Widget'])
    doc.components.schemas[n] = { type: 'object', required: ['serial'], properties: { serial: { type: 'string' } } };
  const schema = listItems(doc).responses['200'].content['application/json'].schema;
  schema.properties.data.items = {
    ...(open ? { 'x-open-union': true } : {}),
    oneOf: names.map((n) => ({ $ref: `#/components/schemas/${n}` })),
  };
}

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
  /** The list's items become a union (declared open) of Item and a new Gadget: the old schema is still one of them. */
  widenToOpenUnion(doc: Doc) {
    unionOfItems(doc, true, ['Item', 'Gadget']);
  },
  /** The same union, not declared open. */
  widenToClosedUnion(doc: Doc) {
    unionOfItems(doc, false, ['Item', 'Gadget']);
  },
  /** An open union that no longer holds Item. */
  replaceByOpenUnion(doc: Doc) {
    unionOfItems(doc, true, ['Gadget', 'Widget']);
  },
  /** An open union holding Item, while Item itself loses a required field: that removal stays breaking. */
  widenToOpenUnionAndRemoveField(doc: Doc) {
    unionOfItems(doc, true, ['Item', 'Gadget']);
    delete doc.components.schemas.Item.properties.name;
    doc.components.schemas.Item.required = ['id'];
  },
  addOptionalQueryParameter(doc: Doc) {
    listItems(doc).parameters.push({ name: 'sort', in: 'query', required: false, schema: { type: 'string' } });
  },
};

/**
 * The base document with components shared by several operations and webhooks, each reached its own way: `Item`
 * in a list's items, in a wrapper's `data`, in a request body, and inside `ItemEvent` (a chain of two refs) in a
 * webhook's body; `Error` (so `ErrorCode`) in three 404s; the path parameter `ItemId` at the path-item level, so in
 * both operations of `/items/{id}`. `item.deleted` and `DELETE /items/{id}`'s body use none of `Item`.
 */
export function sharedDocument(version = '1.0.0'): Doc {
  const doc = baseDocument(version);
  const json = (schema: Doc) => ({ content: { 'application/json': { schema } } });
  const notFound = { description: 'No such item.', ...json({ $ref: '#/components/schemas/Error' }) };
  doc.paths['/items'].post = {
    operationId: 'createItem',
    summary: 'Create an item',
    requestBody: { required: true, ...json({ $ref: '#/components/schemas/Item' }) },
    responses: {
      '201': {
        description: 'Created.',
        ...json({ type: 'object', properties: { data: { $ref: '#/components/schemas/Item' } } }),
      },
    },
  };
  doc.paths['/items/{id}'] = {
    parameters: [{ $ref: '#/components/parameters/ItemId' }],
    get: {
      operationId: 'getItem',
      summary: 'One item',
      responses: {
        '200': {
          description: 'The item.',
          ...json({ type: 'object', properties: { data: { $ref: '#/components/schemas/Item' } } }),
        },
        '404': notFound,
      },
    },
    delete: {
      operationId: 'deleteItem',
      summary: 'Delete an item',
      responses: { '204': { description: 'Deleted.' }, '404': notFound },
    },
  };
  doc.webhooks = {
    'item.created': {
      post: {
        summary: 'An item was created',
        requestBody: json({ $ref: '#/components/schemas/ItemEvent' }),
        responses: { '200': { description: 'Received.' } },
      },
    },
    'item.deleted': {
      post: {
        summary: 'An item was deleted',
        requestBody: json({ type: 'object', properties: { id: { type: 'string' } } }),
        responses: { '200': { description: 'Received.' } },
      },
    },
  };
  doc.components.parameters = {
    ItemId: { name: 'id', in: 'path', required: true, description: 'The item.', schema: { type: 'string' } },
  };
  doc.components.schemas.ItemEvent = {
    type: 'object',
    required: ['type', 'data'],
    properties: { type: { type: 'string' }, data: { $ref: '#/components/schemas/Item' } },
  };
  return doc;
}

export function sharedVariant(edit: (doc: Doc) => void, version = '1.0.0'): Doc {
  const doc = sharedDocument(version);
  edit(doc);
  return doc;
}

export const sharedEdits = {
  /** Every user of Item: GET /items, POST /items, GET /items/{id}, webhook item.created. */
  removeItemField: edits.removeResponseField,
  /** Every 404: GET /items, GET /items/{id}, DELETE /items/{id}. */
  widenErrorCode: edits.widenOpenResponseEnum,
  /** The webhook item.created alone (ItemEvent is only its body). */
  describeEventType(doc: Doc) {
    doc.components.schemas.ItemEvent.properties.type.description = 'What happened, such as item.created.';
  },
  /** Both operations of /items/{id}. */
  describeItemIdOtherwise(doc: Doc) {
    doc.components.parameters.ItemId.description = 'The id of the item, as GET /items lists it.';
  },
};

/** Where a generated document uses the shared chain Leaf ← Mid ← Top (see `usageDocument`). */
export interface Use {
  via: 'none' | 'Leaf' | 'Mid' | 'Top';
  place: 'response' | 'response-items' | 'response-data' | 'request';
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
}

/**
 * A document of `ops.length` operations (`/r0`, `/r1` …, one each) and `hooks.length` webhooks (`e0.happened` …), each
 * using the schema `Leaf` directly, through `Mid` (a property), through `Top` (allOf of Mid), or not at all, in a
 * response body, a response array's items, a response's `data` member or a request body. Returns the document, the
 * labels of the users in document order, and for each user the location of `Leaf` as seen from it (a path through
 * the `$ref`s, the way `redocly diff` reports it).
 */
export function usageDocument(
  ops: Use[],
  hooks: Use[],
  version = '1.0.0',
): { doc: Doc; users: string[]; locations: string[] } {
  const ref = (via: Use['via']) => ({ $ref: `#/components/schemas/${via}` });
  const escape = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1');
  // Where Leaf sits inside the schema a use puts in place, as pointer segments.
  const leafInside = { Leaf: [], Mid: ['properties', 'leaf'], Top: ['allOf', '0', 'properties', 'leaf'] } as Record<
    string,
    string[]
  >;
  const wrap = (u: Use): { schema: Doc; inner: string[] } => {
    const target = ref(u.via);
    if (u.place === 'response-items') return { schema: { type: 'array', items: target }, inner: ['items'] };
    if (u.place === 'response-data')
      return { schema: { type: 'object', properties: { data: target } }, inner: ['properties', 'data'] };
    return { schema: target, inner: [] };
  };
  /** A webhook's schema is always its request body (what is sent); `place` then only shapes the schema. */
  const operation = (u: Use, base: string[], request = u.place === 'request') => {
    const op: Doc = { summary: 'generated', responses: { '200': { description: 'OK' } } };
    if (u.via === 'none') return { op, location: undefined };
    const { schema, inner } = wrap(u);
    const media = { content: { 'application/json': { schema } } };
    const at = request
      ? [...base, 'requestBody', 'content', 'application/json', 'schema']
      : [...base, 'responses', '200', 'content', 'application/json', 'schema'];
    if (request) op.requestBody = media;
    else op.responses['200'] = { description: 'OK', ...media };
    return { op, location: `#/${[...at, ...inner, ...leafInside[u.via]!].map(escape).join('/')}` };
  };
  const doc: Doc = {
    openapi: '3.1.0',
    info: { title: 'Generated', version },
    paths: {},
    webhooks: {},
    components: {
      schemas: {
        Leaf: {
          type: 'object',
          required: ['a'],
          properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string', description: 'c' } },
        },
        Mid: { type: 'object', properties: { leaf: ref('Leaf') } },
        Top: { allOf: [ref('Mid')] },
      },
    },
  };
  const users: string[] = [];
  const locations: string[] = [];
  ops.forEach((u, i) => {
    const method = u.place === 'request' && (u.method === 'get' || u.method === 'delete') ? 'post' : u.method;
    const { op, location } = operation(u, ['paths', `/r${i}`, method]);
    doc.paths[`/r${i}`] = { [method]: { operationId: `op${i}`, ...op } };
    if (location) {
      users.push(`${method.toUpperCase()} /r${i}`);
      locations.push(location);
    }
  });
  hooks.forEach((u, i) => {
    const name = `e${i}.happened`;
    const { op, location } = operation(u, ['webhooks', name, 'post'], true);
    doc.webhooks[name] = { post: op };
    if (location) {
      users.push(`webhook ${name}`);
      locations.push(location);
    }
  });
  return { doc, users, locations };
}

/** Edits of `Leaf` for `usageDocument`: each is seen by every user of Leaf. */
export const leafEdits: Record<string, (doc: Doc) => void> = {
  'a property removed': (doc) => {
    delete doc.components.schemas.Leaf.properties.b;
  },
  'a property added': (doc) => {
    doc.components.schemas.Leaf.properties.d = { type: 'string' };
  },
  'a description changed': (doc) => {
    doc.components.schemas.Leaf.properties.c.description = 'c, said otherwise';
  },
  'a property made required': (doc) => {
    doc.components.schemas.Leaf.required = ['a', 'b'];
  },
};
