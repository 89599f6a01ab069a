#!/usr/bin/env node
import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 181:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("buffer");

/***/ }),

/***/ 932:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("process");

/***/ }),

/***/ 7349:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var Scalar = __nccwpck_require__(3301);
var YAMLMap = __nccwpck_require__(4454);
var YAMLSeq = __nccwpck_require__(2223);
var resolveBlockMap = __nccwpck_require__(7103);
var resolveBlockSeq = __nccwpck_require__(334);
var resolveFlowCollection = __nccwpck_require__(3142);

function resolveCollection(CN, ctx, token, onError, tagName, tag) {
    const coll = token.type === 'block-map'
        ? resolveBlockMap.resolveBlockMap(CN, ctx, token, onError, tag)
        : token.type === 'block-seq'
            ? resolveBlockSeq.resolveBlockSeq(CN, ctx, token, onError, tag)
            : resolveFlowCollection.resolveFlowCollection(CN, ctx, token, onError, tag);
    const Coll = coll.constructor;
    // If we got a tagName matching the class, or the tag name is '!',
    // then use the tagName from the node class used to create it.
    if (tagName === '!' || tagName === Coll.tagName) {
        coll.tag = Coll.tagName;
        return coll;
    }
    if (tagName)
        coll.tag = tagName;
    return coll;
}
function composeCollection(CN, ctx, token, props, onError) {
    const tagToken = props.tag;
    const tagName = !tagToken
        ? null
        : ctx.directives.tagName(tagToken.source, msg => onError(tagToken, 'TAG_RESOLVE_FAILED', msg));
    if (token.type === 'block-seq') {
        const { anchor, newlineAfterProp: nl } = props;
        const lastProp = anchor && tagToken
            ? anchor.offset > tagToken.offset
                ? anchor
                : tagToken
            : (anchor ?? tagToken);
        if (lastProp && (!nl || nl.offset < lastProp.offset)) {
            const message = 'Missing newline after block sequence props';
            onError(lastProp, 'MISSING_CHAR', message);
        }
    }
    const expType = token.type === 'block-map'
        ? 'map'
        : token.type === 'block-seq'
            ? 'seq'
            : token.start.source === '{'
                ? 'map'
                : 'seq';
    // shortcut: check if it's a generic YAMLMap or YAMLSeq
    // before jumping into the custom tag logic.
    if (!tagToken ||
        !tagName ||
        tagName === '!' ||
        (tagName === YAMLMap.YAMLMap.tagName && expType === 'map') ||
        (tagName === YAMLSeq.YAMLSeq.tagName && expType === 'seq')) {
        return resolveCollection(CN, ctx, token, onError, tagName);
    }
    let tag = ctx.schema.tags.find(t => t.tag === tagName && t.collection === expType);
    if (!tag) {
        const kt = ctx.schema.knownTags[tagName];
        if (kt?.collection === expType) {
            ctx.schema.tags.push(Object.assign({}, kt, { default: false }));
            tag = kt;
        }
        else {
            if (kt) {
                onError(tagToken, 'BAD_COLLECTION_TYPE', `${kt.tag} used for ${expType} collection, but expects ${kt.collection ?? 'scalar'}`, true);
            }
            else {
                onError(tagToken, 'TAG_RESOLVE_FAILED', `Unresolved tag: ${tagName}`, true);
            }
            return resolveCollection(CN, ctx, token, onError, tagName);
        }
    }
    const coll = resolveCollection(CN, ctx, token, onError, tagName, tag);
    const res = tag.resolve?.(coll, msg => onError(tagToken, 'TAG_RESOLVE_FAILED', msg), ctx.options) ?? coll;
    const node = identity.isNode(res)
        ? res
        : new Scalar.Scalar(res);
    node.range = coll.range;
    node.tag = tagName;
    if (tag?.format)
        node.format = tag.format;
    return node;
}

exports.composeCollection = composeCollection;


/***/ }),

/***/ 3683:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Document = __nccwpck_require__(3021);
var composeNode = __nccwpck_require__(5937);
var resolveEnd = __nccwpck_require__(7788);
var resolveProps = __nccwpck_require__(4631);

function composeDoc(options, directives, { offset, start, value, end }, onError) {
    const opts = Object.assign({ _directives: directives }, options);
    const doc = new Document.Document(undefined, opts);
    const ctx = {
        atKey: false,
        atRoot: true,
        directives: doc.directives,
        options: doc.options,
        schema: doc.schema
    };
    const props = resolveProps.resolveProps(start, {
        indicator: 'doc-start',
        next: value ?? end?.[0],
        offset,
        onError,
        parentIndent: 0,
        startOnNewline: true
    });
    if (props.found) {
        doc.directives.docStart = true;
        if (value &&
            (value.type === 'block-map' || value.type === 'block-seq') &&
            !props.hasNewline)
            onError(props.end, 'MISSING_CHAR', 'Block collection cannot start on same line with directives-end marker');
    }
    // @ts-expect-error If Contents is set, let's trust the user
    doc.contents = value
        ? composeNode.composeNode(ctx, value, props, onError)
        : composeNode.composeEmptyNode(ctx, props.end, start, null, props, onError);
    const contentEnd = doc.contents.range[2];
    const re = resolveEnd.resolveEnd(end, contentEnd, false, onError);
    if (re.comment)
        doc.comment = re.comment;
    doc.range = [offset, contentEnd, re.offset];
    return doc;
}

exports.composeDoc = composeDoc;


/***/ }),

/***/ 5937:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Alias = __nccwpck_require__(4065);
var identity = __nccwpck_require__(1127);
var composeCollection = __nccwpck_require__(7349);
var composeScalar = __nccwpck_require__(5413);
var resolveEnd = __nccwpck_require__(7788);
var utilEmptyScalarPosition = __nccwpck_require__(2599);

const CN = { composeNode, composeEmptyNode };
function composeNode(ctx, token, props, onError) {
    const atKey = ctx.atKey;
    const { spaceBefore, comment, anchor, tag } = props;
    let node;
    let isSrcToken = true;
    switch (token.type) {
        case 'alias':
            node = composeAlias(ctx, token, onError);
            if (anchor || tag)
                onError(token, 'ALIAS_PROPS', 'An alias node must not specify any properties');
            break;
        case 'scalar':
        case 'single-quoted-scalar':
        case 'double-quoted-scalar':
        case 'block-scalar':
            node = composeScalar.composeScalar(ctx, token, tag, onError);
            if (anchor)
                node.anchor = anchor.source.substring(1);
            break;
        case 'block-map':
        case 'block-seq':
        case 'flow-collection':
            try {
                node = composeCollection.composeCollection(CN, ctx, token, props, onError);
                if (anchor)
                    node.anchor = anchor.source.substring(1);
            }
            catch (error) {
                // Almost certainly here due to a stack overflow
                const message = error instanceof Error ? error.message : String(error);
                onError(token, 'RESOURCE_EXHAUSTION', message);
            }
            break;
        default: {
            const message = token.type === 'error'
                ? token.message
                : `Unsupported token (type: ${token.type})`;
            onError(token, 'UNEXPECTED_TOKEN', message);
            isSrcToken = false;
        }
    }
    node ?? (node = composeEmptyNode(ctx, token.offset, undefined, null, props, onError));
    if (anchor && node.anchor === '')
        onError(anchor, 'BAD_ALIAS', 'Anchor cannot be an empty string');
    if (atKey &&
        ctx.options.stringKeys &&
        (!identity.isScalar(node) ||
            typeof node.value !== 'string' ||
            (node.tag && node.tag !== 'tag:yaml.org,2002:str'))) {
        const msg = 'With stringKeys, all keys must be strings';
        onError(tag ?? token, 'NON_STRING_KEY', msg);
    }
    if (spaceBefore)
        node.spaceBefore = true;
    if (comment) {
        if (token.type === 'scalar' && token.source === '')
            node.comment = comment;
        else
            node.commentBefore = comment;
    }
    // @ts-expect-error Type checking misses meaning of isSrcToken
    if (ctx.options.keepSourceTokens && isSrcToken)
        node.srcToken = token;
    return node;
}
function composeEmptyNode(ctx, offset, before, pos, { spaceBefore, comment, anchor, tag, end }, onError) {
    const token = {
        type: 'scalar',
        offset: utilEmptyScalarPosition.emptyScalarPosition(offset, before, pos),
        indent: -1,
        source: ''
    };
    const node = composeScalar.composeScalar(ctx, token, tag, onError);
    if (anchor) {
        node.anchor = anchor.source.substring(1);
        if (node.anchor === '')
            onError(anchor, 'BAD_ALIAS', 'Anchor cannot be an empty string');
    }
    if (spaceBefore)
        node.spaceBefore = true;
    if (comment) {
        node.comment = comment;
        node.range[2] = end;
    }
    return node;
}
function composeAlias({ options }, { offset, source, end }, onError) {
    const alias = new Alias.Alias(source.substring(1));
    if (alias.source === '')
        onError(offset, 'BAD_ALIAS', 'Alias cannot be an empty string');
    if (alias.source.endsWith(':'))
        onError(offset + source.length - 1, 'BAD_ALIAS', 'Alias ending in : is ambiguous', true);
    const valueEnd = offset + source.length;
    const re = resolveEnd.resolveEnd(end, valueEnd, options.strict, onError);
    alias.range = [offset, valueEnd, re.offset];
    if (re.comment)
        alias.comment = re.comment;
    return alias;
}

exports.composeEmptyNode = composeEmptyNode;
exports.composeNode = composeNode;


/***/ }),

/***/ 5413:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var Scalar = __nccwpck_require__(3301);
var resolveBlockScalar = __nccwpck_require__(8913);
var resolveFlowScalar = __nccwpck_require__(6842);

function composeScalar(ctx, token, tagToken, onError) {
    const { value, type, comment, range } = token.type === 'block-scalar'
        ? resolveBlockScalar.resolveBlockScalar(ctx, token, onError)
        : resolveFlowScalar.resolveFlowScalar(token, ctx.options.strict, onError);
    const tagName = tagToken
        ? ctx.directives.tagName(tagToken.source, msg => onError(tagToken, 'TAG_RESOLVE_FAILED', msg))
        : null;
    let tag;
    if (ctx.options.stringKeys && ctx.atKey) {
        tag = ctx.schema[identity.SCALAR];
    }
    else if (tagName)
        tag = findScalarTagByName(ctx.schema, value, tagName, tagToken, onError);
    else if (token.type === 'scalar')
        tag = findScalarTagByTest(ctx, value, token, onError);
    else
        tag = ctx.schema[identity.SCALAR];
    let scalar;
    try {
        const res = tag.resolve(value, msg => onError(tagToken ?? token, 'TAG_RESOLVE_FAILED', msg), ctx.options);
        scalar = identity.isScalar(res) ? res : new Scalar.Scalar(res);
    }
    catch (error) {
        const msg = error instanceof Error ? error.message : String(error);
        onError(tagToken ?? token, 'TAG_RESOLVE_FAILED', msg);
        scalar = new Scalar.Scalar(value);
    }
    scalar.range = range;
    scalar.source = value;
    if (type)
        scalar.type = type;
    if (tagName)
        scalar.tag = tagName;
    if (tag.format)
        scalar.format = tag.format;
    if (comment)
        scalar.comment = comment;
    return scalar;
}
function findScalarTagByName(schema, value, tagName, tagToken, onError) {
    if (tagName === '!')
        return schema[identity.SCALAR]; // non-specific tag
    const matchWithTest = [];
    for (const tag of schema.tags) {
        if (!tag.collection && tag.tag === tagName) {
            if (tag.default && tag.test)
                matchWithTest.push(tag);
            else
                return tag;
        }
    }
    for (const tag of matchWithTest)
        if (tag.test?.test(value))
            return tag;
    const kt = schema.knownTags[tagName];
    if (kt && !kt.collection) {
        // Ensure that the known tag is available for stringifying,
        // but does not get used by default.
        schema.tags.push(Object.assign({}, kt, { default: false, test: undefined }));
        return kt;
    }
    onError(tagToken, 'TAG_RESOLVE_FAILED', `Unresolved tag: ${tagName}`, tagName !== 'tag:yaml.org,2002:str');
    return schema[identity.SCALAR];
}
function findScalarTagByTest({ atKey, directives, schema }, value, token, onError) {
    const tag = schema.tags.find(tag => (tag.default === true || (atKey && tag.default === 'key')) &&
        tag.test?.test(value)) || schema[identity.SCALAR];
    if (schema.compat) {
        const compat = schema.compat.find(tag => tag.default && tag.test?.test(value)) ??
            schema[identity.SCALAR];
        if (tag.tag !== compat.tag) {
            const ts = directives.tagString(tag.tag);
            const cs = directives.tagString(compat.tag);
            const msg = `Value may be parsed as either ${ts} or ${cs}`;
            onError(token, 'TAG_RESOLVE_FAILED', msg, true);
        }
    }
    return tag;
}

exports.composeScalar = composeScalar;


/***/ }),

/***/ 9984:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var node_process = __nccwpck_require__(932);
var directives = __nccwpck_require__(1342);
var Document = __nccwpck_require__(3021);
var errors = __nccwpck_require__(1464);
var identity = __nccwpck_require__(1127);
var composeDoc = __nccwpck_require__(3683);
var resolveEnd = __nccwpck_require__(7788);

function getErrorPos(src) {
    if (typeof src === 'number')
        return [src, src + 1];
    if (Array.isArray(src))
        return src.length === 2 ? src : [src[0], src[1]];
    const { offset, source } = src;
    return [offset, offset + (typeof source === 'string' ? source.length : 1)];
}
function parsePrelude(prelude) {
    let comment = '';
    let atComment = false;
    let afterEmptyLine = false;
    for (let i = 0; i < prelude.length; ++i) {
        const source = prelude[i];
        switch (source[0]) {
            case '#':
                comment +=
                    (comment === '' ? '' : afterEmptyLine ? '\n\n' : '\n') +
                        (source.substring(1) || ' ');
                atComment = true;
                afterEmptyLine = false;
                break;
            case '%':
                if (prelude[i + 1]?.[0] !== '#')
                    i += 1;
                atComment = false;
                break;
            default:
                // This may be wrong after doc-end, but in that case it doesn't matter
                if (!atComment)
                    afterEmptyLine = true;
                atComment = false;
        }
    }
    return { comment, afterEmptyLine };
}
/**
 * Compose a stream of CST nodes into a stream of YAML Documents.
 *
 * ```ts
 * import { Composer, Parser } from 'yaml'
 *
 * const src: string = ...
 * const tokens = new Parser().parse(src)
 * const docs = new Composer().compose(tokens)
 * ```
 */
class Composer {
    constructor(options = {}) {
        this.doc = null;
        this.atDirectives = false;
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
        this.onError = (source, code, message, warning) => {
            const pos = getErrorPos(source);
            if (warning)
                this.warnings.push(new errors.YAMLWarning(pos, code, message));
            else
                this.errors.push(new errors.YAMLParseError(pos, code, message));
        };
        // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
        this.directives = new directives.Directives({ version: options.version || '1.2' });
        this.options = options;
    }
    decorate(doc, afterDoc) {
        const { comment, afterEmptyLine } = parsePrelude(this.prelude);
        //console.log({ dc: doc.comment, prelude, comment })
        if (comment) {
            const dc = doc.contents;
            if (afterDoc) {
                doc.comment = doc.comment ? `${doc.comment}\n${comment}` : comment;
            }
            else if (afterEmptyLine || doc.directives.docStart || !dc) {
                doc.commentBefore = comment;
            }
            else if (identity.isCollection(dc) && !dc.flow && dc.items.length > 0) {
                let it = dc.items[0];
                if (identity.isPair(it))
                    it = it.key;
                const cb = it.commentBefore;
                it.commentBefore = cb ? `${comment}\n${cb}` : comment;
            }
            else {
                const cb = dc.commentBefore;
                dc.commentBefore = cb ? `${comment}\n${cb}` : comment;
            }
        }
        if (afterDoc) {
            for (let i = 0; i < this.errors.length; ++i)
                doc.errors.push(this.errors[i]);
            for (let i = 0; i < this.warnings.length; ++i)
                doc.warnings.push(this.warnings[i]);
        }
        else {
            doc.errors = this.errors;
            doc.warnings = this.warnings;
        }
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
    }
    /**
     * Current stream status information.
     *
     * Mostly useful at the end of input for an empty stream.
     */
    streamInfo() {
        return {
            comment: parsePrelude(this.prelude).comment,
            directives: this.directives,
            errors: this.errors,
            warnings: this.warnings
        };
    }
    /**
     * Compose tokens into documents.
     *
     * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
     * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
     */
    *compose(tokens, forceDoc = false, endOffset = -1) {
        for (const token of tokens)
            yield* this.next(token);
        yield* this.end(forceDoc, endOffset);
    }
    /** Advance the composer by one CST token. */
    *next(token) {
        if (node_process.env.LOG_STREAM)
            console.dir(token, { depth: null });
        switch (token.type) {
            case 'directive':
                this.directives.add(token.source, (offset, message, warning) => {
                    const pos = getErrorPos(token);
                    pos[0] += offset;
                    this.onError(pos, 'BAD_DIRECTIVE', message, warning);
                });
                this.prelude.push(token.source);
                this.atDirectives = true;
                break;
            case 'document': {
                const doc = composeDoc.composeDoc(this.options, this.directives, token, this.onError);
                if (this.atDirectives && !doc.directives.docStart)
                    this.onError(token, 'MISSING_CHAR', 'Missing directives-end/doc-start indicator line');
                this.decorate(doc, false);
                if (this.doc)
                    yield this.doc;
                this.doc = doc;
                this.atDirectives = false;
                break;
            }
            case 'byte-order-mark':
            case 'space':
                break;
            case 'comment':
            case 'newline':
                this.prelude.push(token.source);
                break;
            case 'error': {
                const msg = token.source
                    ? `${token.message}: ${JSON.stringify(token.source)}`
                    : token.message;
                const error = new errors.YAMLParseError(getErrorPos(token), 'UNEXPECTED_TOKEN', msg);
                if (this.atDirectives || !this.doc)
                    this.errors.push(error);
                else
                    this.doc.errors.push(error);
                break;
            }
            case 'doc-end': {
                if (!this.doc) {
                    const msg = 'Unexpected doc-end without preceding document';
                    this.errors.push(new errors.YAMLParseError(getErrorPos(token), 'UNEXPECTED_TOKEN', msg));
                    break;
                }
                this.doc.directives.docEnd = true;
                const end = resolveEnd.resolveEnd(token.end, token.offset + token.source.length, this.doc.options.strict, this.onError);
                this.decorate(this.doc, true);
                if (end.comment) {
                    const dc = this.doc.comment;
                    this.doc.comment = dc ? `${dc}\n${end.comment}` : end.comment;
                }
                this.doc.range[2] = end.offset;
                break;
            }
            default:
                this.errors.push(new errors.YAMLParseError(getErrorPos(token), 'UNEXPECTED_TOKEN', `Unsupported token ${token.type}`));
        }
    }
    /**
     * Call at end of input to yield any remaining document.
     *
     * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
     * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
     */
    *end(forceDoc = false, endOffset = -1) {
        if (this.doc) {
            this.decorate(this.doc, true);
            yield this.doc;
            this.doc = null;
        }
        else if (forceDoc) {
            const opts = Object.assign({ _directives: this.directives }, this.options);
            const doc = new Document.Document(undefined, opts);
            if (this.atDirectives)
                this.onError(endOffset, 'MISSING_CHAR', 'Missing directives-end indicator line');
            doc.range = [0, endOffset, endOffset];
            this.decorate(doc, false);
            yield doc;
        }
    }
}

exports.Composer = Composer;


/***/ }),

/***/ 7103:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Pair = __nccwpck_require__(7165);
var YAMLMap = __nccwpck_require__(4454);
var resolveProps = __nccwpck_require__(4631);
var utilContainsNewline = __nccwpck_require__(9499);
var utilFlowIndentCheck = __nccwpck_require__(4051);
var utilMapIncludes = __nccwpck_require__(1187);

const startColMsg = 'All mapping items must start at the same column';
function resolveBlockMap({ composeNode, composeEmptyNode }, ctx, bm, onError, tag) {
    const NodeClass = tag?.nodeClass ?? YAMLMap.YAMLMap;
    const map = new NodeClass(ctx.schema);
    if (ctx.atRoot)
        ctx.atRoot = false;
    let offset = bm.offset;
    let commentEnd = null;
    for (const collItem of bm.items) {
        const { start, key, sep, value } = collItem;
        // key properties
        const keyProps = resolveProps.resolveProps(start, {
            indicator: 'explicit-key-ind',
            next: key ?? sep?.[0],
            offset,
            onError,
            parentIndent: bm.indent,
            startOnNewline: true
        });
        const implicitKey = !keyProps.found;
        if (implicitKey) {
            if (key) {
                if (key.type === 'block-seq')
                    onError(offset, 'BLOCK_AS_IMPLICIT_KEY', 'A block sequence may not be used as an implicit map key');
                else if ('indent' in key && key.indent !== bm.indent)
                    onError(offset, 'BAD_INDENT', startColMsg);
            }
            if (!keyProps.anchor && !keyProps.tag && !sep) {
                commentEnd = keyProps.end;
                if (keyProps.comment) {
                    if (map.comment)
                        map.comment += '\n' + keyProps.comment;
                    else
                        map.comment = keyProps.comment;
                }
                continue;
            }
            if (keyProps.newlineAfterProp || utilContainsNewline.containsNewline(key)) {
                onError(key ?? start[start.length - 1], 'MULTILINE_IMPLICIT_KEY', 'Implicit keys need to be on a single line');
            }
        }
        else if (keyProps.found?.indent !== bm.indent) {
            onError(offset, 'BAD_INDENT', startColMsg);
        }
        // key value
        ctx.atKey = true;
        const keyStart = keyProps.end;
        const keyNode = key
            ? composeNode(ctx, key, keyProps, onError)
            : composeEmptyNode(ctx, keyStart, start, null, keyProps, onError);
        if (ctx.schema.compat)
            utilFlowIndentCheck.flowIndentCheck(bm.indent, key, onError);
        ctx.atKey = false;
        if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
            onError(keyStart, 'DUPLICATE_KEY', 'Map keys must be unique');
        // value properties
        const valueProps = resolveProps.resolveProps(sep ?? [], {
            indicator: 'map-value-ind',
            next: value,
            offset: keyNode.range[2],
            onError,
            parentIndent: bm.indent,
            startOnNewline: !key || key.type === 'block-scalar'
        });
        offset = valueProps.end;
        if (valueProps.found) {
            if (implicitKey) {
                if (value?.type === 'block-map' && !valueProps.hasNewline)
                    onError(offset, 'BLOCK_AS_IMPLICIT_KEY', 'Nested mappings are not allowed in compact mappings');
                if (ctx.options.strict &&
                    keyProps.start < valueProps.found.offset - 1024)
                    onError(keyNode.range, 'KEY_OVER_1024_CHARS', 'The : indicator must be at most 1024 chars after the start of an implicit block mapping key');
            }
            // value value
            const valueNode = value
                ? composeNode(ctx, value, valueProps, onError)
                : composeEmptyNode(ctx, offset, sep, null, valueProps, onError);
            if (ctx.schema.compat)
                utilFlowIndentCheck.flowIndentCheck(bm.indent, value, onError);
            offset = valueNode.range[2];
            const pair = new Pair.Pair(keyNode, valueNode);
            if (ctx.options.keepSourceTokens)
                pair.srcToken = collItem;
            map.items.push(pair);
        }
        else {
            // key with no value
            if (implicitKey)
                onError(keyNode.range, 'MISSING_CHAR', 'Implicit map keys need to be followed by map values');
            if (valueProps.comment) {
                if (keyNode.comment)
                    keyNode.comment += '\n' + valueProps.comment;
                else
                    keyNode.comment = valueProps.comment;
            }
            const pair = new Pair.Pair(keyNode);
            if (ctx.options.keepSourceTokens)
                pair.srcToken = collItem;
            map.items.push(pair);
        }
    }
    if (commentEnd && commentEnd < offset)
        onError(commentEnd, 'IMPOSSIBLE', 'Map comment with trailing content');
    map.range = [bm.offset, offset, commentEnd ?? offset];
    return map;
}

exports.resolveBlockMap = resolveBlockMap;


/***/ }),

/***/ 8913:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);

function resolveBlockScalar(ctx, scalar, onError) {
    const start = scalar.offset;
    const header = parseBlockScalarHeader(scalar, ctx.options.strict, onError);
    if (!header)
        return { value: '', type: null, comment: '', range: [start, start, start] };
    const type = header.mode === '>' ? Scalar.Scalar.BLOCK_FOLDED : Scalar.Scalar.BLOCK_LITERAL;
    const lines = scalar.source ? splitLines(scalar.source) : [];
    // determine the end of content & start of chomping
    let chompStart = lines.length;
    for (let i = lines.length - 1; i >= 0; --i) {
        const content = lines[i][1];
        if (content === '' || content === '\r')
            chompStart = i;
        else
            break;
    }
    // shortcut for empty contents
    if (chompStart === 0) {
        const value = header.chomp === '+' && lines.length > 0
            ? '\n'.repeat(Math.max(1, lines.length - 1))
            : '';
        let end = start + header.length;
        if (scalar.source)
            end += scalar.source.length;
        return { value, type, comment: header.comment, range: [start, end, end] };
    }
    // find the indentation level to trim from start
    let trimIndent = scalar.indent + header.indent;
    let offset = scalar.offset + header.length;
    let contentStart = 0;
    for (let i = 0; i < chompStart; ++i) {
        const [indent, content] = lines[i];
        if (content === '' || content === '\r') {
            if (header.indent === 0 && indent.length > trimIndent)
                trimIndent = indent.length;
        }
        else {
            if (indent.length < trimIndent) {
                const message = 'Block scalars with more-indented leading empty lines must use an explicit indentation indicator';
                onError(offset + indent.length, 'MISSING_CHAR', message);
            }
            if (header.indent === 0)
                trimIndent = indent.length;
            contentStart = i;
            if (trimIndent === 0 && !ctx.atRoot) {
                const message = 'Block scalar values in collections must be indented';
                onError(offset, 'BAD_INDENT', message);
            }
            break;
        }
        offset += indent.length + content.length + 1;
    }
    // include trailing more-indented empty lines in content
    for (let i = lines.length - 1; i >= chompStart; --i) {
        if (lines[i][0].length > trimIndent)
            chompStart = i + 1;
    }
    let value = '';
    let sep = '';
    let prevMoreIndented = false;
    // leading whitespace is kept intact
    for (let i = 0; i < contentStart; ++i)
        value += lines[i][0].slice(trimIndent) + '\n';
    for (let i = contentStart; i < chompStart; ++i) {
        let [indent, content] = lines[i];
        offset += indent.length + content.length + 1;
        const crlf = content[content.length - 1] === '\r';
        if (crlf)
            content = content.slice(0, -1);
        /* istanbul ignore if already caught in lexer */
        if (content && indent.length < trimIndent) {
            const src = header.indent
                ? 'explicit indentation indicator'
                : 'first line';
            const message = `Block scalar lines must not be less indented than their ${src}`;
            onError(offset - content.length - (crlf ? 2 : 1), 'BAD_INDENT', message);
            indent = '';
        }
        if (type === Scalar.Scalar.BLOCK_LITERAL) {
            value += sep + indent.slice(trimIndent) + content;
            sep = '\n';
        }
        else if (indent.length > trimIndent || content[0] === '\t') {
            // more-indented content within a folded block
            if (sep === ' ')
                sep = '\n';
            else if (!prevMoreIndented && sep === '\n')
                sep = '\n\n';
            value += sep + indent.slice(trimIndent) + content;
            sep = '\n';
            prevMoreIndented = true;
        }
        else if (content === '') {
            // empty line
            if (sep === '\n')
                value += '\n';
            else
                sep = '\n';
        }
        else {
            value += sep + content;
            sep = ' ';
            prevMoreIndented = false;
        }
    }
    switch (header.chomp) {
        case '-':
            break;
        case '+':
            for (let i = chompStart; i < lines.length; ++i)
                value += '\n' + lines[i][0].slice(trimIndent);
            if (value[value.length - 1] !== '\n')
                value += '\n';
            break;
        default:
            value += '\n';
    }
    const end = start + header.length + scalar.source.length;
    return { value, type, comment: header.comment, range: [start, end, end] };
}
function parseBlockScalarHeader({ offset, props }, strict, onError) {
    /* istanbul ignore if should not happen */
    if (props[0].type !== 'block-scalar-header') {
        onError(props[0], 'IMPOSSIBLE', 'Block scalar header not found');
        return null;
    }
    const { source } = props[0];
    const mode = source[0];
    let indent = 0;
    let chomp = '';
    let error = -1;
    for (let i = 1; i < source.length; ++i) {
        const ch = source[i];
        if (!chomp && (ch === '-' || ch === '+'))
            chomp = ch;
        else {
            const n = Number(ch);
            if (!indent && n)
                indent = n;
            else if (error === -1)
                error = offset + i;
        }
    }
    if (error !== -1)
        onError(error, 'UNEXPECTED_TOKEN', `Block scalar header includes extra characters: ${source}`);
    let hasSpace = false;
    let comment = '';
    let length = source.length;
    for (let i = 1; i < props.length; ++i) {
        const token = props[i];
        switch (token.type) {
            case 'space':
                hasSpace = true;
            // fallthrough
            case 'newline':
                length += token.source.length;
                break;
            case 'comment':
                if (strict && !hasSpace) {
                    const message = 'Comments must be separated from other tokens by white space characters';
                    onError(token, 'MISSING_CHAR', message);
                }
                length += token.source.length;
                comment = token.source.substring(1);
                break;
            case 'error':
                onError(token, 'UNEXPECTED_TOKEN', token.message);
                length += token.source.length;
                break;
            /* istanbul ignore next should not happen */
            default: {
                const message = `Unexpected token in block scalar header: ${token.type}`;
                onError(token, 'UNEXPECTED_TOKEN', message);
                const ts = token.source;
                if (ts && typeof ts === 'string')
                    length += ts.length;
            }
        }
    }
    return { mode, indent, chomp, comment, length };
}
/** @returns Array of lines split up as `[indent, content]` */
function splitLines(source) {
    const split = source.split(/\n( *)/);
    const first = split[0];
    const m = first.match(/^( *)/);
    const line0 = m?.[1]
        ? [m[1], first.slice(m[1].length)]
        : ['', first];
    const lines = [line0];
    for (let i = 1; i < split.length; i += 2)
        lines.push([split[i], split[i + 1]]);
    return lines;
}

exports.resolveBlockScalar = resolveBlockScalar;


/***/ }),

/***/ 334:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var YAMLSeq = __nccwpck_require__(2223);
var resolveProps = __nccwpck_require__(4631);
var utilFlowIndentCheck = __nccwpck_require__(4051);

function resolveBlockSeq({ composeNode, composeEmptyNode }, ctx, bs, onError, tag) {
    const NodeClass = tag?.nodeClass ?? YAMLSeq.YAMLSeq;
    const seq = new NodeClass(ctx.schema);
    if (ctx.atRoot)
        ctx.atRoot = false;
    if (ctx.atKey)
        ctx.atKey = false;
    let offset = bs.offset;
    let commentEnd = null;
    for (const { start, value } of bs.items) {
        const props = resolveProps.resolveProps(start, {
            indicator: 'seq-item-ind',
            next: value,
            offset,
            onError,
            parentIndent: bs.indent,
            startOnNewline: true
        });
        if (!props.found) {
            if (props.anchor || props.tag || value) {
                if (value?.type === 'block-seq')
                    onError(props.end, 'BAD_INDENT', 'All sequence items must start at the same column');
                else
                    onError(offset, 'MISSING_CHAR', 'Sequence item without - indicator');
            }
            else {
                commentEnd = props.end;
                if (props.comment)
                    seq.comment = props.comment;
                continue;
            }
        }
        const node = value
            ? composeNode(ctx, value, props, onError)
            : composeEmptyNode(ctx, props.end, start, null, props, onError);
        if (ctx.schema.compat)
            utilFlowIndentCheck.flowIndentCheck(bs.indent, value, onError);
        offset = node.range[2];
        seq.items.push(node);
    }
    seq.range = [bs.offset, offset, commentEnd ?? offset];
    return seq;
}

exports.resolveBlockSeq = resolveBlockSeq;


/***/ }),

/***/ 7788:
/***/ ((__unused_webpack_module, exports) => {



function resolveEnd(end, offset, reqSpace, onError) {
    let comment = '';
    if (end) {
        let hasSpace = false;
        let sep = '';
        for (const token of end) {
            const { source, type } = token;
            switch (type) {
                case 'space':
                    hasSpace = true;
                    break;
                case 'comment': {
                    if (reqSpace && !hasSpace)
                        onError(token, 'MISSING_CHAR', 'Comments must be separated from other tokens by white space characters');
                    const cb = source.substring(1) || ' ';
                    if (!comment)
                        comment = cb;
                    else
                        comment += sep + cb;
                    sep = '';
                    break;
                }
                case 'newline':
                    if (comment)
                        sep += source;
                    hasSpace = true;
                    break;
                default:
                    onError(token, 'UNEXPECTED_TOKEN', `Unexpected ${type} at node end`);
            }
            offset += source.length;
        }
    }
    return { comment, offset };
}

exports.resolveEnd = resolveEnd;


/***/ }),

/***/ 3142:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var Pair = __nccwpck_require__(7165);
var YAMLMap = __nccwpck_require__(4454);
var YAMLSeq = __nccwpck_require__(2223);
var resolveEnd = __nccwpck_require__(7788);
var resolveProps = __nccwpck_require__(4631);
var utilContainsNewline = __nccwpck_require__(9499);
var utilMapIncludes = __nccwpck_require__(1187);

const blockMsg = 'Block collections are not allowed within flow collections';
const isBlock = (token) => token && (token.type === 'block-map' || token.type === 'block-seq');
function resolveFlowCollection({ composeNode, composeEmptyNode }, ctx, fc, onError, tag) {
    const isMap = fc.start.source === '{';
    const fcName = isMap ? 'flow map' : 'flow sequence';
    const NodeClass = (tag?.nodeClass ?? (isMap ? YAMLMap.YAMLMap : YAMLSeq.YAMLSeq));
    const coll = new NodeClass(ctx.schema);
    coll.flow = true;
    const atRoot = ctx.atRoot;
    if (atRoot)
        ctx.atRoot = false;
    if (ctx.atKey)
        ctx.atKey = false;
    let offset = fc.offset + fc.start.source.length;
    for (let i = 0; i < fc.items.length; ++i) {
        const collItem = fc.items[i];
        const { start, key, sep, value } = collItem;
        const props = resolveProps.resolveProps(start, {
            flow: fcName,
            indicator: 'explicit-key-ind',
            next: key ?? sep?.[0],
            offset,
            onError,
            parentIndent: fc.indent,
            startOnNewline: false
        });
        if (!props.found) {
            if (!props.anchor && !props.tag && !sep && !value) {
                if (i === 0 && props.comma)
                    onError(props.comma, 'UNEXPECTED_TOKEN', `Unexpected , in ${fcName}`);
                else if (i < fc.items.length - 1)
                    onError(props.start, 'UNEXPECTED_TOKEN', `Unexpected empty item in ${fcName}`);
                if (props.comment) {
                    if (coll.comment)
                        coll.comment += '\n' + props.comment;
                    else
                        coll.comment = props.comment;
                }
                offset = props.end;
                continue;
            }
            if (!isMap && ctx.options.strict && utilContainsNewline.containsNewline(key))
                onError(key, // checked by containsNewline()
                'MULTILINE_IMPLICIT_KEY', 'Implicit keys of flow sequence pairs need to be on a single line');
        }
        if (i === 0) {
            if (props.comma)
                onError(props.comma, 'UNEXPECTED_TOKEN', `Unexpected , in ${fcName}`);
        }
        else {
            if (!props.comma)
                onError(props.start, 'MISSING_CHAR', `Missing , between ${fcName} items`);
            if (props.comment) {
                let prevItemComment = '';
                loop: for (const st of start) {
                    switch (st.type) {
                        case 'comma':
                        case 'space':
                            break;
                        case 'comment':
                            prevItemComment = st.source.substring(1);
                            break loop;
                        default:
                            break loop;
                    }
                }
                if (prevItemComment) {
                    let prev = coll.items[coll.items.length - 1];
                    if (identity.isPair(prev))
                        prev = prev.value ?? prev.key;
                    if (prev.comment)
                        prev.comment += '\n' + prevItemComment;
                    else
                        prev.comment = prevItemComment;
                    props.comment = props.comment.substring(prevItemComment.length + 1);
                }
            }
        }
        if (!isMap && !sep && !props.found) {
            // item is a value in a seq
            // → key & sep are empty, start does not include ? or :
            const valueNode = value
                ? composeNode(ctx, value, props, onError)
                : composeEmptyNode(ctx, props.end, sep, null, props, onError);
            coll.items.push(valueNode);
            offset = valueNode.range[2];
            if (isBlock(value))
                onError(valueNode.range, 'BLOCK_IN_FLOW', blockMsg);
        }
        else {
            // item is a key+value pair
            // key value
            ctx.atKey = true;
            const keyStart = props.end;
            const keyNode = key
                ? composeNode(ctx, key, props, onError)
                : composeEmptyNode(ctx, keyStart, start, null, props, onError);
            if (isBlock(key))
                onError(keyNode.range, 'BLOCK_IN_FLOW', blockMsg);
            ctx.atKey = false;
            // value properties
            const valueProps = resolveProps.resolveProps(sep ?? [], {
                flow: fcName,
                indicator: 'map-value-ind',
                next: value,
                offset: keyNode.range[2],
                onError,
                parentIndent: fc.indent,
                startOnNewline: false
            });
            if (valueProps.found) {
                if (!isMap && !props.found && ctx.options.strict) {
                    if (sep)
                        for (const st of sep) {
                            if (st === valueProps.found)
                                break;
                            if (st.type === 'newline') {
                                onError(st, 'MULTILINE_IMPLICIT_KEY', 'Implicit keys of flow sequence pairs need to be on a single line');
                                break;
                            }
                        }
                    if (props.start < valueProps.found.offset - 1024)
                        onError(valueProps.found, 'KEY_OVER_1024_CHARS', 'The : indicator must be at most 1024 chars after the start of an implicit flow sequence key');
                }
            }
            else if (value) {
                if ('source' in value && value.source?.[0] === ':')
                    onError(value, 'MISSING_CHAR', `Missing space after : in ${fcName}`);
                else
                    onError(valueProps.start, 'MISSING_CHAR', `Missing , or : between ${fcName} items`);
            }
            // value value
            const valueNode = value
                ? composeNode(ctx, value, valueProps, onError)
                : valueProps.found
                    ? composeEmptyNode(ctx, valueProps.end, sep, null, valueProps, onError)
                    : null;
            if (valueNode) {
                if (isBlock(value))
                    onError(valueNode.range, 'BLOCK_IN_FLOW', blockMsg);
            }
            else if (valueProps.comment) {
                if (keyNode.comment)
                    keyNode.comment += '\n' + valueProps.comment;
                else
                    keyNode.comment = valueProps.comment;
            }
            const pair = new Pair.Pair(keyNode, valueNode);
            if (ctx.options.keepSourceTokens)
                pair.srcToken = collItem;
            if (isMap) {
                const map = coll;
                if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
                    onError(keyStart, 'DUPLICATE_KEY', 'Map keys must be unique');
                map.items.push(pair);
            }
            else {
                const map = new YAMLMap.YAMLMap(ctx.schema);
                map.flow = true;
                map.items.push(pair);
                const endRange = (valueNode ?? keyNode).range;
                map.range = [keyNode.range[0], endRange[1], endRange[2]];
                coll.items.push(map);
            }
            offset = valueNode ? valueNode.range[2] : valueProps.end;
        }
    }
    const expectedEnd = isMap ? '}' : ']';
    const [ce, ...ee] = fc.end;
    let cePos = offset;
    if (ce?.source === expectedEnd)
        cePos = ce.offset + ce.source.length;
    else {
        const name = fcName[0].toUpperCase() + fcName.substring(1);
        const msg = atRoot
            ? `${name} must end with a ${expectedEnd}`
            : `${name} in block collection must be sufficiently indented and end with a ${expectedEnd}`;
        onError(offset, atRoot ? 'MISSING_CHAR' : 'BAD_INDENT', msg);
        if (ce && ce.source.length !== 1)
            ee.unshift(ce);
    }
    if (ee.length > 0) {
        const end = resolveEnd.resolveEnd(ee, cePos, ctx.options.strict, onError);
        if (end.comment) {
            if (coll.comment)
                coll.comment += '\n' + end.comment;
            else
                coll.comment = end.comment;
        }
        coll.range = [fc.offset, cePos, end.offset];
    }
    else {
        coll.range = [fc.offset, cePos, cePos];
    }
    return coll;
}

exports.resolveFlowCollection = resolveFlowCollection;


/***/ }),

/***/ 6842:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);
var resolveEnd = __nccwpck_require__(7788);

function resolveFlowScalar(scalar, strict, onError) {
    const { offset, type, source, end } = scalar;
    let _type;
    let value;
    const _onError = (rel, code, msg) => onError(offset + rel, code, msg);
    switch (type) {
        case 'scalar':
            _type = Scalar.Scalar.PLAIN;
            value = plainValue(source, _onError);
            break;
        case 'single-quoted-scalar':
            _type = Scalar.Scalar.QUOTE_SINGLE;
            value = singleQuotedValue(source, _onError);
            break;
        case 'double-quoted-scalar':
            _type = Scalar.Scalar.QUOTE_DOUBLE;
            value = doubleQuotedValue(source, _onError);
            break;
        /* istanbul ignore next should not happen */
        default:
            onError(scalar, 'UNEXPECTED_TOKEN', `Expected a flow scalar value, but found: ${type}`);
            return {
                value: '',
                type: null,
                comment: '',
                range: [offset, offset + source.length, offset + source.length]
            };
    }
    const valueEnd = offset + source.length;
    const re = resolveEnd.resolveEnd(end, valueEnd, strict, onError);
    return {
        value,
        type: _type,
        comment: re.comment,
        range: [offset, valueEnd, re.offset]
    };
}
function plainValue(source, onError) {
    let badChar = '';
    switch (source[0]) {
        /* istanbul ignore next should not happen */
        case '\t':
            badChar = 'a tab character';
            break;
        case ',':
            badChar = 'flow indicator character ,';
            break;
        case '%':
            badChar = 'directive indicator character %';
            break;
        case '|':
        case '>': {
            badChar = `block scalar indicator ${source[0]}`;
            break;
        }
        case '@':
        case '`': {
            badChar = `reserved character ${source[0]}`;
            break;
        }
    }
    if (badChar)
        onError(0, 'BAD_SCALAR_START', `Plain value cannot start with ${badChar}`);
    return unfoldLines(source);
}
function singleQuotedValue(source, onError) {
    if (source[source.length - 1] !== "'" || source.length === 1)
        onError(source.length, 'MISSING_CHAR', "Missing closing 'quote");
    return unfoldLines(source.slice(1, -1)).replace(/''/g, "'");
}
function unfoldLines(source) {
    const line = /(.*?)\r?\n/sy;
    let match = line.exec(source);
    if (!match)
        return source;
    /**
     * The negative lookbehinds in these RegExps are to
     * prevent causing a polynomial search time in certain cases.
     *
     * The try-catch is for Safari < 16.4 and other old browsers:
     * https://caniuse.com/js-regexp-lookbehind
     */
    let trimEnd, trimBoth;
    try {
        trimEnd = new RegExp('(?<![ \t])[ \t]+$');
        trimBoth = new RegExp('^[ \t]+|(?<![ \t])[ \t]+$', 'g');
    }
    catch {
        trimEnd = /[ \t]+$/;
        trimBoth = /^[ \t]+|[ \t]+$/g;
    }
    let res = match[1].replace(trimEnd, '');
    let sep = ' ';
    let pos = line.lastIndex;
    while ((match = line.exec(source))) {
        const lm = match[1].replace(trimBoth, '');
        if (lm === '') {
            if (sep === '\n')
                res += sep;
            else
                sep = '\n';
        }
        else {
            res += sep + lm;
            sep = ' ';
        }
        pos = line.lastIndex;
    }
    const last = /[ \t]*(.*)/sy;
    last.lastIndex = pos;
    match = last.exec(source);
    return res + sep + (match?.[1] ?? '');
}
function doubleQuotedValue(source, onError) {
    let res = '';
    for (let i = 1; i < source.length - 1; ++i) {
        const ch = source[i];
        if (ch === '\r' && source[i + 1] === '\n')
            continue;
        if (ch === '\n') {
            const { fold, offset } = foldNewline(source, i);
            res += fold;
            i = offset;
        }
        else if (ch === '\\') {
            let next = source[++i];
            const cc = escapeCodes[next];
            if (cc)
                res += cc;
            else if (next === '\n') {
                // skip escaped newlines, but still trim the following line
                next = source[i + 1];
                while (next === ' ' || next === '\t')
                    next = source[++i + 1];
            }
            else if (next === '\r' && source[i + 1] === '\n') {
                // skip escaped CRLF newlines, but still trim the following line
                next = source[++i + 1];
                while (next === ' ' || next === '\t')
                    next = source[++i + 1];
            }
            else if (next === 'x' || next === 'u' || next === 'U') {
                const length = next === 'x' ? 2 : next === 'u' ? 4 : 8;
                res += parseCharCode(source, i + 1, length, onError);
                i += length;
            }
            else {
                const raw = source.substr(i - 1, 2);
                onError(i - 1, 'BAD_DQ_ESCAPE', `Invalid escape sequence ${raw}`);
                res += raw;
            }
        }
        else if (ch === ' ' || ch === '\t') {
            // trim trailing whitespace
            const wsStart = i;
            let next = source[i + 1];
            while (next === ' ' || next === '\t')
                next = source[++i + 1];
            if (next !== '\n' && !(next === '\r' && source[i + 2] === '\n'))
                res += i > wsStart ? source.slice(wsStart, i + 1) : ch;
        }
        else {
            res += ch;
        }
    }
    if (source[source.length - 1] !== '"' || source.length === 1)
        onError(source.length, 'MISSING_CHAR', 'Missing closing "quote');
    return res;
}
/**
 * Fold a single newline into a space, multiple newlines to N - 1 newlines.
 * Presumes `source[offset] === '\n'`
 */
function foldNewline(source, offset) {
    let fold = '';
    let ch = source[offset + 1];
    while (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
        if (ch === '\r' && source[offset + 2] !== '\n')
            break;
        if (ch === '\n')
            fold += '\n';
        offset += 1;
        ch = source[offset + 1];
    }
    if (!fold)
        fold = ' ';
    return { fold, offset };
}
const escapeCodes = {
    '0': '\0', // null character
    a: '\x07', // bell character
    b: '\b', // backspace
    e: '\x1b', // escape character
    f: '\f', // form feed
    n: '\n', // line feed
    r: '\r', // carriage return
    t: '\t', // horizontal tab
    v: '\v', // vertical tab
    N: '\u0085', // Unicode next line
    _: '\u00a0', // Unicode non-breaking space
    L: '\u2028', // Unicode line separator
    P: '\u2029', // Unicode paragraph separator
    ' ': ' ',
    '"': '"',
    '/': '/',
    '\\': '\\',
    '\t': '\t'
};
function parseCharCode(source, offset, length, onError) {
    const cc = source.substr(offset, length);
    const ok = cc.length === length && /^[0-9a-fA-F]+$/.test(cc);
    const code = ok ? parseInt(cc, 16) : NaN;
    try {
        return String.fromCodePoint(code);
    }
    catch {
        const raw = source.substr(offset - 2, length + 2);
        onError(offset - 2, 'BAD_DQ_ESCAPE', `Invalid escape sequence ${raw}`);
        return raw;
    }
}

exports.resolveFlowScalar = resolveFlowScalar;


/***/ }),

/***/ 4631:
/***/ ((__unused_webpack_module, exports) => {



function resolveProps(tokens, { flow, indicator, next, offset, onError, parentIndent, startOnNewline }) {
    let spaceBefore = false;
    let atNewline = startOnNewline;
    let hasSpace = startOnNewline;
    let comment = '';
    let commentSep = '';
    let hasNewline = false;
    let reqSpace = false;
    let tab = null;
    let anchor = null;
    let tag = null;
    let newlineAfterProp = null;
    let comma = null;
    let found = null;
    let start = null;
    for (const token of tokens) {
        if (reqSpace) {
            if (token.type !== 'space' &&
                token.type !== 'newline' &&
                token.type !== 'comma')
                onError(token.offset, 'MISSING_CHAR', 'Tags and anchors must be separated from the next token by white space');
            reqSpace = false;
        }
        if (tab) {
            if (atNewline && token.type !== 'comment' && token.type !== 'newline') {
                onError(tab, 'TAB_AS_INDENT', 'Tabs are not allowed as indentation');
            }
            tab = null;
        }
        switch (token.type) {
            case 'space':
                // At the doc level, tabs at line start may be parsed
                // as leading white space rather than indentation.
                // In a flow collection, only the parser handles indent.
                if (!flow &&
                    (indicator !== 'doc-start' || next?.type !== 'flow-collection') &&
                    token.source.includes('\t')) {
                    tab = token;
                }
                hasSpace = true;
                break;
            case 'comment': {
                if (!hasSpace)
                    onError(token, 'MISSING_CHAR', 'Comments must be separated from other tokens by white space characters');
                const cb = token.source.substring(1) || ' ';
                if (!comment)
                    comment = cb;
                else
                    comment += commentSep + cb;
                commentSep = '';
                atNewline = false;
                break;
            }
            case 'newline':
                if (atNewline) {
                    if (comment)
                        comment += token.source;
                    else if (!found || indicator !== 'seq-item-ind')
                        spaceBefore = true;
                }
                else
                    commentSep += token.source;
                atNewline = true;
                hasNewline = true;
                if (anchor || tag)
                    newlineAfterProp = token;
                hasSpace = true;
                break;
            case 'anchor':
                if (anchor)
                    onError(token, 'MULTIPLE_ANCHORS', 'A node can have at most one anchor');
                if (token.source.endsWith(':'))
                    onError(token.offset + token.source.length - 1, 'BAD_ALIAS', 'Anchor ending in : is ambiguous', true);
                anchor = token;
                start ?? (start = token.offset);
                atNewline = false;
                hasSpace = false;
                reqSpace = true;
                break;
            case 'tag': {
                if (tag)
                    onError(token, 'MULTIPLE_TAGS', 'A node can have at most one tag');
                tag = token;
                start ?? (start = token.offset);
                atNewline = false;
                hasSpace = false;
                reqSpace = true;
                break;
            }
            case indicator:
                // Could here handle preceding comments differently
                if (anchor || tag)
                    onError(token, 'BAD_PROP_ORDER', `Anchors and tags must be after the ${token.source} indicator`);
                if (found)
                    onError(token, 'UNEXPECTED_TOKEN', `Unexpected ${token.source} in ${flow ?? 'collection'}`);
                found = token;
                atNewline =
                    indicator === 'seq-item-ind' || indicator === 'explicit-key-ind';
                hasSpace = false;
                break;
            case 'comma':
                if (flow) {
                    if (comma)
                        onError(token, 'UNEXPECTED_TOKEN', `Unexpected , in ${flow}`);
                    comma = token;
                    atNewline = false;
                    hasSpace = false;
                    break;
                }
            // else fallthrough
            default:
                onError(token, 'UNEXPECTED_TOKEN', `Unexpected ${token.type} token`);
                atNewline = false;
                hasSpace = false;
        }
    }
    const last = tokens[tokens.length - 1];
    const end = last ? last.offset + last.source.length : offset;
    if (reqSpace &&
        next &&
        next.type !== 'space' &&
        next.type !== 'newline' &&
        next.type !== 'comma' &&
        (next.type !== 'scalar' || next.source !== '')) {
        onError(next.offset, 'MISSING_CHAR', 'Tags and anchors must be separated from the next token by white space');
    }
    if (tab &&
        ((atNewline && tab.indent <= parentIndent) ||
            next?.type === 'block-map' ||
            next?.type === 'block-seq'))
        onError(tab, 'TAB_AS_INDENT', 'Tabs are not allowed as indentation');
    return {
        comma,
        found,
        spaceBefore,
        comment,
        hasNewline,
        anchor,
        tag,
        newlineAfterProp,
        end,
        start: start ?? end
    };
}

exports.resolveProps = resolveProps;


/***/ }),

/***/ 9499:
/***/ ((__unused_webpack_module, exports) => {



function containsNewline(key) {
    if (!key)
        return null;
    switch (key.type) {
        case 'alias':
        case 'scalar':
        case 'double-quoted-scalar':
        case 'single-quoted-scalar':
            if (key.source.includes('\n'))
                return true;
            if (key.end)
                for (const st of key.end)
                    if (st.type === 'newline')
                        return true;
            return false;
        case 'flow-collection':
            for (const it of key.items) {
                for (const st of it.start)
                    if (st.type === 'newline')
                        return true;
                if (it.sep)
                    for (const st of it.sep)
                        if (st.type === 'newline')
                            return true;
                if (containsNewline(it.key) || containsNewline(it.value))
                    return true;
            }
            return false;
        default:
            return true;
    }
}

exports.containsNewline = containsNewline;


/***/ }),

/***/ 2599:
/***/ ((__unused_webpack_module, exports) => {



function emptyScalarPosition(offset, before, pos) {
    if (before) {
        pos ?? (pos = before.length);
        for (let i = pos - 1; i >= 0; --i) {
            let st = before[i];
            switch (st.type) {
                case 'space':
                case 'comment':
                case 'newline':
                    offset -= st.source.length;
                    continue;
            }
            // Technically, an empty scalar is immediately after the last non-empty
            // node, but it's more useful to place it after any whitespace.
            st = before[++i];
            while (st?.type === 'space') {
                offset += st.source.length;
                st = before[++i];
            }
            break;
        }
    }
    return offset;
}

exports.emptyScalarPosition = emptyScalarPosition;


/***/ }),

/***/ 4051:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var utilContainsNewline = __nccwpck_require__(9499);

function flowIndentCheck(indent, fc, onError) {
    if (fc?.type === 'flow-collection') {
        const end = fc.end[0];
        if (end.indent === indent &&
            (end.source === ']' || end.source === '}') &&
            utilContainsNewline.containsNewline(fc)) {
            const msg = 'Flow end indicator should be more indented than parent';
            onError(end, 'BAD_INDENT', msg, true);
        }
    }
}

exports.flowIndentCheck = flowIndentCheck;


/***/ }),

/***/ 1187:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);

function mapIncludes(ctx, items, search) {
    const { uniqueKeys } = ctx.options;
    if (uniqueKeys === false)
        return false;
    const isEqual = typeof uniqueKeys === 'function'
        ? uniqueKeys
        : (a, b) => a === b || (identity.isScalar(a) && identity.isScalar(b) && a.value === b.value);
    return items.some(pair => isEqual(pair.key, search));
}

exports.mapIncludes = mapIncludes;


/***/ }),

/***/ 3021:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Alias = __nccwpck_require__(4065);
var Collection = __nccwpck_require__(101);
var identity = __nccwpck_require__(1127);
var Pair = __nccwpck_require__(7165);
var toJS = __nccwpck_require__(4043);
var Schema = __nccwpck_require__(5840);
var stringifyDocument = __nccwpck_require__(6829);
var anchors = __nccwpck_require__(1596);
var applyReviver = __nccwpck_require__(3661);
var createNode = __nccwpck_require__(2404);
var directives = __nccwpck_require__(1342);

class Document {
    constructor(value, replacer, options) {
        /** A comment before this Document */
        this.commentBefore = null;
        /** A comment immediately after this Document */
        this.comment = null;
        /** Errors encountered during parsing. */
        this.errors = [];
        /** Warnings encountered during parsing. */
        this.warnings = [];
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.DOC });
        let _replacer = null;
        if (typeof replacer === 'function' || Array.isArray(replacer)) {
            _replacer = replacer;
        }
        else if (options === undefined && replacer) {
            options = replacer;
            replacer = undefined;
        }
        const opt = Object.assign({
            intAsBigInt: false,
            keepSourceTokens: false,
            logLevel: 'warn',
            prettyErrors: true,
            strict: true,
            stringKeys: false,
            uniqueKeys: true,
            version: '1.2'
        }, options);
        this.options = opt;
        let { version } = opt;
        if (options?._directives) {
            this.directives = options._directives.atDocument();
            if (this.directives.yaml.explicit)
                version = this.directives.yaml.version;
        }
        else
            this.directives = new directives.Directives({ version });
        this.setSchema(version, options);
        // @ts-expect-error We can't really know that this matches Contents.
        this.contents =
            value === undefined ? null : this.createNode(value, _replacer, options);
    }
    /**
     * Create a deep copy of this Document and its contents.
     *
     * Custom Node values that inherit from `Object` still refer to their original instances.
     */
    clone() {
        const copy = Object.create(Document.prototype, {
            [identity.NODE_TYPE]: { value: identity.DOC }
        });
        copy.commentBefore = this.commentBefore;
        copy.comment = this.comment;
        copy.errors = this.errors.slice();
        copy.warnings = this.warnings.slice();
        copy.options = Object.assign({}, this.options);
        if (this.directives)
            copy.directives = this.directives.clone();
        copy.schema = this.schema.clone();
        // @ts-expect-error We can't really know that this matches Contents.
        copy.contents = identity.isNode(this.contents)
            ? this.contents.clone(copy.schema)
            : this.contents;
        if (this.range)
            copy.range = this.range.slice();
        return copy;
    }
    /** Adds a value to the document. */
    add(value) {
        if (assertCollection(this.contents))
            this.contents.add(value);
    }
    /** Adds a value to the document. */
    addIn(path, value) {
        if (assertCollection(this.contents))
            this.contents.addIn(path, value);
    }
    /**
     * Create a new `Alias` node, ensuring that the target `node` has the required anchor.
     *
     * If `node` already has an anchor, `name` is ignored.
     * Otherwise, the `node.anchor` value will be set to `name`,
     * or if an anchor with that name is already present in the document,
     * `name` will be used as a prefix for a new unique anchor.
     * If `name` is undefined, the generated anchor will use 'a' as a prefix.
     */
    createAlias(node, name) {
        if (!node.anchor) {
            const prev = anchors.anchorNames(this);
            node.anchor =
                // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
                !name || prev.has(name) ? anchors.findNewAnchor(name || 'a', prev) : name;
        }
        return new Alias.Alias(node.anchor);
    }
    createNode(value, replacer, options) {
        let _replacer = undefined;
        if (typeof replacer === 'function') {
            value = replacer.call({ '': value }, '', value);
            _replacer = replacer;
        }
        else if (Array.isArray(replacer)) {
            const keyToStr = (v) => typeof v === 'number' || v instanceof String || v instanceof Number;
            const asStr = replacer.filter(keyToStr).map(String);
            if (asStr.length > 0)
                replacer = replacer.concat(asStr);
            _replacer = replacer;
        }
        else if (options === undefined && replacer) {
            options = replacer;
            replacer = undefined;
        }
        const { aliasDuplicateObjects, anchorPrefix, flow, keepUndefined, onTagObj, tag } = options ?? {};
        const { onAnchor, setAnchors, sourceObjects } = anchors.createNodeAnchors(this, 
        // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
        anchorPrefix || 'a');
        const ctx = {
            aliasDuplicateObjects: aliasDuplicateObjects ?? true,
            keepUndefined: keepUndefined ?? false,
            onAnchor,
            onTagObj,
            replacer: _replacer,
            schema: this.schema,
            sourceObjects
        };
        const node = createNode.createNode(value, tag, ctx);
        if (flow && identity.isCollection(node))
            node.flow = true;
        setAnchors();
        return node;
    }
    /**
     * Convert a key and a value into a `Pair` using the current schema,
     * recursively wrapping all values as `Scalar` or `Collection` nodes.
     */
    createPair(key, value, options = {}) {
        const k = this.createNode(key, null, options);
        const v = this.createNode(value, null, options);
        return new Pair.Pair(k, v);
    }
    /**
     * Removes a value from the document.
     * @returns `true` if the item was found and removed.
     */
    delete(key) {
        return assertCollection(this.contents) ? this.contents.delete(key) : false;
    }
    /**
     * Removes a value from the document.
     * @returns `true` if the item was found and removed.
     */
    deleteIn(path) {
        if (Collection.isEmptyPath(path)) {
            if (this.contents == null)
                return false;
            // @ts-expect-error Presumed impossible if Strict extends false
            this.contents = null;
            return true;
        }
        return assertCollection(this.contents)
            ? this.contents.deleteIn(path)
            : false;
    }
    /**
     * Returns item at `key`, or `undefined` if not found. By default unwraps
     * scalar values from their surrounding node; to disable set `keepScalar` to
     * `true` (collections are always returned intact).
     */
    get(key, keepScalar) {
        return identity.isCollection(this.contents)
            ? this.contents.get(key, keepScalar)
            : undefined;
    }
    /**
     * Returns item at `path`, or `undefined` if not found. By default unwraps
     * scalar values from their surrounding node; to disable set `keepScalar` to
     * `true` (collections are always returned intact).
     */
    getIn(path, keepScalar) {
        if (Collection.isEmptyPath(path))
            return !keepScalar && identity.isScalar(this.contents)
                ? this.contents.value
                : this.contents;
        return identity.isCollection(this.contents)
            ? this.contents.getIn(path, keepScalar)
            : undefined;
    }
    /**
     * Checks if the document includes a value with the key `key`.
     */
    has(key) {
        return identity.isCollection(this.contents) ? this.contents.has(key) : false;
    }
    /**
     * Checks if the document includes a value at `path`.
     */
    hasIn(path) {
        if (Collection.isEmptyPath(path))
            return this.contents !== undefined;
        return identity.isCollection(this.contents) ? this.contents.hasIn(path) : false;
    }
    /**
     * Sets a value in this document. For `!!set`, `value` needs to be a
     * boolean to add/remove the item from the set.
     */
    set(key, value) {
        if (this.contents == null) {
            // @ts-expect-error We can't really know that this matches Contents.
            this.contents = Collection.collectionFromPath(this.schema, [key], value);
        }
        else if (assertCollection(this.contents)) {
            this.contents.set(key, value);
        }
    }
    /**
     * Sets a value in this document. For `!!set`, `value` needs to be a
     * boolean to add/remove the item from the set.
     */
    setIn(path, value) {
        if (Collection.isEmptyPath(path)) {
            // @ts-expect-error We can't really know that this matches Contents.
            this.contents = value;
        }
        else if (this.contents == null) {
            // @ts-expect-error We can't really know that this matches Contents.
            this.contents = Collection.collectionFromPath(this.schema, Array.from(path), value);
        }
        else if (assertCollection(this.contents)) {
            this.contents.setIn(path, value);
        }
    }
    /**
     * Change the YAML version and schema used by the document.
     * A `null` version disables support for directives, explicit tags, anchors, and aliases.
     * It also requires the `schema` option to be given as a `Schema` instance value.
     *
     * Overrides all previously set schema options.
     */
    setSchema(version, options = {}) {
        if (typeof version === 'number')
            version = String(version);
        let opt;
        switch (version) {
            case '1.1':
                if (this.directives)
                    this.directives.yaml.version = '1.1';
                else
                    this.directives = new directives.Directives({ version: '1.1' });
                opt = { resolveKnownTags: false, schema: 'yaml-1.1' };
                break;
            case '1.2':
            case 'next':
                if (this.directives)
                    this.directives.yaml.version = version;
                else
                    this.directives = new directives.Directives({ version });
                opt = { resolveKnownTags: true, schema: 'core' };
                break;
            case null:
                if (this.directives)
                    delete this.directives;
                opt = null;
                break;
            default: {
                const sv = JSON.stringify(version);
                throw new Error(`Expected '1.1', '1.2' or null as first argument, but found: ${sv}`);
            }
        }
        // Not using `instanceof Schema` to allow for duck typing
        if (options.schema instanceof Object)
            this.schema = options.schema;
        else if (opt)
            this.schema = new Schema.Schema(Object.assign(opt, options));
        else
            throw new Error(`With a null YAML version, the { schema: Schema } option is required`);
    }
    // json & jsonArg are only used from toJSON()
    toJS({ json, jsonArg, mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        const ctx = {
            anchors: new Map(),
            doc: this,
            keep: !json,
            mapAsMap: mapAsMap === true,
            mapKeyWarned: false,
            maxAliasCount: typeof maxAliasCount === 'number' ? maxAliasCount : 100
        };
        const res = toJS.toJS(this.contents, jsonArg ?? '', ctx);
        if (typeof onAnchor === 'function')
            for (const { count, res } of ctx.anchors.values())
                onAnchor(res, count);
        return typeof reviver === 'function'
            ? applyReviver.applyReviver(reviver, { '': res }, '', res)
            : res;
    }
    /**
     * A JSON representation of the document `contents`.
     *
     * @param jsonArg Used by `JSON.stringify` to indicate the array index or
     *   property name.
     */
    toJSON(jsonArg, onAnchor) {
        return this.toJS({ json: true, jsonArg, mapAsMap: false, onAnchor });
    }
    /** A YAML representation of the document. */
    toString(options = {}) {
        if (this.errors.length > 0)
            throw new Error('Document with errors cannot be stringified');
        if ('indent' in options &&
            (!Number.isInteger(options.indent) || Number(options.indent) <= 0)) {
            const s = JSON.stringify(options.indent);
            throw new Error(`"indent" option must be a positive integer, not ${s}`);
        }
        return stringifyDocument.stringifyDocument(this, options);
    }
}
function assertCollection(contents) {
    if (identity.isCollection(contents))
        return true;
    throw new Error('Expected a YAML collection as document contents');
}

exports.Document = Document;


/***/ }),

/***/ 1596:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var visit = __nccwpck_require__(204);

/**
 * Verify that the input string is a valid anchor.
 *
 * Will throw on errors.
 */
function anchorIsValid(anchor) {
    if (/[\x00-\x19\s,[\]{}]/.test(anchor)) {
        const sa = JSON.stringify(anchor);
        const msg = `Anchor must not contain whitespace or control characters: ${sa}`;
        throw new Error(msg);
    }
    return true;
}
function anchorNames(root) {
    const anchors = new Set();
    visit.visit(root, {
        Value(_key, node) {
            if (node.anchor)
                anchors.add(node.anchor);
        }
    });
    return anchors;
}
/** Find a new anchor name with the given `prefix` and a one-indexed suffix. */
function findNewAnchor(prefix, exclude) {
    for (let i = 1; true; ++i) {
        const name = `${prefix}${i}`;
        if (!exclude.has(name))
            return name;
    }
}
function createNodeAnchors(doc, prefix) {
    const aliasObjects = [];
    const sourceObjects = new Map();
    let prevAnchors = null;
    return {
        onAnchor: (source) => {
            aliasObjects.push(source);
            prevAnchors ?? (prevAnchors = anchorNames(doc));
            const anchor = findNewAnchor(prefix, prevAnchors);
            prevAnchors.add(anchor);
            return anchor;
        },
        /**
         * With circular references, the source node is only resolved after all
         * of its child nodes are. This is why anchors are set only after all of
         * the nodes have been created.
         */
        setAnchors: () => {
            for (const source of aliasObjects) {
                const ref = sourceObjects.get(source);
                if (typeof ref === 'object' &&
                    ref.anchor &&
                    (identity.isScalar(ref.node) || identity.isCollection(ref.node))) {
                    ref.node.anchor = ref.anchor;
                }
                else {
                    const error = new Error('Failed to resolve repeated object (this should not happen)');
                    error.source = source;
                    throw error;
                }
            }
        },
        sourceObjects
    };
}

exports.anchorIsValid = anchorIsValid;
exports.anchorNames = anchorNames;
exports.createNodeAnchors = createNodeAnchors;
exports.findNewAnchor = findNewAnchor;


/***/ }),

/***/ 3661:
/***/ ((__unused_webpack_module, exports) => {



/**
 * Applies the JSON.parse reviver algorithm as defined in the ECMA-262 spec,
 * in section 24.5.1.1 "Runtime Semantics: InternalizeJSONProperty" of the
 * 2021 edition: https://tc39.es/ecma262/#sec-json.parse
 *
 * Includes extensions for handling Map and Set objects.
 */
function applyReviver(reviver, obj, key, val) {
    if (val && typeof val === 'object') {
        if (Array.isArray(val)) {
            for (let i = 0, len = val.length; i < len; ++i) {
                const v0 = val[i];
                const v1 = applyReviver(reviver, val, String(i), v0);
                // eslint-disable-next-line @typescript-eslint/no-array-delete
                if (v1 === undefined)
                    delete val[i];
                else if (v1 !== v0)
                    val[i] = v1;
            }
        }
        else if (val instanceof Map) {
            for (const k of Array.from(val.keys())) {
                const v0 = val.get(k);
                const v1 = applyReviver(reviver, val, k, v0);
                if (v1 === undefined)
                    val.delete(k);
                else if (v1 !== v0)
                    val.set(k, v1);
            }
        }
        else if (val instanceof Set) {
            for (const v0 of Array.from(val)) {
                const v1 = applyReviver(reviver, val, v0, v0);
                if (v1 === undefined)
                    val.delete(v0);
                else if (v1 !== v0) {
                    val.delete(v0);
                    val.add(v1);
                }
            }
        }
        else {
            for (const [k, v0] of Object.entries(val)) {
                const v1 = applyReviver(reviver, val, k, v0);
                if (v1 === undefined)
                    delete val[k];
                else if (v1 !== v0)
                    val[k] = v1;
            }
        }
    }
    return reviver.call(obj, key, val);
}

exports.applyReviver = applyReviver;


/***/ }),

/***/ 2404:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Alias = __nccwpck_require__(4065);
var identity = __nccwpck_require__(1127);
var Scalar = __nccwpck_require__(3301);

const defaultTagPrefix = 'tag:yaml.org,2002:';
function findTagObject(value, tagName, tags) {
    if (tagName) {
        const match = tags.filter(t => t.tag === tagName);
        const tagObj = match.find(t => !t.format) ?? match[0];
        if (!tagObj)
            throw new Error(`Tag ${tagName} not found`);
        return tagObj;
    }
    return tags.find(t => t.identify?.(value) && !t.format);
}
function createNode(value, tagName, ctx) {
    if (identity.isDocument(value))
        value = value.contents;
    if (identity.isNode(value))
        return value;
    if (identity.isPair(value)) {
        const map = ctx.schema[identity.MAP].createNode?.(ctx.schema, null, ctx);
        map.items.push(value);
        return map;
    }
    if (value instanceof String ||
        value instanceof Number ||
        value instanceof Boolean ||
        (typeof BigInt !== 'undefined' && value instanceof BigInt) // not supported everywhere
    ) {
        // https://tc39.es/ecma262/#sec-serializejsonproperty
        value = value.valueOf();
    }
    const { aliasDuplicateObjects, onAnchor, onTagObj, schema, sourceObjects } = ctx;
    // Detect duplicate references to the same object & use Alias nodes for all
    // after first. The `ref` wrapper allows for circular references to resolve.
    let ref = undefined;
    if (aliasDuplicateObjects && value && typeof value === 'object') {
        ref = sourceObjects.get(value);
        if (ref) {
            ref.anchor ?? (ref.anchor = onAnchor(value));
            return new Alias.Alias(ref.anchor);
        }
        else {
            ref = { anchor: null, node: null };
            sourceObjects.set(value, ref);
        }
    }
    if (tagName?.startsWith('!!'))
        tagName = defaultTagPrefix + tagName.slice(2);
    let tagObj = findTagObject(value, tagName, schema.tags);
    if (!tagObj) {
        if (value && typeof value.toJSON === 'function') {
            // eslint-disable-next-line @typescript-eslint/no-unsafe-call
            value = value.toJSON();
        }
        if (!value || typeof value !== 'object') {
            const node = new Scalar.Scalar(value);
            if (ref)
                ref.node = node;
            return node;
        }
        tagObj =
            value instanceof Map
                ? schema[identity.MAP]
                : Symbol.iterator in Object(value)
                    ? schema[identity.SEQ]
                    : schema[identity.MAP];
    }
    if (onTagObj) {
        onTagObj(tagObj);
        delete ctx.onTagObj;
    }
    const node = tagObj?.createNode
        ? tagObj.createNode(ctx.schema, value, ctx)
        : typeof tagObj?.nodeClass?.from === 'function'
            ? tagObj.nodeClass.from(ctx.schema, value, ctx)
            : new Scalar.Scalar(value);
    if (tagName)
        node.tag = tagName;
    else if (!tagObj.default)
        node.tag = tagObj.tag;
    if (ref)
        ref.node = node;
    return node;
}

exports.createNode = createNode;


/***/ }),

/***/ 1342:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var visit = __nccwpck_require__(204);

const escapeChars = {
    '!': '%21',
    ',': '%2C',
    '[': '%5B',
    ']': '%5D',
    '{': '%7B',
    '}': '%7D'
};
const escapeTagName = (tn) => tn.replace(/[!,[\]{}]/g, ch => escapeChars[ch]);
class Directives {
    constructor(yaml, tags) {
        /**
         * The directives-end/doc-start marker `---`. If `null`, a marker may still be
         * included in the document's stringified representation.
         */
        this.docStart = null;
        /** The doc-end marker `...`.  */
        this.docEnd = false;
        this.yaml = Object.assign({}, Directives.defaultYaml, yaml);
        this.tags = Object.assign({}, Directives.defaultTags, tags);
    }
    clone() {
        const copy = new Directives(this.yaml, this.tags);
        copy.docStart = this.docStart;
        return copy;
    }
    /**
     * During parsing, get a Directives instance for the current document and
     * update the stream state according to the current version's spec.
     */
    atDocument() {
        const res = new Directives(this.yaml, this.tags);
        switch (this.yaml.version) {
            case '1.1':
                this.atNextDocument = true;
                break;
            case '1.2':
                this.atNextDocument = false;
                this.yaml = {
                    explicit: Directives.defaultYaml.explicit,
                    version: '1.2'
                };
                this.tags = Object.assign({}, Directives.defaultTags);
                break;
        }
        return res;
    }
    /**
     * @param onError - May be called even if the action was successful
     * @returns `true` on success
     */
    add(line, onError) {
        if (this.atNextDocument) {
            this.yaml = { explicit: Directives.defaultYaml.explicit, version: '1.1' };
            this.tags = Object.assign({}, Directives.defaultTags);
            this.atNextDocument = false;
        }
        const parts = line.trim().split(/[ \t]+/);
        const name = parts.shift();
        switch (name) {
            case '%TAG': {
                if (parts.length !== 2) {
                    onError(0, '%TAG directive should contain exactly two parts');
                    if (parts.length < 2)
                        return false;
                }
                const [handle, prefix] = parts;
                this.tags[handle] = prefix;
                return true;
            }
            case '%YAML': {
                this.yaml.explicit = true;
                if (parts.length !== 1) {
                    onError(0, '%YAML directive should contain exactly one part');
                    return false;
                }
                const [version] = parts;
                if (version === '1.1' || version === '1.2') {
                    this.yaml.version = version;
                    return true;
                }
                else {
                    const isValid = /^\d+\.\d+$/.test(version);
                    onError(6, `Unsupported YAML version ${version}`, isValid);
                    return false;
                }
            }
            default:
                onError(0, `Unknown directive ${name}`, true);
                return false;
        }
    }
    /**
     * Resolves a tag, matching handles to those defined in %TAG directives.
     *
     * @returns Resolved tag, which may also be the non-specific tag `'!'` or a
     *   `'!local'` tag, or `null` if unresolvable.
     */
    tagName(source, onError) {
        if (source === '!')
            return '!'; // non-specific tag
        if (source[0] !== '!') {
            onError(`Not a valid tag: ${source}`);
            return null;
        }
        if (source[1] === '<') {
            const verbatim = source.slice(2, -1);
            if (verbatim === '!' || verbatim === '!!') {
                onError(`Verbatim tags aren't resolved, so ${source} is invalid.`);
                return null;
            }
            if (source[source.length - 1] !== '>')
                onError('Verbatim tags must end with a >');
            return verbatim;
        }
        const [, handle, suffix] = source.match(/^(.*!)([^!]*)$/s);
        if (!suffix)
            onError(`The ${source} tag has no suffix`);
        const prefix = this.tags[handle];
        if (prefix) {
            try {
                return prefix + decodeURIComponent(suffix);
            }
            catch (error) {
                onError(String(error));
                return null;
            }
        }
        if (handle === '!')
            return source; // local tag
        onError(`Could not resolve tag: ${source}`);
        return null;
    }
    /**
     * Given a fully resolved tag, returns its printable string form,
     * taking into account current tag prefixes and defaults.
     */
    tagString(tag) {
        for (const [handle, prefix] of Object.entries(this.tags)) {
            if (tag.startsWith(prefix))
                return handle + escapeTagName(tag.substring(prefix.length));
        }
        return tag[0] === '!' ? tag : `!<${tag}>`;
    }
    toString(doc) {
        const lines = this.yaml.explicit
            ? [`%YAML ${this.yaml.version || '1.2'}`]
            : [];
        const tagEntries = Object.entries(this.tags);
        let tagNames;
        if (doc && tagEntries.length > 0 && identity.isNode(doc.contents)) {
            const tags = {};
            visit.visit(doc.contents, (_key, node) => {
                if (identity.isNode(node) && node.tag)
                    tags[node.tag] = true;
            });
            tagNames = Object.keys(tags);
        }
        else
            tagNames = [];
        for (const [handle, prefix] of tagEntries) {
            if (handle === '!!' && prefix === 'tag:yaml.org,2002:')
                continue;
            if (!doc || tagNames.some(tn => tn.startsWith(prefix)))
                lines.push(`%TAG ${handle} ${prefix}`);
        }
        return lines.join('\n');
    }
}
Directives.defaultYaml = { explicit: false, version: '1.2' };
Directives.defaultTags = { '!!': 'tag:yaml.org,2002:' };

exports.Directives = Directives;


/***/ }),

/***/ 1464:
/***/ ((__unused_webpack_module, exports) => {



class YAMLError extends Error {
    constructor(name, pos, code, message) {
        super();
        this.name = name;
        this.code = code;
        this.message = message;
        this.pos = pos;
    }
}
class YAMLParseError extends YAMLError {
    constructor(pos, code, message) {
        super('YAMLParseError', pos, code, message);
    }
}
class YAMLWarning extends YAMLError {
    constructor(pos, code, message) {
        super('YAMLWarning', pos, code, message);
    }
}
const prettifyError = (src, lc) => (error) => {
    if (error.pos[0] === -1)
        return;
    error.linePos = error.pos.map(pos => lc.linePos(pos));
    const { line, col } = error.linePos[0];
    error.message += ` at line ${line}, column ${col}`;
    let ci = col - 1;
    let lineStr = src
        .substring(lc.lineStarts[line - 1], lc.lineStarts[line])
        .replace(/[\n\r]+$/, '');
    // Trim to max 80 chars, keeping col position near the middle
    if (ci >= 60 && lineStr.length > 80) {
        const trimStart = Math.min(ci - 39, lineStr.length - 79);
        lineStr = '…' + lineStr.substring(trimStart);
        ci -= trimStart - 1;
    }
    if (lineStr.length > 80)
        lineStr = lineStr.substring(0, 79) + '…';
    // Include previous line in context if pointing at line start
    if (line > 1 && /^ *$/.test(lineStr.substring(0, ci))) {
        // Regexp won't match if start is trimmed
        let prev = src.substring(lc.lineStarts[line - 2], lc.lineStarts[line - 1]);
        if (prev.length > 80)
            prev = prev.substring(0, 79) + '…\n';
        lineStr = prev + lineStr;
    }
    if (/[^ ]/.test(lineStr)) {
        let count = 1;
        const end = error.linePos[1];
        if (end?.line === line && end.col > col) {
            count = Math.max(1, Math.min(end.col - col, 80 - ci));
        }
        const pointer = ' '.repeat(ci) + '^'.repeat(count);
        error.message += `:\n\n${lineStr}\n${pointer}\n`;
    }
};

exports.YAMLError = YAMLError;
exports.YAMLParseError = YAMLParseError;
exports.YAMLWarning = YAMLWarning;
exports.prettifyError = prettifyError;


/***/ }),

/***/ 8815:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {

var __webpack_unused_export__;


var composer = __nccwpck_require__(9984);
var Document = __nccwpck_require__(3021);
var Schema = __nccwpck_require__(5840);
var errors = __nccwpck_require__(1464);
var Alias = __nccwpck_require__(4065);
var identity = __nccwpck_require__(1127);
var Pair = __nccwpck_require__(7165);
var Scalar = __nccwpck_require__(3301);
var YAMLMap = __nccwpck_require__(4454);
var YAMLSeq = __nccwpck_require__(2223);
var cst = __nccwpck_require__(3461);
var lexer = __nccwpck_require__(361);
var lineCounter = __nccwpck_require__(6628);
var parser = __nccwpck_require__(3456);
var publicApi = __nccwpck_require__(4047);
var visit = __nccwpck_require__(204);



__webpack_unused_export__ = composer.Composer;
__webpack_unused_export__ = Document.Document;
__webpack_unused_export__ = Schema.Schema;
__webpack_unused_export__ = errors.YAMLError;
__webpack_unused_export__ = errors.YAMLParseError;
__webpack_unused_export__ = errors.YAMLWarning;
__webpack_unused_export__ = Alias.Alias;
exports.Vj = identity.isAlias;
exports.P3 = identity.isCollection;
__webpack_unused_export__ = identity.isDocument;
exports.jh = identity.isMap;
__webpack_unused_export__ = identity.isNode;
exports.tO = identity.isPair;
exports.jn = identity.isScalar;
exports.oP = identity.isSeq;
__webpack_unused_export__ = Pair.Pair;
exports.X5 = Scalar.Scalar;
__webpack_unused_export__ = YAMLMap.YAMLMap;
__webpack_unused_export__ = YAMLSeq.YAMLSeq;
__webpack_unused_export__ = cst;
__webpack_unused_export__ = lexer.Lexer;
exports.HN = lineCounter.LineCounter;
__webpack_unused_export__ = parser.Parser;
__webpack_unused_export__ = publicApi.parse;
exports.hR = publicApi.parseAllDocuments;
__webpack_unused_export__ = publicApi.parseDocument;
__webpack_unused_export__ = publicApi.stringify;
exports.YR = visit.visit;
__webpack_unused_export__ = visit.visitAsync;


/***/ }),

/***/ 7249:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var node_process = __nccwpck_require__(932);

function debug(logLevel, ...messages) {
    if (logLevel === 'debug')
        console.log(...messages);
}
function warn(logLevel, warning) {
    if (logLevel === 'debug' || logLevel === 'warn') {
        if (typeof node_process.emitWarning === 'function')
            node_process.emitWarning(warning);
        else
            console.warn(warning);
    }
}

exports.debug = debug;
exports.warn = warn;


/***/ }),

/***/ 4065:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var anchors = __nccwpck_require__(1596);
var visit = __nccwpck_require__(204);
var identity = __nccwpck_require__(1127);
var Node = __nccwpck_require__(6673);
var toJS = __nccwpck_require__(4043);

class Alias extends Node.NodeBase {
    constructor(source) {
        super(identity.ALIAS);
        this.source = source;
        Object.defineProperty(this, 'tag', {
            set() {
                throw new Error('Alias nodes cannot have tags');
            }
        });
    }
    /**
     * Resolve the value of this alias within `doc`, finding the last
     * instance of the `source` anchor before this node.
     */
    resolve(doc, ctx) {
        if (ctx?.maxAliasCount === 0)
            throw new ReferenceError('Alias resolution is disabled');
        let nodes;
        if (ctx?.aliasResolveCache) {
            nodes = ctx.aliasResolveCache;
        }
        else {
            nodes = [];
            visit.visit(doc, {
                Node: (_key, node) => {
                    if (identity.isAlias(node) || identity.hasAnchor(node))
                        nodes.push(node);
                }
            });
            if (ctx)
                ctx.aliasResolveCache = nodes;
        }
        let found = undefined;
        for (const node of nodes) {
            if (node === this)
                break;
            if (node.anchor === this.source)
                found = node;
        }
        if (found && ctx) {
            const { anchors, doc, maxAliasCount } = ctx;
            let data = anchors.get(found);
            if (!data) {
                // Resolve anchors for Node.prototype.toJS()
                toJS.toJS(found, null, ctx);
                data = anchors.get(found);
            }
            /* istanbul ignore if */
            if (data?.res === undefined) {
                const msg = 'This should not happen: Alias anchor was not resolved?';
                throw new ReferenceError(msg);
            }
            if (maxAliasCount >= 0) {
                data.count += 1;
                if (data.aliasCount === 0)
                    data.aliasCount = getAliasCount(doc, found, anchors);
                if (data.count * data.aliasCount > maxAliasCount) {
                    const msg = 'Excessive alias count indicates a resource exhaustion attack';
                    throw new ReferenceError(msg);
                }
            }
        }
        return found;
    }
    toJSON(_arg, ctx) {
        if (!ctx)
            return { source: this.source };
        const source = this.resolve(ctx.doc, ctx);
        if (!source) {
            const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
            throw new ReferenceError(msg);
        }
        return ctx.anchors.get(source).res;
    }
    toString(ctx, _onComment, _onChompKeep) {
        const src = `*${this.source}`;
        if (ctx) {
            anchors.anchorIsValid(this.source);
            if (ctx.options.verifyAliasOrder && !ctx.anchors.has(this.source)) {
                const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
                throw new Error(msg);
            }
            if (ctx.implicitKey)
                return `${src} `;
        }
        return src;
    }
}
function getAliasCount(doc, node, anchors) {
    if (identity.isAlias(node)) {
        const source = node.resolve(doc);
        const anchor = anchors && source && anchors.get(source);
        return anchor ? anchor.count * anchor.aliasCount : 0;
    }
    else if (identity.isCollection(node)) {
        let count = 0;
        for (const item of node.items) {
            const c = getAliasCount(doc, item, anchors);
            if (c > count)
                count = c;
        }
        return count;
    }
    else if (identity.isPair(node)) {
        const kc = getAliasCount(doc, node.key, anchors);
        const vc = getAliasCount(doc, node.value, anchors);
        return Math.max(kc, vc);
    }
    return 1;
}

exports.Alias = Alias;


/***/ }),

/***/ 101:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var createNode = __nccwpck_require__(2404);
var identity = __nccwpck_require__(1127);
var Node = __nccwpck_require__(6673);

function collectionFromPath(schema, path, value) {
    let v = value;
    for (let i = path.length - 1; i >= 0; --i) {
        const k = path[i];
        if (typeof k === 'number' && Number.isInteger(k) && k >= 0) {
            const a = [];
            a[k] = v;
            v = a;
        }
        else {
            v = new Map([[k, v]]);
        }
    }
    return createNode.createNode(v, undefined, {
        aliasDuplicateObjects: false,
        keepUndefined: false,
        onAnchor: () => {
            throw new Error('This should not happen, please report a bug.');
        },
        schema,
        sourceObjects: new Map()
    });
}
// Type guard is intentionally a little wrong so as to be more useful,
// as it does not cover untypable empty non-string iterables (e.g. []).
const isEmptyPath = (path) => path == null ||
    (typeof path === 'object' && !!path[Symbol.iterator]().next().done);
class Collection extends Node.NodeBase {
    constructor(type, schema) {
        super(type);
        Object.defineProperty(this, 'schema', {
            value: schema,
            configurable: true,
            enumerable: false,
            writable: true
        });
    }
    /**
     * Create a copy of this collection.
     *
     * @param schema - If defined, overwrites the original's schema
     */
    clone(schema) {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (schema)
            copy.schema = schema;
        copy.items = copy.items.map(it => identity.isNode(it) || identity.isPair(it) ? it.clone(schema) : it);
        if (this.range)
            copy.range = this.range.slice();
        return copy;
    }
    /**
     * Adds a value to the collection. For `!!map` and `!!omap` the value must
     * be a Pair instance or a `{ key, value }` object, which may not have a key
     * that already exists in the map.
     */
    addIn(path, value) {
        if (isEmptyPath(path))
            this.add(value);
        else {
            const [key, ...rest] = path;
            const node = this.get(key, true);
            if (identity.isCollection(node))
                node.addIn(rest, value);
            else if (node === undefined && this.schema)
                this.set(key, collectionFromPath(this.schema, rest, value));
            else
                throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
    }
    /**
     * Removes a value from the collection.
     * @returns `true` if the item was found and removed.
     */
    deleteIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
            return this.delete(key);
        const node = this.get(key, true);
        if (identity.isCollection(node))
            return node.deleteIn(rest);
        else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
    }
    /**
     * Returns item at `key`, or `undefined` if not found. By default unwraps
     * scalar values from their surrounding node; to disable set `keepScalar` to
     * `true` (collections are always returned intact).
     */
    getIn(path, keepScalar) {
        const [key, ...rest] = path;
        const node = this.get(key, true);
        if (rest.length === 0)
            return !keepScalar && identity.isScalar(node) ? node.value : node;
        else
            return identity.isCollection(node) ? node.getIn(rest, keepScalar) : undefined;
    }
    hasAllNullValues(allowScalar) {
        return this.items.every(node => {
            if (!identity.isPair(node))
                return false;
            const n = node.value;
            return (n == null ||
                (allowScalar &&
                    identity.isScalar(n) &&
                    n.value == null &&
                    !n.commentBefore &&
                    !n.comment &&
                    !n.tag));
        });
    }
    /**
     * Checks if the collection includes a value with the key `key`.
     */
    hasIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
            return this.has(key);
        const node = this.get(key, true);
        return identity.isCollection(node) ? node.hasIn(rest) : false;
    }
    /**
     * Sets a value in this collection. For `!!set`, `value` needs to be a
     * boolean to add/remove the item from the set.
     */
    setIn(path, value) {
        const [key, ...rest] = path;
        if (rest.length === 0) {
            this.set(key, value);
        }
        else {
            const node = this.get(key, true);
            if (identity.isCollection(node))
                node.setIn(rest, value);
            else if (node === undefined && this.schema)
                this.set(key, collectionFromPath(this.schema, rest, value));
            else
                throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
    }
}

exports.Collection = Collection;
exports.collectionFromPath = collectionFromPath;
exports.isEmptyPath = isEmptyPath;


/***/ }),

/***/ 6673:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var applyReviver = __nccwpck_require__(3661);
var identity = __nccwpck_require__(1127);
var toJS = __nccwpck_require__(4043);

class NodeBase {
    constructor(type) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: type });
    }
    /** Create a copy of this node.  */
    clone() {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (this.range)
            copy.range = this.range.slice();
        return copy;
    }
    /** A plain JavaScript representation of this node. */
    toJS(doc, { mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        if (!identity.isDocument(doc))
            throw new TypeError('A document argument is required');
        const ctx = {
            anchors: new Map(),
            doc,
            keep: true,
            mapAsMap: mapAsMap === true,
            mapKeyWarned: false,
            maxAliasCount: typeof maxAliasCount === 'number' ? maxAliasCount : 100
        };
        const res = toJS.toJS(this, '', ctx);
        if (typeof onAnchor === 'function')
            for (const { count, res } of ctx.anchors.values())
                onAnchor(res, count);
        return typeof reviver === 'function'
            ? applyReviver.applyReviver(reviver, { '': res }, '', res)
            : res;
    }
}

exports.NodeBase = NodeBase;


/***/ }),

/***/ 7165:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var createNode = __nccwpck_require__(2404);
var stringifyPair = __nccwpck_require__(9748);
var addPairToJSMap = __nccwpck_require__(7104);
var identity = __nccwpck_require__(1127);

function createPair(key, value, ctx) {
    const k = createNode.createNode(key, undefined, ctx);
    const v = createNode.createNode(value, undefined, ctx);
    return new Pair(k, v);
}
class Pair {
    constructor(key, value = null) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.PAIR });
        this.key = key;
        this.value = value;
    }
    clone(schema) {
        let { key, value } = this;
        if (identity.isNode(key))
            key = key.clone(schema);
        if (identity.isNode(value))
            value = value.clone(schema);
        return new Pair(key, value);
    }
    toJSON(_, ctx) {
        const pair = ctx?.mapAsMap ? new Map() : {};
        return addPairToJSMap.addPairToJSMap(ctx, pair, this);
    }
    toString(ctx, onComment, onChompKeep) {
        return ctx?.doc
            ? stringifyPair.stringifyPair(this, ctx, onComment, onChompKeep)
            : JSON.stringify(this);
    }
}

exports.Pair = Pair;
exports.createPair = createPair;


/***/ }),

/***/ 3301:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var Node = __nccwpck_require__(6673);
var toJS = __nccwpck_require__(4043);

const isScalarValue = (value) => !value || (typeof value !== 'function' && typeof value !== 'object');
class Scalar extends Node.NodeBase {
    constructor(value) {
        super(identity.SCALAR);
        this.value = value;
    }
    toJSON(arg, ctx) {
        return ctx?.keep ? this.value : toJS.toJS(this.value, arg, ctx);
    }
    toString() {
        return String(this.value);
    }
}
Scalar.BLOCK_FOLDED = 'BLOCK_FOLDED';
Scalar.BLOCK_LITERAL = 'BLOCK_LITERAL';
Scalar.PLAIN = 'PLAIN';
Scalar.QUOTE_DOUBLE = 'QUOTE_DOUBLE';
Scalar.QUOTE_SINGLE = 'QUOTE_SINGLE';

exports.Scalar = Scalar;
exports.isScalarValue = isScalarValue;


/***/ }),

/***/ 4454:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var stringifyCollection = __nccwpck_require__(1212);
var addPairToJSMap = __nccwpck_require__(7104);
var Collection = __nccwpck_require__(101);
var identity = __nccwpck_require__(1127);
var Pair = __nccwpck_require__(7165);
var Scalar = __nccwpck_require__(3301);

function findPair(items, key) {
    const k = identity.isScalar(key) ? key.value : key;
    for (const it of items) {
        if (identity.isPair(it)) {
            if (it.key === key || it.key === k)
                return it;
            if (identity.isScalar(it.key) && it.key.value === k)
                return it;
        }
    }
    return undefined;
}
class YAMLMap extends Collection.Collection {
    static get tagName() {
        return 'tag:yaml.org,2002:map';
    }
    constructor(schema) {
        super(identity.MAP, schema);
        this.items = [];
    }
    /**
     * A generic collection parsing method that can be extended
     * to other node classes that inherit from YAMLMap
     */
    static from(schema, obj, ctx) {
        const { keepUndefined, replacer } = ctx;
        const map = new this(schema);
        const add = (key, value) => {
            if (typeof replacer === 'function')
                value = replacer.call(obj, key, value);
            else if (Array.isArray(replacer) && !replacer.includes(key))
                return;
            if (value !== undefined || keepUndefined)
                map.items.push(Pair.createPair(key, value, ctx));
        };
        if (obj instanceof Map) {
            for (const [key, value] of obj)
                add(key, value);
        }
        else if (obj && typeof obj === 'object') {
            for (const key of Object.keys(obj))
                add(key, obj[key]);
        }
        if (typeof schema.sortMapEntries === 'function') {
            map.items.sort(schema.sortMapEntries);
        }
        return map;
    }
    /**
     * Adds a value to the collection.
     *
     * @param overwrite - If not set `true`, using a key that is already in the
     *   collection will throw. Otherwise, overwrites the previous value.
     */
    add(pair, overwrite) {
        let _pair;
        if (identity.isPair(pair))
            _pair = pair;
        else if (!pair || typeof pair !== 'object' || !('key' in pair)) {
            // In TypeScript, this never happens.
            _pair = new Pair.Pair(pair, pair?.value);
        }
        else
            _pair = new Pair.Pair(pair.key, pair.value);
        const prev = findPair(this.items, _pair.key);
        const sortEntries = this.schema?.sortMapEntries;
        if (prev) {
            if (!overwrite)
                throw new Error(`Key ${_pair.key} already set`);
            // For scalars, keep the old node & its comments and anchors
            if (identity.isScalar(prev.value) && Scalar.isScalarValue(_pair.value))
                prev.value.value = _pair.value;
            else
                prev.value = _pair.value;
        }
        else if (sortEntries) {
            const i = this.items.findIndex(item => sortEntries(_pair, item) < 0);
            if (i === -1)
                this.items.push(_pair);
            else
                this.items.splice(i, 0, _pair);
        }
        else {
            this.items.push(_pair);
        }
    }
    delete(key) {
        const it = findPair(this.items, key);
        if (!it)
            return false;
        const del = this.items.splice(this.items.indexOf(it), 1);
        return del.length > 0;
    }
    get(key, keepScalar) {
        const it = findPair(this.items, key);
        const node = it?.value;
        return (!keepScalar && identity.isScalar(node) ? node.value : node) ?? undefined;
    }
    has(key) {
        return !!findPair(this.items, key);
    }
    set(key, value) {
        this.add(new Pair.Pair(key, value), true);
    }
    /**
     * @param ctx - Conversion context, originally set in Document#toJS()
     * @param {Class} Type - If set, forces the returned collection type
     * @returns Instance of Type, Map, or Object
     */
    toJSON(_, ctx, Type) {
        const map = Type ? new Type() : ctx?.mapAsMap ? new Map() : {};
        if (ctx?.onCreate)
            ctx.onCreate(map);
        for (const item of this.items)
            addPairToJSMap.addPairToJSMap(ctx, map, item);
        return map;
    }
    toString(ctx, onComment, onChompKeep) {
        if (!ctx)
            return JSON.stringify(this);
        for (const item of this.items) {
            if (!identity.isPair(item))
                throw new Error(`Map items must all be pairs; found ${JSON.stringify(item)} instead`);
        }
        if (!ctx.allNullValues && this.hasAllNullValues(false))
            ctx = Object.assign({}, ctx, { allNullValues: true });
        return stringifyCollection.stringifyCollection(this, ctx, {
            blockItemPrefix: '',
            flowChars: { start: '{', end: '}' },
            itemIndent: ctx.indent || '',
            onChompKeep,
            onComment
        });
    }
}

exports.YAMLMap = YAMLMap;
exports.findPair = findPair;


/***/ }),

/***/ 2223:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var createNode = __nccwpck_require__(2404);
var stringifyCollection = __nccwpck_require__(1212);
var Collection = __nccwpck_require__(101);
var identity = __nccwpck_require__(1127);
var Scalar = __nccwpck_require__(3301);
var toJS = __nccwpck_require__(4043);

class YAMLSeq extends Collection.Collection {
    static get tagName() {
        return 'tag:yaml.org,2002:seq';
    }
    constructor(schema) {
        super(identity.SEQ, schema);
        this.items = [];
    }
    add(value) {
        this.items.push(value);
    }
    /**
     * Removes a value from the collection.
     *
     * `key` must contain a representation of an integer for this to succeed.
     * It may be wrapped in a `Scalar`.
     *
     * @returns `true` if the item was found and removed.
     */
    delete(key) {
        const idx = asItemIndex(key);
        if (typeof idx !== 'number')
            return false;
        const del = this.items.splice(idx, 1);
        return del.length > 0;
    }
    get(key, keepScalar) {
        const idx = asItemIndex(key);
        if (typeof idx !== 'number')
            return undefined;
        const it = this.items[idx];
        return !keepScalar && identity.isScalar(it) ? it.value : it;
    }
    /**
     * Checks if the collection includes a value with the key `key`.
     *
     * `key` must contain a representation of an integer for this to succeed.
     * It may be wrapped in a `Scalar`.
     */
    has(key) {
        const idx = asItemIndex(key);
        return typeof idx === 'number' && idx < this.items.length;
    }
    /**
     * Sets a value in this collection. For `!!set`, `value` needs to be a
     * boolean to add/remove the item from the set.
     *
     * If `key` does not contain a representation of an integer, this will throw.
     * It may be wrapped in a `Scalar`.
     */
    set(key, value) {
        const idx = asItemIndex(key);
        if (typeof idx !== 'number')
            throw new Error(`Expected a valid index, not ${key}.`);
        const prev = this.items[idx];
        if (identity.isScalar(prev) && Scalar.isScalarValue(value))
            prev.value = value;
        else
            this.items[idx] = value;
    }
    toJSON(_, ctx) {
        const seq = [];
        if (ctx?.onCreate)
            ctx.onCreate(seq);
        let i = 0;
        for (const item of this.items)
            seq.push(toJS.toJS(item, String(i++), ctx));
        return seq;
    }
    toString(ctx, onComment, onChompKeep) {
        if (!ctx)
            return JSON.stringify(this);
        return stringifyCollection.stringifyCollection(this, ctx, {
            blockItemPrefix: '- ',
            flowChars: { start: '[', end: ']' },
            itemIndent: (ctx.indent || '') + '  ',
            onChompKeep,
            onComment
        });
    }
    static from(schema, obj, ctx) {
        const { replacer } = ctx;
        const seq = new this(schema);
        if (obj && Symbol.iterator in Object(obj)) {
            let i = 0;
            for (let it of obj) {
                if (typeof replacer === 'function') {
                    const key = obj instanceof Set ? it : String(i++);
                    it = replacer.call(obj, key, it);
                }
                seq.items.push(createNode.createNode(it, undefined, ctx));
            }
        }
        return seq;
    }
}
function asItemIndex(key) {
    let idx = identity.isScalar(key) ? key.value : key;
    if (idx && typeof idx === 'string')
        idx = Number(idx);
    return typeof idx === 'number' && Number.isInteger(idx) && idx >= 0
        ? idx
        : null;
}

exports.YAMLSeq = YAMLSeq;


/***/ }),

/***/ 7104:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var log = __nccwpck_require__(7249);
var merge = __nccwpck_require__(452);
var stringify = __nccwpck_require__(2148);
var identity = __nccwpck_require__(1127);
var toJS = __nccwpck_require__(4043);

function addPairToJSMap(ctx, map, { key, value }) {
    if (identity.isNode(key) && key.addToJSMap)
        key.addToJSMap(ctx, map, value);
    // TODO: Should drop this special case for bare << handling
    else if (merge.isMergeKey(ctx, key))
        merge.addMergeToJSMap(ctx, map, value);
    else {
        const jsKey = toJS.toJS(key, '', ctx);
        if (map instanceof Map) {
            map.set(jsKey, toJS.toJS(value, jsKey, ctx));
        }
        else if (map instanceof Set) {
            map.add(jsKey);
        }
        else {
            const stringKey = stringifyKey(key, jsKey, ctx);
            const jsValue = toJS.toJS(value, stringKey, ctx);
            if (stringKey in map)
                Object.defineProperty(map, stringKey, {
                    value: jsValue,
                    writable: true,
                    enumerable: true,
                    configurable: true
                });
            else
                map[stringKey] = jsValue;
        }
    }
    return map;
}
function stringifyKey(key, jsKey, ctx) {
    if (jsKey === null)
        return '';
    // eslint-disable-next-line @typescript-eslint/no-base-to-string
    if (typeof jsKey !== 'object')
        return String(jsKey);
    if (identity.isNode(key) && ctx?.doc) {
        const strCtx = stringify.createStringifyContext(ctx.doc, {});
        strCtx.anchors = new Set();
        for (const node of ctx.anchors.keys())
            strCtx.anchors.add(node.anchor);
        strCtx.inFlow = true;
        strCtx.inStringifyKey = true;
        const strKey = key.toString(strCtx);
        if (!ctx.mapKeyWarned) {
            let jsonStr = JSON.stringify(strKey);
            if (jsonStr.length > 40)
                jsonStr = jsonStr.substring(0, 36) + '..."';
            log.warn(ctx.doc.options.logLevel, `Keys with collection values will be stringified due to JS Object restrictions: ${jsonStr}. Set mapAsMap: true to use object keys.`);
            ctx.mapKeyWarned = true;
        }
        return strKey;
    }
    return JSON.stringify(jsKey);
}

exports.addPairToJSMap = addPairToJSMap;


/***/ }),

/***/ 1127:
/***/ ((__unused_webpack_module, exports) => {



const ALIAS = Symbol.for('yaml.alias');
const DOC = Symbol.for('yaml.document');
const MAP = Symbol.for('yaml.map');
const PAIR = Symbol.for('yaml.pair');
const SCALAR = Symbol.for('yaml.scalar');
const SEQ = Symbol.for('yaml.seq');
const NODE_TYPE = Symbol.for('yaml.node.type');
const isAlias = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === ALIAS;
const isDocument = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === DOC;
const isMap = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === MAP;
const isPair = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === PAIR;
const isScalar = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === SCALAR;
const isSeq = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === SEQ;
function isCollection(node) {
    if (node && typeof node === 'object')
        switch (node[NODE_TYPE]) {
            case MAP:
            case SEQ:
                return true;
        }
    return false;
}
function isNode(node) {
    if (node && typeof node === 'object')
        switch (node[NODE_TYPE]) {
            case ALIAS:
            case MAP:
            case SCALAR:
            case SEQ:
                return true;
        }
    return false;
}
const hasAnchor = (node) => (isScalar(node) || isCollection(node)) && !!node.anchor;

exports.ALIAS = ALIAS;
exports.DOC = DOC;
exports.MAP = MAP;
exports.NODE_TYPE = NODE_TYPE;
exports.PAIR = PAIR;
exports.SCALAR = SCALAR;
exports.SEQ = SEQ;
exports.hasAnchor = hasAnchor;
exports.isAlias = isAlias;
exports.isCollection = isCollection;
exports.isDocument = isDocument;
exports.isMap = isMap;
exports.isNode = isNode;
exports.isPair = isPair;
exports.isScalar = isScalar;
exports.isSeq = isSeq;


/***/ }),

/***/ 4043:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);

/**
 * Recursively convert any node or its contents to native JavaScript
 *
 * @param value - The input value
 * @param arg - If `value` defines a `toJSON()` method, use this
 *   as its first argument
 * @param ctx - Conversion context, originally set in Document#toJS(). If
 *   `{ keep: true }` is not set, output should be suitable for JSON
 *   stringification.
 */
function toJS(value, arg, ctx) {
    // eslint-disable-next-line @typescript-eslint/no-unsafe-return
    if (Array.isArray(value))
        return value.map((v, i) => toJS(v, String(i), ctx));
    if (value && typeof value.toJSON === 'function') {
        // eslint-disable-next-line @typescript-eslint/no-unsafe-call
        if (!ctx || !identity.hasAnchor(value))
            return value.toJSON(arg, ctx);
        const data = { aliasCount: 0, count: 1, res: undefined };
        ctx.anchors.set(value, data);
        ctx.onCreate = res => {
            data.res = res;
            delete ctx.onCreate;
        };
        const res = value.toJSON(arg, ctx);
        if (ctx.onCreate)
            ctx.onCreate(res);
        return res;
    }
    if (typeof value === 'bigint' && !ctx?.keep)
        return Number(value);
    return value;
}

exports.toJS = toJS;


/***/ }),

/***/ 110:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var resolveBlockScalar = __nccwpck_require__(8913);
var resolveFlowScalar = __nccwpck_require__(6842);
var errors = __nccwpck_require__(1464);
var stringifyString = __nccwpck_require__(3069);

function resolveAsScalar(token, strict = true, onError) {
    if (token) {
        const _onError = (pos, code, message) => {
            const offset = typeof pos === 'number' ? pos : Array.isArray(pos) ? pos[0] : pos.offset;
            if (onError)
                onError(offset, code, message);
            else
                throw new errors.YAMLParseError([offset, offset + 1], code, message);
        };
        switch (token.type) {
            case 'scalar':
            case 'single-quoted-scalar':
            case 'double-quoted-scalar':
                return resolveFlowScalar.resolveFlowScalar(token, strict, _onError);
            case 'block-scalar':
                return resolveBlockScalar.resolveBlockScalar({ options: { strict } }, token, _onError);
        }
    }
    return null;
}
/**
 * Create a new scalar token with `value`
 *
 * Values that represent an actual string but may be parsed as a different type should use a `type` other than `'PLAIN'`,
 * as this function does not support any schema operations and won't check for such conflicts.
 *
 * @param value The string representation of the value, which will have its content properly indented.
 * @param context.end Comments and whitespace after the end of the value, or after the block scalar header. If undefined, a newline will be added.
 * @param context.implicitKey Being within an implicit key may affect the resolved type of the token's value.
 * @param context.indent The indent level of the token.
 * @param context.inFlow Is this scalar within a flow collection? This may affect the resolved type of the token's value.
 * @param context.offset The offset position of the token.
 * @param context.type The preferred type of the scalar token. If undefined, the previous type of the `token` will be used, defaulting to `'PLAIN'`.
 */
function createScalarToken(value, context) {
    const { implicitKey = false, indent, inFlow = false, offset = -1, type = 'PLAIN' } = context;
    const source = stringifyString.stringifyString({ type, value }, {
        implicitKey,
        indent: indent > 0 ? ' '.repeat(indent) : '',
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
    });
    const end = context.end ?? [
        { type: 'newline', offset: -1, indent, source: '\n' }
    ];
    switch (source[0]) {
        case '|':
        case '>': {
            const he = source.indexOf('\n');
            const head = source.substring(0, he);
            const body = source.substring(he + 1) + '\n';
            const props = [
                { type: 'block-scalar-header', offset, indent, source: head }
            ];
            if (!addEndtoBlockProps(props, end))
                props.push({ type: 'newline', offset: -1, indent, source: '\n' });
            return { type: 'block-scalar', offset, indent, props, source: body };
        }
        case '"':
            return { type: 'double-quoted-scalar', offset, indent, source, end };
        case "'":
            return { type: 'single-quoted-scalar', offset, indent, source, end };
        default:
            return { type: 'scalar', offset, indent, source, end };
    }
}
/**
 * Set the value of `token` to the given string `value`, overwriting any previous contents and type that it may have.
 *
 * Best efforts are made to retain any comments previously associated with the `token`,
 * though all contents within a collection's `items` will be overwritten.
 *
 * Values that represent an actual string but may be parsed as a different type should use a `type` other than `'PLAIN'`,
 * as this function does not support any schema operations and won't check for such conflicts.
 *
 * @param token Any token. If it does not include an `indent` value, the value will be stringified as if it were an implicit key.
 * @param value The string representation of the value, which will have its content properly indented.
 * @param context.afterKey In most cases, values after a key should have an additional level of indentation.
 * @param context.implicitKey Being within an implicit key may affect the resolved type of the token's value.
 * @param context.inFlow Being within a flow collection may affect the resolved type of the token's value.
 * @param context.type The preferred type of the scalar token. If undefined, the previous type of the `token` will be used, defaulting to `'PLAIN'`.
 */
function setScalarValue(token, value, context = {}) {
    let { afterKey = false, implicitKey = false, inFlow = false, type } = context;
    let indent = 'indent' in token ? token.indent : null;
    if (afterKey && typeof indent === 'number')
        indent += 2;
    if (!type)
        switch (token.type) {
            case 'single-quoted-scalar':
                type = 'QUOTE_SINGLE';
                break;
            case 'double-quoted-scalar':
                type = 'QUOTE_DOUBLE';
                break;
            case 'block-scalar': {
                const header = token.props[0];
                if (header.type !== 'block-scalar-header')
                    throw new Error('Invalid block scalar header');
                type = header.source[0] === '>' ? 'BLOCK_FOLDED' : 'BLOCK_LITERAL';
                break;
            }
            default:
                type = 'PLAIN';
        }
    const source = stringifyString.stringifyString({ type, value }, {
        implicitKey: implicitKey || indent === null,
        indent: indent !== null && indent > 0 ? ' '.repeat(indent) : '',
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
    });
    switch (source[0]) {
        case '|':
        case '>':
            setBlockScalarValue(token, source);
            break;
        case '"':
            setFlowScalarValue(token, source, 'double-quoted-scalar');
            break;
        case "'":
            setFlowScalarValue(token, source, 'single-quoted-scalar');
            break;
        default:
            setFlowScalarValue(token, source, 'scalar');
    }
}
function setBlockScalarValue(token, source) {
    const he = source.indexOf('\n');
    const head = source.substring(0, he);
    const body = source.substring(he + 1) + '\n';
    if (token.type === 'block-scalar') {
        const header = token.props[0];
        if (header.type !== 'block-scalar-header')
            throw new Error('Invalid block scalar header');
        header.source = head;
        token.source = body;
    }
    else {
        const { offset } = token;
        const indent = 'indent' in token ? token.indent : -1;
        const props = [
            { type: 'block-scalar-header', offset, indent, source: head }
        ];
        if (!addEndtoBlockProps(props, 'end' in token ? token.end : undefined))
            props.push({ type: 'newline', offset: -1, indent, source: '\n' });
        for (const key of Object.keys(token))
            if (key !== 'type' && key !== 'offset')
                delete token[key];
        Object.assign(token, { type: 'block-scalar', indent, props, source: body });
    }
}
/** @returns `true` if last token is a newline */
function addEndtoBlockProps(props, end) {
    if (end)
        for (const st of end)
            switch (st.type) {
                case 'space':
                case 'comment':
                    props.push(st);
                    break;
                case 'newline':
                    props.push(st);
                    return true;
            }
    return false;
}
function setFlowScalarValue(token, source, type) {
    switch (token.type) {
        case 'scalar':
        case 'double-quoted-scalar':
        case 'single-quoted-scalar':
            token.type = type;
            token.source = source;
            break;
        case 'block-scalar': {
            const end = token.props.slice(1);
            let oa = source.length;
            if (token.props[0].type === 'block-scalar-header')
                oa -= token.props[0].source.length;
            for (const tok of end)
                tok.offset += oa;
            delete token.props;
            Object.assign(token, { type, source, end });
            break;
        }
        case 'block-map':
        case 'block-seq': {
            const offset = token.offset + source.length;
            const nl = { type: 'newline', offset, indent: token.indent, source: '\n' };
            delete token.items;
            Object.assign(token, { type, source, end: [nl] });
            break;
        }
        default: {
            const indent = 'indent' in token ? token.indent : -1;
            const end = 'end' in token && Array.isArray(token.end)
                ? token.end.filter(st => st.type === 'space' ||
                    st.type === 'comment' ||
                    st.type === 'newline')
                : [];
            for (const key of Object.keys(token))
                if (key !== 'type' && key !== 'offset')
                    delete token[key];
            Object.assign(token, { type, indent, source, end });
        }
    }
}

exports.createScalarToken = createScalarToken;
exports.resolveAsScalar = resolveAsScalar;
exports.setScalarValue = setScalarValue;


/***/ }),

/***/ 1733:
/***/ ((__unused_webpack_module, exports) => {



/**
 * Stringify a CST document, token, or collection item
 *
 * Fair warning: This applies no validation whatsoever, and
 * simply concatenates the sources in their logical order.
 */
const stringify = (cst) => 'type' in cst ? stringifyToken(cst) : stringifyItem(cst);
function stringifyToken(token) {
    switch (token.type) {
        case 'block-scalar': {
            let res = '';
            for (const tok of token.props)
                res += stringifyToken(tok);
            return res + token.source;
        }
        case 'block-map':
        case 'block-seq': {
            let res = '';
            for (const item of token.items)
                res += stringifyItem(item);
            return res;
        }
        case 'flow-collection': {
            let res = token.start.source;
            for (const item of token.items)
                res += stringifyItem(item);
            for (const st of token.end)
                res += st.source;
            return res;
        }
        case 'document': {
            let res = stringifyItem(token);
            if (token.end)
                for (const st of token.end)
                    res += st.source;
            return res;
        }
        default: {
            let res = token.source;
            if ('end' in token && token.end)
                for (const st of token.end)
                    res += st.source;
            return res;
        }
    }
}
function stringifyItem({ start, key, sep, value }) {
    let res = '';
    for (const st of start)
        res += st.source;
    if (key)
        res += stringifyToken(key);
    if (sep)
        for (const st of sep)
            res += st.source;
    if (value)
        res += stringifyToken(value);
    return res;
}

exports.stringify = stringify;


/***/ }),

/***/ 7715:
/***/ ((__unused_webpack_module, exports) => {



const BREAK = Symbol('break visit');
const SKIP = Symbol('skip children');
const REMOVE = Symbol('remove item');
/**
 * Apply a visitor to a CST document or item.
 *
 * Walks through the tree (depth-first) starting from the root, calling a
 * `visitor` function with two arguments when entering each item:
 *   - `item`: The current item, which included the following members:
 *     - `start: SourceToken[]` – Source tokens before the key or value,
 *       possibly including its anchor or tag.
 *     - `key?: Token | null` – Set for pair values. May then be `null`, if
 *       the key before the `:` separator is empty.
 *     - `sep?: SourceToken[]` – Source tokens between the key and the value,
 *       which should include the `:` map value indicator if `value` is set.
 *     - `value?: Token` – The value of a sequence item, or of a map pair.
 *   - `path`: The steps from the root to the current node, as an array of
 *     `['key' | 'value', number]` tuples.
 *
 * The return value of the visitor may be used to control the traversal:
 *   - `undefined` (default): Do nothing and continue
 *   - `visit.SKIP`: Do not visit the children of this token, continue with
 *      next sibling
 *   - `visit.BREAK`: Terminate traversal completely
 *   - `visit.REMOVE`: Remove the current item, then continue with the next one
 *   - `number`: Set the index of the next step. This is useful especially if
 *     the index of the current token has changed.
 *   - `function`: Define the next visitor for this item. After the original
 *     visitor is called on item entry, next visitors are called after handling
 *     a non-empty `key` and when exiting the item.
 */
function visit(cst, visitor) {
    if ('type' in cst && cst.type === 'document')
        cst = { start: cst.start, value: cst.value };
    _visit(Object.freeze([]), cst, visitor);
}
// Without the `as symbol` casts, TS declares these in the `visit`
// namespace using `var`, but then complains about that because
// `unique symbol` must be `const`.
/** Terminate visit traversal completely */
visit.BREAK = BREAK;
/** Do not visit the children of the current item */
visit.SKIP = SKIP;
/** Remove the current item */
visit.REMOVE = REMOVE;
/** Find the item at `path` from `cst` as the root */
visit.itemAtPath = (cst, path) => {
    let item = cst;
    for (const [field, index] of path) {
        const tok = item?.[field];
        if (tok && 'items' in tok) {
            item = tok.items[index];
        }
        else
            return undefined;
    }
    return item;
};
/**
 * Get the immediate parent collection of the item at `path` from `cst` as the root.
 *
 * Throws an error if the collection is not found, which should never happen if the item itself exists.
 */
visit.parentCollection = (cst, path) => {
    const parent = visit.itemAtPath(cst, path.slice(0, -1));
    const field = path[path.length - 1][0];
    const coll = parent?.[field];
    if (coll && 'items' in coll)
        return coll;
    throw new Error('Parent collection not found');
};
function _visit(path, item, visitor) {
    let ctrl = visitor(item, path);
    if (typeof ctrl === 'symbol')
        return ctrl;
    for (const field of ['key', 'value']) {
        const token = item[field];
        if (token && 'items' in token) {
            for (let i = 0; i < token.items.length; ++i) {
                const ci = _visit(Object.freeze(path.concat([[field, i]])), token.items[i], visitor);
                if (typeof ci === 'number')
                    i = ci - 1;
                else if (ci === BREAK)
                    return BREAK;
                else if (ci === REMOVE) {
                    token.items.splice(i, 1);
                    i -= 1;
                }
            }
            if (typeof ctrl === 'function' && field === 'key')
                ctrl = ctrl(item, path);
        }
    }
    return typeof ctrl === 'function' ? ctrl(item, path) : ctrl;
}

exports.visit = visit;


/***/ }),

/***/ 3461:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var cstScalar = __nccwpck_require__(110);
var cstStringify = __nccwpck_require__(1733);
var cstVisit = __nccwpck_require__(7715);

/** The byte order mark */
const BOM = '\u{FEFF}';
/** Start of doc-mode */
const DOCUMENT = '\x02'; // C0: Start of Text
/** Unexpected end of flow-mode */
const FLOW_END = '\x18'; // C0: Cancel
/** Next token is a scalar value */
const SCALAR = '\x1f'; // C0: Unit Separator
/** @returns `true` if `token` is a flow or block collection */
const isCollection = (token) => !!token && 'items' in token;
/** @returns `true` if `token` is a flow or block scalar; not an alias */
const isScalar = (token) => !!token &&
    (token.type === 'scalar' ||
        token.type === 'single-quoted-scalar' ||
        token.type === 'double-quoted-scalar' ||
        token.type === 'block-scalar');
/* istanbul ignore next */
/** Get a printable representation of a lexer token */
function prettyToken(token) {
    switch (token) {
        case BOM:
            return '<BOM>';
        case DOCUMENT:
            return '<DOC>';
        case FLOW_END:
            return '<FLOW_END>';
        case SCALAR:
            return '<SCALAR>';
        default:
            return JSON.stringify(token);
    }
}
/** Identify the type of a lexer token. May return `null` for unknown tokens. */
function tokenType(source) {
    switch (source) {
        case BOM:
            return 'byte-order-mark';
        case DOCUMENT:
            return 'doc-mode';
        case FLOW_END:
            return 'flow-error-end';
        case SCALAR:
            return 'scalar';
        case '---':
            return 'doc-start';
        case '...':
            return 'doc-end';
        case '':
        case '\n':
        case '\r\n':
            return 'newline';
        case '-':
            return 'seq-item-ind';
        case '?':
            return 'explicit-key-ind';
        case ':':
            return 'map-value-ind';
        case '{':
            return 'flow-map-start';
        case '}':
            return 'flow-map-end';
        case '[':
            return 'flow-seq-start';
        case ']':
            return 'flow-seq-end';
        case ',':
            return 'comma';
    }
    switch (source[0]) {
        case ' ':
        case '\t':
            return 'space';
        case '#':
            return 'comment';
        case '%':
            return 'directive-line';
        case '*':
            return 'alias';
        case '&':
            return 'anchor';
        case '!':
            return 'tag';
        case "'":
            return 'single-quoted-scalar';
        case '"':
            return 'double-quoted-scalar';
        case '|':
        case '>':
            return 'block-scalar-header';
    }
    return null;
}

exports.createScalarToken = cstScalar.createScalarToken;
exports.resolveAsScalar = cstScalar.resolveAsScalar;
exports.setScalarValue = cstScalar.setScalarValue;
exports.stringify = cstStringify.stringify;
exports.visit = cstVisit.visit;
exports.BOM = BOM;
exports.DOCUMENT = DOCUMENT;
exports.FLOW_END = FLOW_END;
exports.SCALAR = SCALAR;
exports.isCollection = isCollection;
exports.isScalar = isScalar;
exports.prettyToken = prettyToken;
exports.tokenType = tokenType;


/***/ }),

/***/ 361:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var cst = __nccwpck_require__(3461);

/*
START -> stream

stream
  directive -> line-end -> stream
  indent + line-end -> stream
  [else] -> line-start

line-end
  comment -> line-end
  newline -> .
  input-end -> END

line-start
  doc-start -> doc
  doc-end -> stream
  [else] -> indent -> block-start

block-start
  seq-item-start -> block-start
  explicit-key-start -> block-start
  map-value-start -> block-start
  [else] -> doc

doc
  line-end -> line-start
  spaces -> doc
  anchor -> doc
  tag -> doc
  flow-start -> flow -> doc
  flow-end -> error -> doc
  seq-item-start -> error -> doc
  explicit-key-start -> error -> doc
  map-value-start -> doc
  alias -> doc
  quote-start -> quoted-scalar -> doc
  block-scalar-header -> line-end -> block-scalar(min) -> line-start
  [else] -> plain-scalar(false, min) -> doc

flow
  line-end -> flow
  spaces -> flow
  anchor -> flow
  tag -> flow
  flow-start -> flow -> flow
  flow-end -> .
  seq-item-start -> error -> flow
  explicit-key-start -> flow
  map-value-start -> flow
  alias -> flow
  quote-start -> quoted-scalar -> flow
  comma -> flow
  [else] -> plain-scalar(true, 0) -> flow

quoted-scalar
  quote-end -> .
  [else] -> quoted-scalar

block-scalar(min)
  newline + peek(indent < min) -> .
  [else] -> block-scalar(min)

plain-scalar(is-flow, min)
  scalar-end(is-flow) -> .
  peek(newline + (indent < min)) -> .
  [else] -> plain-scalar(min)
*/
function isEmpty(ch) {
    switch (ch) {
        case undefined:
        case ' ':
        case '\n':
        case '\r':
        case '\t':
            return true;
        default:
            return false;
    }
}
const hexDigits = new Set('0123456789ABCDEFabcdef');
const tagChars = new Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-#;/?:@&=+$_.!~*'()");
const flowIndicatorChars = new Set(',[]{}');
const invalidAnchorChars = new Set(' ,[]{}\n\r\t');
const isNotAnchorChar = (ch) => !ch || invalidAnchorChars.has(ch);
/**
 * Splits an input string into lexical tokens, i.e. smaller strings that are
 * easily identifiable by `tokens.tokenType()`.
 *
 * Lexing starts always in a "stream" context. Incomplete input may be buffered
 * until a complete token can be emitted.
 *
 * In addition to slices of the original input, the following control characters
 * may also be emitted:
 *
 * - `\x02` (Start of Text): A document starts with the next token
 * - `\x18` (Cancel): Unexpected end of flow-mode (indicates an error)
 * - `\x1f` (Unit Separator): Next token is a scalar value
 * - `\u{FEFF}` (Byte order mark): Emitted separately outside documents
 */
class Lexer {
    constructor() {
        /**
         * Flag indicating whether the end of the current buffer marks the end of
         * all input
         */
        this.atEnd = false;
        /**
         * Explicit indent set in block scalar header, as an offset from the current
         * minimum indent, so e.g. set to 1 from a header `|2+`. Set to -1 if not
         * explicitly set.
         */
        this.blockScalarIndent = -1;
        /**
         * Block scalars that include a + (keep) chomping indicator in their header
         * include trailing empty lines, which are otherwise excluded from the
         * scalar's contents.
         */
        this.blockScalarKeep = false;
        /** Current input */
        this.buffer = '';
        /**
         * Flag noting whether the map value indicator : can immediately follow this
         * node within a flow context.
         */
        this.flowKey = false;
        /** Count of surrounding flow collection levels. */
        this.flowLevel = 0;
        /**
         * Minimum level of indentation required for next lines to be parsed as a
         * part of the current scalar value.
         */
        this.indentNext = 0;
        /** Indentation level of the current line. */
        this.indentValue = 0;
        /** Position of the next \n character. */
        this.lineEndPos = null;
        /** Stores the state of the lexer if reaching the end of incpomplete input */
        this.next = null;
        /** A pointer to `buffer`; the current position of the lexer. */
        this.pos = 0;
    }
    /**
     * Generate YAML tokens from the `source` string. If `incomplete`,
     * a part of the last line may be left as a buffer for the next call.
     *
     * @returns A generator of lexical tokens
     */
    *lex(source, incomplete = false) {
        if (source) {
            if (typeof source !== 'string')
                throw TypeError('source is not a string');
            this.buffer = this.buffer ? this.buffer + source : source;
            this.lineEndPos = null;
        }
        this.atEnd = !incomplete;
        let next = this.next ?? 'stream';
        while (next && (incomplete || this.hasChars(1)))
            next = yield* this.parseNext(next);
    }
    atLineEnd() {
        let i = this.pos;
        let ch = this.buffer[i];
        while (ch === ' ' || ch === '\t')
            ch = this.buffer[++i];
        if (!ch || ch === '#' || ch === '\n')
            return true;
        if (ch === '\r')
            return this.buffer[i + 1] === '\n';
        return false;
    }
    charAt(n) {
        return this.buffer[this.pos + n];
    }
    continueScalar(offset) {
        let ch = this.buffer[offset];
        if (this.indentNext > 0) {
            let indent = 0;
            while (ch === ' ')
                ch = this.buffer[++indent + offset];
            if (ch === '\r') {
                const next = this.buffer[indent + offset + 1];
                if (next === '\n' || (!next && !this.atEnd))
                    return offset + indent + 1;
            }
            return ch === '\n' || indent >= this.indentNext || (!ch && !this.atEnd)
                ? offset + indent
                : -1;
        }
        if (ch === '-' || ch === '.') {
            const dt = this.buffer.substr(offset, 3);
            if ((dt === '---' || dt === '...') && isEmpty(this.buffer[offset + 3]))
                return -1;
        }
        return offset;
    }
    getLine() {
        let end = this.lineEndPos;
        if (typeof end !== 'number' || (end !== -1 && end < this.pos)) {
            end = this.buffer.indexOf('\n', this.pos);
            this.lineEndPos = end;
        }
        if (end === -1)
            return this.atEnd ? this.buffer.substring(this.pos) : null;
        if (this.buffer[end - 1] === '\r')
            end -= 1;
        return this.buffer.substring(this.pos, end);
    }
    hasChars(n) {
        return this.pos + n <= this.buffer.length;
    }
    setNext(state) {
        this.buffer = this.buffer.substring(this.pos);
        this.pos = 0;
        this.lineEndPos = null;
        this.next = state;
        return null;
    }
    peek(n) {
        return this.buffer.substr(this.pos, n);
    }
    *parseNext(next) {
        switch (next) {
            case 'stream':
                return yield* this.parseStream();
            case 'line-start':
                return yield* this.parseLineStart();
            case 'block-start':
                return yield* this.parseBlockStart();
            case 'doc':
                return yield* this.parseDocument();
            case 'flow':
                return yield* this.parseFlowCollection();
            case 'quoted-scalar':
                return yield* this.parseQuotedScalar();
            case 'block-scalar':
                return yield* this.parseBlockScalar();
            case 'plain-scalar':
                return yield* this.parsePlainScalar();
        }
    }
    *parseStream() {
        let line = this.getLine();
        if (line === null)
            return this.setNext('stream');
        if (line[0] === cst.BOM) {
            yield* this.pushCount(1);
            line = line.substring(1);
        }
        if (line[0] === '%') {
            let dirEnd = line.length;
            let cs = line.indexOf('#');
            while (cs !== -1) {
                const ch = line[cs - 1];
                if (ch === ' ' || ch === '\t') {
                    dirEnd = cs - 1;
                    break;
                }
                else {
                    cs = line.indexOf('#', cs + 1);
                }
            }
            while (true) {
                const ch = line[dirEnd - 1];
                if (ch === ' ' || ch === '\t')
                    dirEnd -= 1;
                else
                    break;
            }
            const n = (yield* this.pushCount(dirEnd)) + (yield* this.pushSpaces(true));
            yield* this.pushCount(line.length - n); // possible comment
            this.pushNewline();
            return 'stream';
        }
        if (this.atLineEnd()) {
            const sp = yield* this.pushSpaces(true);
            yield* this.pushCount(line.length - sp);
            yield* this.pushNewline();
            return 'stream';
        }
        yield cst.DOCUMENT;
        return yield* this.parseLineStart();
    }
    *parseLineStart() {
        const ch = this.charAt(0);
        if (!ch && !this.atEnd)
            return this.setNext('line-start');
        if (ch === '-' || ch === '.') {
            if (!this.atEnd && !this.hasChars(4))
                return this.setNext('line-start');
            const s = this.peek(3);
            if ((s === '---' || s === '...') && isEmpty(this.charAt(3))) {
                yield* this.pushCount(3);
                this.indentValue = 0;
                this.indentNext = 0;
                return s === '---' ? 'doc' : 'stream';
            }
        }
        this.indentValue = yield* this.pushSpaces(false);
        if (this.indentNext > this.indentValue && !isEmpty(this.charAt(1)))
            this.indentNext = this.indentValue;
        return yield* this.parseBlockStart();
    }
    *parseBlockStart() {
        const [ch0, ch1] = this.peek(2);
        if (!ch1 && !this.atEnd)
            return this.setNext('block-start');
        if ((ch0 === '-' || ch0 === '?' || ch0 === ':') && isEmpty(ch1)) {
            const n = (yield* this.pushCount(1)) + (yield* this.pushSpaces(true));
            this.indentNext = this.indentValue + 1;
            this.indentValue += n;
            return 'block-start';
        }
        return 'doc';
    }
    *parseDocument() {
        yield* this.pushSpaces(true);
        const line = this.getLine();
        if (line === null)
            return this.setNext('doc');
        let n = yield* this.pushIndicators();
        switch (line[n]) {
            case '#':
                yield* this.pushCount(line.length - n);
            // fallthrough
            case undefined:
                yield* this.pushNewline();
                return yield* this.parseLineStart();
            case '{':
            case '[':
                yield* this.pushCount(1);
                this.flowKey = false;
                this.flowLevel = 1;
                return 'flow';
            case '}':
            case ']':
                // this is an error
                yield* this.pushCount(1);
                return 'doc';
            case '*':
                yield* this.pushUntil(isNotAnchorChar);
                return 'doc';
            case '"':
            case "'":
                return yield* this.parseQuotedScalar();
            case '|':
            case '>':
                n += yield* this.parseBlockScalarHeader();
                n += yield* this.pushSpaces(true);
                yield* this.pushCount(line.length - n);
                yield* this.pushNewline();
                return yield* this.parseBlockScalar();
            default:
                return yield* this.parsePlainScalar();
        }
    }
    *parseFlowCollection() {
        let nl, sp;
        let indent = -1;
        do {
            nl = yield* this.pushNewline();
            if (nl > 0) {
                sp = yield* this.pushSpaces(false);
                this.indentValue = indent = sp;
            }
            else {
                sp = 0;
            }
            sp += yield* this.pushSpaces(true);
        } while (nl + sp > 0);
        const line = this.getLine();
        if (line === null)
            return this.setNext('flow');
        if ((indent !== -1 && indent < this.indentNext && line[0] !== '#') ||
            (indent === 0 &&
                (line.startsWith('---') || line.startsWith('...')) &&
                isEmpty(line[3]))) {
            // Allowing for the terminal ] or } at the same (rather than greater)
            // indent level as the initial [ or { is technically invalid, but
            // failing here would be surprising to users.
            const atFlowEndMarker = indent === this.indentNext - 1 &&
                this.flowLevel === 1 &&
                (line[0] === ']' || line[0] === '}');
            if (!atFlowEndMarker) {
                // this is an error
                this.flowLevel = 0;
                yield cst.FLOW_END;
                return yield* this.parseLineStart();
            }
        }
        let n = 0;
        while (line[n] === ',') {
            n += yield* this.pushCount(1);
            n += yield* this.pushSpaces(true);
            this.flowKey = false;
        }
        n += yield* this.pushIndicators();
        switch (line[n]) {
            case undefined:
                return 'flow';
            case '#':
                yield* this.pushCount(line.length - n);
                return 'flow';
            case '{':
            case '[':
                yield* this.pushCount(1);
                this.flowKey = false;
                this.flowLevel += 1;
                return 'flow';
            case '}':
            case ']':
                yield* this.pushCount(1);
                this.flowKey = true;
                this.flowLevel -= 1;
                return this.flowLevel ? 'flow' : 'doc';
            case '*':
                yield* this.pushUntil(isNotAnchorChar);
                return 'flow';
            case '"':
            case "'":
                this.flowKey = true;
                return yield* this.parseQuotedScalar();
            case ':': {
                const next = this.charAt(1);
                if (this.flowKey || isEmpty(next) || next === ',') {
                    this.flowKey = false;
                    yield* this.pushCount(1);
                    yield* this.pushSpaces(true);
                    return 'flow';
                }
            }
            // fallthrough
            default:
                this.flowKey = false;
                return yield* this.parsePlainScalar();
        }
    }
    *parseQuotedScalar() {
        const quote = this.charAt(0);
        let end = this.buffer.indexOf(quote, this.pos + 1);
        if (quote === "'") {
            while (end !== -1 && this.buffer[end + 1] === "'")
                end = this.buffer.indexOf("'", end + 2);
        }
        else {
            // double-quote
            while (end !== -1) {
                let n = 0;
                while (this.buffer[end - 1 - n] === '\\')
                    n += 1;
                if (n % 2 === 0)
                    break;
                end = this.buffer.indexOf('"', end + 1);
            }
        }
        // Only looking for newlines within the quotes
        const qb = this.buffer.substring(0, end);
        let nl = qb.indexOf('\n', this.pos);
        if (nl !== -1) {
            while (nl !== -1) {
                const cs = this.continueScalar(nl + 1);
                if (cs === -1)
                    break;
                nl = qb.indexOf('\n', cs);
            }
            if (nl !== -1) {
                // this is an error caused by an unexpected unindent
                end = nl - (qb[nl - 1] === '\r' ? 2 : 1);
            }
        }
        if (end === -1) {
            if (!this.atEnd)
                return this.setNext('quoted-scalar');
            end = this.buffer.length;
        }
        yield* this.pushToIndex(end + 1, false);
        return this.flowLevel ? 'flow' : 'doc';
    }
    *parseBlockScalarHeader() {
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        let i = this.pos;
        while (true) {
            const ch = this.buffer[++i];
            if (ch === '+')
                this.blockScalarKeep = true;
            else if (ch > '0' && ch <= '9')
                this.blockScalarIndent = Number(ch) - 1;
            else if (ch !== '-')
                break;
        }
        return yield* this.pushUntil(ch => isEmpty(ch) || ch === '#');
    }
    *parseBlockScalar() {
        let nl = this.pos - 1; // may be -1 if this.pos === 0
        let indent = 0;
        let ch;
        loop: for (let i = this.pos; (ch = this.buffer[i]); ++i) {
            switch (ch) {
                case ' ':
                    indent += 1;
                    break;
                case '\n':
                    nl = i;
                    indent = 0;
                    break;
                case '\r': {
                    const next = this.buffer[i + 1];
                    if (!next && !this.atEnd)
                        return this.setNext('block-scalar');
                    if (next === '\n')
                        break;
                } // fallthrough
                default:
                    break loop;
            }
        }
        if (!ch && !this.atEnd)
            return this.setNext('block-scalar');
        if (indent >= this.indentNext) {
            if (this.blockScalarIndent === -1)
                this.indentNext = indent;
            else {
                this.indentNext =
                    this.blockScalarIndent + (this.indentNext === 0 ? 1 : this.indentNext);
            }
            do {
                const cs = this.continueScalar(nl + 1);
                if (cs === -1)
                    break;
                nl = this.buffer.indexOf('\n', cs);
            } while (nl !== -1);
            if (nl === -1) {
                if (!this.atEnd)
                    return this.setNext('block-scalar');
                nl = this.buffer.length;
            }
        }
        // Trailing insufficiently indented tabs are invalid.
        // To catch that during parsing, we include them in the block scalar value.
        let i = nl + 1;
        ch = this.buffer[i];
        while (ch === ' ')
            ch = this.buffer[++i];
        if (ch === '\t') {
            while (ch === '\t' || ch === ' ' || ch === '\r' || ch === '\n')
                ch = this.buffer[++i];
            nl = i - 1;
        }
        else if (!this.blockScalarKeep) {
            do {
                let i = nl - 1;
                let ch = this.buffer[i];
                if (ch === '\r')
                    ch = this.buffer[--i];
                const lastChar = i; // Drop the line if last char not more indented
                while (ch === ' ')
                    ch = this.buffer[--i];
                if (ch === '\n' && i >= this.pos && i + 1 + indent > lastChar)
                    nl = i;
                else
                    break;
            } while (true);
        }
        yield cst.SCALAR;
        yield* this.pushToIndex(nl + 1, true);
        return yield* this.parseLineStart();
    }
    *parsePlainScalar() {
        const inFlow = this.flowLevel > 0;
        let end = this.pos - 1;
        let i = this.pos - 1;
        let ch;
        while ((ch = this.buffer[++i])) {
            if (ch === ':') {
                const next = this.buffer[i + 1];
                if (isEmpty(next) || (inFlow && flowIndicatorChars.has(next)))
                    break;
                end = i;
            }
            else if (isEmpty(ch)) {
                let next = this.buffer[i + 1];
                if (ch === '\r') {
                    if (next === '\n') {
                        i += 1;
                        ch = '\n';
                        next = this.buffer[i + 1];
                    }
                    else
                        end = i;
                }
                if (next === '#' || (inFlow && flowIndicatorChars.has(next)))
                    break;
                if (ch === '\n') {
                    const cs = this.continueScalar(i + 1);
                    if (cs === -1)
                        break;
                    i = Math.max(i, cs - 2); // to advance, but still account for ' #'
                }
            }
            else {
                if (inFlow && flowIndicatorChars.has(ch))
                    break;
                end = i;
            }
        }
        if (!ch && !this.atEnd)
            return this.setNext('plain-scalar');
        yield cst.SCALAR;
        yield* this.pushToIndex(end + 1, true);
        return inFlow ? 'flow' : 'doc';
    }
    *pushCount(n) {
        if (n > 0) {
            yield this.buffer.substr(this.pos, n);
            this.pos += n;
            return n;
        }
        return 0;
    }
    *pushToIndex(i, allowEmpty) {
        const s = this.buffer.slice(this.pos, i);
        if (s) {
            yield s;
            this.pos += s.length;
            return s.length;
        }
        else if (allowEmpty)
            yield '';
        return 0;
    }
    *pushIndicators() {
        let n = 0;
        loop: while (true) {
            switch (this.charAt(0)) {
                case '!':
                    n += yield* this.pushTag();
                    n += yield* this.pushSpaces(true);
                    continue loop;
                case '&':
                    n += yield* this.pushUntil(isNotAnchorChar);
                    n += yield* this.pushSpaces(true);
                    continue loop;
                case '-': // this is an error
                case '?': // this is an error outside flow collections
                case ':': {
                    const inFlow = this.flowLevel > 0;
                    const ch1 = this.charAt(1);
                    if (isEmpty(ch1) || (inFlow && flowIndicatorChars.has(ch1))) {
                        if (!inFlow)
                            this.indentNext = this.indentValue + 1;
                        else if (this.flowKey)
                            this.flowKey = false;
                        n += yield* this.pushCount(1);
                        n += yield* this.pushSpaces(true);
                        continue loop;
                    }
                }
            }
            break loop;
        }
        return n;
    }
    *pushTag() {
        if (this.charAt(1) === '<') {
            let i = this.pos + 2;
            let ch = this.buffer[i];
            while (!isEmpty(ch) && ch !== '>')
                ch = this.buffer[++i];
            return yield* this.pushToIndex(ch === '>' ? i + 1 : i, false);
        }
        else {
            let i = this.pos + 1;
            let ch = this.buffer[i];
            while (ch) {
                if (tagChars.has(ch))
                    ch = this.buffer[++i];
                else if (ch === '%' &&
                    hexDigits.has(this.buffer[i + 1]) &&
                    hexDigits.has(this.buffer[i + 2])) {
                    ch = this.buffer[(i += 3)];
                }
                else
                    break;
            }
            return yield* this.pushToIndex(i, false);
        }
    }
    *pushNewline() {
        const ch = this.buffer[this.pos];
        if (ch === '\n')
            return yield* this.pushCount(1);
        else if (ch === '\r' && this.charAt(1) === '\n')
            return yield* this.pushCount(2);
        else
            return 0;
    }
    *pushSpaces(allowTabs) {
        let i = this.pos - 1;
        let ch;
        do {
            ch = this.buffer[++i];
        } while (ch === ' ' || (allowTabs && ch === '\t'));
        const n = i - this.pos;
        if (n > 0) {
            yield this.buffer.substr(this.pos, n);
            this.pos = i;
        }
        return n;
    }
    *pushUntil(test) {
        let i = this.pos;
        let ch = this.buffer[i];
        while (!test(ch))
            ch = this.buffer[++i];
        return yield* this.pushToIndex(i, false);
    }
}

exports.Lexer = Lexer;


/***/ }),

/***/ 6628:
/***/ ((__unused_webpack_module, exports) => {



/**
 * Tracks newlines during parsing in order to provide an efficient API for
 * determining the one-indexed `{ line, col }` position for any offset
 * within the input.
 */
class LineCounter {
    constructor() {
        this.lineStarts = [];
        /**
         * Should be called in ascending order. Otherwise, call
         * `lineCounter.lineStarts.sort()` before calling `linePos()`.
         */
        this.addNewLine = (offset) => this.lineStarts.push(offset);
        /**
         * Performs a binary search and returns the 1-indexed { line, col }
         * position of `offset`. If `line === 0`, `addNewLine` has never been
         * called or `offset` is before the first known newline.
         */
        this.linePos = (offset) => {
            let low = 0;
            let high = this.lineStarts.length;
            while (low < high) {
                const mid = (low + high) >> 1; // Math.floor((low + high) / 2)
                if (this.lineStarts[mid] < offset)
                    low = mid + 1;
                else
                    high = mid;
            }
            if (this.lineStarts[low] === offset)
                return { line: low + 1, col: 1 };
            if (low === 0)
                return { line: 0, col: offset };
            const start = this.lineStarts[low - 1];
            return { line: low, col: offset - start + 1 };
        };
    }
}

exports.LineCounter = LineCounter;


/***/ }),

/***/ 3456:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var node_process = __nccwpck_require__(932);
var cst = __nccwpck_require__(3461);
var lexer = __nccwpck_require__(361);

function includesToken(list, type) {
    for (let i = 0; i < list.length; ++i)
        if (list[i].type === type)
            return true;
    return false;
}
function findNonEmptyIndex(list) {
    for (let i = 0; i < list.length; ++i) {
        switch (list[i].type) {
            case 'space':
            case 'comment':
            case 'newline':
                break;
            default:
                return i;
        }
    }
    return -1;
}
function isFlowToken(token) {
    switch (token?.type) {
        case 'alias':
        case 'scalar':
        case 'single-quoted-scalar':
        case 'double-quoted-scalar':
        case 'flow-collection':
            return true;
        default:
            return false;
    }
}
function getPrevProps(parent) {
    switch (parent.type) {
        case 'document':
            return parent.start;
        case 'block-map': {
            const it = parent.items[parent.items.length - 1];
            return it.sep ?? it.start;
        }
        case 'block-seq':
            return parent.items[parent.items.length - 1].start;
        /* istanbul ignore next should not happen */
        default:
            return [];
    }
}
/** Note: May modify input array */
function getFirstKeyStartProps(prev) {
    if (prev.length === 0)
        return [];
    let i = prev.length;
    loop: while (--i >= 0) {
        switch (prev[i].type) {
            case 'doc-start':
            case 'explicit-key-ind':
            case 'map-value-ind':
            case 'seq-item-ind':
            case 'newline':
                break loop;
        }
    }
    while (prev[++i]?.type === 'space') {
        /* loop */
    }
    return prev.splice(i, prev.length);
}
function arrayPushArray(target, source) {
    // May exhaust call stack with large `source` array
    if (source.length < 1e5)
        Array.prototype.push.apply(target, source);
    else
        for (let i = 0; i < source.length; ++i)
            target.push(source[i]);
}
function fixFlowSeqItems(fc) {
    if (fc.start.type === 'flow-seq-start') {
        for (const it of fc.items) {
            if (it.sep &&
                !it.value &&
                !includesToken(it.start, 'explicit-key-ind') &&
                !includesToken(it.sep, 'map-value-ind')) {
                if (it.key)
                    it.value = it.key;
                delete it.key;
                if (isFlowToken(it.value)) {
                    if (it.value.end)
                        arrayPushArray(it.value.end, it.sep);
                    else
                        it.value.end = it.sep;
                }
                else
                    arrayPushArray(it.start, it.sep);
                delete it.sep;
            }
        }
    }
}
/**
 * A YAML concrete syntax tree (CST) parser
 *
 * ```ts
 * const src: string = ...
 * for (const token of new Parser().parse(src)) {
 *   // token: Token
 * }
 * ```
 *
 * To use the parser with a user-provided lexer:
 *
 * ```ts
 * function* parse(source: string, lexer: Lexer) {
 *   const parser = new Parser()
 *   for (const lexeme of lexer.lex(source))
 *     yield* parser.next(lexeme)
 *   yield* parser.end()
 * }
 *
 * const src: string = ...
 * const lexer = new Lexer()
 * for (const token of parse(src, lexer)) {
 *   // token: Token
 * }
 * ```
 */
class Parser {
    /**
     * @param onNewLine - If defined, called separately with the start position of
     *   each new line (in `parse()`, including the start of input).
     */
    constructor(onNewLine) {
        /** If true, space and sequence indicators count as indentation */
        this.atNewLine = true;
        /** If true, next token is a scalar value */
        this.atScalar = false;
        /** Current indentation level */
        this.indent = 0;
        /** Current offset since the start of parsing */
        this.offset = 0;
        /** On the same line with a block map key */
        this.onKeyLine = false;
        /** Top indicates the node that's currently being built */
        this.stack = [];
        /** The source of the current token, set in parse() */
        this.source = '';
        /** The type of the current token, set in parse() */
        this.type = '';
        // Must be defined after `next()`
        this.lexer = new lexer.Lexer();
        this.onNewLine = onNewLine;
    }
    /**
     * Parse `source` as a YAML stream.
     * If `incomplete`, a part of the last line may be left as a buffer for the next call.
     *
     * Errors are not thrown, but yielded as `{ type: 'error', message }` tokens.
     *
     * @returns A generator of tokens representing each directive, document, and other structure.
     */
    *parse(source, incomplete = false) {
        if (this.onNewLine && this.offset === 0)
            this.onNewLine(0);
        for (const lexeme of this.lexer.lex(source, incomplete))
            yield* this.next(lexeme);
        if (!incomplete)
            yield* this.end();
    }
    /**
     * Advance the parser by the `source` of one lexical token.
     */
    *next(source) {
        this.source = source;
        if (node_process.env.LOG_TOKENS)
            console.log('|', cst.prettyToken(source));
        if (this.atScalar) {
            this.atScalar = false;
            yield* this.step();
            this.offset += source.length;
            return;
        }
        const type = cst.tokenType(source);
        if (!type) {
            const message = `Not a YAML token: ${source}`;
            yield* this.pop({ type: 'error', offset: this.offset, message, source });
            this.offset += source.length;
        }
        else if (type === 'scalar') {
            this.atNewLine = false;
            this.atScalar = true;
            this.type = 'scalar';
        }
        else {
            this.type = type;
            yield* this.step();
            switch (type) {
                case 'newline':
                    this.atNewLine = true;
                    this.indent = 0;
                    if (this.onNewLine)
                        this.onNewLine(this.offset + source.length);
                    break;
                case 'space':
                    if (this.atNewLine && source[0] === ' ')
                        this.indent += source.length;
                    break;
                case 'explicit-key-ind':
                case 'map-value-ind':
                case 'seq-item-ind':
                    if (this.atNewLine)
                        this.indent += source.length;
                    break;
                case 'doc-mode':
                case 'flow-error-end':
                    return;
                default:
                    this.atNewLine = false;
            }
            this.offset += source.length;
        }
    }
    /** Call at end of input to push out any remaining constructions */
    *end() {
        while (this.stack.length > 0)
            yield* this.pop();
    }
    get sourceToken() {
        const st = {
            type: this.type,
            offset: this.offset,
            indent: this.indent,
            source: this.source
        };
        return st;
    }
    *step() {
        const top = this.peek(1);
        if (this.type === 'doc-end' && top?.type !== 'doc-end') {
            while (this.stack.length > 0)
                yield* this.pop();
            this.stack.push({
                type: 'doc-end',
                offset: this.offset,
                source: this.source
            });
            return;
        }
        if (!top)
            return yield* this.stream();
        switch (top.type) {
            case 'document':
                return yield* this.document(top);
            case 'alias':
            case 'scalar':
            case 'single-quoted-scalar':
            case 'double-quoted-scalar':
                return yield* this.scalar(top);
            case 'block-scalar':
                return yield* this.blockScalar(top);
            case 'block-map':
                return yield* this.blockMap(top);
            case 'block-seq':
                return yield* this.blockSequence(top);
            case 'flow-collection':
                return yield* this.flowCollection(top);
            case 'doc-end':
                return yield* this.documentEnd(top);
        }
        /* istanbul ignore next should not happen */
        yield* this.pop();
    }
    peek(n) {
        return this.stack[this.stack.length - n];
    }
    *pop(error) {
        const token = error ?? this.stack.pop();
        /* istanbul ignore if should not happen */
        if (!token) {
            const message = 'Tried to pop an empty stack';
            yield { type: 'error', offset: this.offset, source: '', message };
        }
        else if (this.stack.length === 0) {
            yield token;
        }
        else {
            const top = this.peek(1);
            if (token.type === 'block-scalar') {
                // Block scalars use their parent rather than header indent
                token.indent = 'indent' in top ? top.indent : 0;
            }
            else if (token.type === 'flow-collection' && top.type === 'document') {
                // Ignore all indent for top-level flow collections
                token.indent = 0;
            }
            if (token.type === 'flow-collection')
                fixFlowSeqItems(token);
            switch (top.type) {
                case 'document':
                    top.value = token;
                    break;
                case 'block-scalar':
                    top.props.push(token); // error
                    break;
                case 'block-map': {
                    const it = top.items[top.items.length - 1];
                    if (it.value) {
                        top.items.push({ start: [], key: token, sep: [] });
                        this.onKeyLine = true;
                        return;
                    }
                    else if (it.sep) {
                        it.value = token;
                    }
                    else {
                        Object.assign(it, { key: token, sep: [] });
                        this.onKeyLine = !it.explicitKey;
                        return;
                    }
                    break;
                }
                case 'block-seq': {
                    const it = top.items[top.items.length - 1];
                    if (it.value)
                        top.items.push({ start: [], value: token });
                    else
                        it.value = token;
                    break;
                }
                case 'flow-collection': {
                    const it = top.items[top.items.length - 1];
                    if (!it || it.value)
                        top.items.push({ start: [], key: token, sep: [] });
                    else if (it.sep)
                        it.value = token;
                    else
                        Object.assign(it, { key: token, sep: [] });
                    return;
                }
                /* istanbul ignore next should not happen */
                default:
                    yield* this.pop();
                    yield* this.pop(token);
            }
            if ((top.type === 'document' ||
                top.type === 'block-map' ||
                top.type === 'block-seq') &&
                (token.type === 'block-map' || token.type === 'block-seq')) {
                const last = token.items[token.items.length - 1];
                if (last &&
                    !last.sep &&
                    !last.value &&
                    last.start.length > 0 &&
                    findNonEmptyIndex(last.start) === -1 &&
                    (token.indent === 0 ||
                        last.start.every(st => st.type !== 'comment' || st.indent < token.indent))) {
                    if (top.type === 'document')
                        top.end = last.start;
                    else
                        top.items.push({ start: last.start });
                    token.items.splice(-1, 1);
                }
            }
        }
    }
    *stream() {
        switch (this.type) {
            case 'directive-line':
                yield { type: 'directive', offset: this.offset, source: this.source };
                return;
            case 'byte-order-mark':
            case 'space':
            case 'comment':
            case 'newline':
                yield this.sourceToken;
                return;
            case 'doc-mode':
            case 'doc-start': {
                const doc = {
                    type: 'document',
                    offset: this.offset,
                    start: []
                };
                if (this.type === 'doc-start')
                    doc.start.push(this.sourceToken);
                this.stack.push(doc);
                return;
            }
        }
        yield {
            type: 'error',
            offset: this.offset,
            message: `Unexpected ${this.type} token in YAML stream`,
            source: this.source
        };
    }
    *document(doc) {
        if (doc.value)
            return yield* this.lineEnd(doc);
        switch (this.type) {
            case 'doc-start': {
                if (findNonEmptyIndex(doc.start) !== -1) {
                    yield* this.pop();
                    yield* this.step();
                }
                else
                    doc.start.push(this.sourceToken);
                return;
            }
            case 'anchor':
            case 'tag':
            case 'space':
            case 'comment':
            case 'newline':
                doc.start.push(this.sourceToken);
                return;
        }
        const bv = this.startBlockValue(doc);
        if (bv)
            this.stack.push(bv);
        else {
            yield {
                type: 'error',
                offset: this.offset,
                message: `Unexpected ${this.type} token in YAML document`,
                source: this.source
            };
        }
    }
    *scalar(scalar) {
        if (this.type === 'map-value-ind') {
            const prev = getPrevProps(this.peek(2));
            const start = getFirstKeyStartProps(prev);
            let sep;
            if (scalar.end) {
                sep = scalar.end;
                sep.push(this.sourceToken);
                delete scalar.end;
            }
            else
                sep = [this.sourceToken];
            const map = {
                type: 'block-map',
                offset: scalar.offset,
                indent: scalar.indent,
                items: [{ start, key: scalar, sep }]
            };
            this.onKeyLine = true;
            this.stack[this.stack.length - 1] = map;
        }
        else
            yield* this.lineEnd(scalar);
    }
    *blockScalar(scalar) {
        switch (this.type) {
            case 'space':
            case 'comment':
            case 'newline':
                scalar.props.push(this.sourceToken);
                return;
            case 'scalar':
                scalar.source = this.source;
                // block-scalar source includes trailing newline
                this.atNewLine = true;
                this.indent = 0;
                if (this.onNewLine) {
                    let nl = this.source.indexOf('\n') + 1;
                    while (nl !== 0) {
                        this.onNewLine(this.offset + nl);
                        nl = this.source.indexOf('\n', nl) + 1;
                    }
                }
                yield* this.pop();
                break;
            /* istanbul ignore next should not happen */
            default:
                yield* this.pop();
                yield* this.step();
        }
    }
    *blockMap(map) {
        const it = map.items[map.items.length - 1];
        // it.sep is true-ish if pair already has key or : separator
        switch (this.type) {
            case 'newline':
                this.onKeyLine = false;
                if (it.value) {
                    const end = 'end' in it.value ? it.value.end : undefined;
                    const last = Array.isArray(end) ? end[end.length - 1] : undefined;
                    if (last?.type === 'comment')
                        end?.push(this.sourceToken);
                    else
                        map.items.push({ start: [this.sourceToken] });
                }
                else if (it.sep) {
                    it.sep.push(this.sourceToken);
                }
                else {
                    it.start.push(this.sourceToken);
                }
                return;
            case 'space':
            case 'comment':
                if (it.value) {
                    map.items.push({ start: [this.sourceToken] });
                }
                else if (it.sep) {
                    it.sep.push(this.sourceToken);
                }
                else {
                    if (this.atIndentedComment(it.start, map.indent)) {
                        const prev = map.items[map.items.length - 2];
                        const end = prev?.value?.end;
                        if (Array.isArray(end)) {
                            arrayPushArray(end, it.start);
                            end.push(this.sourceToken);
                            map.items.pop();
                            return;
                        }
                    }
                    it.start.push(this.sourceToken);
                }
                return;
        }
        if (this.indent >= map.indent) {
            const atMapIndent = !this.onKeyLine && this.indent === map.indent;
            const atNextItem = atMapIndent &&
                (it.sep || it.explicitKey) &&
                this.type !== 'seq-item-ind';
            // For empty nodes, assign newline-separated not indented empty tokens to following node
            let start = [];
            if (atNextItem && it.sep && !it.value) {
                const nl = [];
                for (let i = 0; i < it.sep.length; ++i) {
                    const st = it.sep[i];
                    switch (st.type) {
                        case 'newline':
                            nl.push(i);
                            break;
                        case 'space':
                            break;
                        case 'comment':
                            if (st.indent > map.indent)
                                nl.length = 0;
                            break;
                        default:
                            nl.length = 0;
                    }
                }
                if (nl.length >= 2)
                    start = it.sep.splice(nl[1]);
            }
            switch (this.type) {
                case 'anchor':
                case 'tag':
                    if (atNextItem || it.value) {
                        start.push(this.sourceToken);
                        map.items.push({ start });
                        this.onKeyLine = true;
                    }
                    else if (it.sep) {
                        it.sep.push(this.sourceToken);
                    }
                    else {
                        it.start.push(this.sourceToken);
                    }
                    return;
                case 'explicit-key-ind':
                    if (!it.sep && !it.explicitKey) {
                        it.start.push(this.sourceToken);
                        it.explicitKey = true;
                    }
                    else if (atNextItem || it.value) {
                        start.push(this.sourceToken);
                        map.items.push({ start, explicitKey: true });
                    }
                    else {
                        this.stack.push({
                            type: 'block-map',
                            offset: this.offset,
                            indent: this.indent,
                            items: [{ start: [this.sourceToken], explicitKey: true }]
                        });
                    }
                    this.onKeyLine = true;
                    return;
                case 'map-value-ind':
                    if (it.explicitKey) {
                        if (!it.sep) {
                            if (includesToken(it.start, 'newline')) {
                                Object.assign(it, { key: null, sep: [this.sourceToken] });
                            }
                            else {
                                const start = getFirstKeyStartProps(it.start);
                                this.stack.push({
                                    type: 'block-map',
                                    offset: this.offset,
                                    indent: this.indent,
                                    items: [{ start, key: null, sep: [this.sourceToken] }]
                                });
                            }
                        }
                        else if (it.value) {
                            map.items.push({ start: [], key: null, sep: [this.sourceToken] });
                        }
                        else if (includesToken(it.sep, 'map-value-ind')) {
                            this.stack.push({
                                type: 'block-map',
                                offset: this.offset,
                                indent: this.indent,
                                items: [{ start, key: null, sep: [this.sourceToken] }]
                            });
                        }
                        else if (isFlowToken(it.key) &&
                            !includesToken(it.sep, 'newline')) {
                            const start = getFirstKeyStartProps(it.start);
                            const key = it.key;
                            const sep = it.sep;
                            sep.push(this.sourceToken);
                            // @ts-expect-error type guard is wrong here
                            delete it.key;
                            // @ts-expect-error type guard is wrong here
                            delete it.sep;
                            this.stack.push({
                                type: 'block-map',
                                offset: this.offset,
                                indent: this.indent,
                                items: [{ start, key, sep }]
                            });
                        }
                        else if (start.length > 0) {
                            // Not actually at next item
                            it.sep = it.sep.concat(start, this.sourceToken);
                        }
                        else {
                            it.sep.push(this.sourceToken);
                        }
                    }
                    else {
                        if (!it.sep) {
                            Object.assign(it, { key: null, sep: [this.sourceToken] });
                        }
                        else if (it.value || atNextItem) {
                            map.items.push({ start, key: null, sep: [this.sourceToken] });
                        }
                        else if (includesToken(it.sep, 'map-value-ind')) {
                            this.stack.push({
                                type: 'block-map',
                                offset: this.offset,
                                indent: this.indent,
                                items: [{ start: [], key: null, sep: [this.sourceToken] }]
                            });
                        }
                        else {
                            it.sep.push(this.sourceToken);
                        }
                    }
                    this.onKeyLine = true;
                    return;
                case 'alias':
                case 'scalar':
                case 'single-quoted-scalar':
                case 'double-quoted-scalar': {
                    const fs = this.flowScalar(this.type);
                    if (atNextItem || it.value) {
                        map.items.push({ start, key: fs, sep: [] });
                        this.onKeyLine = true;
                    }
                    else if (it.sep) {
                        this.stack.push(fs);
                    }
                    else {
                        Object.assign(it, { key: fs, sep: [] });
                        this.onKeyLine = true;
                    }
                    return;
                }
                default: {
                    const bv = this.startBlockValue(map);
                    if (bv) {
                        if (bv.type === 'block-seq') {
                            if (!it.explicitKey &&
                                it.sep &&
                                !includesToken(it.sep, 'newline')) {
                                yield* this.pop({
                                    type: 'error',
                                    offset: this.offset,
                                    message: 'Unexpected block-seq-ind on same line with key',
                                    source: this.source
                                });
                                return;
                            }
                        }
                        else if (atMapIndent) {
                            map.items.push({ start });
                        }
                        this.stack.push(bv);
                        return;
                    }
                }
            }
        }
        yield* this.pop();
        yield* this.step();
    }
    *blockSequence(seq) {
        const it = seq.items[seq.items.length - 1];
        switch (this.type) {
            case 'newline':
                if (it.value) {
                    const end = 'end' in it.value ? it.value.end : undefined;
                    const last = Array.isArray(end) ? end[end.length - 1] : undefined;
                    if (last?.type === 'comment')
                        end?.push(this.sourceToken);
                    else
                        seq.items.push({ start: [this.sourceToken] });
                }
                else
                    it.start.push(this.sourceToken);
                return;
            case 'space':
            case 'comment':
                if (it.value)
                    seq.items.push({ start: [this.sourceToken] });
                else {
                    if (this.atIndentedComment(it.start, seq.indent)) {
                        const prev = seq.items[seq.items.length - 2];
                        const end = prev?.value?.end;
                        if (Array.isArray(end)) {
                            arrayPushArray(end, it.start);
                            end.push(this.sourceToken);
                            seq.items.pop();
                            return;
                        }
                    }
                    it.start.push(this.sourceToken);
                }
                return;
            case 'anchor':
            case 'tag':
                if (it.value || this.indent <= seq.indent)
                    break;
                it.start.push(this.sourceToken);
                return;
            case 'seq-item-ind':
                if (this.indent !== seq.indent)
                    break;
                if (it.value || includesToken(it.start, 'seq-item-ind'))
                    seq.items.push({ start: [this.sourceToken] });
                else
                    it.start.push(this.sourceToken);
                return;
        }
        if (this.indent > seq.indent) {
            const bv = this.startBlockValue(seq);
            if (bv) {
                this.stack.push(bv);
                return;
            }
        }
        yield* this.pop();
        yield* this.step();
    }
    *flowCollection(fc) {
        const it = fc.items[fc.items.length - 1];
        if (this.type === 'flow-error-end') {
            let top;
            do {
                yield* this.pop();
                top = this.peek(1);
            } while (top?.type === 'flow-collection');
        }
        else if (fc.end.length === 0) {
            switch (this.type) {
                case 'comma':
                case 'explicit-key-ind':
                    if (!it || it.sep)
                        fc.items.push({ start: [this.sourceToken] });
                    else
                        it.start.push(this.sourceToken);
                    return;
                case 'map-value-ind':
                    if (!it || it.value)
                        fc.items.push({ start: [], key: null, sep: [this.sourceToken] });
                    else if (it.sep)
                        it.sep.push(this.sourceToken);
                    else
                        Object.assign(it, { key: null, sep: [this.sourceToken] });
                    return;
                case 'space':
                case 'comment':
                case 'newline':
                case 'anchor':
                case 'tag':
                    if (!it || it.value)
                        fc.items.push({ start: [this.sourceToken] });
                    else if (it.sep)
                        it.sep.push(this.sourceToken);
                    else
                        it.start.push(this.sourceToken);
                    return;
                case 'alias':
                case 'scalar':
                case 'single-quoted-scalar':
                case 'double-quoted-scalar': {
                    const fs = this.flowScalar(this.type);
                    if (!it || it.value)
                        fc.items.push({ start: [], key: fs, sep: [] });
                    else if (it.sep)
                        this.stack.push(fs);
                    else
                        Object.assign(it, { key: fs, sep: [] });
                    return;
                }
                case 'flow-map-end':
                case 'flow-seq-end':
                    fc.end.push(this.sourceToken);
                    return;
            }
            const bv = this.startBlockValue(fc);
            /* istanbul ignore else should not happen */
            if (bv)
                this.stack.push(bv);
            else {
                yield* this.pop();
                yield* this.step();
            }
        }
        else {
            const parent = this.peek(2);
            if (parent.type === 'block-map' &&
                ((this.type === 'map-value-ind' && parent.indent === fc.indent) ||
                    (this.type === 'newline' &&
                        !parent.items[parent.items.length - 1].sep))) {
                yield* this.pop();
                yield* this.step();
            }
            else if (this.type === 'map-value-ind' &&
                parent.type !== 'flow-collection') {
                const prev = getPrevProps(parent);
                const start = getFirstKeyStartProps(prev);
                fixFlowSeqItems(fc);
                const sep = fc.end.splice(1, fc.end.length);
                sep.push(this.sourceToken);
                const map = {
                    type: 'block-map',
                    offset: fc.offset,
                    indent: fc.indent,
                    items: [{ start, key: fc, sep }]
                };
                this.onKeyLine = true;
                this.stack[this.stack.length - 1] = map;
            }
            else {
                yield* this.lineEnd(fc);
            }
        }
    }
    flowScalar(type) {
        if (this.onNewLine) {
            let nl = this.source.indexOf('\n') + 1;
            while (nl !== 0) {
                this.onNewLine(this.offset + nl);
                nl = this.source.indexOf('\n', nl) + 1;
            }
        }
        return {
            type,
            offset: this.offset,
            indent: this.indent,
            source: this.source
        };
    }
    startBlockValue(parent) {
        switch (this.type) {
            case 'alias':
            case 'scalar':
            case 'single-quoted-scalar':
            case 'double-quoted-scalar':
                return this.flowScalar(this.type);
            case 'block-scalar-header':
                return {
                    type: 'block-scalar',
                    offset: this.offset,
                    indent: this.indent,
                    props: [this.sourceToken],
                    source: ''
                };
            case 'flow-map-start':
            case 'flow-seq-start':
                return {
                    type: 'flow-collection',
                    offset: this.offset,
                    indent: this.indent,
                    start: this.sourceToken,
                    items: [],
                    end: []
                };
            case 'seq-item-ind':
                return {
                    type: 'block-seq',
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: [this.sourceToken] }]
                };
            case 'explicit-key-ind': {
                this.onKeyLine = true;
                const prev = getPrevProps(parent);
                const start = getFirstKeyStartProps(prev);
                start.push(this.sourceToken);
                return {
                    type: 'block-map',
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start, explicitKey: true }]
                };
            }
            case 'map-value-ind': {
                this.onKeyLine = true;
                const prev = getPrevProps(parent);
                const start = getFirstKeyStartProps(prev);
                return {
                    type: 'block-map',
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start, key: null, sep: [this.sourceToken] }]
                };
            }
        }
        return null;
    }
    atIndentedComment(start, indent) {
        if (this.type !== 'comment')
            return false;
        if (this.indent <= indent)
            return false;
        return start.every(st => st.type === 'newline' || st.type === 'space');
    }
    *documentEnd(docEnd) {
        if (this.type !== 'doc-mode') {
            if (docEnd.end)
                docEnd.end.push(this.sourceToken);
            else
                docEnd.end = [this.sourceToken];
            if (this.type === 'newline')
                yield* this.pop();
        }
    }
    *lineEnd(token) {
        switch (this.type) {
            case 'comma':
            case 'doc-start':
            case 'doc-end':
            case 'flow-seq-end':
            case 'flow-map-end':
            case 'map-value-ind':
                yield* this.pop();
                yield* this.step();
                break;
            case 'newline':
                this.onKeyLine = false;
            // fallthrough
            case 'space':
            case 'comment':
            default:
                // all other values are errors
                if (token.end)
                    token.end.push(this.sourceToken);
                else
                    token.end = [this.sourceToken];
                if (this.type === 'newline')
                    yield* this.pop();
        }
    }
}

exports.Parser = Parser;


/***/ }),

/***/ 4047:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var composer = __nccwpck_require__(9984);
var Document = __nccwpck_require__(3021);
var errors = __nccwpck_require__(1464);
var log = __nccwpck_require__(7249);
var identity = __nccwpck_require__(1127);
var lineCounter = __nccwpck_require__(6628);
var parser = __nccwpck_require__(3456);

function parseOptions(options) {
    const prettyErrors = options.prettyErrors !== false;
    const lineCounter$1 = options.lineCounter || (prettyErrors && new lineCounter.LineCounter()) || null;
    return { lineCounter: lineCounter$1, prettyErrors };
}
/**
 * Parse the input as a stream of YAML documents.
 *
 * Documents should be separated from each other by `...` or `---` marker lines.
 *
 * @returns If an empty `docs` array is returned, it will be of type
 *   EmptyStream and contain additional stream information. In
 *   TypeScript, you should use `'empty' in docs` as a type guard for it.
 */
function parseAllDocuments(source, options = {}) {
    const { lineCounter, prettyErrors } = parseOptions(options);
    const parser$1 = new parser.Parser(lineCounter?.addNewLine);
    const composer$1 = new composer.Composer(options);
    const docs = Array.from(composer$1.compose(parser$1.parse(source)));
    if (prettyErrors && lineCounter)
        for (const doc of docs) {
            doc.errors.forEach(errors.prettifyError(source, lineCounter));
            doc.warnings.forEach(errors.prettifyError(source, lineCounter));
        }
    if (docs.length > 0)
        return docs;
    return Object.assign([], { empty: true }, composer$1.streamInfo());
}
/** Parse an input string into a single YAML.Document */
function parseDocument(source, options = {}) {
    const { lineCounter, prettyErrors } = parseOptions(options);
    const parser$1 = new parser.Parser(lineCounter?.addNewLine);
    const composer$1 = new composer.Composer(options);
    // `doc` is always set by compose.end(true) at the very latest
    let doc = null;
    for (const _doc of composer$1.compose(parser$1.parse(source), true, source.length)) {
        if (!doc)
            doc = _doc;
        else if (doc.options.logLevel !== 'silent') {
            doc.errors.push(new errors.YAMLParseError(_doc.range.slice(0, 2), 'MULTIPLE_DOCS', 'Source contains multiple documents; please use YAML.parseAllDocuments()'));
            break;
        }
    }
    if (prettyErrors && lineCounter) {
        doc.errors.forEach(errors.prettifyError(source, lineCounter));
        doc.warnings.forEach(errors.prettifyError(source, lineCounter));
    }
    return doc;
}
function parse(src, reviver, options) {
    let _reviver = undefined;
    if (typeof reviver === 'function') {
        _reviver = reviver;
    }
    else if (options === undefined && reviver && typeof reviver === 'object') {
        options = reviver;
    }
    const doc = parseDocument(src, options);
    if (!doc)
        return null;
    doc.warnings.forEach(warning => log.warn(doc.options.logLevel, warning));
    if (doc.errors.length > 0) {
        if (doc.options.logLevel !== 'silent')
            throw doc.errors[0];
        else
            doc.errors = [];
    }
    return doc.toJS(Object.assign({ reviver: _reviver }, options));
}
function stringify(value, replacer, options) {
    let _replacer = null;
    if (typeof replacer === 'function' || Array.isArray(replacer)) {
        _replacer = replacer;
    }
    else if (options === undefined && replacer) {
        options = replacer;
    }
    if (typeof options === 'string')
        options = options.length;
    if (typeof options === 'number') {
        const indent = Math.round(options);
        options = indent < 1 ? undefined : indent > 8 ? { indent: 8 } : { indent };
    }
    if (value === undefined) {
        const { keepUndefined } = options ?? replacer ?? {};
        if (!keepUndefined)
            return undefined;
    }
    if (identity.isDocument(value) && !_replacer)
        return value.toString(options);
    return new Document.Document(value, _replacer, options).toString(options);
}

exports.parse = parse;
exports.parseAllDocuments = parseAllDocuments;
exports.parseDocument = parseDocument;
exports.stringify = stringify;


/***/ }),

/***/ 5840:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var map = __nccwpck_require__(7451);
var seq = __nccwpck_require__(1706);
var string = __nccwpck_require__(6464);
var tags = __nccwpck_require__(18);

const sortMapEntriesByKey = (a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
class Schema {
    constructor({ compat, customTags, merge, resolveKnownTags, schema, sortMapEntries, toStringDefaults }) {
        this.compat = Array.isArray(compat)
            ? tags.getTags(compat, 'compat')
            : compat
                ? tags.getTags(null, compat)
                : null;
        this.name = (typeof schema === 'string' && schema) || 'core';
        this.knownTags = resolveKnownTags ? tags.coreKnownTags : {};
        this.tags = tags.getTags(customTags, this.name, merge);
        this.toStringOptions = toStringDefaults ?? null;
        Object.defineProperty(this, identity.MAP, { value: map.map });
        Object.defineProperty(this, identity.SCALAR, { value: string.string });
        Object.defineProperty(this, identity.SEQ, { value: seq.seq });
        // Used by createMap()
        this.sortMapEntries =
            typeof sortMapEntries === 'function'
                ? sortMapEntries
                : sortMapEntries === true
                    ? sortMapEntriesByKey
                    : null;
    }
    clone() {
        const copy = Object.create(Schema.prototype, Object.getOwnPropertyDescriptors(this));
        copy.tags = this.tags.slice();
        return copy;
    }
}

exports.Schema = Schema;


/***/ }),

/***/ 7451:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var YAMLMap = __nccwpck_require__(4454);

const map = {
    collection: 'map',
    default: true,
    nodeClass: YAMLMap.YAMLMap,
    tag: 'tag:yaml.org,2002:map',
    resolve(map, onError) {
        if (!identity.isMap(map))
            onError('Expected a mapping for this tag');
        return map;
    },
    createNode: (schema, obj, ctx) => YAMLMap.YAMLMap.from(schema, obj, ctx)
};

exports.map = map;


/***/ }),

/***/ 3632:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);

const nullTag = {
    identify: value => value == null,
    createNode: () => new Scalar.Scalar(null),
    default: true,
    tag: 'tag:yaml.org,2002:null',
    test: /^(?:~|[Nn]ull|NULL)?$/,
    resolve: () => new Scalar.Scalar(null),
    stringify: ({ source }, ctx) => typeof source === 'string' && nullTag.test.test(source)
        ? source
        : ctx.options.nullStr
};

exports.nullTag = nullTag;


/***/ }),

/***/ 1706:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var YAMLSeq = __nccwpck_require__(2223);

const seq = {
    collection: 'seq',
    default: true,
    nodeClass: YAMLSeq.YAMLSeq,
    tag: 'tag:yaml.org,2002:seq',
    resolve(seq, onError) {
        if (!identity.isSeq(seq))
            onError('Expected a sequence for this tag');
        return seq;
    },
    createNode: (schema, obj, ctx) => YAMLSeq.YAMLSeq.from(schema, obj, ctx)
};

exports.seq = seq;


/***/ }),

/***/ 6464:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var stringifyString = __nccwpck_require__(3069);

const string = {
    identify: value => typeof value === 'string',
    default: true,
    tag: 'tag:yaml.org,2002:str',
    resolve: str => str,
    stringify(item, ctx, onComment, onChompKeep) {
        ctx = Object.assign({ actualString: true }, ctx);
        return stringifyString.stringifyString(item, ctx, onComment, onChompKeep);
    }
};

exports.string = string;


/***/ }),

/***/ 3959:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);

const boolTag = {
    identify: value => typeof value === 'boolean',
    default: true,
    tag: 'tag:yaml.org,2002:bool',
    test: /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
    resolve: str => new Scalar.Scalar(str[0] === 't' || str[0] === 'T'),
    stringify({ source, value }, ctx) {
        if (source && boolTag.test.test(source)) {
            const sv = source[0] === 't' || source[0] === 'T';
            if (value === sv)
                return source;
        }
        return value ? ctx.options.trueStr : ctx.options.falseStr;
    }
};

exports.boolTag = boolTag;


/***/ }),

/***/ 8405:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);
var stringifyNumber = __nccwpck_require__(8689);

const floatNaN = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
    resolve: str => str.slice(-3).toLowerCase() === 'nan'
        ? NaN
        : str[0] === '-'
            ? Number.NEGATIVE_INFINITY
            : Number.POSITIVE_INFINITY,
    stringify: stringifyNumber.stringifyNumber
};
const floatExp = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    format: 'EXP',
    test: /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
    resolve: str => parseFloat(str),
    stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
    }
};
const float = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    test: /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
    resolve(str) {
        const node = new Scalar.Scalar(parseFloat(str));
        const dot = str.indexOf('.');
        if (dot !== -1 && str[str.length - 1] === '0')
            node.minFractionDigits = str.length - dot - 1;
        return node;
    },
    stringify: stringifyNumber.stringifyNumber
};

exports.float = float;
exports.floatExp = floatExp;
exports.floatNaN = floatNaN;


/***/ }),

/***/ 9874:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var stringifyNumber = __nccwpck_require__(8689);

const intIdentify = (value) => typeof value === 'bigint' || Number.isInteger(value);
const intResolve = (str, offset, radix, { intAsBigInt }) => (intAsBigInt ? BigInt(str) : parseInt(str.substring(offset), radix));
function intStringify(node, radix, prefix) {
    const { value } = node;
    if (intIdentify(value) && value >= 0)
        return prefix + value.toString(radix);
    return stringifyNumber.stringifyNumber(node);
}
const intOct = {
    identify: value => intIdentify(value) && value >= 0,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    format: 'OCT',
    test: /^0o[0-7]+$/,
    resolve: (str, _onError, opt) => intResolve(str, 2, 8, opt),
    stringify: node => intStringify(node, 8, '0o')
};
const int = {
    identify: intIdentify,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    test: /^[-+]?[0-9]+$/,
    resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
    stringify: stringifyNumber.stringifyNumber
};
const intHex = {
    identify: value => intIdentify(value) && value >= 0,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    format: 'HEX',
    test: /^0x[0-9a-fA-F]+$/,
    resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
    stringify: node => intStringify(node, 16, '0x')
};

exports.int = int;
exports.intHex = intHex;
exports.intOct = intOct;


/***/ }),

/***/ 896:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var map = __nccwpck_require__(7451);
var _null = __nccwpck_require__(3632);
var seq = __nccwpck_require__(1706);
var string = __nccwpck_require__(6464);
var bool = __nccwpck_require__(3959);
var float = __nccwpck_require__(8405);
var int = __nccwpck_require__(9874);

const schema = [
    map.map,
    seq.seq,
    string.string,
    _null.nullTag,
    bool.boolTag,
    int.intOct,
    int.int,
    int.intHex,
    float.floatNaN,
    float.floatExp,
    float.float
];

exports.schema = schema;


/***/ }),

/***/ 3559:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);
var map = __nccwpck_require__(7451);
var seq = __nccwpck_require__(1706);

function intIdentify(value) {
    return typeof value === 'bigint' || Number.isInteger(value);
}
const stringifyJSON = ({ value }) => JSON.stringify(value);
const jsonScalars = [
    {
        identify: value => typeof value === 'string',
        default: true,
        tag: 'tag:yaml.org,2002:str',
        resolve: str => str,
        stringify: stringifyJSON
    },
    {
        identify: value => value == null,
        createNode: () => new Scalar.Scalar(null),
        default: true,
        tag: 'tag:yaml.org,2002:null',
        test: /^null$/,
        resolve: () => null,
        stringify: stringifyJSON
    },
    {
        identify: value => typeof value === 'boolean',
        default: true,
        tag: 'tag:yaml.org,2002:bool',
        test: /^true$|^false$/,
        resolve: str => str === 'true',
        stringify: stringifyJSON
    },
    {
        identify: intIdentify,
        default: true,
        tag: 'tag:yaml.org,2002:int',
        test: /^-?(?:0|[1-9][0-9]*)$/,
        resolve: (str, _onError, { intAsBigInt }) => intAsBigInt ? BigInt(str) : parseInt(str, 10),
        stringify: ({ value }) => intIdentify(value) ? value.toString() : JSON.stringify(value)
    },
    {
        identify: value => typeof value === 'number',
        default: true,
        tag: 'tag:yaml.org,2002:float',
        test: /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$/,
        resolve: str => parseFloat(str),
        stringify: stringifyJSON
    }
];
const jsonError = {
    default: true,
    tag: '',
    test: /^/,
    resolve(str, onError) {
        onError(`Unresolved plain scalar ${JSON.stringify(str)}`);
        return str;
    }
};
const schema = [map.map, seq.seq].concat(jsonScalars, jsonError);

exports.schema = schema;


/***/ }),

/***/ 18:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var map = __nccwpck_require__(7451);
var _null = __nccwpck_require__(3632);
var seq = __nccwpck_require__(1706);
var string = __nccwpck_require__(6464);
var bool = __nccwpck_require__(3959);
var float = __nccwpck_require__(8405);
var int = __nccwpck_require__(9874);
var schema = __nccwpck_require__(896);
var schema$1 = __nccwpck_require__(3559);
var binary = __nccwpck_require__(6083);
var merge = __nccwpck_require__(452);
var omap = __nccwpck_require__(303);
var pairs = __nccwpck_require__(8385);
var schema$2 = __nccwpck_require__(5913);
var set = __nccwpck_require__(1528);
var timestamp = __nccwpck_require__(6752);

const schemas = new Map([
    ['core', schema.schema],
    ['failsafe', [map.map, seq.seq, string.string]],
    ['json', schema$1.schema],
    ['yaml11', schema$2.schema],
    ['yaml-1.1', schema$2.schema]
]);
const tagsByName = {
    binary: binary.binary,
    bool: bool.boolTag,
    float: float.float,
    floatExp: float.floatExp,
    floatNaN: float.floatNaN,
    floatTime: timestamp.floatTime,
    int: int.int,
    intHex: int.intHex,
    intOct: int.intOct,
    intTime: timestamp.intTime,
    map: map.map,
    merge: merge.merge,
    null: _null.nullTag,
    omap: omap.omap,
    pairs: pairs.pairs,
    seq: seq.seq,
    set: set.set,
    timestamp: timestamp.timestamp
};
const coreKnownTags = {
    'tag:yaml.org,2002:binary': binary.binary,
    'tag:yaml.org,2002:merge': merge.merge,
    'tag:yaml.org,2002:omap': omap.omap,
    'tag:yaml.org,2002:pairs': pairs.pairs,
    'tag:yaml.org,2002:set': set.set,
    'tag:yaml.org,2002:timestamp': timestamp.timestamp
};
function getTags(customTags, schemaName, addMergeTag) {
    const schemaTags = schemas.get(schemaName);
    if (schemaTags && !customTags) {
        return addMergeTag && !schemaTags.includes(merge.merge)
            ? schemaTags.concat(merge.merge)
            : schemaTags.slice();
    }
    let tags = schemaTags;
    if (!tags) {
        if (Array.isArray(customTags))
            tags = [];
        else {
            const keys = Array.from(schemas.keys())
                .filter(key => key !== 'yaml11')
                .map(key => JSON.stringify(key))
                .join(', ');
            throw new Error(`Unknown schema "${schemaName}"; use one of ${keys} or define customTags array`);
        }
    }
    if (Array.isArray(customTags)) {
        for (const tag of customTags)
            tags = tags.concat(tag);
    }
    else if (typeof customTags === 'function') {
        tags = customTags(tags.slice());
    }
    if (addMergeTag)
        tags = tags.concat(merge.merge);
    return tags.reduce((tags, tag) => {
        const tagObj = typeof tag === 'string' ? tagsByName[tag] : tag;
        if (!tagObj) {
            const tagName = JSON.stringify(tag);
            const keys = Object.keys(tagsByName)
                .map(key => JSON.stringify(key))
                .join(', ');
            throw new Error(`Unknown custom tag ${tagName}; use one of ${keys}`);
        }
        if (!tags.includes(tagObj))
            tags.push(tagObj);
        return tags;
    }, []);
}

exports.coreKnownTags = coreKnownTags;
exports.getTags = getTags;


/***/ }),

/***/ 6083:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var node_buffer = __nccwpck_require__(181);
var Scalar = __nccwpck_require__(3301);
var stringifyString = __nccwpck_require__(3069);

const binary = {
    identify: value => value instanceof Uint8Array, // Buffer inherits from Uint8Array
    default: false,
    tag: 'tag:yaml.org,2002:binary',
    /**
     * Returns a Buffer in node and an Uint8Array in browsers
     *
     * To use the resulting buffer as an image, you'll want to do something like:
     *
     *   const blob = new Blob([buffer], { type: 'image/jpeg' })
     *   document.querySelector('#photo').src = URL.createObjectURL(blob)
     */
    resolve(src, onError) {
        if (typeof node_buffer.Buffer === 'function') {
            return node_buffer.Buffer.from(src, 'base64');
        }
        else if (typeof atob === 'function') {
            // On IE 11, atob() can't handle newlines
            const str = atob(src.replace(/[\n\r]/g, ''));
            const buffer = new Uint8Array(str.length);
            for (let i = 0; i < str.length; ++i)
                buffer[i] = str.charCodeAt(i);
            return buffer;
        }
        else {
            onError('This environment does not support reading binary tags; either Buffer or atob is required');
            return src;
        }
    },
    stringify({ comment, type, value }, ctx, onComment, onChompKeep) {
        if (!value)
            return '';
        const buf = value; // checked earlier by binary.identify()
        let str;
        if (typeof node_buffer.Buffer === 'function') {
            str =
                buf instanceof node_buffer.Buffer
                    ? buf.toString('base64')
                    : node_buffer.Buffer.from(buf.buffer).toString('base64');
        }
        else if (typeof btoa === 'function') {
            let s = '';
            for (let i = 0; i < buf.length; ++i)
                s += String.fromCharCode(buf[i]);
            str = btoa(s);
        }
        else {
            throw new Error('This environment does not support writing binary tags; either Buffer or btoa is required');
        }
        type ?? (type = Scalar.Scalar.BLOCK_LITERAL);
        if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
            const lineWidth = Math.max(ctx.options.lineWidth - ctx.indent.length, ctx.options.minContentWidth);
            const n = Math.ceil(str.length / lineWidth);
            const lines = new Array(n);
            for (let i = 0, o = 0; i < n; ++i, o += lineWidth) {
                lines[i] = str.substr(o, lineWidth);
            }
            str = lines.join(type === Scalar.Scalar.BLOCK_LITERAL ? '\n' : ' ');
        }
        return stringifyString.stringifyString({ comment, type, value: str }, ctx, onComment, onChompKeep);
    }
};

exports.binary = binary;


/***/ }),

/***/ 8398:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);

function boolStringify({ value, source }, ctx) {
    const boolObj = value ? trueTag : falseTag;
    if (source && boolObj.test.test(source))
        return source;
    return value ? ctx.options.trueStr : ctx.options.falseStr;
}
const trueTag = {
    identify: value => value === true,
    default: true,
    tag: 'tag:yaml.org,2002:bool',
    test: /^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/,
    resolve: () => new Scalar.Scalar(true),
    stringify: boolStringify
};
const falseTag = {
    identify: value => value === false,
    default: true,
    tag: 'tag:yaml.org,2002:bool',
    test: /^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/,
    resolve: () => new Scalar.Scalar(false),
    stringify: boolStringify
};

exports.falseTag = falseTag;
exports.trueTag = trueTag;


/***/ }),

/***/ 5782:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);
var stringifyNumber = __nccwpck_require__(8689);

const floatNaN = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
    resolve: (str) => str.slice(-3).toLowerCase() === 'nan'
        ? NaN
        : str[0] === '-'
            ? Number.NEGATIVE_INFINITY
            : Number.POSITIVE_INFINITY,
    stringify: stringifyNumber.stringifyNumber
};
const floatExp = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    format: 'EXP',
    test: /^[-+]?(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?[eE][-+]?[0-9]+$/,
    resolve: (str) => parseFloat(str.replace(/_/g, '')),
    stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
    }
};
const float = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    test: /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*$/,
    resolve(str) {
        const node = new Scalar.Scalar(parseFloat(str.replace(/_/g, '')));
        const dot = str.indexOf('.');
        if (dot !== -1) {
            const f = str.substring(dot + 1).replace(/_/g, '');
            if (f[f.length - 1] === '0')
                node.minFractionDigits = f.length;
        }
        return node;
    },
    stringify: stringifyNumber.stringifyNumber
};

exports.float = float;
exports.floatExp = floatExp;
exports.floatNaN = floatNaN;


/***/ }),

/***/ 873:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var stringifyNumber = __nccwpck_require__(8689);

const intIdentify = (value) => typeof value === 'bigint' || Number.isInteger(value);
function intResolve(str, offset, radix, { intAsBigInt }) {
    const sign = str[0];
    if (sign === '-' || sign === '+')
        offset += 1;
    str = str.substring(offset).replace(/_/g, '');
    if (intAsBigInt) {
        switch (radix) {
            case 2:
                str = `0b${str}`;
                break;
            case 8:
                str = `0o${str}`;
                break;
            case 16:
                str = `0x${str}`;
                break;
        }
        const n = BigInt(str);
        return sign === '-' ? BigInt(-1) * n : n;
    }
    const n = parseInt(str, radix);
    return sign === '-' ? -1 * n : n;
}
function intStringify(node, radix, prefix) {
    const { value } = node;
    if (intIdentify(value)) {
        const str = value.toString(radix);
        return value < 0 ? '-' + prefix + str.substr(1) : prefix + str;
    }
    return stringifyNumber.stringifyNumber(node);
}
const intBin = {
    identify: intIdentify,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    format: 'BIN',
    test: /^[-+]?0b[0-1_]+$/,
    resolve: (str, _onError, opt) => intResolve(str, 2, 2, opt),
    stringify: node => intStringify(node, 2, '0b')
};
const intOct = {
    identify: intIdentify,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    format: 'OCT',
    test: /^[-+]?0[0-7_]+$/,
    resolve: (str, _onError, opt) => intResolve(str, 1, 8, opt),
    stringify: node => intStringify(node, 8, '0')
};
const int = {
    identify: intIdentify,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    test: /^[-+]?[0-9][0-9_]*$/,
    resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
    stringify: stringifyNumber.stringifyNumber
};
const intHex = {
    identify: intIdentify,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    format: 'HEX',
    test: /^[-+]?0x[0-9a-fA-F_]+$/,
    resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
    stringify: node => intStringify(node, 16, '0x')
};

exports.int = int;
exports.intBin = intBin;
exports.intHex = intHex;
exports.intOct = intOct;


/***/ }),

/***/ 452:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var Scalar = __nccwpck_require__(3301);

// If the value associated with a merge key is a single mapping node, each of
// its key/value pairs is inserted into the current mapping, unless the key
// already exists in it. If the value associated with the merge key is a
// sequence, then this sequence is expected to contain mapping nodes and each
// of these nodes is merged in turn according to its order in the sequence.
// Keys in mapping nodes earlier in the sequence override keys specified in
// later mapping nodes. -- http://yaml.org/type/merge.html
const MERGE_KEY = '<<';
const merge = {
    identify: value => value === MERGE_KEY ||
        (typeof value === 'symbol' && value.description === MERGE_KEY),
    default: 'key',
    tag: 'tag:yaml.org,2002:merge',
    test: /^<<$/,
    resolve: () => Object.assign(new Scalar.Scalar(Symbol(MERGE_KEY)), {
        addToJSMap: addMergeToJSMap
    }),
    stringify: () => MERGE_KEY
};
const isMergeKey = (ctx, key) => (merge.identify(key) ||
    (identity.isScalar(key) &&
        (!key.type || key.type === Scalar.Scalar.PLAIN) &&
        merge.identify(key.value))) &&
    ctx?.doc.schema.tags.some(tag => tag.tag === merge.tag && tag.default);
function addMergeToJSMap(ctx, map, value) {
    const source = resolveAliasValue(ctx, value);
    if (identity.isSeq(source))
        for (const it of source.items)
            mergeValue(ctx, map, it);
    else if (Array.isArray(source))
        for (const it of source)
            mergeValue(ctx, map, it);
    else
        mergeValue(ctx, map, source);
}
function mergeValue(ctx, map, value) {
    const source = resolveAliasValue(ctx, value);
    if (!identity.isMap(source))
        throw new Error('Merge sources must be maps or map aliases');
    const srcMap = source.toJSON(null, ctx, Map);
    for (const [key, value] of srcMap) {
        if (map instanceof Map) {
            if (!map.has(key))
                map.set(key, value);
        }
        else if (map instanceof Set) {
            map.add(key);
        }
        else if (!Object.prototype.hasOwnProperty.call(map, key)) {
            Object.defineProperty(map, key, {
                value,
                writable: true,
                enumerable: true,
                configurable: true
            });
        }
    }
    return map;
}
function resolveAliasValue(ctx, value) {
    return ctx && identity.isAlias(value) ? value.resolve(ctx.doc, ctx) : value;
}

exports.addMergeToJSMap = addMergeToJSMap;
exports.isMergeKey = isMergeKey;
exports.merge = merge;


/***/ }),

/***/ 303:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var toJS = __nccwpck_require__(4043);
var YAMLMap = __nccwpck_require__(4454);
var YAMLSeq = __nccwpck_require__(2223);
var pairs = __nccwpck_require__(8385);

class YAMLOMap extends YAMLSeq.YAMLSeq {
    constructor() {
        super();
        this.add = YAMLMap.YAMLMap.prototype.add.bind(this);
        this.delete = YAMLMap.YAMLMap.prototype.delete.bind(this);
        this.get = YAMLMap.YAMLMap.prototype.get.bind(this);
        this.has = YAMLMap.YAMLMap.prototype.has.bind(this);
        this.set = YAMLMap.YAMLMap.prototype.set.bind(this);
        this.tag = YAMLOMap.tag;
    }
    /**
     * If `ctx` is given, the return type is actually `Map<unknown, unknown>`,
     * but TypeScript won't allow widening the signature of a child method.
     */
    toJSON(_, ctx) {
        if (!ctx)
            return super.toJSON(_);
        const map = new Map();
        if (ctx?.onCreate)
            ctx.onCreate(map);
        for (const pair of this.items) {
            let key, value;
            if (identity.isPair(pair)) {
                key = toJS.toJS(pair.key, '', ctx);
                value = toJS.toJS(pair.value, key, ctx);
            }
            else {
                key = toJS.toJS(pair, '', ctx);
            }
            if (map.has(key))
                throw new Error('Ordered maps must not include duplicate keys');
            map.set(key, value);
        }
        return map;
    }
    static from(schema, iterable, ctx) {
        const pairs$1 = pairs.createPairs(schema, iterable, ctx);
        const omap = new this();
        omap.items = pairs$1.items;
        return omap;
    }
}
YAMLOMap.tag = 'tag:yaml.org,2002:omap';
const omap = {
    collection: 'seq',
    identify: value => value instanceof Map,
    nodeClass: YAMLOMap,
    default: false,
    tag: 'tag:yaml.org,2002:omap',
    resolve(seq, onError) {
        const pairs$1 = pairs.resolvePairs(seq, onError);
        const seenKeys = [];
        for (const { key } of pairs$1.items) {
            if (identity.isScalar(key)) {
                if (seenKeys.includes(key.value)) {
                    onError(`Ordered maps must not include duplicate keys: ${key.value}`);
                }
                else {
                    seenKeys.push(key.value);
                }
            }
        }
        return Object.assign(new YAMLOMap(), pairs$1);
    },
    createNode: (schema, iterable, ctx) => YAMLOMap.from(schema, iterable, ctx)
};

exports.YAMLOMap = YAMLOMap;
exports.omap = omap;


/***/ }),

/***/ 8385:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var Pair = __nccwpck_require__(7165);
var Scalar = __nccwpck_require__(3301);
var YAMLSeq = __nccwpck_require__(2223);

function resolvePairs(seq, onError) {
    if (identity.isSeq(seq)) {
        for (let i = 0; i < seq.items.length; ++i) {
            let item = seq.items[i];
            if (identity.isPair(item))
                continue;
            else if (identity.isMap(item)) {
                if (item.items.length > 1)
                    onError('Each pair must have its own sequence indicator');
                const pair = item.items[0] || new Pair.Pair(new Scalar.Scalar(null));
                if (item.commentBefore)
                    pair.key.commentBefore = pair.key.commentBefore
                        ? `${item.commentBefore}\n${pair.key.commentBefore}`
                        : item.commentBefore;
                if (item.comment) {
                    const cn = pair.value ?? pair.key;
                    cn.comment = cn.comment
                        ? `${item.comment}\n${cn.comment}`
                        : item.comment;
                }
                item = pair;
            }
            seq.items[i] = identity.isPair(item) ? item : new Pair.Pair(item);
        }
    }
    else
        onError('Expected a sequence for this tag');
    return seq;
}
function createPairs(schema, iterable, ctx) {
    const { replacer } = ctx;
    const pairs = new YAMLSeq.YAMLSeq(schema);
    pairs.tag = 'tag:yaml.org,2002:pairs';
    let i = 0;
    if (iterable && Symbol.iterator in Object(iterable))
        for (let it of iterable) {
            if (typeof replacer === 'function')
                it = replacer.call(iterable, String(i++), it);
            let key, value;
            if (Array.isArray(it)) {
                if (it.length === 2) {
                    key = it[0];
                    value = it[1];
                }
                else
                    throw new TypeError(`Expected [key, value] tuple: ${it}`);
            }
            else if (it && it instanceof Object) {
                const keys = Object.keys(it);
                if (keys.length === 1) {
                    key = keys[0];
                    value = it[key];
                }
                else {
                    throw new TypeError(`Expected tuple with one key, not ${keys.length} keys`);
                }
            }
            else {
                key = it;
            }
            pairs.items.push(Pair.createPair(key, value, ctx));
        }
    return pairs;
}
const pairs = {
    collection: 'seq',
    default: false,
    tag: 'tag:yaml.org,2002:pairs',
    resolve: resolvePairs,
    createNode: createPairs
};

exports.createPairs = createPairs;
exports.pairs = pairs;
exports.resolvePairs = resolvePairs;


/***/ }),

/***/ 5913:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var map = __nccwpck_require__(7451);
var _null = __nccwpck_require__(3632);
var seq = __nccwpck_require__(1706);
var string = __nccwpck_require__(6464);
var binary = __nccwpck_require__(6083);
var bool = __nccwpck_require__(8398);
var float = __nccwpck_require__(5782);
var int = __nccwpck_require__(873);
var merge = __nccwpck_require__(452);
var omap = __nccwpck_require__(303);
var pairs = __nccwpck_require__(8385);
var set = __nccwpck_require__(1528);
var timestamp = __nccwpck_require__(6752);

const schema = [
    map.map,
    seq.seq,
    string.string,
    _null.nullTag,
    bool.trueTag,
    bool.falseTag,
    int.intBin,
    int.intOct,
    int.int,
    int.intHex,
    float.floatNaN,
    float.floatExp,
    float.float,
    binary.binary,
    merge.merge,
    omap.omap,
    pairs.pairs,
    set.set,
    timestamp.intTime,
    timestamp.floatTime,
    timestamp.timestamp
];

exports.schema = schema;


/***/ }),

/***/ 1528:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var Pair = __nccwpck_require__(7165);
var YAMLMap = __nccwpck_require__(4454);

class YAMLSet extends YAMLMap.YAMLMap {
    constructor(schema) {
        super(schema);
        this.tag = YAMLSet.tag;
    }
    add(key) {
        let pair;
        if (identity.isPair(key))
            pair = key;
        else if (key &&
            typeof key === 'object' &&
            'key' in key &&
            'value' in key &&
            key.value === null)
            pair = new Pair.Pair(key.key, null);
        else
            pair = new Pair.Pair(key, null);
        const prev = YAMLMap.findPair(this.items, pair.key);
        if (!prev)
            this.items.push(pair);
    }
    /**
     * If `keepPair` is `true`, returns the Pair matching `key`.
     * Otherwise, returns the value of that Pair's key.
     */
    get(key, keepPair) {
        const pair = YAMLMap.findPair(this.items, key);
        return !keepPair && identity.isPair(pair)
            ? identity.isScalar(pair.key)
                ? pair.key.value
                : pair.key
            : pair;
    }
    set(key, value) {
        if (typeof value !== 'boolean')
            throw new Error(`Expected boolean value for set(key, value) in a YAML set, not ${typeof value}`);
        const prev = YAMLMap.findPair(this.items, key);
        if (prev && !value) {
            this.items.splice(this.items.indexOf(prev), 1);
        }
        else if (!prev && value) {
            this.items.push(new Pair.Pair(key));
        }
    }
    toJSON(_, ctx) {
        return super.toJSON(_, ctx, Set);
    }
    toString(ctx, onComment, onChompKeep) {
        if (!ctx)
            return JSON.stringify(this);
        if (this.hasAllNullValues(true))
            return super.toString(Object.assign({}, ctx, { allNullValues: true }), onComment, onChompKeep);
        else
            throw new Error('Set items must all have null values');
    }
    static from(schema, iterable, ctx) {
        const { replacer } = ctx;
        const set = new this(schema);
        if (iterable && Symbol.iterator in Object(iterable))
            for (let value of iterable) {
                if (typeof replacer === 'function')
                    value = replacer.call(iterable, value, value);
                set.items.push(Pair.createPair(value, null, ctx));
            }
        return set;
    }
}
YAMLSet.tag = 'tag:yaml.org,2002:set';
const set = {
    collection: 'map',
    identify: value => value instanceof Set,
    nodeClass: YAMLSet,
    default: false,
    tag: 'tag:yaml.org,2002:set',
    createNode: (schema, iterable, ctx) => YAMLSet.from(schema, iterable, ctx),
    resolve(map, onError) {
        if (identity.isMap(map)) {
            if (map.hasAllNullValues(true))
                return Object.assign(new YAMLSet(), map);
            else
                onError('Set items must all have null values');
        }
        else
            onError('Expected a mapping for this tag');
        return map;
    }
};

exports.YAMLSet = YAMLSet;
exports.set = set;


/***/ }),

/***/ 6752:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var stringifyNumber = __nccwpck_require__(8689);

/** Internal types handle bigint as number, because TS can't figure it out. */
function parseSexagesimal(str, asBigInt) {
    const sign = str[0];
    const parts = sign === '-' || sign === '+' ? str.substring(1) : str;
    const num = (n) => asBigInt ? BigInt(n) : Number(n);
    const res = parts
        .replace(/_/g, '')
        .split(':')
        .reduce((res, p) => res * num(60) + num(p), num(0));
    return (sign === '-' ? num(-1) * res : res);
}
/**
 * hhhh:mm:ss.sss
 *
 * Internal types handle bigint as number, because TS can't figure it out.
 */
function stringifySexagesimal(node) {
    let { value } = node;
    let num = (n) => n;
    if (typeof value === 'bigint')
        num = n => BigInt(n);
    else if (isNaN(value) || !isFinite(value))
        return stringifyNumber.stringifyNumber(node);
    let sign = '';
    if (value < 0) {
        sign = '-';
        value *= num(-1);
    }
    const _60 = num(60);
    const parts = [value % _60]; // seconds, including ms
    if (value < 60) {
        parts.unshift(0); // at least one : is required
    }
    else {
        value = (value - parts[0]) / _60;
        parts.unshift(value % _60); // minutes
        if (value >= 60) {
            value = (value - parts[0]) / _60;
            parts.unshift(value); // hours
        }
    }
    return (sign +
        parts
            .map(n => String(n).padStart(2, '0'))
            .join(':')
            .replace(/000000\d*$/, '') // % 60 may introduce error
    );
}
const intTime = {
    identify: value => typeof value === 'bigint' || Number.isInteger(value),
    default: true,
    tag: 'tag:yaml.org,2002:int',
    format: 'TIME',
    test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+$/,
    resolve: (str, _onError, { intAsBigInt }) => parseSexagesimal(str, intAsBigInt),
    stringify: stringifySexagesimal
};
const floatTime = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    format: 'TIME',
    test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*$/,
    resolve: str => parseSexagesimal(str, false),
    stringify: stringifySexagesimal
};
const timestamp = {
    identify: value => value instanceof Date,
    default: true,
    tag: 'tag:yaml.org,2002:timestamp',
    // If the time zone is omitted, the timestamp is assumed to be specified in UTC. The time part
    // may be omitted altogether, resulting in a date format. In such a case, the time part is
    // assumed to be 00:00:00Z (start of day, UTC).
    test: RegExp('^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})' + // YYYY-Mm-Dd
        '(?:' + // time is optional
        '(?:t|T|[ \\t]+)' + // t | T | whitespace
        '([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2}(\\.[0-9]+)?)' + // Hh:Mm:Ss(.ss)?
        '(?:[ \\t]*(Z|[-+][012]?[0-9](?::[0-9]{2})?))?' + // Z | +5 | -03:30
        ')?$'),
    resolve(str) {
        const match = str.match(timestamp.test);
        if (!match)
            throw new Error('!!timestamp expects a date, starting with yyyy-mm-dd');
        const [, year, month, day, hour, minute, second] = match.map(Number);
        const millisec = match[7] ? Number((match[7] + '00').substr(1, 3)) : 0;
        let date = Date.UTC(year, month - 1, day, hour || 0, minute || 0, second || 0, millisec);
        const tz = match[8];
        if (tz && tz !== 'Z') {
            let d = parseSexagesimal(tz, false);
            if (Math.abs(d) < 30)
                d *= 60;
            date -= 60000 * d;
        }
        return new Date(date);
    },
    stringify: ({ value }) => value?.toISOString().replace(/(T00:00:00)?\.000Z$/, '') ?? ''
};

exports.floatTime = floatTime;
exports.intTime = intTime;
exports.timestamp = timestamp;


/***/ }),

/***/ 4475:
/***/ ((__unused_webpack_module, exports) => {



const FOLD_FLOW = 'flow';
const FOLD_BLOCK = 'block';
const FOLD_QUOTED = 'quoted';
/**
 * Tries to keep input at up to `lineWidth` characters, splitting only on spaces
 * not followed by newlines or spaces unless `mode` is `'quoted'`. Lines are
 * terminated with `\n` and started with `indent`.
 */
function foldFlowLines(text, indent, mode = 'flow', { indentAtStart, lineWidth = 80, minContentWidth = 20, onFold, onOverflow } = {}) {
    if (!lineWidth || lineWidth < 0)
        return text;
    if (lineWidth < minContentWidth)
        minContentWidth = 0;
    const endStep = Math.max(1 + minContentWidth, 1 + lineWidth - indent.length);
    if (text.length <= endStep)
        return text;
    const folds = [];
    const escapedFolds = {};
    let end = lineWidth - indent.length;
    if (typeof indentAtStart === 'number') {
        if (indentAtStart > lineWidth - Math.max(2, minContentWidth))
            folds.push(0);
        else
            end = lineWidth - indentAtStart;
    }
    let split = undefined;
    let prev = undefined;
    let overflow = false;
    let i = -1;
    let escStart = -1;
    let escEnd = -1;
    if (mode === FOLD_BLOCK) {
        i = consumeMoreIndentedLines(text, i, indent.length);
        if (i !== -1)
            end = i + endStep;
    }
    for (let ch; (ch = text[(i += 1)]);) {
        if (mode === FOLD_QUOTED && ch === '\\') {
            escStart = i;
            switch (text[i + 1]) {
                case 'x':
                    i += 3;
                    break;
                case 'u':
                    i += 5;
                    break;
                case 'U':
                    i += 9;
                    break;
                default:
                    i += 1;
            }
            escEnd = i;
        }
        if (ch === '\n') {
            if (mode === FOLD_BLOCK)
                i = consumeMoreIndentedLines(text, i, indent.length);
            end = i + indent.length + endStep;
            split = undefined;
        }
        else {
            if (ch === ' ' &&
                prev &&
                prev !== ' ' &&
                prev !== '\n' &&
                prev !== '\t') {
                // space surrounded by non-space can be replaced with newline + indent
                const next = text[i + 1];
                if (next && next !== ' ' && next !== '\n' && next !== '\t')
                    split = i;
            }
            if (i >= end) {
                if (split) {
                    folds.push(split);
                    end = split + endStep;
                    split = undefined;
                }
                else if (mode === FOLD_QUOTED) {
                    // white-space collected at end may stretch past lineWidth
                    while (prev === ' ' || prev === '\t') {
                        prev = ch;
                        ch = text[(i += 1)];
                        overflow = true;
                    }
                    // Account for newline escape, but don't break preceding escape
                    const j = i > escEnd + 1 ? i - 2 : escStart - 1;
                    // Bail out if lineWidth & minContentWidth are shorter than an escape string
                    if (escapedFolds[j])
                        return text;
                    folds.push(j);
                    escapedFolds[j] = true;
                    end = j + endStep;
                    split = undefined;
                }
                else {
                    overflow = true;
                }
            }
        }
        prev = ch;
    }
    if (overflow && onOverflow)
        onOverflow();
    if (folds.length === 0)
        return text;
    if (onFold)
        onFold();
    let res = text.slice(0, folds[0]);
    for (let i = 0; i < folds.length; ++i) {
        const fold = folds[i];
        const end = folds[i + 1] || text.length;
        if (fold === 0)
            res = `\n${indent}${text.slice(0, end)}`;
        else {
            if (mode === FOLD_QUOTED && escapedFolds[fold])
                res += `${text[fold]}\\`;
            res += `\n${indent}${text.slice(fold + 1, end)}`;
        }
    }
    return res;
}
/**
 * Presumes `i + 1` is at the start of a line
 * @returns index of last newline in more-indented block
 */
function consumeMoreIndentedLines(text, i, indent) {
    let end = i;
    let start = i + 1;
    let ch = text[start];
    while (ch === ' ' || ch === '\t') {
        if (i < start + indent) {
            ch = text[++i];
        }
        else {
            do {
                ch = text[++i];
            } while (ch && ch !== '\n');
            end = i;
            start = i + 1;
            ch = text[start];
        }
    }
    return end;
}

exports.FOLD_BLOCK = FOLD_BLOCK;
exports.FOLD_FLOW = FOLD_FLOW;
exports.FOLD_QUOTED = FOLD_QUOTED;
exports.foldFlowLines = foldFlowLines;


/***/ }),

/***/ 2148:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var anchors = __nccwpck_require__(1596);
var identity = __nccwpck_require__(1127);
var stringifyComment = __nccwpck_require__(9799);
var stringifyString = __nccwpck_require__(3069);

function createStringifyContext(doc, options) {
    const opt = Object.assign({
        blockQuote: true,
        commentString: stringifyComment.stringifyComment,
        defaultKeyType: null,
        defaultStringType: 'PLAIN',
        directives: null,
        doubleQuotedAsJSON: false,
        doubleQuotedMinMultiLineLength: 40,
        falseStr: 'false',
        flowCollectionPadding: true,
        indentSeq: true,
        lineWidth: 80,
        minContentWidth: 20,
        nullStr: 'null',
        simpleKeys: false,
        singleQuote: null,
        trailingComma: false,
        trueStr: 'true',
        verifyAliasOrder: true
    }, doc.schema.toStringOptions, options);
    let inFlow;
    switch (opt.collectionStyle) {
        case 'block':
            inFlow = false;
            break;
        case 'flow':
            inFlow = true;
            break;
        default:
            inFlow = null;
    }
    return {
        anchors: new Set(),
        doc,
        flowCollectionPadding: opt.flowCollectionPadding ? ' ' : '',
        indent: '',
        indentStep: typeof opt.indent === 'number' ? ' '.repeat(opt.indent) : '  ',
        inFlow,
        options: opt
    };
}
function getTagObject(tags, item) {
    if (item.tag) {
        const match = tags.filter(t => t.tag === item.tag);
        if (match.length > 0)
            return match.find(t => t.format === item.format) ?? match[0];
    }
    let tagObj = undefined;
    let obj;
    if (identity.isScalar(item)) {
        obj = item.value;
        let match = tags.filter(t => t.identify?.(obj));
        if (match.length > 1) {
            const testMatch = match.filter(t => t.test);
            if (testMatch.length > 0)
                match = testMatch;
        }
        tagObj =
            match.find(t => t.format === item.format) ?? match.find(t => !t.format);
    }
    else {
        obj = item;
        tagObj = tags.find(t => t.nodeClass && obj instanceof t.nodeClass);
    }
    if (!tagObj) {
        const name = obj?.constructor?.name ?? (obj === null ? 'null' : typeof obj);
        throw new Error(`Tag not resolved for ${name} value`);
    }
    return tagObj;
}
// needs to be called before value stringifier to allow for circular anchor refs
function stringifyProps(node, tagObj, { anchors: anchors$1, doc }) {
    if (!doc.directives)
        return '';
    const props = [];
    const anchor = (identity.isScalar(node) || identity.isCollection(node)) && node.anchor;
    if (anchor && anchors.anchorIsValid(anchor)) {
        anchors$1.add(anchor);
        props.push(`&${anchor}`);
    }
    const tag = node.tag ?? (tagObj.default ? null : tagObj.tag);
    if (tag)
        props.push(doc.directives.tagString(tag));
    return props.join(' ');
}
function stringify(item, ctx, onComment, onChompKeep) {
    if (identity.isPair(item))
        return item.toString(ctx, onComment, onChompKeep);
    if (identity.isAlias(item)) {
        if (ctx.doc.directives)
            return item.toString(ctx);
        if (ctx.resolvedAliases?.has(item)) {
            throw new TypeError(`Cannot stringify circular structure without alias nodes`);
        }
        else {
            if (ctx.resolvedAliases)
                ctx.resolvedAliases.add(item);
            else
                ctx.resolvedAliases = new Set([item]);
            item = item.resolve(ctx.doc);
        }
    }
    let tagObj = undefined;
    const node = identity.isNode(item)
        ? item
        : ctx.doc.createNode(item, { onTagObj: o => (tagObj = o) });
    tagObj ?? (tagObj = getTagObject(ctx.doc.schema.tags, node));
    const props = stringifyProps(node, tagObj, ctx);
    if (props.length > 0)
        ctx.indentAtStart = (ctx.indentAtStart ?? 0) + props.length + 1;
    const str = typeof tagObj.stringify === 'function'
        ? tagObj.stringify(node, ctx, onComment, onChompKeep)
        : identity.isScalar(node)
            ? stringifyString.stringifyString(node, ctx, onComment, onChompKeep)
            : node.toString(ctx, onComment, onChompKeep);
    if (!props)
        return str;
    return identity.isScalar(node) || str[0] === '{' || str[0] === '['
        ? `${props} ${str}`
        : `${props}\n${ctx.indent}${str}`;
}

exports.createStringifyContext = createStringifyContext;
exports.stringify = stringify;


/***/ }),

/***/ 1212:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var stringify = __nccwpck_require__(2148);
var stringifyComment = __nccwpck_require__(9799);

function stringifyCollection(collection, ctx, options) {
    const flow = ctx.inFlow ?? collection.flow;
    const stringify = flow ? stringifyFlowCollection : stringifyBlockCollection;
    return stringify(collection, ctx, options);
}
function stringifyBlockCollection({ comment, items }, ctx, { blockItemPrefix, flowChars, itemIndent, onChompKeep, onComment }) {
    const { indent, options: { commentString } } = ctx;
    const itemCtx = Object.assign({}, ctx, { indent: itemIndent, type: null });
    let chompKeep = false; // flag for the preceding node's status
    const lines = [];
    for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment = null;
        if (identity.isNode(item)) {
            if (!chompKeep && item.spaceBefore)
                lines.push('');
            addCommentBefore(ctx, lines, item.commentBefore, chompKeep);
            if (item.comment)
                comment = item.comment;
        }
        else if (identity.isPair(item)) {
            const ik = identity.isNode(item.key) ? item.key : null;
            if (ik) {
                if (!chompKeep && ik.spaceBefore)
                    lines.push('');
                addCommentBefore(ctx, lines, ik.commentBefore, chompKeep);
            }
        }
        chompKeep = false;
        let str = stringify.stringify(item, itemCtx, () => (comment = null), () => (chompKeep = true));
        if (comment)
            str += stringifyComment.lineComment(str, itemIndent, commentString(comment));
        if (chompKeep && comment)
            chompKeep = false;
        lines.push(blockItemPrefix + str);
    }
    let str;
    if (lines.length === 0) {
        str = flowChars.start + flowChars.end;
    }
    else {
        str = lines[0];
        for (let i = 1; i < lines.length; ++i) {
            const line = lines[i];
            str += line ? `\n${indent}${line}` : '\n';
        }
    }
    if (comment) {
        str += '\n' + stringifyComment.indentComment(commentString(comment), indent);
        if (onComment)
            onComment();
    }
    else if (chompKeep && onChompKeep)
        onChompKeep();
    return str;
}
function stringifyFlowCollection({ items }, ctx, { flowChars, itemIndent }) {
    const { indent, indentStep, flowCollectionPadding: fcPadding, options: { commentString } } = ctx;
    itemIndent += indentStep;
    const itemCtx = Object.assign({}, ctx, {
        indent: itemIndent,
        inFlow: true,
        type: null
    });
    let reqNewline = false;
    let linesAtValue = 0;
    const lines = [];
    for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment = null;
        if (identity.isNode(item)) {
            if (item.spaceBefore)
                lines.push('');
            addCommentBefore(ctx, lines, item.commentBefore, false);
            if (item.comment)
                comment = item.comment;
        }
        else if (identity.isPair(item)) {
            const ik = identity.isNode(item.key) ? item.key : null;
            if (ik) {
                if (ik.spaceBefore)
                    lines.push('');
                addCommentBefore(ctx, lines, ik.commentBefore, false);
                if (ik.comment)
                    reqNewline = true;
            }
            const iv = identity.isNode(item.value) ? item.value : null;
            if (iv) {
                if (iv.comment)
                    comment = iv.comment;
                if (iv.commentBefore)
                    reqNewline = true;
            }
            else if (item.value == null && ik?.comment) {
                comment = ik.comment;
            }
        }
        if (comment)
            reqNewline = true;
        let str = stringify.stringify(item, itemCtx, () => (comment = null));
        reqNewline || (reqNewline = lines.length > linesAtValue || str.includes('\n'));
        if (i < items.length - 1) {
            str += ',';
        }
        else if (ctx.options.trailingComma) {
            if (ctx.options.lineWidth > 0) {
                reqNewline || (reqNewline = lines.reduce((sum, line) => sum + line.length + 2, 2) +
                    (str.length + 2) >
                    ctx.options.lineWidth);
            }
            if (reqNewline) {
                str += ',';
            }
        }
        if (comment)
            str += stringifyComment.lineComment(str, itemIndent, commentString(comment));
        lines.push(str);
        linesAtValue = lines.length;
    }
    const { start, end } = flowChars;
    if (lines.length === 0) {
        return start + end;
    }
    else {
        if (!reqNewline) {
            const len = lines.reduce((sum, line) => sum + line.length + 2, 2);
            reqNewline = ctx.options.lineWidth > 0 && len > ctx.options.lineWidth;
        }
        if (reqNewline) {
            let str = start;
            for (const line of lines)
                str += line ? `\n${indentStep}${indent}${line}` : '\n';
            return `${str}\n${indent}${end}`;
        }
        else {
            return `${start}${fcPadding}${lines.join(' ')}${fcPadding}${end}`;
        }
    }
}
function addCommentBefore({ indent, options: { commentString } }, lines, comment, chompKeep) {
    if (comment && chompKeep)
        comment = comment.replace(/^\n+/, '');
    if (comment) {
        const ic = stringifyComment.indentComment(commentString(comment), indent);
        lines.push(ic.trimStart()); // Avoid double indent on first line
    }
}

exports.stringifyCollection = stringifyCollection;


/***/ }),

/***/ 9799:
/***/ ((__unused_webpack_module, exports) => {



/**
 * Stringifies a comment.
 *
 * Empty comment lines are left empty,
 * lines consisting of a single space are replaced by `#`,
 * and all other lines are prefixed with a `#`.
 */
const stringifyComment = (str) => str.replace(/^(?!$)(?: $)?/gm, '#');
function indentComment(comment, indent) {
    if (/^\n+$/.test(comment))
        return comment.substring(1);
    return indent ? comment.replace(/^(?! *$)/gm, indent) : comment;
}
const lineComment = (str, indent, comment) => str.endsWith('\n')
    ? indentComment(comment, indent)
    : comment.includes('\n')
        ? '\n' + indentComment(comment, indent)
        : (str.endsWith(' ') ? '' : ' ') + comment;

exports.indentComment = indentComment;
exports.lineComment = lineComment;
exports.stringifyComment = stringifyComment;


/***/ }),

/***/ 6829:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var stringify = __nccwpck_require__(2148);
var stringifyComment = __nccwpck_require__(9799);

function stringifyDocument(doc, options) {
    const lines = [];
    let hasDirectives = options.directives === true;
    if (options.directives !== false && doc.directives) {
        const dir = doc.directives.toString(doc);
        if (dir) {
            lines.push(dir);
            hasDirectives = true;
        }
        else if (doc.directives.docStart)
            hasDirectives = true;
    }
    if (hasDirectives)
        lines.push('---');
    const ctx = stringify.createStringifyContext(doc, options);
    const { commentString } = ctx.options;
    if (doc.commentBefore) {
        if (lines.length !== 1)
            lines.unshift('');
        const cs = commentString(doc.commentBefore);
        lines.unshift(stringifyComment.indentComment(cs, ''));
    }
    let chompKeep = false;
    let contentComment = null;
    if (doc.contents) {
        if (identity.isNode(doc.contents)) {
            if (doc.contents.spaceBefore && hasDirectives)
                lines.push('');
            if (doc.contents.commentBefore) {
                const cs = commentString(doc.contents.commentBefore);
                lines.push(stringifyComment.indentComment(cs, ''));
            }
            // top-level block scalars need to be indented if followed by a comment
            ctx.forceBlockIndent = !!doc.comment;
            contentComment = doc.contents.comment;
        }
        const onChompKeep = contentComment ? undefined : () => (chompKeep = true);
        let body = stringify.stringify(doc.contents, ctx, () => (contentComment = null), onChompKeep);
        if (contentComment)
            body += stringifyComment.lineComment(body, '', commentString(contentComment));
        if ((body[0] === '|' || body[0] === '>') &&
            lines[lines.length - 1] === '---') {
            // Top-level block scalars with a preceding doc marker ought to use the
            // same line for their header.
            lines[lines.length - 1] = `--- ${body}`;
        }
        else
            lines.push(body);
    }
    else {
        lines.push(stringify.stringify(doc.contents, ctx));
    }
    if (doc.directives?.docEnd) {
        if (doc.comment) {
            const cs = commentString(doc.comment);
            if (cs.includes('\n')) {
                lines.push('...');
                lines.push(stringifyComment.indentComment(cs, ''));
            }
            else {
                lines.push(`... ${cs}`);
            }
        }
        else {
            lines.push('...');
        }
    }
    else {
        let dc = doc.comment;
        if (dc && chompKeep)
            dc = dc.replace(/^\n+/, '');
        if (dc) {
            if ((!chompKeep || contentComment) && lines[lines.length - 1] !== '')
                lines.push('');
            lines.push(stringifyComment.indentComment(commentString(dc), ''));
        }
    }
    return lines.join('\n') + '\n';
}

exports.stringifyDocument = stringifyDocument;


/***/ }),

/***/ 8689:
/***/ ((__unused_webpack_module, exports) => {



function stringifyNumber({ format, minFractionDigits, tag, value }) {
    if (typeof value === 'bigint')
        return String(value);
    const num = typeof value === 'number' ? value : Number(value);
    if (!isFinite(num))
        return isNaN(num) ? '.nan' : num < 0 ? '-.inf' : '.inf';
    let n = Object.is(value, -0) ? '-0' : JSON.stringify(value);
    if (!format &&
        minFractionDigits &&
        (!tag || tag === 'tag:yaml.org,2002:float') &&
        /^-?\d/.test(n) &&
        !n.includes('e')) {
        let i = n.indexOf('.');
        if (i < 0) {
            i = n.length;
            n += '.';
        }
        let d = minFractionDigits - (n.length - i - 1);
        while (d-- > 0)
            n += '0';
    }
    return n;
}

exports.stringifyNumber = stringifyNumber;


/***/ }),

/***/ 9748:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var Scalar = __nccwpck_require__(3301);
var stringify = __nccwpck_require__(2148);
var stringifyComment = __nccwpck_require__(9799);

function stringifyPair({ key, value }, ctx, onComment, onChompKeep) {
    const { allNullValues, doc, indent, indentStep, options: { commentString, indentSeq, simpleKeys } } = ctx;
    let keyComment = (identity.isNode(key) && key.comment) || null;
    if (simpleKeys) {
        if (keyComment) {
            throw new Error('With simple keys, key nodes cannot have comments');
        }
        if (identity.isCollection(key) || (!identity.isNode(key) && typeof key === 'object')) {
            const msg = 'With simple keys, collection cannot be used as a key value';
            throw new Error(msg);
        }
    }
    let explicitKey = !simpleKeys &&
        (!key ||
            (keyComment && value == null && !ctx.inFlow) ||
            identity.isCollection(key) ||
            (identity.isScalar(key)
                ? key.type === Scalar.Scalar.BLOCK_FOLDED || key.type === Scalar.Scalar.BLOCK_LITERAL
                : typeof key === 'object'));
    ctx = Object.assign({}, ctx, {
        allNullValues: false,
        implicitKey: !explicitKey && (simpleKeys || !allNullValues),
        indent: indent + indentStep
    });
    let keyCommentDone = false;
    let chompKeep = false;
    let str = stringify.stringify(key, ctx, () => (keyCommentDone = true), () => (chompKeep = true));
    if (!explicitKey && !ctx.inFlow && str.length > 1024) {
        if (simpleKeys)
            throw new Error('With simple keys, single line scalar must not span more than 1024 characters');
        explicitKey = true;
    }
    if (ctx.inFlow) {
        if (allNullValues || value == null) {
            if (keyCommentDone && onComment)
                onComment();
            return str === '' ? '?' : explicitKey ? `? ${str}` : str;
        }
    }
    else if ((allNullValues && !simpleKeys) || (value == null && explicitKey)) {
        str = `? ${str}`;
        if (keyComment && !keyCommentDone) {
            str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
        }
        else if (chompKeep && onChompKeep)
            onChompKeep();
        return str;
    }
    if (keyCommentDone)
        keyComment = null;
    if (explicitKey) {
        if (keyComment)
            str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
        str = `? ${str}\n${indent}:`;
    }
    else {
        str = `${str}:`;
        if (keyComment)
            str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
    }
    let vsb, vcb, valueComment;
    if (identity.isNode(value)) {
        vsb = !!value.spaceBefore;
        vcb = value.commentBefore;
        valueComment = value.comment;
    }
    else {
        vsb = false;
        vcb = null;
        valueComment = null;
        if (value && typeof value === 'object')
            value = doc.createNode(value);
    }
    ctx.implicitKey = false;
    if (!explicitKey && !keyComment && identity.isScalar(value))
        ctx.indentAtStart = str.length + 1;
    chompKeep = false;
    if (!indentSeq &&
        indentStep.length >= 2 &&
        !ctx.inFlow &&
        !explicitKey &&
        identity.isSeq(value) &&
        !value.flow &&
        !value.tag &&
        !value.anchor) {
        // If indentSeq === false, consider '- ' as part of indentation where possible
        ctx.indent = ctx.indent.substring(2);
    }
    let valueCommentDone = false;
    const valueStr = stringify.stringify(value, ctx, () => (valueCommentDone = true), () => (chompKeep = true));
    let ws = ' ';
    if (keyComment || vsb || vcb) {
        ws = vsb ? '\n' : '';
        if (vcb) {
            const cs = commentString(vcb);
            ws += `\n${stringifyComment.indentComment(cs, ctx.indent)}`;
        }
        if (valueStr === '' && !ctx.inFlow) {
            if (ws === '\n' && valueComment)
                ws = '\n\n';
        }
        else {
            ws += `\n${ctx.indent}`;
        }
    }
    else if (!explicitKey && identity.isCollection(value)) {
        const vs0 = valueStr[0];
        const nl0 = valueStr.indexOf('\n');
        const hasNewline = nl0 !== -1;
        const flow = ctx.inFlow ?? value.flow ?? value.items.length === 0;
        if (hasNewline || !flow) {
            let hasPropsLine = false;
            if (hasNewline && (vs0 === '&' || vs0 === '!')) {
                let sp0 = valueStr.indexOf(' ');
                if (vs0 === '&' &&
                    sp0 !== -1 &&
                    sp0 < nl0 &&
                    valueStr[sp0 + 1] === '!') {
                    sp0 = valueStr.indexOf(' ', sp0 + 1);
                }
                if (sp0 === -1 || nl0 < sp0)
                    hasPropsLine = true;
            }
            if (!hasPropsLine)
                ws = `\n${ctx.indent}`;
        }
    }
    else if (valueStr === '' || valueStr[0] === '\n') {
        ws = '';
    }
    str += ws + valueStr;
    if (ctx.inFlow) {
        if (valueCommentDone && onComment)
            onComment();
    }
    else if (valueComment && !valueCommentDone) {
        str += stringifyComment.lineComment(str, ctx.indent, commentString(valueComment));
    }
    else if (chompKeep && onChompKeep) {
        onChompKeep();
    }
    return str;
}

exports.stringifyPair = stringifyPair;


/***/ }),

/***/ 3069:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);
var foldFlowLines = __nccwpck_require__(4475);

const getFoldOptions = (ctx, isBlock) => ({
    indentAtStart: isBlock ? ctx.indent.length : ctx.indentAtStart,
    lineWidth: ctx.options.lineWidth,
    minContentWidth: ctx.options.minContentWidth
});
// Also checks for lines starting with %, as parsing the output as YAML 1.1 will
// presume that's starting a new document.
const containsDocumentMarker = (str) => /^(%|---|\.\.\.)/m.test(str);
function lineLengthOverLimit(str, lineWidth, indentLength) {
    if (!lineWidth || lineWidth < 0)
        return false;
    const limit = lineWidth - indentLength;
    const strLen = str.length;
    if (strLen <= limit)
        return false;
    for (let i = 0, start = 0; i < strLen; ++i) {
        if (str[i] === '\n') {
            if (i - start > limit)
                return true;
            start = i + 1;
            if (strLen - start <= limit)
                return false;
        }
    }
    return true;
}
function doubleQuotedString(value, ctx) {
    const json = JSON.stringify(value);
    if (ctx.options.doubleQuotedAsJSON)
        return json;
    const { implicitKey } = ctx;
    const minMultiLineLength = ctx.options.doubleQuotedMinMultiLineLength;
    const indent = ctx.indent || (containsDocumentMarker(value) ? '  ' : '');
    let str = '';
    let start = 0;
    for (let i = 0, ch = json[i]; ch; ch = json[++i]) {
        if (ch === ' ' && json[i + 1] === '\\' && json[i + 2] === 'n') {
            // space before newline needs to be escaped to not be folded
            str += json.slice(start, i) + '\\ ';
            i += 1;
            start = i;
            ch = '\\';
        }
        if (ch === '\\')
            switch (json[i + 1]) {
                case 'u':
                    {
                        str += json.slice(start, i);
                        const code = json.substr(i + 2, 4);
                        switch (code) {
                            case '0000':
                                str += '\\0';
                                break;
                            case '0007':
                                str += '\\a';
                                break;
                            case '000b':
                                str += '\\v';
                                break;
                            case '001b':
                                str += '\\e';
                                break;
                            case '0085':
                                str += '\\N';
                                break;
                            case '00a0':
                                str += '\\_';
                                break;
                            case '2028':
                                str += '\\L';
                                break;
                            case '2029':
                                str += '\\P';
                                break;
                            default:
                                if (code.substr(0, 2) === '00')
                                    str += '\\x' + code.substr(2);
                                else
                                    str += json.substr(i, 6);
                        }
                        i += 5;
                        start = i + 1;
                    }
                    break;
                case 'n':
                    if (implicitKey ||
                        json[i + 2] === '"' ||
                        json.length < minMultiLineLength) {
                        i += 1;
                    }
                    else {
                        // folding will eat first newline
                        str += json.slice(start, i) + '\n\n';
                        while (json[i + 2] === '\\' &&
                            json[i + 3] === 'n' &&
                            json[i + 4] !== '"') {
                            str += '\n';
                            i += 2;
                        }
                        str += indent;
                        // space after newline needs to be escaped to not be folded
                        if (json[i + 2] === ' ')
                            str += '\\';
                        i += 1;
                        start = i + 1;
                    }
                    break;
                default:
                    i += 1;
            }
    }
    str = start ? str + json.slice(start) : json;
    return implicitKey
        ? str
        : foldFlowLines.foldFlowLines(str, indent, foldFlowLines.FOLD_QUOTED, getFoldOptions(ctx, false));
}
function singleQuotedString(value, ctx) {
    if (ctx.options.singleQuote === false ||
        (ctx.implicitKey && value.includes('\n')) ||
        /[ \t]\n|\n[ \t]/.test(value) // single quoted string can't have leading or trailing whitespace around newline
    )
        return doubleQuotedString(value, ctx);
    const indent = ctx.indent || (containsDocumentMarker(value) ? '  ' : '');
    const res = "'" + value.replace(/'/g, "''").replace(/\n+/g, `$&\n${indent}`) + "'";
    return ctx.implicitKey
        ? res
        : foldFlowLines.foldFlowLines(res, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
}
function quotedString(value, ctx) {
    const { singleQuote } = ctx.options;
    let qs;
    if (singleQuote === false)
        qs = doubleQuotedString;
    else {
        const hasDouble = value.includes('"');
        const hasSingle = value.includes("'");
        if (hasDouble && !hasSingle)
            qs = singleQuotedString;
        else if (hasSingle && !hasDouble)
            qs = doubleQuotedString;
        else
            qs = singleQuote ? singleQuotedString : doubleQuotedString;
    }
    return qs(value, ctx);
}
// The negative lookbehind avoids a polynomial search,
// but isn't supported yet on Safari: https://caniuse.com/js-regexp-lookbehind
let blockEndNewlines;
try {
    blockEndNewlines = new RegExp('(^|(?<!\n))\n+(?!\n|$)', 'g');
}
catch {
    blockEndNewlines = /\n+(?!\n|$)/g;
}
function blockString({ comment, type, value }, ctx, onComment, onChompKeep) {
    const { blockQuote, commentString, lineWidth } = ctx.options;
    // 1. Block can't end in whitespace unless the last line is non-empty.
    // 2. Strings consisting of only whitespace are best rendered explicitly.
    if (!blockQuote || /\n[\t ]+$/.test(value)) {
        return quotedString(value, ctx);
    }
    const indent = ctx.indent ||
        (ctx.forceBlockIndent || containsDocumentMarker(value) ? '  ' : '');
    const literal = blockQuote === 'literal'
        ? true
        : blockQuote === 'folded' || type === Scalar.Scalar.BLOCK_FOLDED
            ? false
            : type === Scalar.Scalar.BLOCK_LITERAL
                ? true
                : !lineLengthOverLimit(value, lineWidth, indent.length);
    if (!value)
        return literal ? '|\n' : '>\n';
    // determine chomping from whitespace at value end
    let chomp;
    let endStart;
    for (endStart = value.length; endStart > 0; --endStart) {
        const ch = value[endStart - 1];
        if (ch !== '\n' && ch !== '\t' && ch !== ' ')
            break;
    }
    let end = value.substring(endStart);
    const endNlPos = end.indexOf('\n');
    if (endNlPos === -1) {
        chomp = '-'; // strip
    }
    else if (value === end || endNlPos !== end.length - 1) {
        chomp = '+'; // keep
        if (onChompKeep)
            onChompKeep();
    }
    else {
        chomp = ''; // clip
    }
    if (end) {
        value = value.slice(0, -end.length);
        if (end[end.length - 1] === '\n')
            end = end.slice(0, -1);
        end = end.replace(blockEndNewlines, `$&${indent}`);
    }
    // determine indent indicator from whitespace at value start
    let startWithSpace = false;
    let startEnd;
    let startNlPos = -1;
    for (startEnd = 0; startEnd < value.length; ++startEnd) {
        const ch = value[startEnd];
        if (ch === ' ')
            startWithSpace = true;
        else if (ch === '\n')
            startNlPos = startEnd;
        else
            break;
    }
    let start = value.substring(0, startNlPos < startEnd ? startNlPos + 1 : startEnd);
    if (start) {
        value = value.substring(start.length);
        start = start.replace(/\n+/g, `$&${indent}`);
    }
    const indentSize = indent ? '2' : '1'; // root is at -1
    // Leading | or > is added later
    let header = (startWithSpace ? indentSize : '') + chomp;
    if (comment) {
        header += ' ' + commentString(comment.replace(/ ?[\r\n]+/g, ' '));
        if (onComment)
            onComment();
    }
    if (!literal) {
        const foldedValue = value
            .replace(/\n+/g, '\n$&')
            .replace(/(?:^|\n)([\t ].*)(?:([\n\t ]*)\n(?![\n\t ]))?/g, '$1$2') // more-indented lines aren't folded
            //                ^ more-ind. ^ empty     ^ capture next empty lines only at end of indent
            .replace(/\n+/g, `$&${indent}`);
        let literalFallback = false;
        const foldOptions = getFoldOptions(ctx, true);
        if (blockQuote !== 'folded' && type !== Scalar.Scalar.BLOCK_FOLDED) {
            foldOptions.onOverflow = () => {
                literalFallback = true;
            };
        }
        const body = foldFlowLines.foldFlowLines(`${start}${foldedValue}${end}`, indent, foldFlowLines.FOLD_BLOCK, foldOptions);
        if (!literalFallback)
            return `>${header}\n${indent}${body}`;
    }
    value = value.replace(/\n+/g, `$&${indent}`);
    return `|${header}\n${indent}${start}${value}${end}`;
}
function plainString(item, ctx, onComment, onChompKeep) {
    const { type, value } = item;
    const { actualString, implicitKey, indent, indentStep, inFlow } = ctx;
    if ((implicitKey && value.includes('\n')) ||
        (inFlow && /[[\]{},]/.test(value))) {
        return quotedString(value, ctx);
    }
    if (/^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/.test(value)) {
        // not allowed:
        // - '-' or '?'
        // - start with an indicator character (except [?:-]) or /[?-] /
        // - '\n ', ': ' or ' \n' anywhere
        // - '#' not preceded by a non-space char
        // - end with ' ' or ':'
        return implicitKey || inFlow || !value.includes('\n')
            ? quotedString(value, ctx)
            : blockString(item, ctx, onComment, onChompKeep);
    }
    if (!implicitKey &&
        !inFlow &&
        type !== Scalar.Scalar.PLAIN &&
        value.includes('\n')) {
        // Where allowed & type not set explicitly, prefer block style for multiline strings
        return blockString(item, ctx, onComment, onChompKeep);
    }
    if (containsDocumentMarker(value)) {
        if (indent === '') {
            ctx.forceBlockIndent = true;
            return blockString(item, ctx, onComment, onChompKeep);
        }
        else if (implicitKey && indent === indentStep) {
            return quotedString(value, ctx);
        }
    }
    const str = value.replace(/\n+/g, `$&\n${indent}`);
    // Verify that output will be parsed as a string, as e.g. plain numbers and
    // booleans get parsed with those types in v1.2 (e.g. '42', 'true' & '0.9e-3'),
    // and others in v1.1.
    if (actualString) {
        const test = (tag) => tag.default && tag.tag !== 'tag:yaml.org,2002:str' && tag.test?.test(str);
        const { compat, tags } = ctx.doc.schema;
        if (tags.some(test) || compat?.some(test))
            return quotedString(value, ctx);
    }
    return implicitKey
        ? str
        : foldFlowLines.foldFlowLines(str, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
}
function stringifyString(item, ctx, onComment, onChompKeep) {
    const { implicitKey, inFlow } = ctx;
    const ss = typeof item.value === 'string'
        ? item
        : Object.assign({}, item, { value: String(item.value) });
    let { type } = item;
    if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
        // force double quotes on control characters & unpaired surrogates
        if (/[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u.test(ss.value))
            type = Scalar.Scalar.QUOTE_DOUBLE;
    }
    const _stringify = (_type) => {
        switch (_type) {
            case Scalar.Scalar.BLOCK_FOLDED:
            case Scalar.Scalar.BLOCK_LITERAL:
                return implicitKey || inFlow
                    ? quotedString(ss.value, ctx) // blocks are not valid inside flow containers
                    : blockString(ss, ctx, onComment, onChompKeep);
            case Scalar.Scalar.QUOTE_DOUBLE:
                return doubleQuotedString(ss.value, ctx);
            case Scalar.Scalar.QUOTE_SINGLE:
                return singleQuotedString(ss.value, ctx);
            case Scalar.Scalar.PLAIN:
                return plainString(ss, ctx, onComment, onChompKeep);
            default:
                return null;
        }
    };
    let res = _stringify(type);
    if (res === null) {
        const { defaultKeyType, defaultStringType } = ctx.options;
        const t = (implicitKey && defaultKeyType) || defaultStringType;
        res = _stringify(t);
        if (res === null)
            throw new Error(`Unsupported default string type ${t}`);
    }
    return res;
}

exports.stringifyString = stringifyString;


/***/ }),

/***/ 204:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);

const BREAK = Symbol('break visit');
const SKIP = Symbol('skip children');
const REMOVE = Symbol('remove node');
/**
 * Apply a visitor to an AST node or document.
 *
 * Walks through the tree (depth-first) starting from `node`, calling a
 * `visitor` function with three arguments:
 *   - `key`: For sequence values and map `Pair`, the node's index in the
 *     collection. Within a `Pair`, `'key'` or `'value'`, correspondingly.
 *     `null` for the root node.
 *   - `node`: The current node.
 *   - `path`: The ancestry of the current node.
 *
 * The return value of the visitor may be used to control the traversal:
 *   - `undefined` (default): Do nothing and continue
 *   - `visit.SKIP`: Do not visit the children of this node, continue with next
 *     sibling
 *   - `visit.BREAK`: Terminate traversal completely
 *   - `visit.REMOVE`: Remove the current node, then continue with the next one
 *   - `Node`: Replace the current node, then continue by visiting it
 *   - `number`: While iterating the items of a sequence or map, set the index
 *     of the next step. This is useful especially if the index of the current
 *     node has changed.
 *
 * If `visitor` is a single function, it will be called with all values
 * encountered in the tree, including e.g. `null` values. Alternatively,
 * separate visitor functions may be defined for each `Map`, `Pair`, `Seq`,
 * `Alias` and `Scalar` node. To define the same visitor function for more than
 * one node type, use the `Collection` (map and seq), `Value` (map, seq & scalar)
 * and `Node` (alias, map, seq & scalar) targets. Of all these, only the most
 * specific defined one will be used for each node.
 */
function visit(node, visitor) {
    const visitor_ = initVisitor(visitor);
    if (identity.isDocument(node)) {
        const cd = visit_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
            node.contents = null;
    }
    else
        visit_(null, node, visitor_, Object.freeze([]));
}
// Without the `as symbol` casts, TS declares these in the `visit`
// namespace using `var`, but then complains about that because
// `unique symbol` must be `const`.
/** Terminate visit traversal completely */
visit.BREAK = BREAK;
/** Do not visit the children of the current node */
visit.SKIP = SKIP;
/** Remove the current node */
visit.REMOVE = REMOVE;
function visit_(key, node, visitor, path) {
    const ctrl = callVisitor(key, node, visitor, path);
    if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visit_(key, ctrl, visitor, path);
    }
    if (typeof ctrl !== 'symbol') {
        if (identity.isCollection(node)) {
            path = Object.freeze(path.concat(node));
            for (let i = 0; i < node.items.length; ++i) {
                const ci = visit_(i, node.items[i], visitor, path);
                if (typeof ci === 'number')
                    i = ci - 1;
                else if (ci === BREAK)
                    return BREAK;
                else if (ci === REMOVE) {
                    node.items.splice(i, 1);
                    i -= 1;
                }
            }
        }
        else if (identity.isPair(node)) {
            path = Object.freeze(path.concat(node));
            const ck = visit_('key', node.key, visitor, path);
            if (ck === BREAK)
                return BREAK;
            else if (ck === REMOVE)
                node.key = null;
            const cv = visit_('value', node.value, visitor, path);
            if (cv === BREAK)
                return BREAK;
            else if (cv === REMOVE)
                node.value = null;
        }
    }
    return ctrl;
}
/**
 * Apply an async visitor to an AST node or document.
 *
 * Walks through the tree (depth-first) starting from `node`, calling a
 * `visitor` function with three arguments:
 *   - `key`: For sequence values and map `Pair`, the node's index in the
 *     collection. Within a `Pair`, `'key'` or `'value'`, correspondingly.
 *     `null` for the root node.
 *   - `node`: The current node.
 *   - `path`: The ancestry of the current node.
 *
 * The return value of the visitor may be used to control the traversal:
 *   - `Promise`: Must resolve to one of the following values
 *   - `undefined` (default): Do nothing and continue
 *   - `visit.SKIP`: Do not visit the children of this node, continue with next
 *     sibling
 *   - `visit.BREAK`: Terminate traversal completely
 *   - `visit.REMOVE`: Remove the current node, then continue with the next one
 *   - `Node`: Replace the current node, then continue by visiting it
 *   - `number`: While iterating the items of a sequence or map, set the index
 *     of the next step. This is useful especially if the index of the current
 *     node has changed.
 *
 * If `visitor` is a single function, it will be called with all values
 * encountered in the tree, including e.g. `null` values. Alternatively,
 * separate visitor functions may be defined for each `Map`, `Pair`, `Seq`,
 * `Alias` and `Scalar` node. To define the same visitor function for more than
 * one node type, use the `Collection` (map and seq), `Value` (map, seq & scalar)
 * and `Node` (alias, map, seq & scalar) targets. Of all these, only the most
 * specific defined one will be used for each node.
 */
async function visitAsync(node, visitor) {
    const visitor_ = initVisitor(visitor);
    if (identity.isDocument(node)) {
        const cd = await visitAsync_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
            node.contents = null;
    }
    else
        await visitAsync_(null, node, visitor_, Object.freeze([]));
}
// Without the `as symbol` casts, TS declares these in the `visit`
// namespace using `var`, but then complains about that because
// `unique symbol` must be `const`.
/** Terminate visit traversal completely */
visitAsync.BREAK = BREAK;
/** Do not visit the children of the current node */
visitAsync.SKIP = SKIP;
/** Remove the current node */
visitAsync.REMOVE = REMOVE;
async function visitAsync_(key, node, visitor, path) {
    const ctrl = await callVisitor(key, node, visitor, path);
    if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visitAsync_(key, ctrl, visitor, path);
    }
    if (typeof ctrl !== 'symbol') {
        if (identity.isCollection(node)) {
            path = Object.freeze(path.concat(node));
            for (let i = 0; i < node.items.length; ++i) {
                const ci = await visitAsync_(i, node.items[i], visitor, path);
                if (typeof ci === 'number')
                    i = ci - 1;
                else if (ci === BREAK)
                    return BREAK;
                else if (ci === REMOVE) {
                    node.items.splice(i, 1);
                    i -= 1;
                }
            }
        }
        else if (identity.isPair(node)) {
            path = Object.freeze(path.concat(node));
            const ck = await visitAsync_('key', node.key, visitor, path);
            if (ck === BREAK)
                return BREAK;
            else if (ck === REMOVE)
                node.key = null;
            const cv = await visitAsync_('value', node.value, visitor, path);
            if (cv === BREAK)
                return BREAK;
            else if (cv === REMOVE)
                node.value = null;
        }
    }
    return ctrl;
}
function initVisitor(visitor) {
    if (typeof visitor === 'object' &&
        (visitor.Collection || visitor.Node || visitor.Value)) {
        return Object.assign({
            Alias: visitor.Node,
            Map: visitor.Node,
            Scalar: visitor.Node,
            Seq: visitor.Node
        }, visitor.Value && {
            Map: visitor.Value,
            Scalar: visitor.Value,
            Seq: visitor.Value
        }, visitor.Collection && {
            Map: visitor.Collection,
            Seq: visitor.Collection
        }, visitor);
    }
    return visitor;
}
function callVisitor(key, node, visitor, path) {
    if (typeof visitor === 'function')
        return visitor(key, node, path);
    if (identity.isMap(node))
        return visitor.Map?.(key, node, path);
    if (identity.isSeq(node))
        return visitor.Seq?.(key, node, path);
    if (identity.isPair(node))
        return visitor.Pair?.(key, node, path);
    if (identity.isScalar(node))
        return visitor.Scalar?.(key, node, path);
    if (identity.isAlias(node))
        return visitor.Alias?.(key, node, path);
    return undefined;
}
function replaceNode(key, path, node) {
    const parent = path[path.length - 1];
    if (identity.isCollection(parent)) {
        parent.items[key] = node;
    }
    else if (identity.isPair(parent)) {
        if (key === 'key')
            parent.key = node;
        else
            parent.value = node;
    }
    else if (identity.isDocument(parent)) {
        parent.contents = node;
    }
    else {
        const pt = identity.isAlias(parent) ? 'alias' : 'scalar';
        throw new Error(`Cannot replace node with ${pt} parent`);
    }
}

exports.visit = visit;
exports.visitAsync = visitAsync;


/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId](module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/************************************************************************/
var __webpack_exports__ = {};

;// CONCATENATED MODULE: ./src/model/escape.ts
// Untrusted text (ids, quotes, file names from a pull request) made safe for
// each place it is shown. Every report goes through one of these.
/**
 * Characters that must never reach a terminal or a log raw: C0 and C1 controls
 * (escape sequences, carriage returns that overwrite a line, newlines that forge
 * one), DEL, line and paragraph separators, bidirectional overrides that reorder
 * what is shown, and lone surrogates.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/gu;
const UNSAFE_OR_BACKSLASH = new RegExp(`\\\\|${UNSAFE.source}`, 'gu');
function escapeChar(ch) {
    switch (ch) {
        case '\\':
            return '\\\\';
        case '\n':
            return '\\n';
        case '\r':
            return '\\r';
        case '\t':
            return '\\t';
        default:
            return `\\u{${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}}`;
    }
}
/**
 * For a value a script may parse back (an id in `id: verdict`): unsafe
 * characters and backslashes escaped, so the escaping can be undone.
 */
function escapeValue(text) {
    return text.replace(UNSAFE_OR_BACKSLASH, escapeChar);
}
/**
 * Characters JSON.stringify leaves raw that must not reach a terminal either
 * (DEL, C1 controls, line separators, bidirectional controls): inside JSON
 * text they can only stand in strings, where a \u escape means the same.
 */
const JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/**
 * JSON text (from JSON.stringify) with those characters written as \u
 * escapes, and the `[` of every `##[` too: a runner reads `##[command]`
 * anywhere in a line of a step's output (see neutralizeLegacyCommands), and in
 * JSON text it can only stand in a string, where `\u005b` means the same.
 */
function escapeJsonText(json) {
    const text = json.includes('##[') ? json.replaceAll('##[', '##\\u005b') : json;
    JSON_UNSAFE.lastIndex = 0;
    if (!JSON_UNSAFE.test(text))
        return text;
    return text.replace(JSON_UNSAFE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
/** For a message a person reads: unsafe characters escaped, backslashes kept. */
function escape_escapeMessage(text) {
    return text.replace(UNSAFE, escapeChar);
}
const HTML_ENTITIES = {
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
    "'": '&#39;',
    // Markdown and GitHub syntax, so that nothing in a cell turns into a table
    // column, emphasis, code, a link, a mention or a heading.
    '|': '&#124;',
    '`': '&#96;',
    '*': '&#42;',
    _: '&#95;',
    '[': '&#91;',
    ']': '&#93;',
    '\\': '&#92;',
    '~': '&#126;',
    '#': '&#35;',
    '@': '&#64;',
    '!': '&#33;',
    ':': '&#58;',
};
/**
 * For the job summary: text shown as text inside HTML, on one line. Unsafe
 * characters are escaped first (so a newline can never end an HTML block and
 * start Markdown), then everything HTML or Markdown would read as syntax.
 */
function escapeHtml(text) {
    return (escape_escapeMessage(text)
        .replace(/[&<>"'|`*_[\]\\~#@!:]/g, (ch) => HTML_ENTITIES[ch])
        // GitHub links `www.` followed by a domain even with no `:` or `@`; its
        // autolinker reads the raw text, so an escaped dot breaks the pattern.
        .replace(/(?<=www)\./giu, '&#46;'));
}
/**
 * How much of an input file's own text a message may quote: a name, a key, a
 * token. Reports carry messages to logs and artifacts, so no file's text goes
 * into one beyond a short excerpt (escaped where it is shown).
 */
const EXCERPT = 40;
/** A short excerpt of a file's text for a message, in double quotes. */
function excerpt(text, max = EXCERPT) {
    return `"${shorten(text, max)}"`;
}
/** How much of a message from outside (an API error, git, the system) a message may hold. */
const OUTSIDE_SHOWN = 300;
/**
 * An error's message, cut to OUTSIDE_SHOWN: one from outside may quote what it
 * failed on (an API's whole response body, megabytes of it).
 */
function messageOf(error) {
    return shorten(error instanceof Error ? error.message : String(error), OUTSIDE_SHOWN);
}
/** Shortens to at most `max` code points, marking the cut with an ellipsis. */
function shorten(text, max) {
    // UTF-16 units are at least as many as code points: a text that fits in them fits.
    if (text.length <= max)
        return text;
    // Counted only as far as needed: a 100 MB message is cut without an array of its characters.
    let cut = 0;
    for (let n = 0; n < max - 1 && cut < text.length; n++)
        cut += codePointWidth(text, cut);
    if (cut >= text.length || cut + codePointWidth(text, cut) >= text.length)
        return text;
    return `${text.slice(0, cut)}…`;
}
/** 2 for a surrogate pair at `i`, else 1 (a lone surrogate is a code point of its own, as [...text] has it). */
function codePointWidth(text, i) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdbff || i + 1 >= text.length)
        return 1;
    const next = text.charCodeAt(i + 1);
    return next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
}
/** For an attribute value built from percent-encoded parts (a link). */
function escapeAttribute(text) {
    return text.replace(/[&<>"']/g, (ch) => HTML_ENTITIES[ch]);
}
// .NET's Trim(), which the runner applies before looking for `::`, drops any
// Unicode white space, not just spaces and tabs: U+0085 too, which \s lacks.
const WHITESPACE = /[\s\u0085]/u;
/** That white space but the line breaks the runner splits lines at, as a pattern. */
const SPACE = String.raw `(?:[^\S\r\n]|\u0085)`;
/**
 * A GitHub runner reads any line of a step's output that starts with `::`
 * (after spaces) as a workflow command, so untrusted text at the start of a
 * line could issue one when citegate runs in a `run:` step. This writes the
 * second colon of such a line as `\u{003A}`, so the line starts `:\u{003A}`.
 * `state` carries a line split across writes: `start` (only spaces so far),
 * `colon` (spaces and one colon), `inside` (anything else).
 */
function neutralizeCommands(text, state) {
    // 1. The line an earlier write left open, one character at a time, until it is decided.
    const firstBreak = text.search(LINE_BREAK);
    const headEnd = firstBreak < 0 ? text.length : firstBreak;
    let head = text.slice(0, headEnd);
    for (let i = 0; i < headEnd && state !== 'inside'; i++) {
        const ch = text[i];
        if (ch === ':' && state === 'start')
            state = 'colon';
        else if (ch === ':') {
            head = `${text.slice(0, i)}\\u{003A}${text.slice(i + 1, headEnd)}`;
            state = 'inside';
        }
        else if (!(state === 'start' && WHITESPACE.test(ch)))
            state = 'inside';
    }
    if (firstBreak < 0)
        return { text: head, state };
    // 2. Whole lines: one pass of a regular expression finds those that start with `::`.
    const rest = text.slice(firstBreak).replace(COMMAND_LINE, '$1$2:\\u{003A}');
    // 3. The last line, perhaps cut short: how it starts so far.
    const last = text.slice(Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r')) + 1);
    return { text: head + rest, state: BLANK.test(last) ? 'start' : BLANK_THEN_COLON.test(last) ? 'colon' : 'inside' };
}
/**
 * The runner also reads an older form of workflow command, `##[command]data`,
 * and looks for it anywhere in a line (actions/runner's ActionCommand.TryParse
 * finds `##[` with IndexOf), so untrusted text anywhere could issue one. This
 * writes the `[` of every `##[` as `\u{005B}`. `hashes` carries the number of
 * `#` that ended the text written before (0 to 2), for a `##[` split across
 * writes.
 */
function neutralizeLegacyCommands(text, hashes) {
    const joined = '#'.repeat(hashes) + text;
    // Only `[` changes, never a `#`: the carried ones are cut off again unchanged.
    const safe = joined.includes('##[') ? joined.replaceAll('##[', '##\\u{005B}') : joined;
    let trailing = 0;
    while (trailing < 2 && joined.charCodeAt(joined.length - 1 - trailing) === 0x23)
        trailing++;
    return { text: safe.slice(hashes), hashes: trailing };
}
// The runner reads its output line by line, and a carriage return ends a line
// there as a line feed does.
const LINE_BREAK = /[\r\n]/u;
const COMMAND_LINE = new RegExp(String.raw `([\r\n])(${SPACE}*)::`, 'gu');
const BLANK = new RegExp(`^${SPACE}*$`, 'u');
const BLANK_THEN_COLON = new RegExp(`^${SPACE}*:$`, 'u');

;// CONCATENATED MODULE: external "node:path"
const external_node_path_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");
var external_node_path_default = /*#__PURE__*/__nccwpck_require__.n(external_node_path_namespaceObject);
// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __nccwpck_require__(8815);
;// CONCATENATED MODULE: ./src/engine/edit-distance.ts
// Levenshtein distance: for ids that look like a mistyped one (manifest keys,
// source ids) and words that look alike in a diff. Short strings only; or
// whether two strings of any length are within a few edits (withinEditDistance).
/** The number of single-character insertions, deletions and substitutions that turn `a` into `b` (UTF-16 units). */
function editDistance(a, b) {
    let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
        const current = [i];
        for (let j = 1; j <= b.length; j++) {
            current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        }
        previous = current;
    }
    return previous[b.length];
}
/** Whether the Levenshtein distance of `a` and `b` (UTF-16 units) is at most `k`: the cells within `k` of the diagonal only. */
function withinEditDistance(a, b, k) {
    if (Math.abs(a.length - b.length) > k)
        return false;
    const far = k + 1;
    const width = 2 * k + 1;
    // Row i holds the distances of a[0, i) to b[0, j) for j from i - k to i + k, at j - i + k.
    let previous = new Int32Array(width).fill(far);
    let current = new Int32Array(width);
    for (let d = 0; d <= k && d <= b.length; d++)
        previous[d + k] = d;
    for (let i = 1; i <= a.length; i++) {
        let best = far;
        for (let d = 0; d < width; d++) {
            const j = i + d - k;
            if (j < 0 || j > b.length) {
                current[d] = far;
                continue;
            }
            // From the row above: the same j (an insertion into b's prefix counted as a deletion of a[i-1]) is at d + 1.
            let v = d + 1 < width ? previous[d + 1] + 1 : far;
            if (j === 0)
                v = Math.min(v, i);
            else {
                v = Math.min(v, previous[d] + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1));
                if (d > 0)
                    v = Math.min(v, current[d - 1] + 1);
            }
            current[d] = Math.min(v, far);
            if (current[d] < best)
                best = current[d];
        }
        if (best > k)
            return false;
        const swap = previous;
        previous = current;
        current = swap;
    }
    return previous[b.length - a.length + k] <= k;
}

;// CONCATENATED MODULE: external "node:buffer"
const external_node_buffer_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");
;// CONCATENATED MODULE: ./src/engine/positions.ts

/**
 * Counting a column means counting code points from the start of its line; a
 * line may be megabytes long (a minified file, a source without line breaks).
 * So the last answer is remembered, and a later offset on the same line counts
 * on from there: positions asked in order cost one pass in all.
 */
class ColumnCursor {
    offset = -1;
    line = -1;
    column = 0;
    /** Column at `offset` on `line` (starting at `lineStart`), counting code points with `count(from, to)`. */
    at(line, lineStart, offset, count) {
        if (line === this.line && offset >= this.offset)
            this.column += count(this.offset, offset);
        else
            this.column = 1 + count(lineStart, offset);
        this.line = line;
        this.offset = offset;
        return this.column;
    }
}
/** Positions in a JavaScript string (citation files, manifests). */
class TextLineIndex {
    text;
    starts = [0];
    cursor = new ColumnCursor();
    constructor(text) {
        this.text = text;
        if (!text.includes('\r')) {
            // No CR: let the native search find the LFs.
            for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1))
                this.starts.push(i + 1);
            return;
        }
        for (let i = 0; i < text.length; i++) {
            const c = text.charCodeAt(i);
            if (c === 0x0a)
                this.starts.push(i + 1);
            else if (c === 0x0d) {
                if (text.charCodeAt(i + 1) === 0x0a)
                    i++;
                this.starts.push(i + 1);
            }
        }
    }
    position(offset) {
        const line = lastAtOrBelow(this.starts, offset);
        const column = this.cursor.at(line, this.starts[line], offset, (from, to) => {
            let n = 0;
            for (let i = from; i < to; i++) {
                const c = this.text.charCodeAt(i);
                // The low half of a surrogate pair does not start a code point.
                if (!(c >= 0xdc00 && c <= 0xdfff && i > 0 && isHighSurrogate(this.text.charCodeAt(i - 1))))
                    n++;
            }
            return n;
        });
        return { line: line + 1, column };
    }
}
/** Positions in UTF-8 bytes (source files, after a BOM). Built lazily: most sources never need one. */
class ByteLineIndex {
    bytes;
    starts;
    cursor = new ColumnCursor();
    constructor(bytes) {
        this.bytes = bytes;
    }
    position(offset) {
        const starts = (this.starts ??= lineStarts(this.bytes));
        const line = lastAtOrBelow(starts, offset);
        const column = this.cursor.at(line, starts[line], offset, (from, to) => {
            let n = 0;
            for (let i = from; i < to; i++)
                if ((this.bytes[i] & 0xc0) !== 0x80)
                    n++;
            return n;
        });
        return { line: line + 1, column };
    }
}
function lineStarts(bytes) {
    const starts = [0];
    const buf = external_node_buffer_namespaceObject.Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    if (buf.indexOf(0x0d) < 0) {
        // No CR: let the native search find the LFs.
        for (let i = buf.indexOf(0x0a); i >= 0; i = buf.indexOf(0x0a, i + 1))
            starts.push(i + 1);
        return Int32Array.from(starts);
    }
    for (let i = 0; i < bytes.length; i++) {
        const b = bytes[i];
        if (b === 0x0a)
            starts.push(i + 1);
        else if (b === 0x0d) {
            if (bytes[i + 1] === 0x0a)
                i++;
            starts.push(i + 1);
        }
    }
    return Int32Array.from(starts);
}
function isHighSurrogate(c) {
    return c >= 0xd800 && c <= 0xdbff;
}
/** The index of the last element at or below `value` in an ascending list (0 when none is). */
function lastAtOrBelow(sorted, value) {
    let lo = 0;
    let hi = sorted.length - 1;
    while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (sorted[mid] <= value)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

;// CONCATENATED MODULE: ./src/load/glob.ts
// Glob patterns for the manifest's `citations` list.
//
// Node 20 has no stable glob matcher (path.matchesGlob and fs.glob are
// experimental there and print a warning), and the run-time dependencies are kept
// to three, so this is a small one. Patterns come from a manifest that a pull
// request may change, so matching never builds a regular expression and never
// backtracks: a segment is matched with the linear-space wildcard algorithm and
// `**` with a table over segments.
//
// Syntax: `/` separates folders; `*` is any run of characters inside one folder
// name, `?` one character, `[abc]`, `[a-z]`, `[!a-z]` one of a set, `{a,b}` one
// of the alternatives, and `**` as a whole segment any number of folders (none
// included). Dot files are matched like any other. There is no escape character:
// write `[*]` for a literal `*`.

/** At most this many alternatives after expanding braces. */
const MAX_BRACE_EXPANSION = 256;
/** Braces nested deeper than this are refused: a manifest from a pull request may hold anything. */
const MAX_BRACE_DEPTH = 16;
/** Longer patterns are refused, for the same reason. */
const MAX_PATTERN_LENGTH = 4096;
class GlobSyntaxError extends Error {
}
class Glob {
    pattern;
    alternatives;
    constructor(pattern) {
        this.pattern = pattern;
        if (pattern === '')
            throw new GlobSyntaxError('the pattern is empty');
        if (pattern.includes('\\'))
            throw new GlobSyntaxError('the pattern holds a backslash: use / to separate folders');
        if (pattern.startsWith('/'))
            throw new GlobSyntaxError("the pattern is absolute: patterns are relative to the manifest's folder");
        if (pattern.length > MAX_PATTERN_LENGTH)
            throw new GlobSyntaxError(`the pattern is longer than ${MAX_PATTERN_LENGTH} characters`);
        this.alternatives = expandBraces(pattern).map(parsePattern);
        for (const segments of this.alternatives) {
            if (segments.some((s) => s.kind === 'tokens' && (s.literal === '..' || s.literal === '.'))) {
                throw new GlobSyntaxError("the pattern holds a . or .. folder: write paths below the manifest's folder");
            }
        }
    }
    /** Whether a relative path (folders separated by `/`) matches. */
    matches(relPath) {
        const parts = relPath.split('/');
        return this.alternatives.some((segments) => matchSegments(segments, parts));
    }
    /**
     * The literal folders each alternative starts with: only these need to be walked.
     * `answers/**\/*.json` gives `answers`; `*.json` gives ''.
     */
    baseFolders() {
        const bases = new Set();
        for (const segments of this.alternatives) {
            const literal = [];
            for (let i = 0; i < segments.length - 1; i++) {
                const s = segments[i];
                if (s.kind !== 'tokens' || s.literal === undefined)
                    break;
                literal.push(s.literal);
            }
            bases.add(literal.join('/'));
        }
        return [...bases];
    }
    /**
     * Whether some path below this folder (relative, folders separated by `/`)
     * could match: the walk need not enter a folder that no file of it can.
     */
    mayMatchBelow(folder) {
        const parts = folder === '' ? [] : folder.split('/');
        return this.alternatives.some((segments) => matchesPrefix(segments, parts));
    }
    /** Whether the pattern names this folder literally (so that walking may enter it even if it is skipped by default). */
    namesFolder(name) {
        return this.alternatives.some((segments) => segments.some((s) => s.kind === 'tokens' && s.literal === name));
    }
}
function expandBraces(pattern, nesting = 0) {
    if (nesting > MAX_BRACE_DEPTH)
        throw new GlobSyntaxError(`braces are nested more than ${MAX_BRACE_DEPTH} deep`);
    let results = [''];
    let i = 0;
    while (i < pattern.length) {
        const c = pattern[i];
        if (c === '}')
            throw new GlobSyntaxError(`unmatched } at character ${i + 1}`);
        if (c !== '{') {
            results = results.map((r) => r + c);
            i++;
            continue;
        }
        let depth = 0;
        let j = i;
        for (; j < pattern.length; j++) {
            if (pattern[j] === '{')
                depth++;
            else if (pattern[j] === '}' && --depth === 0)
                break;
        }
        if (j >= pattern.length)
            throw new GlobSyntaxError(`unmatched { at character ${i + 1}`);
        const options = [];
        let start = i + 1;
        depth = 0;
        for (let k = i + 1; k < j; k++) {
            if (pattern[k] === '{')
                depth++;
            else if (pattern[k] === '}')
                depth--;
            else if (pattern[k] === ',' && depth === 0) {
                options.push(pattern.slice(start, k));
                start = k + 1;
            }
        }
        options.push(pattern.slice(start, j));
        const expandedOptions = options.flatMap((option) => expandBraces(option, nesting + 1));
        const next = [];
        for (const r of results)
            for (const o of expandedOptions)
                next.push(r + o);
        if (next.length > MAX_BRACE_EXPANSION) {
            throw new GlobSyntaxError(`the braces expand to more than ${MAX_BRACE_EXPANSION} patterns`);
        }
        results = next;
        i = j + 1;
    }
    return results;
}
function parsePattern(pattern) {
    const segments = [];
    for (const part of pattern.split('/')) {
        if (part === '')
            continue;
        if (part === '**') {
            if (segments.at(-1)?.kind !== 'globstar')
                segments.push({ kind: 'globstar' });
            continue;
        }
        segments.push(parseSegment(part));
    }
    if (segments.length === 0)
        throw new GlobSyntaxError('the pattern names no file');
    return segments;
}
function parseSegment(part) {
    const tokens = [];
    const cps = [...part].map((ch) => ch.codePointAt(0));
    let literal = true;
    for (let i = 0; i < cps.length; i++) {
        const cp = cps[i];
        if (cp === 0x2a) {
            literal = false;
            if (tokens.at(-1)?.kind !== 'star')
                tokens.push({ kind: 'star' });
        }
        else if (cp === 0x3f) {
            literal = false;
            tokens.push({ kind: 'any' });
        }
        else if (cp === 0x5b) {
            literal = false;
            let k = i + 1;
            let negated = false;
            if (cps[k] === 0x21 || cps[k] === 0x5e) {
                negated = true;
                k++;
            }
            const ranges = [];
            let first = true;
            while (k < cps.length && (cps[k] !== 0x5d || first)) {
                first = false;
                const lo = cps[k];
                if (cps[k + 1] === 0x2d && k + 2 < cps.length && cps[k + 2] !== 0x5d) {
                    const hi = cps[k + 2];
                    if (hi < lo)
                        throw new GlobSyntaxError(`the range ${String.fromCodePoint(lo)}-${String.fromCodePoint(hi)} is backwards`);
                    ranges.push(lo, hi);
                    k += 3;
                }
                else {
                    ranges.push(lo, lo);
                    k++;
                }
            }
            if (k >= cps.length)
                throw new GlobSyntaxError(`unmatched [ in ${excerpt(part)}`);
            tokens.push({ kind: 'set', negated, ranges });
            i = k;
        }
        else {
            tokens.push({ kind: 'literal', cp });
        }
    }
    return { kind: 'tokens', tokens, literal: literal ? part : undefined };
}
function matchToken(token, cp) {
    switch (token.kind) {
        case 'literal':
            return token.cp === cp;
        case 'any':
            return true;
        case 'set': {
            let inSet = false;
            for (let i = 0; i < token.ranges.length; i += 2) {
                if (cp >= token.ranges[i] && cp <= token.ranges[i + 1]) {
                    inSet = true;
                    break;
                }
            }
            return inSet !== token.negated;
        }
        case 'star':
            return false;
    }
}
/** Wildcard matching with one saved star position: linear space, no recursion. */
function matchSegment(tokens, name) {
    const cps = [...name].map((ch) => ch.codePointAt(0));
    let t = 0;
    let c = 0;
    let starT = -1;
    let starC = 0;
    while (c < cps.length) {
        if (t < tokens.length && tokens[t].kind === 'star') {
            starT = t++;
            starC = c;
        }
        else if (t < tokens.length && matchToken(tokens[t], cps[c])) {
            t++;
            c++;
        }
        else if (starT >= 0) {
            t = starT + 1;
            c = ++starC;
        }
        else {
            return false;
        }
    }
    while (t < tokens.length && tokens[t].kind === 'star')
        t++;
    return t === tokens.length;
}
function matchSegments(segments, parts) {
    // ok[i][j]: segments from i match parts from j. Filled from the end.
    const width = parts.length + 1;
    const ok = new Uint8Array((segments.length + 1) * width);
    ok[segments.length * width + parts.length] = 1;
    for (let i = segments.length - 1; i >= 0; i--) {
        const s = segments[i];
        for (let j = parts.length; j >= 0; j--) {
            let v;
            if (s.kind === 'globstar') {
                v = ok[(i + 1) * width + j] === 1 || (j < parts.length && ok[i * width + j + 1] === 1);
            }
            else {
                v =
                    j < parts.length &&
                        ok[(i + 1) * width + j + 1] === 1 &&
                        (s.literal !== undefined ? s.literal === parts[j] : matchSegment(s.tokens, parts[j]));
            }
            ok[i * width + j] = v ? 1 : 0;
        }
    }
    return ok[0] === 1;
}
/** Whether `parts` (folders) can begin a path the segments match, with at least a file name still to come. */
function matchesPrefix(segments, parts) {
    // reach[i]: the segments before i have matched the parts read so far.
    let reach = new Uint8Array(segments.length + 1);
    reach[0] = 1;
    const close = (r) => {
        for (let i = 0; i < segments.length; i++)
            if (r[i] && segments[i].kind === 'globstar')
                r[i + 1] = 1; // ** may match no folder
    };
    close(reach);
    for (const part of parts) {
        const next = new Uint8Array(segments.length + 1);
        for (let i = 0; i < segments.length; i++) {
            if (!reach[i])
                continue;
            const s = segments[i];
            if (s.kind === 'globstar') {
                next[i] = 1;
                next[i + 1] = 1;
            }
            else if (s.literal !== undefined ? s.literal === part : matchSegment(s.tokens, part)) {
                next[i + 1] = 1;
            }
        }
        close(next);
        reach = next;
    }
    // A file must still be matched: some segment is left after where the parts end.
    for (let i = 0; i < segments.length; i++)
        if (reach[i])
            return true;
    return false;
}

;// CONCATENATED MODULE: ./src/load/text.ts
// Bytes to text, strictly: invalid UTF-8 is an error with its position, never
// replaced, and a leading byte order mark is encoding, not text (SPEC §3).


const BOM = [0xef, 0xbb, 0xbf];
/** Length of a leading UTF-8 byte order mark (3), or 0. */
function bomLength(bytes) {
    return bytes.length >= 3 && bytes[0] === BOM[0] && bytes[1] === BOM[1] && bytes[2] === BOM[2] ? 3 : 0;
}
function decodeUtf8Text(bytes) {
    if (!(0,external_node_buffer_namespaceObject.isUtf8)(bytes)) {
        const bad = firstInvalidUtf8(bytes);
        const before = bytes.toString('utf8', bomLength(bytes), bad);
        const position = new TextLineIndex(before).position(before.length);
        return {
            ok: false,
            reason: invalidUtf8At(bytes, bad),
            position,
        };
    }
    return { ok: true, text: bytes.toString('utf8', bomLength(bytes)) };
}
function invalidUtf8At(bytes, at) {
    const utf16 = utf16ByteOrderMark(bytes);
    if (utf16 !== undefined && at === 0)
        return `not valid UTF-8: it starts with the byte order mark of ${utf16} (${utf16 === 'UTF-16LE' ? '0xFF 0xFE' : '0xFE 0xFF'}): save it as UTF-8`;
    return `not valid UTF-8: byte 0x${bytes[at].toString(16).toUpperCase().padStart(2, '0')} at offset ${at} does not start or continue a character`;
}
/**
 * The UTF-16 encoding a file's first two bytes say it is in, if they are a
 * UTF-16 byte order mark: editors on Windows save text so, and "byte 0xFF at
 * offset 0" does not tell a user what to do about it.
 */
function utf16ByteOrderMark(bytes) {
    if (bytes.length < 2)
        return undefined;
    if (bytes[0] === 0xff && bytes[1] === 0xfe)
        return 'UTF-16LE';
    if (bytes[0] === 0xfe && bytes[1] === 0xff)
        return 'UTF-16BE';
    return undefined;
}
/**
 * Offset of the first byte that is not part of a well-formed UTF-8 sequence
 * (overlong forms, surrogates and code points past U+10FFFF are ill-formed).
 */
function firstInvalidUtf8(bytes) {
    let i = 0;
    while (i < bytes.length) {
        const b = bytes[i];
        if (b < 0x80) {
            i++;
            continue;
        }
        let need;
        let lo = 0x80;
        let hi = 0xbf;
        if (b >= 0xc2 && b <= 0xdf)
            need = 1;
        else if (b >= 0xe0 && b <= 0xef) {
            need = 2;
            if (b === 0xe0)
                lo = 0xa0;
            if (b === 0xed)
                hi = 0x9f;
        }
        else if (b >= 0xf0 && b <= 0xf4) {
            need = 3;
            if (b === 0xf0)
                lo = 0x90;
            if (b === 0xf4)
                hi = 0x8f;
        }
        else
            return i;
        for (let k = 1; k <= need; k++) {
            const c = bytes[i + k];
            if (c === undefined || c < (k === 1 ? lo : 0x80) || c > (k === 1 ? hi : 0xbf))
                return i;
        }
        i += need + 1;
    }
    return bytes.length;
}
/**
 * JSON Lines bytes to text, a line at a time, so that one bad line does not
 * lose the others (its records are what the file holds, line by line): a
 * line that is not UTF-8 is left out, its text made empty and its line end
 * kept, so that the lines after it keep their numbers, and is told at its
 * first bad byte as decodeUtf8Text tells it. Undefined when more than
 * `maxBad` lines are bad: the file is not text, and is told as a whole.
 * Lines end at LF, CRLF or a lone CR; no byte of a UTF-8 character is either.
 */
function decodeUtf8Lines(bytes, maxBad) {
    const bad = [];
    const kept = [];
    let copiedTo = bomLength(bytes);
    let line = 1;
    let start = copiedTo;
    for (let i = start; i <= bytes.length; i++) {
        const b = i < bytes.length ? bytes[i] : 0x0a;
        if (b !== 0x0a && b !== 0x0d)
            continue;
        const content = bytes.subarray(start, i);
        if (!(0,external_node_buffer_namespaceObject.isUtf8)(content)) {
            if (bad.length === maxBad)
                return undefined;
            const at = start + firstInvalidUtf8(content);
            const before = bytes.toString('utf8', start, at);
            bad.push({
                reason: invalidUtf8At(bytes, at),
                position: { line, column: new TextLineIndex(before).position(before.length).column },
            });
            kept.push(bytes.subarray(copiedTo, start));
            copiedTo = i;
        }
        if (b === 0x0d && bytes[i + 1] === 0x0a)
            i++;
        line++;
        start = i + 1;
    }
    kept.push(bytes.subarray(copiedTo));
    return { text: external_node_buffer_namespaceObject.Buffer.concat(kept).toString('utf8'), bad };
}

;// CONCATENATED MODULE: ./src/load/yaml-nodes.ts
// Reading YAML with positions, shared by the manifest and citation-file loaders.


/**
 * A YAML document read into values (its aliases expanded) may hold at most
 * this many: a "billion laughs" file stops here, and a file that uses an
 * anchor a few thousand times, as YAML is meant to, never does (a YAML
 * citation file has at most MAX_YAML_MARKS of its own).
 */
const MAX_YAML_VALUES = 1_000_000;
/**
 * Line breaks and YAML punctuation (, : - [ ] { }) in a text: about half its
 * YAML tokens, each of which takes 250 to 350 bytes in the yaml package, so a
 * bound on them bounds the memory a YAML file can make it take.
 */
function yamlMarks(text) {
    let marks = 0;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x0a ||
            c === 0x0d ||
            c === 0x2c ||
            c === 0x3a ||
            c === 0x2d ||
            c === 0x5b ||
            c === 0x5d ||
            c === 0x7b ||
            c === 0x7d)
            marks++;
    }
    return marks;
}
/**
 * YAML 1.2 ends lines at LF, CRLF or a lone CR; the yaml package knows only the
 * first two. A lone CR becomes an LF of the same length, so offsets do not
 * move, and scalars read the same (YAML turns every line break in them into an LF).
 */
function withLoneCrAsLf(text) {
    return LONE_CR.test(text) ? text.replace(LONE_CR_ALL, '\n') : text;
}
const LONE_CR = /\r(?!\n)/;
const LONE_CR_ALL = /\r(?!\n)/g;
/**
 * Where the quoted scalar that a missing closing quote ends at was opened: the
 * yaml package reports the end of the file, where nothing is wrong, and the
 * mistake is where the quote began.
 */
function openingQuote(doc, at) {
    let found;
    (0,dist/* visit */.YR)(doc, {
        Scalar(_, node) {
            if ((node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') && node.range?.[1] === at) {
                found = node.range[0];
                return dist/* visit */.YR.BREAK;
            }
            return undefined;
        },
    });
    return found;
}
/**
 * `key: value` and under it a line indented more, holding a colon: the
 * parser reads the value and that line as one key of a mapping nested in the
 * value, and reports where the value starts ("nested mappings are not
 * allowed in compact mappings"), a line above the mistake. It is said at the
 * line where that key ends (the one with the colon), in words that name the
 * mistake.
 */
const OVER_INDENTED = 'this line is indented more than the key above it: the keys of one mapping start in the same column';
/** Where the line holding `offset` starts, past its indentation. */
function lineStart(text, offset) {
    let at = text.lastIndexOf('\n', offset - 1) + 1;
    while (at < offset && (text.charCodeAt(at) === 0x20 || text.charCodeAt(at) === 0x09))
        at++;
    return at;
}
/**
 * Parses one YAML document (YAML 1.2, core schema: `yes` is a string, a date is
 * a string, no custom tags run). Warnings are issues too: a gate reads its input
 * strictly. `keepSourceTokens` keeps each collection's parser tokens on it
 * (`srcToken`: where its items start, their indicators), at some three times
 * the memory of the document alone.
 */
function parseYaml(text, { keepSourceTokens = false } = {}) {
    text = withLoneCrAsLf(text);
    const docs = (0,dist/* parseAllDocuments */.hR)(text, {
        keepSourceTokens,
        lineCounter: new dist/* LineCounter */.HN(),
        prettyErrors: false,
        strict: true,
        // Checked below, in one pass: the yaml package compares each key with every
        // key before it, which a mapping of 50,000 keys makes take seconds.
        uniqueKeys: false,
        version: '1.2',
        schema: 'core',
    });
    if (!Array.isArray(docs) || docs.length === 0)
        return { doc: undefined, issues: [] };
    let issues = [];
    const doc = docs[0];
    // A value and the lines indented under it read as one key (OVER_INDENTED): both errors start at the
    // value, and the second (the key is not on one line) is the same mistake, so it is left out.
    const keyEnds = new Map();
    for (const e of doc.errors)
        if (e.code === 'MULTILINE_IMPLICIT_KEY')
            keyEnds.set(e.pos[0], e.pos[1]);
    const overIndented = new Map();
    for (const e of doc.errors) {
        const end = keyEnds.get(e.pos[0]);
        if (e.code === 'BLOCK_AS_IMPLICIT_KEY' && /^Nested mappings/.test(e.message) && end !== undefined)
            overIndented.set(e.pos[0], end);
    }
    for (const e of [...doc.errors, ...doc.warnings]) {
        if (e.code === 'MULTILINE_IMPLICIT_KEY' && overIndented.has(e.pos[0]))
            continue;
        const structural = e.code !== 'DUPLICATE_KEY' && e.code !== 'TAG_RESOLVE_FAILED';
        const opened = e.code === 'MISSING_CHAR' && /closing .?quote/i.test(e.message) ? openingQuote(doc, e.pos[0]) : undefined;
        issues.push(e.code === 'BLOCK_AS_IMPLICIT_KEY' && overIndented.has(e.pos[0])
            ? { offset: lineStart(text, overIndented.get(e.pos[0])), message: OVER_INDENTED, structural }
            : { offset: opened ?? e.pos[0], message: yamlMessage(e.message), structural });
    }
    duplicateKeys(doc, issues);
    issues = upToFirstSyntaxError(issues);
    // An alias to no anchor parses without error; said here, where it is, not later as a missing value.
    if (issues.length === 0 && text.includes('*')) {
        (0,dist/* visit */.YR)(doc, {
            Alias(_, node) {
                if (node.resolve(doc) !== undefined)
                    return undefined;
                issues.push({
                    offset: node.range?.[0] ?? 0,
                    message: `alias *${shorten(node.source, EXCERPT)} has no anchor &${shorten(node.source, EXCERPT)} before it`,
                    structural: true,
                });
                return undefined;
            },
        });
    }
    if (docs.length > 1 && !issues.some((i) => i.structural)) {
        issues.push({
            offset: docs[1].range[0],
            message: 'a second YAML document: a file holds exactly one',
            structural: false,
        });
    }
    return { doc, issues };
}
/**
 * One YAML mistake often makes the parser report several errors: its own, then
 * others for what it read after it. A key indented one space too few gives
 * "all mapping items must start at the same column" there, then two errors
 * at the next line, which is right. The first error explains the mistake, and
 * what the parser read after it is its guess, so the issues are kept up to the
 * first syntax error and no further (a duplicate key or an unknown tag before
 * it is a mistake of its own, and stays).
 */
function upToFirstSyntaxError(issues) {
    const first = issues.reduce((found, i) => (i.structural && (found === undefined || i.offset < found.offset) ? i : found), undefined);
    if (first === undefined)
        return [...issues];
    return [...issues.filter((i) => !i.structural && i.offset < first.offset), first].sort((a, b) => a.offset - b.offset);
}
/**
 * A key twice in a mapping: keys equal as YAML 1.2 compares nodes, by tag
 * and value. `1`, `+1` and `0x1` are the same integer, `~` and `null` the
 * same null, but `1` and `1.0` differ (an integer and a float), which a
 * comparison of the values alone, as the yaml package's own check makes,
 * would call one key.
 */
function duplicateKeys(doc, issues) {
    (0,dist/* visit */.YR)(doc, {
        Map(_, map) {
            const seen = new Set();
            const numbers = new Set();
            for (const pair of map.items) {
                const key = pair.key;
                const value = (0,dist/* isScalar */.jn)(key) ? key.value : key;
                let twice;
                if (typeof value === 'number') {
                    // Explicit tags are refused (strict), so the core schema's rule for plain scalars decides.
                    const tagged = `${INTEGER.test(key.source ?? '') ? 'int' : 'float'} ${value}`;
                    twice = numbers.has(tagged);
                    numbers.add(tagged);
                }
                else {
                    twice = seen.has(value);
                    seen.add(value);
                }
                if (twice) {
                    issues.push({
                        offset: key?.range?.[0] ?? map.range?.[0] ?? 0,
                        message: 'duplicate key: keys must be unique',
                        structural: false,
                    });
                }
            }
            return undefined;
        },
    });
}
/** The plain scalars YAML 1.2's core schema reads as integers (the other numbers are floats). */
const INTEGER = /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/;
/** How much of a token the parser names a message may quote. */
const TOKEN_SHOWN = 24;
/** And how long a message of the parser may be. */
const MESSAGE_SHOWN = 160;
function yamlMessage(message) {
    // The stack overflow the parser catches for absurd nesting, said plainly.
    if (/Maximum call stack size exceeded/.test(message))
        return 'nesting is too deep';
    const firstLine = message
        .split('\n')[0]
        .replace(/ at line \d+, column \d+:?$/, '')
        // The parser quotes the token it did not expect whole ("Unexpected scalar token in
        // YAML stream: …"): the kind of token and its start say where, the rest is the file's.
        .replace(/: "(.*)"$/s, (_, token) => `: ${excerpt(token, TOKEN_SHOWN)}`);
    return shorten(firstLine.charAt(0).toLowerCase() + firstLine.slice(1), MESSAGE_SHOWN);
}
/** The node an alias points to (one level), or the node itself. */
function deref(doc, node) {
    return (0,dist/* isAlias */.Vj)(node) ? node.resolve(doc) : node;
}
/** A scalar's string value; a plain scalar that YAML read as a number gives its source text. */
function scalarText(node) {
    if (!(0,dist/* isScalar */.jn)(node))
        return undefined;
    if (typeof node.value === 'string')
        return node.value;
    return undefined;
}
/** The source text of a plain scalar, whatever type YAML gave it (for hex digests). */
function scalarSource(node) {
    if (!(0,dist/* isScalar */.jn)(node))
        return undefined;
    if (typeof node.value === 'string')
        return node.value;
    if (node.type === 'PLAIN' && typeof node.source === 'string')
        return node.source;
    return undefined;
}
function nodeOffset(node, fallback = 0) {
    return node?.range?.[0] ?? fallback;
}
/**
 * Why a document cannot be read into values, at the alias at fault: one
 * inside the node its anchor names (the values would hold themselves, and
 * every walk of them would go on for ever), or one that takes the values
 * past MAX_YAML_VALUES, each alias counted as all the values it stands for.
 * The yaml package's own bound counts every use of an anchor, even of one
 * string: a file that named its source once and used it a hundred times was
 * refused whole. Recursive, as deep as the document nests (the caller tells
 * a RangeError as too deep).
 */
function aliasProblem(doc) {
    const sizes = new Map();
    const open = new Set();
    let loop;
    /** The values a node stands for, aliases expanded (at most MAX_YAML_VALUES + 1). */
    const sizeOf = (node) => {
        if (loop !== undefined)
            return 0;
        if ((0,dist/* isAlias */.Vj)(node)) {
            const target = node.resolve(doc);
            if (target === undefined)
                return 1;
            if (open.has(target)) {
                loop = node;
                return 0;
            }
            return sizeOf(target);
        }
        if ((0,dist/* isPair */.tO)(node))
            return Math.min(MAX_YAML_VALUES + 1, sizeOf(node.key) + sizeOf(node.value));
        if (!(0,dist/* isCollection */.P3)(node))
            return 1;
        const known = sizes.get(node);
        if (known !== undefined)
            return known;
        open.add(node);
        let size = 1;
        for (const item of node.items)
            size = Math.min(MAX_YAML_VALUES + 1, size + sizeOf(item));
        open.delete(node);
        sizes.set(node, size);
        return size;
    };
    // The values in document order, each alias as all it stands for: the first to cross the bound is told.
    let total = 0;
    let crossed;
    const count = (node) => {
        if (crossed !== undefined || loop !== undefined)
            return;
        if ((0,dist/* isAlias */.Vj)(node) || !((0,dist/* isCollection */.P3)(node) || (0,dist/* isPair */.tO)(node))) {
            total += sizeOf(node);
            if (total > MAX_YAML_VALUES && loop === undefined)
                crossed = node;
            return;
        }
        if ((0,dist/* isPair */.tO)(node)) {
            count(node.key);
            count(node.value);
            return;
        }
        total += 1;
        open.add(node);
        for (const item of node.items)
            count(item);
        open.delete(node);
    };
    count(doc.contents);
    if (loop !== undefined)
        return {
            offset: nodeOffset(loop),
            message: `alias *${shorten(loop.source, EXCERPT)} is inside the value its anchor names: the value would hold itself`,
        };
    if (crossed !== undefined)
        return {
            offset: nodeOffset(crossed),
            message: `too many aliases: expanded, they make more than ${MAX_YAML_VALUES.toLocaleString('en-US')} values (an alias bomb)`,
        };
    return undefined;
}

;// CONCATENATED MODULE: ./src/model/levels.ts
// How the checks beyond quotes count (the manifest's `checks`, and the
// options and inputs that override it).
const CHECK_LEVELS = ['off', 'warn', 'fail'];
const DEFAULT_CHECKS = {
    uncitedClaims: 'warn',
    requiredSources: 'fail',
    claimNumbers: 'fail',
    // Warn: the API does not document the unit of its character indices, and
    // they count in the document the request sent, which may differ from the
    // pinned file by a BOM or its line ends; the quote itself is checked verbatim.
    citationLocations: 'warn',
};
/** The manifest's names of the checks; the CLI's options and the Action's inputs have dashes for underscores. */
const CHECK_NAMES = {
    uncitedClaims: 'uncited_claims',
    requiredSources: 'required_sources',
    claimNumbers: 'claim_numbers',
    citationLocations: 'citation_locations',
};
/** A level given for a check that is not one: the option or input, and the value. */
class LevelError extends Error {
    option;
    value;
    constructor(option, value) {
        super(`${option} takes ${CHECK_LEVELS.join(', ')}, not ${JSON.stringify(value)}`);
        this.option = option;
        this.value = value;
    }
}
/**
 * The levels a front end's options or inputs set, read by their dashed names
 * (`uncited-claims`): `read` gives a value or undefined when not set. Throws
 * LevelError for a value that is not a level; the front end words it.
 */
function readLevelOverrides(read) {
    const overrides = {};
    for (const [field, name] of Object.entries(CHECK_NAMES)) {
        const dashed = name.replace(/_/g, '-');
        const value = read(dashed);
        if (value === undefined)
            continue;
        if (!CHECK_LEVELS.includes(value))
            throw new LevelError(dashed, value);
        overrides[field] = value;
    }
    return overrides;
}

;// CONCATENATED MODULE: ./src/load/manifest.ts
// The manifest (SPEC §6): which sources exist, where their reviewed text is,
// which SHA-256 each is pinned to, and which files hold citation records.
// Every problem is reported at its line and column, all of them at once.









const DEFAULT_MANIFEST = 'citegate.yml';
/**
 * A manifest is refused past these: 8 MiB (some 57,000 sources of four lines;
 * 55,000 took 2.2 s and 440 MB to read, measured), or a million line breaks and
 * YAML marks (a denser file of that size). A pull request may change it too.
 */
const MAX_MANIFEST_BYTES = 8 * 1024 * 1024;
const MAX_MANIFEST_MARKS = 1_000_000;
const RECORD_FORMATS = ['citegate', 'anthropic-messages'];
/** The manifest cannot be used: the check cannot run (exit 2). */
class ManifestError extends Error {
    problems;
    constructor(problems) {
        super(problems.map((p) => p.message).join('; '));
        this.problems = problems;
        this.name = 'ManifestError';
    }
}
const TOP_KEYS = ['version', 'sources', 'citations', 'checks', 'require'];
const REQUIRE_KEYS = ['files', 'cite'];
const SOURCE_KEYS = ['path', 'sha256', 'retrieved', 'original', 'audience'];
const ORIGINAL_KEYS = ['path', 'sha256'];
const CITATION_KEYS = ['path', 'audience', 'format', 'documents'];
const SHA256 = /^[0-9a-fA-F]{64}$/;
/** Reads and validates the manifest at a workspace-relative or absolute path. */
function loadManifest(workspace, manifestPath, options = {}) {
    const abs = workspace.argumentPath(manifestPath);
    const shown = workspace.contains(abs) ? workspace.relative(abs) : manifestPath;
    const fail = (message) => {
        throw new ManifestError([{ file: shown, line: 0, column: 0, message }]);
    };
    const given = options.given === undefined ? '' : ` (${options.given})`;
    if (!workspace.contains(abs))
        fail(`the manifest is outside the workspace (${workspace.root})${given}; use --root`);
    const resolved = workspace.resolve('', workspace.relative(abs), 'file name');
    if (!resolved.ok)
        return fail(resolved.reason);
    const read = workspace.read(resolved.abs, MAX_MANIFEST_BYTES);
    if (!read.ok) {
        if (read.reason !== 'no such file')
            return fail(`cannot read the manifest: ${read.reason}`);
        return fail(options.given === undefined
            ? `no manifest here: create ${DEFAULT_MANIFEST} (see the README) or pass --manifest`
            : `no manifest: no such file${given}`);
    }
    const decoded = decodeUtf8Text(read.bytes);
    if (!decoded.ok) {
        throw new ManifestError([{ file: shown, ...decoded.position, message: decoded.reason }]);
    }
    if (yamlMarks(decoded.text) > MAX_MANIFEST_MARKS) {
        fail(`the manifest has more than ${MAX_MANIFEST_MARKS.toLocaleString('en-US')} line breaks and YAML marks: too large to read`);
    }
    const dir = external_node_path_default().posix.dirname(resolved.rel);
    const manifest = parseManifest(decoded.text, resolved.rel, dir === '.' ? '' : dir, options);
    return bomLength(read.bytes) > 0 ? { ...manifest, byteOrderMark: true } : manifest;
}
/** Validates manifest text; `file` and `dir` are workspace-relative. */
function parseManifest(text, file, dir, options = {}) {
    const index = new TextLineIndex(text);
    const problems = [];
    const report = (offset, message) => {
        problems.push({ file, ...index.position(offset), message });
    };
    const { doc, issues } = parseYaml(text, { keepSourceTokens: options.edit === true });
    for (const issue of issues)
        report(issue.offset, issue.message);
    // Go on after a duplicate key or an unknown tag, so that every problem is reported at once.
    if (issues.some((i) => i.structural) || doc === undefined) {
        if (doc === undefined)
            report(0, 'the manifest is empty: it needs `version: 1` and `sources`');
        throw new ManifestError(sortProblems(problems));
    }
    const sources = new Map();
    const citations = [];
    const root = deref(doc, doc.contents);
    if (!(0,dist/* isMap */.jh)(root)) {
        report(nodeOffset(root), 'the manifest must be a mapping with `version`, `sources` and `citations`');
        throw new ManifestError(sortProblems(problems));
    }
    const top = readKeys(doc, root, TOP_KEYS, 'the manifest', report);
    const version = top.get('version');
    if (version === undefined)
        report(nodeOffset(root), 'missing `version: 1`');
    else if (!(0,dist/* isScalar */.jn)(version.value) || version.value.value !== 1) {
        report(nodeOffset(version.value, nodeOffset(version.key)), 'version must be 1 (the only manifest version there is)');
    }
    const sourcesPair = top.get('sources');
    if (sourcesPair === undefined)
        report(nodeOffset(root), 'missing `sources`: a mapping of source ids to their files');
    else {
        const node = deref(doc, sourcesPair.value);
        if (!(0,dist/* isMap */.jh)(node))
            report(nodeOffset(node, nodeOffset(sourcesPair.key)), '`sources` must be a mapping of source ids to entries');
        else {
            for (const pair of node.items) {
                const entry = readSource(doc, pair, index, report, options);
                if (entry)
                    sources.set(entry.id, entry);
            }
        }
    }
    const citationsPair = top.get('citations');
    if (citationsPair !== undefined) {
        const node = deref(doc, citationsPair.value);
        if (!(0,dist/* isSeq */.oP)(node))
            report(nodeOffset(node, nodeOffset(citationsPair.key)), '`citations` must be a list of glob patterns');
        else {
            for (const item of node.items) {
                const pattern = readCitationPattern(doc, item, index, report, sources, file);
                if (pattern)
                    citations.push(pattern);
            }
        }
    }
    const checks = readChecks(doc, top.get('checks'), report);
    const requirements = [];
    const requirePair = top.get('require');
    if (requirePair !== undefined) {
        const node = deref(doc, requirePair.value);
        if (!(0,dist/* isSeq */.oP)(node))
            report(nodeOffset(node, nodeOffset(requirePair.key)), '`require` must be a list of {files, cite} rules');
        else {
            for (const item of node.items) {
                const rule = readRequirement(doc, item, index, report, sources);
                if (rule)
                    requirements.push(rule);
            }
        }
    }
    if (problems.length > 0)
        throw new ManifestError(sortProblems(problems));
    return { file, dir, text, sources, citations, checks, requirements };
}
/** The pairs of a mapping by key, reporting unknown, non-string and (via yaml) duplicate keys. */
function readKeys(doc, map, allowed, what, report) {
    const pairs = new Map();
    for (const pair of map.items) {
        const key = scalarText(deref(doc, pair.key));
        if (key === undefined || !allowed.includes(key)) {
            const shown = key === undefined ? 'a key that is not a string' : `unknown key \`${shorten(key, EXCERPT)}\``;
            const near = key === undefined ? undefined : allowed.find((a) => editDistance(a, key) <= 2);
            // YAML 1.1's merge key, which YAML 1.2 (the yaml package's default) reads as an ordinary key.
            const hint = key === '<<'
                ? 'merge keys are YAML 1.1, which citegate does not read: write the keys out'
                : near
                    ? `did you mean \`${near}\`?`
                    : `allowed: ${allowed.join(', ')}`;
            report(nodeOffset(pair.key, nodeOffset(map)), `${shown} in ${what} (${hint})`);
            continue;
        }
        pairs.set(key, pair);
    }
    return pairs;
}
function readString(doc, pair, what, report) {
    if (pair === undefined)
        return undefined;
    const node = deref(doc, pair.value);
    const value = scalarText(node);
    if (value === undefined || value === '') {
        report(nodeOffset(node, nodeOffset(pair.key)), `${what} must be a non-empty string`);
        return undefined;
    }
    return value;
}
function readPinnedFile(doc, map, pairs, what, index, report, options) {
    const pathPair = pairs.get('path');
    if (pathPair === undefined) {
        report(nodeOffset(map), `${what} has no \`path\``);
        return undefined;
    }
    const filePath = readString(doc, pathPair, `the \`path\` of ${what}`, report);
    let sha256;
    let sha256Span;
    let sha256NotEditable;
    const shaPair = pairs.get('sha256');
    if (shaPair === undefined) {
        if (!options.forPin)
            report(nodeOffset(map), `${what} has no \`sha256\`: run \`citegate pin\` to record it`);
    }
    else {
        const node = deref(doc, shaPair.value);
        const value = scalarSource(node);
        if ((0,dist/* isAlias */.Vj)(shaPair.value)) {
            // Rewriting the anchored value would change every other use of it.
            sha256NotEditable = `its \`sha256\` is an alias (*${shorten(shaPair.value.source, EXCERPT)}): write the hash itself there`;
        }
        else if ((0,dist/* isScalar */.jn)(node) && node.anchor !== undefined) {
            sha256NotEditable = `its \`sha256\` carries an anchor (&${shorten(node.anchor, EXCERPT)}) that other values may share: remove the anchor`;
        }
        else if ((0,dist/* isScalar */.jn)(node) && node.range) {
            sha256Span = { start: node.range[0], end: node.range[1] };
        }
        else if (node === null) {
            // A key with no value at all (`? sha256` alone, `{sha256}`): the hash goes after the key.
        }
        else {
            // A list or a mapping: a hash written in its place would leave the rest, and one added would be a second key.
            sha256NotEditable =
                'its `sha256` is not a single value (a list or a mapping): write the hash there, or leave it empty';
        }
        if (value !== undefined && SHA256.test(value))
            sha256 = value.toLowerCase();
        else if (!options.forPin) {
            report(nodeOffset(node, nodeOffset(shaPair.key)), `the \`sha256\` of ${what} must be 64 hexadecimal digits`);
        }
    }
    if (filePath === undefined)
        return undefined;
    // Not dereferenced: a missing sha256 goes after the path as written here, even an alias.
    const pathNode = pathPair.value;
    const keyOffset = nodeOffset(pathPair.key);
    const sha256Insert = options.edit && sha256Span === undefined && sha256NotEditable === undefined
        ? hashInsertion(map, shaPair === undefined ? pathNode : shaPair.key, shaPair === undefined)
        : undefined;
    return {
        path: filePath,
        sha256,
        sha256Span,
        ...(sha256NotEditable !== undefined ? { sha256NotEditable } : {}),
        ...(sha256Insert !== undefined ? { sha256Insert } : {}),
        pathPosition: index.position(nodeOffset(pathNode, keyOffset)),
        sha256Position: shaPair === undefined ? undefined : index.position(nodeOffset(shaPair.value, nodeOffset(shaPair.key))),
    };
}
/**
 * Where a hash goes after `node` (the `path` value, or a `sha256` key without
 * one) in `map`. A block mapping's items start in the column its parser
 * tokens give (`indent`, 0-based): not its key's, which is further right
 * after `? ` or an anchor.
 */
function hashInsertion(map, node, pair) {
    const after = node?.range?.[1];
    const token = map.srcToken;
    if (after === undefined || token === undefined)
        return undefined;
    return { after, pair, flow: map.flow === true, column: token.type === 'block-map' ? token.indent + 1 : 0 };
}
function readSource(doc, pair, index, report, options) {
    const keyNode = deref(doc, pair.key);
    const id = scalarText(keyNode);
    const at = nodeOffset(pair.key);
    if (id === undefined || id === '') {
        report(at, 'a source id must be a non-empty string');
        return undefined;
    }
    if (/[\u0000-\u001f\u007f-\u009f]/.test(id)) {
        report(at, 'a source id must not hold control characters');
        return undefined;
    }
    const what = `source \`${shorten(id, EXCERPT)}\``;
    const node = deref(doc, pair.value);
    if (!(0,dist/* isMap */.jh)(node)) {
        report(nodeOffset(node, at), `${what} must be a mapping with path, sha256 and retrieved`);
        return undefined;
    }
    const keys = readKeys(doc, node, SOURCE_KEYS, what, report);
    const file = readPinnedFile(doc, node, keys, what, index, report, options);
    let retrieved;
    const retrievedPair = keys.get('retrieved');
    if (retrievedPair === undefined)
        report(nodeOffset(node), `${what} has no \`retrieved\` date (YYYY-MM-DD)`);
    else {
        const value = scalarText(deref(doc, retrievedPair.value));
        if (value === undefined || !isIsoDate(value)) {
            report(nodeOffset(retrievedPair.value, nodeOffset(retrievedPair.key)), `the \`retrieved\` date of ${what} must be a calendar date written YYYY-MM-DD`);
        }
        else
            retrieved = value;
    }
    let original;
    const originalPair = keys.get('original');
    if (originalPair !== undefined) {
        const originalNode = deref(doc, originalPair.value);
        if (!(0,dist/* isMap */.jh)(originalNode)) {
            report(nodeOffset(originalNode, nodeOffset(originalPair.key)), `the \`original\` of ${what} must be a mapping with path and sha256`);
        }
        else {
            const originalKeys = readKeys(doc, originalNode, ORIGINAL_KEYS, `the \`original\` of ${what}`, report);
            original = readPinnedFile(doc, originalNode, originalKeys, `the \`original\` of ${what}`, index, report, options);
        }
    }
    let audience;
    const audiencePair = keys.get('audience');
    if (audiencePair !== undefined) {
        const audienceNode = deref(doc, audiencePair.value);
        const values = (0,dist/* isSeq */.oP)(audienceNode) ? audienceNode.items.map((item) => scalarText(deref(doc, item))) : [];
        if (!(0,dist/* isSeq */.oP)(audienceNode) || values.length === 0 || values.some((v) => v === undefined || v === '')) {
            report(nodeOffset(audienceNode, nodeOffset(audiencePair.key)), `the \`audience\` of ${what} must be a non-empty list of names, e.g. [support]`);
        }
        else
            audience = values;
    }
    if (file === undefined || retrieved === undefined)
        return undefined;
    return { ...file, id, retrieved, original, audience, position: index.position(at) };
}
function readCitationPattern(doc, item, index, report, sources, file) {
    const node = deref(doc, item);
    const at = nodeOffset(node);
    let patternAt = at;
    let pattern;
    let audience;
    let format;
    let documents;
    if ((0,dist/* isMap */.jh)(node)) {
        const keys = readKeys(doc, node, CITATION_KEYS, 'a `citations` entry', report);
        pattern = readString(doc, keys.get('path'), 'the `path` of a `citations` entry', report);
        patternAt = nodeOffset(keys.get('path')?.value, at);
        if (!keys.has('path'))
            report(at, 'a `citations` entry needs a `path` glob');
        if (keys.has('audience'))
            audience = readString(doc, keys.get('audience'), 'the `audience` of a `citations` entry', report);
        const formatPair = keys.get('format');
        if (formatPair !== undefined) {
            const value = scalarText(deref(doc, formatPair.value));
            if (value !== undefined && RECORD_FORMATS.includes(value))
                format = value;
            else
                report(nodeOffset(formatPair.value, nodeOffset(formatPair.key)), `the \`format\` of a \`citations\` entry must be one of ${RECORD_FORMATS.join(', ')}`);
        }
        const documentsPair = keys.get('documents');
        if (documentsPair !== undefined) {
            documents = readDocuments(doc, documentsPair, index, report, sources, file);
            if (formatPair !== undefined && format !== 'anthropic-messages' && format !== undefined)
                report(nodeOffset(documentsPair.key), '`documents` names the documents of a Messages API request: it goes with `format: anthropic-messages`');
            else if (formatPair === undefined)
                report(nodeOffset(documentsPair.key), '`documents` names the documents of a Messages API request: add `format: anthropic-messages` to the entry');
        }
    }
    else {
        pattern = scalarText(node);
        if (pattern === undefined || pattern === '') {
            report(at, 'a `citations` entry must be a glob pattern or a mapping with `path` and `audience`');
            return undefined;
        }
    }
    if (pattern === undefined)
        return undefined;
    try {
        return { glob: new Glob(pattern), audience, format, documents, position: index.position(at) };
    }
    catch (error) {
        if (!(error instanceof GlobSyntaxError))
            throw error;
        report(patternAt, `bad glob pattern: ${error.message}`);
        return undefined;
    }
}
/** A `documents` list: a source id, or null for a document that is not a pinned source, per document sent. */
function readDocuments(doc, pair, index, report, sources, file) {
    const node = deref(doc, pair.value);
    const at = nodeOffset(node, nodeOffset(pair.key));
    const shape = '`documents` must be a non-empty list of source ids, one per document the request sent, in its order (null for one that is not a source)';
    if (!(0,dist/* isSeq */.oP)(node) || node.items.length === 0) {
        report(at, shape);
        return undefined;
    }
    const ids = [];
    let ok = true;
    for (const item of node.items) {
        const value = deref(doc, item);
        if ((0,dist/* isScalar */.jn)(value) && value.value === null) {
            ids.push(null);
            continue;
        }
        const id = scalarText(value);
        if (id === undefined || id === '') {
            report(nodeOffset(item, at), shape);
            ok = false;
        }
        else if (!sources.has(id)) {
            const near = [...sources.keys()].find((known) => editDistance(known, id) <= 2);
            report(nodeOffset(item, at), `\`documents\` names source \`${id}\`, which is not in \`sources\`${near ? ` (did you mean \`${near}\`?)` : ' (write null for a document that is not a source)'}`);
            ok = false;
        }
        else
            ids.push(id);
    }
    if (!ok)
        return undefined;
    return { ids, where: `${file}:${index.position(at).line}` };
}
function readChecks(doc, pair, report) {
    if (pair === undefined)
        return DEFAULT_CHECKS;
    const node = deref(doc, pair.value);
    if (!(0,dist/* isMap */.jh)(node)) {
        report(nodeOffset(node, nodeOffset(pair.key)), '`checks` must be a mapping such as {uncited_claims: warn}');
        return DEFAULT_CHECKS;
    }
    const names = Object.entries(CHECK_NAMES);
    const keys = readKeys(doc, node, names.map(([, name]) => name), '`checks`', report);
    const levels = { ...DEFAULT_CHECKS };
    for (const [field, name] of names) {
        const levelPair = keys.get(name);
        if (levelPair === undefined)
            continue;
        const value = scalarText(deref(doc, levelPair.value));
        if (value === undefined || !CHECK_LEVELS.includes(value)) {
            report(nodeOffset(levelPair.value, nodeOffset(levelPair.key)), `\`${name}\` must be one of ${CHECK_LEVELS.join(', ')}`);
        }
        else
            levels[field] = value;
    }
    return levels;
}
function readRequirement(doc, item, index, report, sources) {
    const node = deref(doc, item);
    const at = nodeOffset(node);
    if (!(0,dist/* isMap */.jh)(node)) {
        report(at, 'a `require` rule must be a mapping with `files` (a glob) and `cite` (a list of source ids)');
        return undefined;
    }
    const keys = readKeys(doc, node, REQUIRE_KEYS, 'a `require` rule', report);
    const pattern = readString(doc, keys.get('files'), 'the `files` of a `require` rule', report);
    if (!keys.has('files'))
        report(at, 'a `require` rule needs `files`, a glob of the citation files it applies to');
    const citePair = keys.get('cite');
    const citeNode = deref(doc, citePair?.value);
    const cite = (0,dist/* isSeq */.oP)(citeNode) ? citeNode.items.map((i) => ({ id: scalarText(deref(doc, i)), at: nodeOffset(i) })) : [];
    if (!(0,dist/* isSeq */.oP)(citeNode) || cite.length === 0 || cite.some((c) => c.id === undefined || c.id === '')) {
        report(nodeOffset(citeNode, citePair ? nodeOffset(citePair.key) : at), 'the `cite` of a `require` rule must be a non-empty list of source ids');
        return undefined;
    }
    for (const c of cite)
        if (!sources.has(c.id))
            report(c.at, `\`require\` names source \`${c.id}\`, which is not in \`sources\``);
    if (pattern === undefined)
        return undefined;
    try {
        return {
            pattern,
            glob: new Glob(pattern.endsWith('/') ? `${pattern}**` : pattern),
            cite: cite.map((c) => c.id),
            position: index.position(at),
            filesPosition: index.position(nodeOffset(keys.get('files')?.value, at)),
        };
    }
    catch (error) {
        if (!(error instanceof GlobSyntaxError))
            throw error;
        report(nodeOffset(keys.get('files')?.value, at), `bad glob pattern: ${error.message}`);
        return undefined;
    }
}
function isIsoDate(value) {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!m)
        return false;
    const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
function sortProblems(problems) {
    return [...problems].sort((a, b) => a.line - b.line || a.column - b.column);
}

;// CONCATENATED MODULE: ./src/model/baseline.ts
const BASELINE_STATES = ['new', 'broken', 'still failing', 'fixed', 'unchanged'];
const FAIL_ON = ['any', 'new'];

;// CONCATENATED MODULE: ./src/model/verdict.ts
// The verdicts of SPEC §2, in the order reports list them (best first). The
// engine decides them (engine/verdict.ts); every layer names them.
/** Every verdict, best first. */
const VERDICTS = [
    'located',
    'quote not found',
    'ambiguous quote',
    'empty quote',
    'source unverified',
    'source not permitted',
    'unknown source',
    'invalid fields',
];
/** Whether a record of this verdict says why: refused on its fields, or on its source (a report carries the reason). */
function needsReason(verdict) {
    return verdict === 'invalid fields' || verdict === 'source unverified' || verdict === 'source not permitted';
}

;// CONCATENATED MODULE: ./src/model/result.ts
// What a check run found: the one model every report (text, JSON, summary,
// annotations, SARIF) is written from. A record's result is typed by its
// verdict: each variant carries its own data and nothing else, so a report
// that handles `ambiguous quote` finds its matches and suggestions there, and
// cannot reach for a closest passage it never has.


/** SPEC §2: the one verdict that passes. */
function result_isLocated(r) {
    return r.verdict === 'located';
}
/** The record's matches in its source, as the reports list them. */
function matchesOf(r) {
    if (r.verdict === 'located')
        return r.match === undefined ? [] : [r.match];
    return r.verdict === 'ambiguous quote' ? r.matches : [];
}
/** Why, for the verdicts decided before the quote is looked for. */
function reasonOf(r) {
    return 'reason' in r ? r.reason : undefined;
}
/**
 * A record's result from what deciding and explaining found: its verdict's own
 * data, nothing else. `reason` is required for the refused verdicts.
 */
function makeRecord(fields, verdict, reason, matches, d = {}) {
    const { file, line, column, index, citationId, sourceId, quote, claim } = fields;
    // Made by assignment, in one order, not by spreading conditional objects: Node 20 (V8 11) gives an
    // object spread at a call site that has seen many shapes a map of its own, so every record had one
    // (41,000 maps and 14 MB of them for the 40,000 records of the bench's cut-4x), and every read of a
    // record's field was a slow lookup. Assigned so, records of one kind share their maps.
    const base = { file, line, column, index, citationId, sourceId };
    if (fields.baseline)
        base.baseline = fields.baseline;
    switch (verdict) {
        case 'located': {
            const r = base;
            r.verdict = verdict;
            r.match = matches[0];
            if (d.context)
                r.context = d.context;
            return r;
        }
        case 'ambiguous quote': {
            const r = needsReview(base, quote, claim, verdict);
            r.matches = matches;
            if (d.context)
                r.context = d.context;
            if (d.suggestions)
                r.suggestions = d.suggestions;
            if (d.matchCount !== undefined)
                r.matchCount = d.matchCount;
            if (d.tooManyMatches)
                r.tooManyMatches = true;
            return r;
        }
        case 'quote not found': {
            const r = needsReview(base, quote, claim, verdict);
            if (d.context)
                r.context = d.context;
            if (d.closest !== undefined)
                r.closest = d.closest;
            if (d.hints)
                r.hints = d.hints;
            if (d.tooLong)
                r.tooLong = true;
            return r;
        }
        case 'unknown source': {
            const r = needsReview(base, quote, claim, verdict);
            if (d.hints)
                r.hints = d.hints;
            if (d.similarIds)
                r.similarIds = d.similarIds;
            if (d.sourceIds)
                r.sourceIds = d.sourceIds;
            return r;
        }
        case 'empty quote':
            return needsReview(base, quote, claim, verdict);
        case 'invalid fields':
        case 'source unverified':
        case 'source not permitted': {
            if (reason === undefined)
                throw new Error(`a record whose verdict is ${verdict} needs a reason`);
            const r = needsReview(base, quote, claim, verdict);
            r.reason = reason;
            return r;
        }
    }
}
/** The base of a record that needs review, with its quote, claim and verdict added in that order. */
function needsReview(base, quote, claim, verdict) {
    const r = base;
    r.quote = quote;
    r.claim = claim;
    r.verdict = verdict;
    return r;
}
/** The explanation a record carries, as one bag; undefined when it has none. */
function explanationOf(r) {
    let d;
    switch (r.verdict) {
        case 'located':
            d = { context: r.context };
            break;
        case 'ambiguous quote':
            d = {
                context: r.context,
                suggestions: r.suggestions,
                matchCount: r.matchCount,
                tooManyMatches: r.tooManyMatches,
            };
            break;
        case 'quote not found':
            d = { context: r.context, closest: r.closest, hints: r.hints, tooLong: r.tooLong };
            break;
        case 'unknown source':
            d = { hints: r.hints, similarIds: r.similarIds, sourceIds: r.sourceIds };
            break;
        default:
            return undefined;
    }
    return Object.values(d).some((v) => v !== undefined) ? d : undefined;
}
/**
 * A closest passage's similarity as every report gives it, to three
 * decimals: the JSON report's figure, which a merge of shards reads back,
 * so that the percentage a text, summary or SARIF shows is the same from
 * the run itself and from its shards merged. Rounded where a similarity
 * comes in (made by the check, or read from a report), once.
 */
function reportedSimilarity(similarity) {
    return Math.round(similarity * 1000) / 1000;
}
const HINT_KINDS = [
    'case',
    'accents',
    'quotes',
    'compatibility',
    'invisible',
    'hyphenation',
    'word boundary',
    'other version',
    'other source',
];
const FINDING_KINDS = [
    'claim number not in quote',
    'location not at quote',
    'required source not cited',
    'uncited claim',
];
function baselineTally(result, info) {
    const states = Object.fromEntries(BASELINE_STATES.map((s) => [s, 0]));
    for (const r of result.records)
        if (r.baseline)
            states[r.baseline.state]++;
    let newFindings = 0;
    let stillFailing = 0;
    for (const f of result.findings) {
        if (f.baseline === 'new')
            newFindings++;
        else if (f.baseline === 'still failing')
            stillFailing++;
    }
    return {
        ...states,
        removed: info.removed.length,
        findings: { new: newFindings, 'still failing': stillFailing, fixed: info.findingsFixed },
    };
}
function tally(result) {
    const byVerdict = new Map();
    for (const r of result.records)
        byVerdict.set(r.verdict, (byVerdict.get(r.verdict) ?? 0) + 1);
    const verdicts = {};
    for (const verdict of VERDICTS) {
        const n = byVerdict.get(verdict);
        if (n !== undefined)
            verdicts[verdict] = n;
    }
    const located = byVerdict.get('located') ?? 0;
    let fail = 0;
    for (const f of result.findings)
        if (f.level === 'fail')
            fail++;
    return {
        total: result.records.length,
        located,
        failed: result.records.length - located,
        verdicts,
        files: result.files.length,
        problems: result.problems.length,
        findings: { fail, warn: result.findings.length - fail },
        ...(result.baseline ? { baseline: baselineTally(result, result.baseline) } : {}),
    };
}

;// CONCATENATED MODULE: ./src/model/shard.ts
// Splitting an audit over several jobs: which shard of how many (check/shard.ts assigns the files).
/** The most shards a run is split into: a matrix of GitHub Actions takes at most 256 jobs. */
const MAX_SHARDS = 1024;
/** Parses "i/n" (1 ≤ i ≤ n ≤ MAX_SHARDS); undefined for anything else. */
function parseShard(text) {
    const m = /^([1-9][0-9]*)\/([1-9][0-9]*)$/.exec(text.trim());
    if (!m)
        return undefined;
    const index = Number(m[1]);
    const count = Number(m[2]);
    return index <= count && count <= MAX_SHARDS ? { index, count } : undefined;
}
/** What a shard is written as, for the messages that refuse another value. */
const SHARD_FORM = `i/n with 1 <= i <= n <= ${MAX_SHARDS} (for example 2/4)`;

;// CONCATENATED MODULE: ./src/load/strict-json.ts
// Strict JSON (RFC 8259) with positions.
//
// JSON.parse alone cannot do this job: it gives no position for a value,
// silently keeps the last of two duplicate keys, and its error messages do not
// name a line. The `yaml` package would accept comments, trailing commas and
// more. So the native JSON.parse, many times faster than anything written
// here, builds the values, and a small scanner notes where the records start
// and refuses what JSON.parse lets through: duplicate keys, nesting too deep,
// too many records. JSON.parse refuses everything else RFC 8259 does not
// allow; when it does, the scanner reads the text again, checking everything,
// to say what it found where (and a large text is checked that way first).
// Either way a key such as "__proto__" becomes an ordinary own property.

class JsonSyntaxError extends Error {
    offset;
    firstOffset;
    /** `firstOffset`: for a duplicate key, where the key first appeared. */
    constructor(message, offset, firstOffset) {
        super(message);
        this.offset = offset;
        this.firstOffset = firstOffset;
        this.name = 'JsonSyntaxError';
    }
}
/**
 * Where the values of JSON text start, as a tree: the top-level value is
 * followed, and so is every element of a followed array and the value of each
 * key in `follow` of a followed object; nothing else is kept (a response's
 * `usage` or a tool's `input` cost nothing). For text parseStrictJson() has
 * read already: it is not checked again.
 */
function scanOffsets(text, follow, start = 0, end = text.length) {
    const scanner = new Scanner(text, start, end, false, true, follow);
    scanner.scanDocument();
    return scanner.tree;
}
/** Nesting deeper than this is refused: no real citation file comes close. */
const MAX_JSON_DEPTH = 256;
/**
 * A file with more records than this is refused: each record costs memory
 * until the run ends, and 64 MiB of `[0,0,…]` would otherwise be 32 million.
 */
const MAX_RECORDS_PER_FILE = 200_000;
/** The problem of a file with more records (made when needed: toLocaleString loads the locale data, some 8 MB). */
const tooManyRecords = () => `more than ${MAX_RECORDS_PER_FILE.toLocaleString('en-US')} records in one file: split it into smaller files`;
/**
 * Texts longer than this are scanned, checking everything, before JSON.parse
 * builds anything: 64 MiB of `[[[[…` or `[0,0,…` would take JSON.parse 15 s and
 * 2 GB before the scan refused it (measured on 16 MB: 3.7 s, 464 MB). Shorter
 * ones cost it, at the same rate, at most a quarter of a second and 30 MB.
 */
const CHECK_FIRST_CHARS = 1 << 20;
/** `line`: the text is one line of a JSON Lines file, not a whole file. */
function parseStrictJson(text, start = 0, end = text.length, line = false) {
    const json = start === 0 && end === text.length ? text : text.slice(start, end);
    const scan = (valid) => new Scanner(text, start, end, line, valid).scanDocument();
    if (end - start > CHECK_FIRST_CHARS)
        return { ...scan(false), value: JSON.parse(json) };
    let value;
    try {
        value = JSON.parse(json);
    }
    catch (error) {
        // Not JSON: the checking scan throws a JsonSyntaxError saying what and where.
        scan(false);
        // It found nothing wrong where JSON.parse did: a bug here, which must not pass.
        throw error;
    }
    return { ...scan(true), value };
}
/**
 * Why and where JSON.parse refused a text that is not a citation file (a
 * report read back): the checking scan, with RFC 8259's rules alone (a
 * duplicate key and any number of elements pass, as JSON.parse lets them),
 * so that the message names what it found and the offset where. Undefined
 * when the scan finds nothing wrong.
 */
function jsonSyntaxError(text) {
    try {
        new Scanner(text, 0, text.length, false, false, undefined, true).scanDocument();
    }
    catch (error) {
        if (error instanceof JsonSyntaxError)
            return error;
        throw error;
    }
    return undefined;
}
const INVISIBLE = /^[\p{Cf}\p{Zs}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}]$/u;
function describe(text, at, end) {
    const cp = at < end ? text.codePointAt(at) : undefined;
    if (cp === undefined)
        return 'end of input';
    const code = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
    if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f))
        return `control character ${code}`;
    // A character that shows as nothing or as a plain space (a BOM, a no-break
    // space, a bidi mark, a lone surrogate) is the likely culprit: name it.
    if (INVISIBLE.test(String.fromCodePoint(cp)))
        return `invisible character ${code}`;
    return `'${String.fromCodePoint(cp)}'`;
}
const HEX = /^[0-9a-fA-F]{4}$/;
/** Beyond this many keys, an object's keys are looked up in a Map. */
const MANY_KEYS = 16;
/** What ends a run of plain characters in a JSON string: its quote, an escape, a control character. */
const STRING_SPECIAL = /["\\\x00-\x1f]/g;
class Scanner {
    text;
    end;
    line;
    valid;
    follow;
    report;
    pos;
    recordOffsets;
    keyOffsets = new Map();
    claimOffsets = new Map();
    /** With `follow`: where the followed values start (scanOffsets). */
    tree;
    /**
     * `valid`: JSON.parse has read the text, so its strings need no checking, only skipping.
     * `report`: the text is a report, not a citation file: RFC 8259's rules alone (see jsonSyntaxError).
     */
    constructor(text, start, end, line, valid, follow, report = false) {
        this.text = text;
        this.end = end;
        this.line = line;
        this.valid = valid;
        this.follow = follow;
        this.report = report;
        this.pos = start;
    }
    scanDocument() {
        this.skipWhitespace();
        const offset = this.pos;
        if (this.pos >= this.end)
            throw new JsonSyntaxError('empty input: expected a JSON value', this.pos);
        if (this.follow)
            this.tree = { offset };
        this.value(0, 'top', this.tree);
        this.skipWhitespace();
        if (this.pos < this.end) {
            throw new JsonSyntaxError(`unexpected ${describe(this.text, this.pos, this.end)} after the JSON value: ` +
                (this.line
                    ? 'a line of a JSON Lines file holds exactly one record'
                    : this.report
                        ? 'a report holds exactly one value'
                        : 'a JSON file holds exactly one value (use .jsonl for one record per line)'), this.pos);
        }
        return { offset, recordOffsets: this.recordOffsets, keyOffsets: this.keyOffsets, claimOffsets: this.claimOffsets };
    }
    unexpected(expected) {
        throw new JsonSyntaxError(`unexpected ${describe(this.text, this.pos, this.end)}: ${expected}`, this.pos);
    }
    skipWhitespace() {
        const t = this.text;
        while (this.pos < this.end) {
            const c = t.charCodeAt(this.pos);
            if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
                this.pos++;
            }
            else if (c === 0x2f && (t.charCodeAt(this.pos + 1) === 0x2f || t.charCodeAt(this.pos + 1) === 0x2a)) {
                throw new JsonSyntaxError('comments are not allowed in JSON', this.pos);
            }
            else {
                return;
            }
        }
    }
    /** `role`: 'top' for the document, 'records' for the array that holds the records, 'record' for one of them. */
    /** `node`: where to note the offsets of its parts, when it is followed (scanOffsets). */
    value(depth, role, node) {
        const t = this.text;
        const c = this.pos < this.end ? t.charCodeAt(this.pos) : -1;
        switch (c) {
            case 0x7b:
                this.object(depth + 1, role === 'top', role === 'record', node);
                return;
            case 0x5b:
                this.array(depth + 1, role === 'top' || role === 'records', node);
                return;
            case 0x22:
                this.string(false);
                return;
            case 0x74:
                this.literal('true');
                return;
            case 0x66:
                this.literal('false');
                return;
            case 0x6e:
                this.literal('null');
                return;
            default:
                if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
                    this.number();
                    return;
                }
                if (c < 0)
                    throw new JsonSyntaxError('unexpected end of input: expected a JSON value', this.pos);
                for (const word of ['NaN', 'Infinity', '+Infinity', 'undefined']) {
                    if (t.startsWith(word, this.pos))
                        throw new JsonSyntaxError(`${word} is not a JSON value`, this.pos);
                }
                if (c === 0x27)
                    throw new JsonSyntaxError('strings in JSON take double quotes, not single quotes', this.pos);
                this.unexpected('expected a JSON value');
        }
    }
    checkDepth(depth) {
        if (depth > MAX_JSON_DEPTH)
            throw new JsonSyntaxError(`nesting deeper than ${MAX_JSON_DEPTH} levels`, this.pos);
    }
    object(depth, top, record, node) {
        this.checkDepth(depth);
        const start = this.pos;
        // The keys so far and where each is: a list, looked through, for the few
        // keys of a record (a Map for each of a file's objects costs more); a Map
        // once there are many.
        const names = [];
        const offsets = [];
        let index;
        this.pos++;
        this.skipWhitespace();
        if (this.text.charCodeAt(this.pos) === 0x7d && this.pos < this.end) {
            this.pos++;
            return;
        }
        // Where the last comma was: a trailing one is reported there, where it is to be deleted.
        let comma = this.pos;
        for (;;) {
            if (this.pos >= this.end || this.text.charCodeAt(this.pos) !== 0x22) {
                if (this.pos < this.end && this.text.charCodeAt(this.pos) === 0x7d)
                    throw new JsonSyntaxError('trailing comma before }', comma);
                this.unexpected('expected a key in double quotes');
            }
            const keyOffset = this.pos;
            const key = this.string(true);
            let first;
            if (index)
                first = index.get(key);
            else {
                const k = names.indexOf(key);
                if (k >= 0)
                    first = offsets[k];
            }
            if (first !== undefined && !this.report)
                throw new JsonSyntaxError(`duplicate key ${excerpt(key)}`, keyOffset, first);
            if (index)
                index.set(key, keyOffset);
            else {
                names.push(key);
                offsets.push(keyOffset);
                if (names.length > MANY_KEYS)
                    index = new Map(names.map((name, k) => [name, offsets[k]]));
            }
            this.skipWhitespace();
            if (this.pos >= this.end || this.text.charCodeAt(this.pos) !== 0x3a)
                this.unexpected("expected ':' after the key");
            this.pos++;
            this.skipWhitespace();
            if (top)
                this.keyOffsets.set(key, this.pos);
            if (record && key === 'claim')
                this.claimOffsets.set(start, this.pos);
            let child;
            if (node !== undefined && this.follow.has(key)) {
                child = { offset: this.pos };
                (node.keys ??= new Map()).set(key, child);
            }
            this.value(depth, top && key === 'citations' ? 'records' : 'other', child);
            this.skipWhitespace();
            const c = this.pos < this.end ? this.text.charCodeAt(this.pos) : -1;
            if (c === 0x2c) {
                comma = this.pos++;
                this.skipWhitespace();
            }
            else if (c === 0x7d) {
                this.pos++;
                return;
            }
            else {
                this.unexpected("expected ',' or '}'");
            }
        }
    }
    array(depth, records, node) {
        this.checkDepth(depth);
        const offsets = records ? [] : undefined;
        if (offsets)
            this.recordOffsets = offsets;
        if (node !== undefined)
            node.items = [];
        this.pos++;
        this.skipWhitespace();
        if (this.text.charCodeAt(this.pos) === 0x5d && this.pos < this.end) {
            this.pos++;
            return;
        }
        let comma = this.pos;
        for (;;) {
            if (this.pos < this.end && this.text.charCodeAt(this.pos) === 0x5d)
                throw new JsonSyntaxError('trailing comma before ]', comma);
            if (offsets) {
                if (offsets.length === MAX_RECORDS_PER_FILE && !this.report) {
                    throw new JsonSyntaxError(tooManyRecords(), this.pos);
                }
                offsets.push(this.pos);
            }
            let child;
            if (node !== undefined)
                node.items.push((child = { offset: this.pos }));
            this.value(depth, records ? 'record' : 'other', child);
            this.skipWhitespace();
            const c = this.pos < this.end ? this.text.charCodeAt(this.pos) : -1;
            if (c === 0x2c) {
                comma = this.pos++;
                this.skipWhitespace();
            }
            else if (c === 0x5d) {
                this.pos++;
                return;
            }
            else {
                this.unexpected("expected ',' or ']'");
            }
        }
    }
    /** Checks a string, or skips it in valid text; returns its value when `wanted` (keys need it), else ''. */
    string(wanted) {
        const t = this.text;
        const open = this.pos;
        if (this.valid) {
            // The closing quote is the first one after an even number of backslashes.
            let close = t.indexOf('"', open + 1);
            for (;;) {
                let slashes = 0;
                while (t.charCodeAt(close - 1 - slashes) === 0x5c)
                    slashes++;
                if (slashes % 2 === 0)
                    break;
                close = t.indexOf('"', close + 1);
            }
            this.pos = close + 1;
            if (!wanted)
                return '';
            const raw = t.slice(open + 1, close);
            return raw.includes('\\') ? JSON.parse(t.slice(open, close + 1)) : raw;
        }
        let escaped = false;
        for (let i = open + 1;; i++) {
            // Most of a string is plain characters: the native search skips them.
            STRING_SPECIAL.lastIndex = i;
            i = STRING_SPECIAL.test(t) ? STRING_SPECIAL.lastIndex - 1 : this.end;
            if (i >= this.end)
                throw new JsonSyntaxError('unterminated string', open);
            const c = t.charCodeAt(i);
            if (c === 0x22) {
                this.pos = i + 1;
                return !wanted ? '' : escaped ? JSON.parse(t.slice(open, i + 1)) : t.slice(open + 1, i);
            }
            if (c < 0x20)
                throw new JsonSyntaxError(`${describe(t, i, this.end)} in a string must be escaped`, i);
            escaped = true;
            const e = t.charCodeAt(i + 1);
            if (e === 0x75) {
                if (!HEX.test(t.slice(i + 2, Math.min(i + 6, this.end))))
                    throw new JsonSyntaxError('\\u must be followed by four hex digits', i);
                i += 5;
            }
            else if (e === 0x22 ||
                e === 0x5c ||
                e === 0x2f ||
                e === 0x62 ||
                e === 0x66 ||
                e === 0x6e ||
                e === 0x72 ||
                e === 0x74) {
                i++;
            }
            else {
                throw new JsonSyntaxError(`invalid escape \\${i + 1 < this.end ? String.fromCodePoint(t.codePointAt(i + 1)) : ''}`, i);
            }
        }
    }
    number() {
        const t = this.text;
        const start = this.pos;
        let i = start;
        if (t.charCodeAt(i) === 0x2d)
            i++;
        const digitsAt = (k) => {
            let m = k;
            while (m < this.end && t.charCodeAt(m) >= 0x30 && t.charCodeAt(m) <= 0x39)
                m++;
            return m;
        };
        if (t.startsWith('Infinity', i))
            throw new JsonSyntaxError('-Infinity is not a JSON value', start);
        const intEnd = digitsAt(i);
        if (intEnd === i)
            throw new JsonSyntaxError('a number needs digits', i);
        if (t.charCodeAt(i) === 0x30 && intEnd - i > 1)
            throw new JsonSyntaxError('numbers in JSON have no leading zeros', i);
        i = intEnd;
        if (i < this.end && t.charCodeAt(i) === 0x2e) {
            const fracEnd = digitsAt(i + 1);
            if (fracEnd === i + 1)
                throw new JsonSyntaxError('a decimal point must be followed by digits', i);
            i = fracEnd;
        }
        if (i < this.end && (t.charCodeAt(i) === 0x65 || t.charCodeAt(i) === 0x45)) {
            i++;
            if (t.charCodeAt(i) === 0x2b || t.charCodeAt(i) === 0x2d)
                i++;
            const expEnd = digitsAt(i);
            if (expEnd === i)
                throw new JsonSyntaxError('an exponent needs digits', i);
            i = expEnd;
        }
        this.pos = i;
    }
    literal(word) {
        if (this.pos + word.length > this.end || !this.text.startsWith(word, this.pos))
            this.unexpected('expected a JSON value');
        this.pos += word.length;
    }
}

;// CONCATENATED MODULE: ./src/load/report.ts
// Reading a JSON report back (for `citegate merge-reports`, and a baseline):
// every field checked, and a report whose counts do not add up to its lists
// (edited, or cut short) refused.









const OLDER_OR_EDITED = 'the report was made by an older citegate, or edited; check again with this one';
/** A report that cannot be read: exit 2, naming the file (and where in it, when a place is to blame). */
class ReportError extends Error {
    position;
    constructor(message, position) {
        super(message);
        this.position = position;
    }
}
/**
 * A report's bytes as text, strictly: citegate writes UTF-8 alone, so bytes
 * that are not are refused, saying where, never replaced. A byte order mark
 * is kept, for parseReportValue to take off (once: a second one is no JSON).
 */
function reportText(bytes) {
    const decoded = (0,external_node_buffer_namespaceObject.isUtf8)(bytes) ? undefined : decodeUtf8Text(bytes);
    if (decoded && !decoded.ok)
        throw new ReportError(decoded.reason, decoded.position);
    return bytes.toString('utf8');
}
/**
 * A report's text parsed (JSON.parse: a baseline may be some 80 MB); when it
 * is not JSON, the checking scan of citation files says what it found and
 * where, under JSON's own rules (strict-json.ts, jsonSyntaxError).
 */
function parseReportValue(text) {
    // A byte order mark, which an editor may add, is no part of the JSON.
    const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    try {
        return JSON.parse(json);
    }
    catch (error) {
        const found = jsonSyntaxError(json);
        if (found)
            throw new ReportError(`not JSON: ${found.message}`, new TextLineIndex(json).position(found.offset));
        throw new ReportError(notJson(messageOf(error)));
    }
}
function object(value, what) {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new ReportError(`${what} is not an object`);
    return value;
}
function list(value, what) {
    if (!Array.isArray(value))
        throw new ReportError(`${what} is not a list`);
    return value;
}
function report_int(value, what) {
    if (!Number.isInteger(value))
        throw new ReportError(`${what} is not a whole number`);
    return value;
}
function str(value, what) {
    if (typeof value !== 'string')
        throw new ReportError(`${what} is not a string`);
    return value;
}
function strOrNull(value, what) {
    return value === null || value === undefined ? null : str(value, what);
}
function position(value, what) {
    const m = object(value, what);
    return {
        line: report_int(m.line, `${what}.line`),
        column: report_int(m.column, `${what}.column`),
        endLine: report_int(m.end_line, `${what}.end_line`),
        endColumn: report_int(m.end_column, `${what}.end_column`),
    };
}
function detail(value, what) {
    const d = object(value, what);
    const out = {};
    if (d.context !== undefined) {
        const c = object(d.context, `${what}.context`);
        out.context = {
            prefix: c.prefix === true,
            suffix: c.suffix === true,
            candidates: report_int(c.candidates, `${what}.context.candidates`),
            kept: report_int(c.kept, `${what}.context.kept`),
            ...(c.more_candidates === true ? { moreCandidates: true } : {}),
            ...(c.prefix_kept !== undefined ? { prefixKept: report_int(c.prefix_kept, `${what}.context.prefix_kept`) } : {}),
            ...(c.suffix_kept !== undefined ? { suffixKept: report_int(c.suffix_kept, `${what}.context.suffix_kept`) } : {}),
            ...(c.occurrences !== undefined
                ? {
                    occurrences: list(c.occurrences, `${what}.context.occurrences`).map((v, i) => {
                        const o = object(v, `${what}.context.occurrences[${i}]`);
                        return {
                            at: position(o, `${what}.context.occurrences[${i}]`),
                            ...(o.before !== undefined ? { before: str(o.before, 'occurrence before') } : {}),
                            ...(o.after !== undefined ? { after: str(o.after, 'occurrence after') } : {}),
                        };
                    }),
                }
                : {}),
        };
    }
    if (d.closest !== undefined) {
        if (d.closest === null)
            out.closest = null;
        else {
            const c = object(d.closest, `${what}.closest`);
            out.closest = {
                at: position(c, `${what}.closest`),
                similarity: reportedSimilarity(Number(c.similarity)),
                passage: str(c.passage, `${what}.closest.passage`),
                diff: str(c.diff, `${what}.closest.diff`),
            };
        }
    }
    if (d.hints !== undefined) {
        out.hints = list(d.hints, `${what}.hints`).map((h, i) => {
            const o = object(h, `${what}.hints[${i}]`);
            const kind = str(o.kind, 'hint kind');
            if (!HINT_KINDS.includes(kind))
                throw new ReportError(`${what}.hints[${i}].kind ${excerpt(kind)} is not a hint`);
            return {
                kind,
                difference: str(o.difference, 'hint difference'),
                sourceId: str(o.source_id, 'hint source_id'),
                at: position(o, `${what}.hints[${i}]`),
                passage: str(o.passage, 'hint passage'),
            };
        });
    }
    if (d.suggestions !== undefined) {
        out.suggestions = list(d.suggestions, `${what}.suggestions`).map((s, i) => {
            const o = object(s, `${what}.suggestions[${i}]`);
            return {
                at: position(o, `${what}.suggestions[${i}]`),
                ...(o.prefix !== undefined ? { prefix: str(o.prefix, 'prefix') } : {}),
                ...(o.suffix !== undefined ? { suffix: str(o.suffix, 'suffix') } : {}),
            };
        });
    }
    if (d.too_long === true)
        out.tooLong = true;
    if (d.match_count !== undefined)
        out.matchCount = report_int(d.match_count, `${what}.match_count`);
    if (d.too_many_matches === true)
        out.tooManyMatches = true;
    if (d.similar_ids !== undefined)
        out.similarIds = list(d.similar_ids, `${what}.similar_ids`).map((id) => str(id, 'similar id'));
    if (d.source_ids !== undefined)
        out.sourceIds = list(d.source_ids, `${what}.source_ids`).map((id) => str(id, 'source id'));
    return out;
}
function recordBaseline(r, what) {
    const state = str(r.baseline, `${what}.baseline`);
    if (!BASELINE_STATES.includes(state))
        throw new ReportError(`${what}.baseline ${excerpt(state)} is not a baseline state`);
    if (r.baseline_verdict === undefined)
        return { state };
    const verdict = str(r.baseline_verdict, `${what}.baseline_verdict`);
    if (!VERDICTS.includes(verdict))
        throw new ReportError(`${what}.baseline_verdict ${excerpt(verdict)} is not a verdict`);
    return { state, verdict };
}
function findingBaseline(value, what) {
    const state = str(value, what);
    if (state !== 'new' && state !== 'still failing')
        throw new ReportError(`${what} is not new or still failing`);
    return state;
}
function strings(value, what) {
    return list(value, what).map((v, i) => str(v, `${what}[${i}]`));
}
function baselineInfo(value) {
    const b = object(value, 'baseline');
    const failOn = str(b.fail_on, 'baseline.fail_on');
    if (!FAIL_ON.includes(failOn))
        throw new ReportError('baseline.fail_on is not new or any');
    const sources = object(b.sources, 'baseline.sources');
    return {
        from: str(b.from, 'baseline.from'),
        digest: str(b.digest, 'baseline.digest'),
        failOn,
        sources: {
            added: strings(sources.added, 'baseline.sources.added'),
            removed: strings(sources.removed, 'baseline.sources.removed'),
            repinned: strings(sources.repinned, 'baseline.sources.repinned'),
        },
        removed: list(b.removed, 'baseline.removed').map((v, i) => {
            const r = object(v, `baseline.removed[${i}]`);
            const verdict = str(r.verdict, `baseline.removed[${i}].verdict`);
            if (!VERDICTS.includes(verdict))
                throw new ReportError(`baseline.removed[${i}].verdict is not a verdict`);
            return {
                file: str(r.file, `baseline.removed[${i}].file`),
                citationId: strOrNull(r.citation_id, `baseline.removed[${i}].citation_id`),
                sourceId: strOrNull(r.source_id, `baseline.removed[${i}].source_id`),
                verdict,
            };
        }),
        findingsFixed: report_int(b.findings_fixed, 'baseline.findings_fixed'),
    };
}
/** A JSON report (as `check --format json` writes it) back as a check result. */
function parseJsonReport(text) {
    return reportOf(parseReportValue(text), (records) => list(records, 'records').map(fullRecord));
}
/**
 * A JSON report, already parsed, read as a baseline (baseline-file.ts parses
 * it beside the check): refused as parseJsonReport refuses it for what it is
 * (not a report, another version, edited or cut short), with every field of a
 * record checked but its quote, claim, matches and explanation (most of a
 * large report), which a baseline does not read. `readRecords` reads its
 * `records` (record-columns.ts reads them from the columns the worker sends).
 */
function baselineReportOf(value, readRecords = (records) => list(records, 'records').map(baselineRecord)) {
    return reportOf(value, readRecords);
}
function recordVerdict(r, at) {
    const verdict = str(r.verdict, `${at}.verdict`);
    if (!VERDICTS.includes(verdict))
        throw new ReportError(`${at}.verdict ${excerpt(verdict)} is not a verdict`);
    return verdict;
}
/** A record's reason: given for those whose verdict needs one (a report without is older, or edited). */
function recordReason(r, at, verdict) {
    const reason = r.reason !== undefined ? str(r.reason, `${at}.reason`) : undefined;
    if (reason === undefined && needsReason(verdict))
        throw new ReportError(`${at} (${verdict}) has no reason: ${OLDER_OR_EDITED}`);
    return reason;
}
function baselineRecord(v, i) {
    const at = `records[${i}]`;
    const r = object(v, at);
    const verdict = recordVerdict(r, at);
    report_int(r.line, `${at}.line`);
    report_int(r.column, `${at}.column`);
    recordReason(r, at, verdict);
    return {
        file: str(r.file, `${at}.file`),
        index: report_int(r.index, `${at}.index`),
        citationId: strOrNull(r.citation_id, `${at}.citation_id`),
        sourceId: strOrNull(r.source_id, `${at}.source_id`),
        verdict,
        ...(r.baseline !== undefined ? { baseline: recordBaseline(r, at) } : {}),
    };
}
function fullRecord(v, i) {
    const at = `records[${i}]`;
    const r = object(v, at);
    const verdict = recordVerdict(r, at);
    const fields = {
        file: str(r.file, `${at}.file`),
        line: report_int(r.line, `${at}.line`),
        column: report_int(r.column, `${at}.column`),
        index: report_int(r.index, `${at}.index`),
        citationId: strOrNull(r.citation_id, `${at}.citation_id`),
        sourceId: strOrNull(r.source_id, `${at}.source_id`),
        quote: strOrNull(r.quote, `${at}.quote`),
        claim: strOrNull(r.claim, `${at}.claim`),
        ...(r.baseline !== undefined ? { baseline: recordBaseline(r, at) } : {}),
    };
    const reason = recordReason(r, at, verdict);
    const matches = list(r.matches, `${at}.matches`).map((m, k) => position(m, `${at}.matches[${k}]`));
    return makeRecord(fields, verdict, reason, matches, r.detail !== undefined ? detail(r.detail, `${at}.detail`) : undefined);
}
/**
 * Why a report is not JSON, in JSON.parse's words without the part of the
 * text it quotes (`Unexpected token 'o', "not json" is not valid JSON`): a
 * report is no citation file, and only those are quoted, in short excerpts.
 */
function notJson(message) {
    return `not JSON: ${message.replace(/, (?:\.\.\.)?"[\s\S]*"(?:\.\.\.)? is not valid JSON$/, ' (not valid JSON)')}`;
}
function reportOf(value, readRecords) {
    const report = object(value, 'the report');
    const tool = report.tool;
    if (typeof tool !== 'object' || tool === null || tool.name !== 'citegate' || !('records' in report))
        throw new ReportError('not a citegate JSON report (check --format json writes one)');
    if (report.version !== 1)
        throw new ReportError(`a report of format version ${excerpt(String(report.version), 12)}, which this citegate cannot read: it reads version 1`);
    const records = readRecords(report.records);
    const sources = list(report.sources, 'sources').map((v, i) => {
        const s = object(v, `sources[${i}]`);
        const status = str(s.status, `sources[${i}].status`);
        if (status !== 'verified' && status !== 'unverified')
            throw new ReportError(`sources[${i}].status is not verified or unverified`);
        return {
            id: str(s.id, `sources[${i}].id`),
            path: str(s.path, `sources[${i}].path`),
            sha256: strOrNull(s.sha256, `sources[${i}].sha256`) ?? undefined,
            retrieved: str(s.retrieved, `sources[${i}].retrieved`),
            status,
            ...(s.reason !== undefined ? { reason: str(s.reason, `sources[${i}].reason`) } : {}),
            ...(s.actual_sha256 !== undefined ? { actualSha256: str(s.actual_sha256, `sources[${i}].actual_sha256`) } : {}),
            line: report_int(s.line, `sources[${i}].line`),
            column: report_int(s.column, `sources[${i}].column`),
            citedBy: report_int(s.cited_by, `sources[${i}].cited_by`),
        };
    });
    // Absent from a report of an older citegate, which lists only the sources its records cite.
    const manifestSources = report.manifest_sources === undefined
        ? undefined
        : list(report.manifest_sources, 'manifest_sources').map((v, i) => {
            const s = object(v, `manifest_sources[${i}]`);
            return {
                id: str(s.id, `manifest_sources[${i}].id`),
                sha256: strOrNull(s.sha256, `manifest_sources[${i}].sha256`) ?? undefined,
            };
        });
    const problems = list(report.problems, 'problems').map((v, i) => {
        const p = object(v, `problems[${i}]`);
        // No line: a problem with the file as a whole.
        const line = p.line === undefined ? 0 : report_int(p.line, `problems[${i}].line`);
        return {
            file: str(p.file, `problems[${i}].file`),
            line,
            column: line === 0 ? 0 : report_int(p.column, `problems[${i}].column`),
            message: str(p.message, `problems[${i}].message`),
        };
    });
    const files = list(report.files, 'files').map((f, i) => str(f, `files[${i}]`));
    if (report.findings === undefined)
        throw new ReportError(`it has no findings: ${OLDER_OR_EDITED}`);
    const findings = list(report.findings, 'findings').map((v, i) => {
        const f = object(v, `findings[${i}]`);
        const kind = str(f.kind, `findings[${i}].kind`);
        if (!FINDING_KINDS.includes(kind))
            throw new ReportError(`findings[${i}].kind ${excerpt(kind)} is not a finding`);
        const level = str(f.level, `findings[${i}].level`);
        if (level !== 'warn' && level !== 'fail')
            throw new ReportError(`findings[${i}].level is not warn or fail`);
        return {
            kind,
            level,
            file: str(f.file, `findings[${i}].file`),
            line: report_int(f.line, `findings[${i}].line`),
            column: report_int(f.column, `findings[${i}].column`),
            ...(f.citation_id !== undefined ? { citationId: str(f.citation_id, `findings[${i}].citation_id`) } : {}),
            message: str(f.message, `findings[${i}].message`),
            ...(f.baseline !== undefined ? { baseline: findingBaseline(f.baseline, `findings[${i}].baseline`) } : {}),
        };
    });
    const result = {
        manifest: str(report.manifest, 'manifest'),
        files,
        records,
        sources,
        ...(manifestSources !== undefined ? { manifestSources } : {}),
        problems,
        findings,
        ...(report.github !== undefined ? { github: report.github } : {}),
        ...(report.shard !== undefined ? { shard: shardOf(report.shard) } : {}),
        ...(report.baseline !== undefined ? { baseline: baselineInfo(report.baseline) } : {}),
    };
    checkComplete(result, object(report.summary, 'summary'));
    return result;
}
/** At most this many keys of a summary that does not add up are named. */
const SUMMARY_KEYS_NAMED = 5;
/**
 * Refuses a report whose lists do not add up to its summary, or whose files'
 * records do not run from the first to the last: a report edited (a failing
 * record deleted) or cut short would otherwise merge into a pass.
 */
function checkComplete(result, summary) {
    const counts = tally(result);
    const said = { ...summary };
    delete said.passed;
    if (canonical(said) !== canonical(counts)) {
        // Named, not shown: the summary's text is the file's, of any length.
        const made = counts;
        const differ = [...new Set([...Object.keys(said), ...Object.keys(made)])].filter((key) => canonical(said[key]) !== canonical(made[key]));
        const named = differ.slice(0, SUMMARY_KEYS_NAMED).map((key) => excerpt(key));
        if (differ.length > SUMMARY_KEYS_NAMED)
            named.push(`${differ.length - SUMMARY_KEYS_NAMED} more`);
        throw new ReportError(`its summary does not match its records, problems and findings (${named.join(', ')} differ): ` +
            'the report was edited or cut short');
    }
    const perFile = new Map();
    for (const r of result.records) {
        let indices = perFile.get(r.file);
        if (!indices)
            perFile.set(r.file, (indices = []));
        indices.push(r.index);
    }
    for (const [file, indices] of perFile) {
        indices.sort((a, b) => a - b);
        const at = indices.findIndex((index, i) => index !== i);
        if (at < 0)
            continue;
        if (at > 0 && indices[at] === indices[at - 1])
            throw new ReportError(`record ${indices[at]} of ${file} is in the report twice`);
        throw new ReportError(`the records of ${file} skip record ${at}: the report was edited or cut short`);
    }
}
/** JSON with every object's keys in order: two values that mean the same read the same. */
function canonical(value) {
    if (typeof value !== 'object' || value === null)
        return JSON.stringify(value);
    if (Array.isArray(value))
        return `[${value.map(canonical).join(',')}]`;
    return `{${Object.keys(value)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
        .join(',')}}`;
}
function shardOf(value) {
    const s = object(value, 'shard');
    const index = report_int(s.index, 'shard.index');
    const count = report_int(s.count, 'shard.count');
    if (count < 1 || count > MAX_SHARDS || index < 1 || index > count)
        throw new ReportError(`shard ${index} of ${count} is not a shard (a run splits into 1 to ${MAX_SHARDS})`);
    if (s.run === undefined)
        throw new ReportError(`its shard has no run digest: ${OLDER_OR_EDITED}`);
    return { index, count, run: str(s.run, 'shard.run') };
}
/** A baseline file that cannot be used: the check cannot run (exit 2). */
class BaselineError extends Error {
}

;// CONCATENATED MODULE: external "node:fs"
const external_node_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
;// CONCATENATED MODULE: ./src/model/fs-error.ts
// What a failed file-system call means, in words a user reads (no errno codes).

function describeFsError(error) {
    const code = error?.code;
    switch (code) {
        case 'ENOENT':
            return 'no such file';
        case 'ENOTDIR':
            return 'a folder on the path is a file';
        case 'EACCES':
        case 'EPERM':
            return 'permission denied';
        case 'EISDIR':
            return 'it is a folder, not a file';
        case 'ELOOP':
            return 'it is a symbolic link (or a loop of them)';
        case 'ENAMETOOLONG':
            return 'the path is too long';
        case 'ENOSPC':
            return 'no space left on the device';
        case 'EROFS':
            return 'the file system is read-only';
        // Opening a socket.
        case 'ENXIO':
            return 'it is not a regular file';
        default:
            return shorten(error?.message ?? String(error), OUTSIDE_SHOWN);
    }
}

;// CONCATENATED MODULE: ./src/model/paths.ts
// Paths as every layer compares them.

/** Orders paths by code point, the same on every machine and locale. */
function comparePaths(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}
/** True if path `p` is `folder` or below it (both absolute). */
function isBelow(p, folder) {
    const rel = external_node_path_default().relative(folder, p);
    // Not startsWith('..'): a folder may well be named `..drafts`.
    return rel === '' || (rel !== '..' && !rel.startsWith(`..${(external_node_path_default()).sep}`) && !external_node_path_default().isAbsolute(rel));
}

;// CONCATENATED MODULE: ./src/load/workspace.ts
// The workspace: the one folder citegate reads from. Every path from a manifest,
// a command line or a pull request is resolved here, and refused unless it
// stays inside the workspace after following links. Nothing outside is read.





/** The most bytes one read asks for. */
const READ_PIECE = 1 << 30;
class Workspace {
    /** The workspace root, links resolved. */
    root;
    /** The root as it was named (absolute), which may be a link to `root`. */
    named;
    constructor(root) {
        this.named = external_node_path_default().resolve(root);
        this.root = external_node_fs_namespaceObject.realpathSync.native(root);
    }
    /** The workspace-relative path (with `/`) of an absolute path inside it. */
    relative(abs) {
        return external_node_path_default().relative(this.root, abs).split((external_node_path_default()).sep).join('/');
    }
    /**
     * The absolute path of a file named on a command line, with links in its
     * folders resolved, so that `/link-to-repo/citegate.yml` is inside a
     * workspace opened as `/repo`: for the manifest, whose paths are relative
     * to the folder it is really in. The name itself stays as given: if it is a
     * link, reading it checks where it leads.
     */
    argumentPath(p) {
        const abs = external_node_path_default().resolve(p);
        const rest = [external_node_path_default().basename(abs)];
        let folder = external_node_path_default().dirname(abs);
        for (;;) {
            try {
                return external_node_path_default().join(external_node_fs_namespaceObject.realpathSync.native(folder), ...rest);
            }
            catch {
                const parent = external_node_path_default().dirname(folder);
                if (parent === folder)
                    return abs;
                rest.unshift(external_node_path_default().basename(folder));
                folder = parent;
            }
        }
    }
    /**
     * The absolute path of a citation file named on a command line, as named:
     * inside the workspace its folders stay as written, links and all, since a
     * name decides how its file is checked (with a folder link `answers ->
     * data/answers`, `answers/returns/a.json` is under the rules for
     * `answers/returns/`, as the run over the manifest's patterns has it). A
     * name that reaches the workspace through a link from outside
     * (`/link-to-repo/answers/a.json`) is taken from the first folder on its way
     * that is in the workspace; any other, as argumentPath() takes it.
     */
    citationArgumentPath(p) {
        const abs = external_node_path_default().resolve(p);
        if (this.contains(abs))
            return abs;
        const folders = [];
        for (let folder = external_node_path_default().dirname(abs);; folder = external_node_path_default().dirname(folder)) {
            folders.unshift(folder);
            if (external_node_path_default().dirname(folder) === folder)
                break;
        }
        for (const folder of folders) {
            let real;
            try {
                real = external_node_fs_namespaceObject.realpathSync.native(folder);
            }
            catch {
                break;
            }
            if (this.contains(real))
                return external_node_path_default().join(real, external_node_path_default().relative(folder, abs));
        }
        return this.argumentPath(p);
    }
    /** True if the absolute path is the root or below it. */
    contains(abs) {
        return isBelow(abs, this.root);
    }
    /**
     * Resolves `p`, relative to the workspace folder `baseRel` ('' for the root).
     * Refused: absolute paths, backslashes, NUL, `..` that leaves the workspace,
     * and links that lead out of it. A missing file resolves lexically (ok: true)
     * so that the read reports it as missing.
     *
     * `kind`: a path written in the manifest must use `/` so that it means the
     * same on every system, and name a file: not end in `/` (or in `.` or `..`
     * after one), which names a folder; the name of a file that exists (found in
     * a folder, given on the command line, changed in a pull request) may hold
     * a backslash where the system allows one in a name.
     *
     * `follow` false: only the path's own rules, no look at the file system
     * (for naming a path already resolved once); `abs` is then the lexical path.
     */
    resolve(baseRel, p, kind = 'written', follow = true) {
        if (p === '')
            return { ok: false, reason: 'the path is empty' };
        if (p.includes('\0'))
            return { ok: false, reason: 'the path holds a NUL character' };
        if (p.includes('\\') && (kind === 'written' || (external_node_path_default()).sep === '\\')) {
            return { ok: false, reason: 'the path holds a backslash: use / to separate folders' };
        }
        if (external_node_path_default().posix.isAbsolute(p) || /^[A-Za-z]:/.test(p)) {
            return { ok: false, reason: "the path is absolute: paths are relative to the manifest's folder" };
        }
        const joined = external_node_path_default().posix.normalize(external_node_path_default().posix.join(baseRel === '' ? '.' : baseRel, p));
        if (joined === '..' || joined.startsWith('../')) {
            return { ok: false, reason: 'the path leads outside the workspace' };
        }
        // The system refuses `x.txt/` for a file (it is not a folder), but the
        // normalized path loses the `/`, and would read x.txt.
        const last = p.slice(p.lastIndexOf('/') + 1);
        if (kind === 'written' && (last === '' || last === '.' || last === '..')) {
            return {
                ok: false,
                reason: last === ''
                    ? 'the path ends in /, so it names a folder, not a file (write it without the /)'
                    : `the path ${last === p ? `is ${p}` : `ends in /${last}`}, so it names a folder, not a file`,
            };
        }
        const lexical = external_node_path_default().join(this.root, ...joined.split('/'));
        if (!follow)
            return { ok: true, abs: lexical, rel: this.relative(lexical) };
        if (inGitFolder(joined))
            return { ok: false, reason: IN_GIT_FOLDER };
        const real = this.realPath(lexical);
        if (real.kind === 'missing')
            return { ok: true, abs: lexical, rel: this.relative(lexical) };
        if (real.kind === 'refused')
            return { ok: false, reason: real.reason };
        return { ok: true, abs: real.abs, rel: this.relative(lexical) };
    }
    /** Where an absolute path really leads: somewhere inside, nowhere (it does not exist), or refused and why. */
    realPath(abs) {
        let real;
        try {
            // The native realpath: one call, where the JavaScript one lstats every folder on the way.
            real = external_node_fs_namespaceObject.realpathSync.native(abs);
        }
        catch (error) {
            const code = error.code;
            if (code === 'ENOENT' || code === 'ENOTDIR')
                return { kind: 'missing' };
            return { kind: 'refused', reason: describeFsError(error) };
        }
        if (!this.contains(real))
            return { kind: 'refused', reason: 'the path is a link that leads outside the workspace' };
        if (inGitFolder(this.relative(real))) {
            return { kind: 'refused', reason: inGitFolder(this.relative(abs)) ? IN_GIT_FOLDER : LEADS_INTO_GIT_FOLDER };
        }
        return { kind: 'inside', abs: real };
    }
    /**
     * Reads a regular file found by resolve(), at most `maxBytes` long. `into` is
     * reused when it is large enough (the returned bytes are then a view of it).
     */
    read(abs, maxBytes, into) {
        // The last guard, whatever found the path: nothing in a .git folder is read.
        if (inGitFolder(external_node_path_default().relative(this.root, abs).split((external_node_path_default()).sep).join('/')))
            return { ok: false, reason: IN_GIT_FOLDER };
        const opened = openRegularFile(abs, maxBytes);
        if (!opened.ok)
            return opened;
        const { fd, size } = opened;
        try {
            const buffer = into && into.length >= size ? into : external_node_buffer_namespaceObject.Buffer.allocUnsafe(size);
            let done = 0;
            while (done < size) {
                // In pieces: one read takes at most 2 GiB - 1 bytes.
                const n = (0,external_node_fs_namespaceObject.readSync)(fd, buffer, done, Math.min(size - done, READ_PIECE), done);
                if (n === 0)
                    break;
                done += n;
            }
            // A file that grew while being read is refused rather than half-read.
            if (done !== size || (0,external_node_fs_namespaceObject.readSync)(fd, external_node_buffer_namespaceObject.Buffer.alloc(1), 0, 1, size) !== 0) {
                return { ok: false, reason: 'it changed while it was being read' };
            }
            return { ok: true, bytes: buffer.subarray(0, size) };
        }
        catch (error) {
            return { ok: false, reason: describeFsError(error) };
        }
        finally {
            (0,external_node_fs_namespaceObject.closeSync)(fd);
        }
    }
}
/**
 * Opens a path already resolved and checked, for reading, as a regular file
 * of at most `maxBytes`: its descriptor (the caller closes it) and size, or
 * why not. The sources and the files a user names (named-file.ts) are opened
 * so, under their own checks of where the path leads.
 */
function openRegularFile(abs, maxBytes) {
    let fd;
    try {
        // O_NOFOLLOW: where the path leads was checked; a link swapped in since is refused.
        // O_NONBLOCK: opening a FIFO must not hang the run.
        fd = (0,external_node_fs_namespaceObject.openSync)(abs, external_node_fs_namespaceObject.constants.O_RDONLY | external_node_fs_namespaceObject.constants.O_NOFOLLOW | external_node_fs_namespaceObject.constants.O_NONBLOCK);
    }
    catch (error) {
        if (error.code === 'ELOOP' && leadsNowhere(abs))
            return { ok: false, reason: 'it is a link that leads to no file' };
        return { ok: false, reason: describeFsError(error) };
    }
    let reason;
    try {
        const stat = (0,external_node_fs_namespaceObject.fstatSync)(fd);
        if (stat.isFile() && stat.size <= maxBytes)
            return { ok: true, fd, size: stat.size };
        reason = stat.isDirectory()
            ? 'it is a folder, not a file'
            : !stat.isFile()
                ? 'it is not a regular file'
                : `it is ${stat.size} bytes long, over the limit of ${maxBytes} bytes`;
    }
    catch (error) {
        reason = describeFsError(error);
    }
    (0,external_node_fs_namespaceObject.closeSync)(fd);
    return { ok: false, reason };
}
/**
 * Whether a workspace-relative path (with `/`) is a `.git` folder or file, or
 * below one, by any name a file system takes for it (isGitName). Nothing
 * there is ever read, listed or written: actions/checkout keeps the token it
 * checked out with in `.git/config`, and a pull request can name any path,
 * or add a link to one.
 */
function inGitFolder(rel) {
    // A backslash parts names on Windows; elsewhere a name holding one is refused only if a part is .git's.
    return rel.split(/[\\/]/).some(isGitName);
}
/** What HFS+ leaves out of a name when it compares names (as git's is_hfs_dotgit): `.g\u200cit` is `.git` there. */
const HFS_IGNORED = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;
/**
 * Whether a name is one that some file system takes for `.git`, as git's own
 * checks of the names it checks out (is_ntfs_dotgit, is_hfs_dotgit): in any
 * case, compared in upper case (so a letter whose upper case is one of
 * `.GIT`'s, such as the dotless `ı`, counts too); with the code points HFS+ ignores left
 * out; and, as on NTFS, followed by dots or spaces (dropped there), or by a
 * `:` and a stream's name, or as the short name `git~1` (another number when
 * names collide). A name that is none of these on one system, but is on
 * another, is refused everywhere: it names nothing a citation file needs.
 */
function isGitName(name) {
    return /^(?:\.GIT|GIT~\d+)[. ]*(?::.*)?$/s.test(name.replace(HFS_IGNORED, '').toUpperCase());
}
const IN_GIT_FOLDER = 'it is in a .git folder, which citegate never reads (git keeps credentials there)';
const LEADS_INTO_GIT_FOLDER = 'it is a link into a .git folder, which citegate never reads (git keeps credentials there)';
/** Whether a link leads to nothing that exists (resolve() finds no file there, and leaves the link as it is). */
function leadsNowhere(abs) {
    try {
        (0,external_node_fs_namespaceObject.statSync)(abs);
        return false;
    }
    catch (error) {
        return error.code === 'ENOENT';
    }
}

;// CONCATENATED MODULE: ./src/report/write.ts
// Writing reports. A report may be asked for at a path inside a checkout of a
// pull request, where any name can be a link the pull request planted: so a
// report is never written through a link, and one inside the workspace must
// stay inside it after following the links of its folders.





/** A report file that cannot be written: the user's path, not a bug. */
class WriteError extends Error {
    file;
    constructor(file, reason) {
        super(`cannot write ${file}: ${reason}`);
        this.file = file;
    }
}
/**
 * Fails early, before any work, when a report could not be written to `file`
 * (its folder is missing, or it is a folder): a long run should not end in
 * a typo. Writing can still fail later (a full disk); writeChunks says so.
 */
function assertWritable(file) {
    const abs = reportPath(file);
    let folder;
    try {
        folder = (0,external_node_fs_namespaceObject.statSync)(external_node_path_default().dirname(abs));
    }
    catch (error) {
        throw new WriteError(file, describeWriteError(error));
    }
    if (!folder.isDirectory())
        throw new WriteError(file, 'a folder on the path is a file');
    let target;
    try {
        target = (0,external_node_fs_namespaceObject.statSync)(abs);
    }
    catch {
        return; // Not there yet: it will be created.
    }
    if (target.isDirectory())
        throw new WriteError(file, 'it is a folder, not a file');
}
/**
 * Refuses a report path that is one of the run's own inputs: the report would
 * replace the manifest, a source or a citation file it checked. Compared as
 * files (device and inode), so another name or a link for one counts too.
 * `inputs` is asked for only when the report's file exists already.
 */
function assertNotAnInput(file, inputs) {
    let target;
    try {
        target = (0,external_node_fs_namespaceObject.statSync)(reportPath(file));
    }
    catch {
        return; // Not there yet, so no input.
    }
    for (const input of inputs()) {
        let stats;
        try {
            stats = (0,external_node_fs_namespaceObject.statSync)(input.abs);
        }
        catch {
            continue;
        }
        if (stats.ino === target.ino && stats.dev === target.dev) {
            throw new WriteError(file, `it is ${input.what}, which the run reads: a report there would replace it`);
        }
    }
}
/** Writes a report to a file piece by piece, so it is never whole in memory. */
function writeChunks(file, chunks, options = {}) {
    const fd = openReport(file, options);
    try {
        // Only writing is a write error: a report that fails to be made is citegate's own.
        for (const chunk of chunks) {
            try {
                (0,external_node_fs_namespaceObject.writeSync)(fd, chunk);
            }
            catch (error) {
                throw new WriteError(file, describeWriteError(error));
            }
        }
    }
    finally {
        (0,external_node_fs_namespaceObject.closeSync)(fd);
    }
}
/**
 * The absolute path a report is checked and written at. `..` is taken out
 * first, as path.resolve does, or the system would apply it after following a
 * linked folder (`reports/../r.json`, `reports` a link, would land beside the
 * link's target). A name that ends in a separator names a folder: refused,
 * since path.resolve would drop the separator and write a file of that name.
 */
function reportPath(file) {
    if (file.endsWith('/') || file.endsWith((external_node_path_default()).sep))
        throw new WriteError(file, 'the name ends in a separator: it names a folder, not a file');
    return external_node_path_default().resolve(file);
}
function openReport(file, options) {
    let fd;
    try {
        const abs = reportPath(file);
        const folder = external_node_path_default().dirname(abs);
        if (options.workspace)
            assertFolderInside(file, folder, options.workspace);
        if (options.createFolder)
            (0,external_node_fs_namespaceObject.mkdirSync)(folder, { recursive: true });
        // O_NOFOLLOW: a link at the report's own name is refused, wherever it points.
        // O_NONBLOCK: a FIFO planted there must not hang the run (it is refused below).
        const flags = external_node_fs_namespaceObject.constants.O_WRONLY |
            external_node_fs_namespaceObject.constants.O_CREAT |
            external_node_fs_namespaceObject.constants.O_NOFOLLOW |
            external_node_fs_namespaceObject.constants.O_NONBLOCK |
            (options.append ? external_node_fs_namespaceObject.constants.O_APPEND : external_node_fs_namespaceObject.constants.O_TRUNC);
        fd = (0,external_node_fs_namespaceObject.openSync)(abs, flags, 0o666);
    }
    catch (error) {
        if (error instanceof WriteError)
            throw error;
        throw new WriteError(file, describeWriteError(error));
    }
    let regular;
    try {
        regular = (0,external_node_fs_namespaceObject.fstatSync)(fd).isFile();
    }
    catch (error) {
        (0,external_node_fs_namespaceObject.closeSync)(fd);
        throw new WriteError(file, describeWriteError(error));
    }
    if (!regular) {
        (0,external_node_fs_namespaceObject.closeSync)(fd);
        throw new WriteError(file, 'it is not a regular file');
    }
    return fd;
}
/**
 * A report inside the workspace must stay there: the nearest folder of its path
 * that exists, links followed, must be inside the workspace (folders created
 * below it then are too). Inside means below the workspace as its links
 * resolve, or as it was named (`--root` may be a link to it).
 */
function assertFolderInside(file, folder, workspace) {
    if (!workspace.contains(folder) && !isBelow(folder, workspace.named))
        return; // A path outside the workspace is the user's own.
    let existing = folder;
    for (;;) {
        let real;
        try {
            real = external_node_fs_namespaceObject.realpathSync.native(existing);
        }
        catch (error) {
            const code = error.code;
            const parent = external_node_path_default().dirname(existing);
            if ((code !== 'ENOENT' && code !== 'ENOTDIR') || parent === existing)
                throw error;
            existing = parent;
            continue;
        }
        if (!workspace.contains(real))
            throw new WriteError(file, 'its folder is a link that leads outside the workspace');
        // Git runs what its folder holds (hooks) and keeps credentials there: no report goes in.
        const below = external_node_path_default().relative(existing, external_node_path_default().join(folder, external_node_path_default().basename(file)));
        if (inGitFolder(workspace.relative(real)) || inGitFolder(below.split((external_node_path_default()).sep).join('/')))
            throw new WriteError(file, 'it is in a .git folder: reports are never written there');
        return;
    }
}
function describeWriteError(error) {
    switch (error?.code) {
        case 'ELOOP':
            return 'it is a link: reports are never written through links';
        case 'ENXIO':
            return 'it is not a regular file';
        case 'ENOENT':
            return 'its folder does not exist';
        default:
            return describeFsError(error);
    }
}

;// CONCATENATED MODULE: external "node:util"
const external_node_util_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");
;// CONCATENATED MODULE: ./src/cli/args.ts
// Command-line parsing on node:util's parseArgs, with the errors said plainly.


/** Bad command-line usage: exit 2 with the message and a pointer to --help. */
class UsageError extends Error {
    command;
    constructor(message, command) {
        super(message);
        this.command = command;
        this.name = 'UsageError';
    }
}
/**
 * An input given on the command line that cannot be used (a report that is
 * not one, or that does not belong with the others): exit 2 with the message,
 * at the file when it is about one, and no pointer to --help.
 */
class InputError extends Error {
    file;
    position;
    constructor(message, file, position) {
        super(message);
        this.file = file;
        this.position = position;
        this.name = 'InputError';
    }
}
function parseCommandArgs(command, args, options) {
    let parsed;
    try {
        parsed = (0,external_node_util_namespaceObject.parseArgs)({ args, options, allowPositionals: true, strict: true });
    }
    catch (error) {
        const raw = error.message;
        // "--root -x": Node asks whether -x was meant as the value; say what to write, in one line.
        const ambiguous = /^Option '([^']+)' argument is ambiguous\..*use '([^']*)'\.?$/s.exec(raw);
        if (ambiguous)
            throw new UsageError(`${ambiguous[1]} needs a value, and the argument after it starts with a dash: if it is the value, write ${ambiguous[2]}`, command);
        const message = raw
            .replace(/\. To specify a positional argument starting with a '-'.*$/s, '')
            .replace(/^Unknown option/, 'unknown option')
            .replace(/^Option/, 'option')
            .replace(/\s*\n\s*/g, ' ');
        const unknown = /^unknown option '([^']*)'/.exec(message)?.[1];
        const near = unknown === undefined ? undefined : nearestName(unknown.replace(/=.*$/s, ''), optionNames(options));
        throw new UsageError(near === undefined ? message : `${message} (did you mean ${near}?)`, command);
    }
    // An empty value is most often a variable that was not set ("--root $DIR"):
    // read as the current folder or a file named "", it would check or write
    // something else than meant.
    for (const [name, value] of Object.entries(parsed.values)) {
        if (value === '')
            throw new UsageError(`--${name} is empty (an unset variable?): give it a value`, command);
    }
    if (parsed.positionals.includes(''))
        throw new UsageError('an argument is empty (an unset variable?)', command);
    return parsed;
}
/** `--output -` names standard output, as it does for most command-line tools; `./-` is a file named "-". */
function outputFile(output) {
    return output === '-' ? undefined : output;
}
/** A positive whole number of bytes up to `max` (why `max`, in words), for options such as --max-source-bytes. */
function parseByteCount(value, option, command, max) {
    if (value === undefined)
        return undefined;
    if (!/^[1-9][0-9]*$/.test(value) || !Number.isSafeInteger(Number(value))) {
        throw new UsageError(`${option} takes a positive whole number of bytes, not ${JSON.stringify(value)}`, command);
    }
    const bytes = Number(value);
    if (bytes > max.bytes)
        throw new UsageError(`${option} takes at most ${max.bytes} bytes (${max.why}), not ${value}`, command);
    return bytes;
}
/** A command's options as they are typed: `--format`, and `-h` for a short one. */
function optionNames(options) {
    return Object.entries(options).flatMap(([name, option]) => [
        `--${name}`,
        ...(option.short ? [`-${option.short}`] : []),
    ]);
}
/**
 * The name a mistyped one was most likely meant to be: the nearest within two
 * edits (`--frmat`, `--explian`), or the one name it starts (`--expl`); none
 * when two are as near, or none is. For options and commands alike.
 */
function nearestName(given, names) {
    if (given.length > 64)
        return undefined;
    const starting = names.filter((n) => given.length >= 3 && n.startsWith(given));
    if (starting.length === 1)
        return starting[0];
    let best;
    let bestDistance = 3;
    let tie = false;
    for (const name of names) {
        const d = editDistance(given, name);
        if (d < bestDistance) {
            best = name;
            bestDistance = d;
            tie = false;
        }
        else if (d === bestDistance)
            tie = true;
    }
    // A short option (`-x`) is within two edits of every other: guess only when the name has more to go on.
    return best !== undefined && !tie && given.replace(/^-+/, '').length > 2 ? best : undefined;
}

;// CONCATENATED MODULE: ./src/engine/unicode-data.ts
// Generated by scripts/gen-unicode-data.mjs from Unicode 17.0 (ICU 78.2). Do not edit.
// Inclusive ranges [first, last, first, last, ...] of NFC-inert code points (see the script).
const UNICODE_VERSION = '17.0';
const NFC_INERT_RANGES = [
    0x0, 0x8, 0xe, 0x1b, 0x21, 0x84, 0x86, 0x9f, 0xa1, 0x2ff, 0x370, 0x373, 0x375, 0x377, 0x37a, 0x37d,
    0x37f, 0x37f, 0x384, 0x386, 0x388, 0x38a, 0x38c, 0x38c, 0x38e, 0x3a1, 0x3a3, 0x482, 0x48a, 0x52f, 0x531, 0x556,
    0x559, 0x58a, 0x58d, 0x58f, 0x5be, 0x5be, 0x5c0, 0x5c0, 0x5c3, 0x5c3, 0x5c6, 0x5c6, 0x5d0, 0x5ea, 0x5ef, 0x5f4,
    0x600, 0x60f, 0x61b, 0x64a, 0x660, 0x66f, 0x671, 0x6d5, 0x6dd, 0x6de, 0x6e5, 0x6e6, 0x6e9, 0x6e9, 0x6ee, 0x70d,
    0x70f, 0x710, 0x712, 0x72f, 0x74d, 0x7a5, 0x7b1, 0x7b1, 0x7c0, 0x7ea, 0x7f4, 0x7fa, 0x7fe, 0x815, 0x81a, 0x81a,
    0x824, 0x824, 0x828, 0x828, 0x830, 0x83e, 0x840, 0x858, 0x85e, 0x85e, 0x860, 0x86a, 0x870, 0x891, 0x8a0, 0x8c9,
    0x8e2, 0x8e2, 0x904, 0x939, 0x93d, 0x93d, 0x950, 0x950, 0x960, 0x961, 0x964, 0x980, 0x985, 0x98c, 0x98f, 0x990,
    0x993, 0x9a8, 0x9aa, 0x9b0, 0x9b2, 0x9b2, 0x9b6, 0x9b9, 0x9bd, 0x9bd, 0x9ce, 0x9ce, 0x9e0, 0x9e1, 0x9e6, 0x9fd,
    0xa05, 0xa0a, 0xa0f, 0xa10, 0xa13, 0xa28, 0xa2a, 0xa30, 0xa32, 0xa32, 0xa35, 0xa35, 0xa38, 0xa39, 0xa5c, 0xa5c,
    0xa66, 0xa6f, 0xa72, 0xa74, 0xa76, 0xa76, 0xa85, 0xa8d, 0xa8f, 0xa91, 0xa93, 0xaa8, 0xaaa, 0xab0, 0xab2, 0xab3,
    0xab5, 0xab9, 0xabd, 0xabd, 0xad0, 0xad0, 0xae0, 0xae1, 0xae6, 0xaf1, 0xaf9, 0xaf9, 0xb05, 0xb0c, 0xb0f, 0xb10,
    0xb13, 0xb28, 0xb2a, 0xb30, 0xb32, 0xb33, 0xb35, 0xb39, 0xb3d, 0xb3d, 0xb5f, 0xb61, 0xb66, 0xb77, 0xb83, 0xb83,
    0xb85, 0xb8a, 0xb8e, 0xb90, 0xb92, 0xb95, 0xb99, 0xb9a, 0xb9c, 0xb9c, 0xb9e, 0xb9f, 0xba3, 0xba4, 0xba8, 0xbaa,
    0xbae, 0xbb9, 0xbd0, 0xbd0, 0xbe6, 0xbfa, 0xc05, 0xc0c, 0xc0e, 0xc10, 0xc12, 0xc28, 0xc2a, 0xc39, 0xc3d, 0xc3d,
    0xc58, 0xc5a, 0xc5c, 0xc5d, 0xc60, 0xc61, 0xc66, 0xc6f, 0xc77, 0xc80, 0xc84, 0xc8c, 0xc8e, 0xc90, 0xc92, 0xca8,
    0xcaa, 0xcb3, 0xcb5, 0xcb9, 0xcbd, 0xcbd, 0xcdc, 0xcde, 0xce0, 0xce1, 0xce6, 0xcef, 0xcf1, 0xcf2, 0xd04, 0xd0c,
    0xd0e, 0xd10, 0xd12, 0xd3a, 0xd3d, 0xd3d, 0xd4e, 0xd4f, 0xd54, 0xd56, 0xd58, 0xd61, 0xd66, 0xd7f, 0xd85, 0xd96,
    0xd9a, 0xdb1, 0xdb3, 0xdbb, 0xdbd, 0xdbd, 0xdc0, 0xdc6, 0xde6, 0xdef, 0xdf4, 0xdf4, 0xe01, 0xe30, 0xe32, 0xe33,
    0xe3f, 0xe46, 0xe4f, 0xe5b, 0xe81, 0xe82, 0xe84, 0xe84, 0xe86, 0xe8a, 0xe8c, 0xea3, 0xea5, 0xea5, 0xea7, 0xeb0,
    0xeb2, 0xeb3, 0xebd, 0xebd, 0xec0, 0xec4, 0xec6, 0xec6, 0xed0, 0xed9, 0xedc, 0xedf, 0xf00, 0xf17, 0xf1a, 0xf34,
    0xf36, 0xf36, 0xf38, 0xf38, 0xf3a, 0xf3d, 0xf40, 0xf42, 0xf44, 0xf47, 0xf49, 0xf4c, 0xf4e, 0xf51, 0xf53, 0xf56,
    0xf58, 0xf5b, 0xf5d, 0xf68, 0xf6a, 0xf6c, 0xf85, 0xf85, 0xf88, 0xf8c, 0xfbe, 0xfc5, 0xfc7, 0xfcc, 0xfce, 0xfda,
    0x1000, 0x102a, 0x103f, 0x1055, 0x105a, 0x105d, 0x1061, 0x1061, 0x1065, 0x1066, 0x106e, 0x1070, 0x1075, 0x1081, 0x108e, 0x108e,
    0x1090, 0x1099, 0x109e, 0x10c5, 0x10c7, 0x10c7, 0x10cd, 0x10cd, 0x10d0, 0x1160, 0x1176, 0x11a7, 0x11c3, 0x1248, 0x124a, 0x124d,
    0x1250, 0x1256, 0x1258, 0x1258, 0x125a, 0x125d, 0x1260, 0x1288, 0x128a, 0x128d, 0x1290, 0x12b0, 0x12b2, 0x12b5, 0x12b8, 0x12be,
    0x12c0, 0x12c0, 0x12c2, 0x12c5, 0x12c8, 0x12d6, 0x12d8, 0x1310, 0x1312, 0x1315, 0x1318, 0x135a, 0x1360, 0x137c, 0x1380, 0x1399,
    0x13a0, 0x13f5, 0x13f8, 0x13fd, 0x1400, 0x167f, 0x1681, 0x169c, 0x16a0, 0x16f8, 0x1700, 0x1711, 0x171f, 0x1731, 0x1735, 0x1736,
    0x1740, 0x1751, 0x1760, 0x176c, 0x176e, 0x1770, 0x1780, 0x17b3, 0x17d4, 0x17dc, 0x17e0, 0x17e9, 0x17f0, 0x17f9, 0x1800, 0x180a,
    0x180e, 0x180e, 0x1810, 0x1819, 0x1820, 0x1878, 0x1880, 0x1884, 0x1887, 0x18a8, 0x18aa, 0x18aa, 0x18b0, 0x18f5, 0x1900, 0x191e,
    0x1940, 0x1940, 0x1944, 0x196d, 0x1970, 0x1974, 0x1980, 0x19ab, 0x19b0, 0x19c9, 0x19d0, 0x19da, 0x19de, 0x1a16, 0x1a1e, 0x1a54,
    0x1a80, 0x1a89, 0x1a90, 0x1a99, 0x1aa0, 0x1aad, 0x1b05, 0x1b33, 0x1b45, 0x1b4c, 0x1b4e, 0x1b6a, 0x1b74, 0x1b7f, 0x1b83, 0x1ba0,
    0x1bae, 0x1be5, 0x1bfc, 0x1c23, 0x1c3b, 0x1c49, 0x1c4d, 0x1c8a, 0x1c90, 0x1cba, 0x1cbd, 0x1cc7, 0x1cd3, 0x1cd3, 0x1ce9, 0x1cec,
    0x1cee, 0x1cf3, 0x1cf5, 0x1cf6, 0x1cfa, 0x1cfa, 0x1d00, 0x1dbf, 0x1e00, 0x1f15, 0x1f18, 0x1f1d, 0x1f20, 0x1f45, 0x1f48, 0x1f4d,
    0x1f50, 0x1f57, 0x1f59, 0x1f59, 0x1f5b, 0x1f5b, 0x1f5d, 0x1f5d, 0x1f5f, 0x1f70, 0x1f72, 0x1f72, 0x1f74, 0x1f74, 0x1f76, 0x1f76,
    0x1f78, 0x1f78, 0x1f7a, 0x1f7a, 0x1f7c, 0x1f7c, 0x1f80, 0x1fb4, 0x1fb6, 0x1fba, 0x1fbc, 0x1fbd, 0x1fbf, 0x1fc4, 0x1fc6, 0x1fc8,
    0x1fca, 0x1fca, 0x1fcc, 0x1fd2, 0x1fd6, 0x1fda, 0x1fdd, 0x1fe2, 0x1fe4, 0x1fea, 0x1fec, 0x1fed, 0x1ff2, 0x1ff4, 0x1ff6, 0x1ff8,
    0x1ffa, 0x1ffa, 0x1ffc, 0x1ffc, 0x1ffe, 0x1ffe, 0x200b, 0x2027, 0x202a, 0x202e, 0x2030, 0x205e, 0x2060, 0x2064, 0x2066, 0x2071,
    0x2074, 0x208e, 0x2090, 0x209c, 0x20a0, 0x20c1, 0x2100, 0x2125, 0x2127, 0x2129, 0x212c, 0x218b, 0x2190, 0x2328, 0x232b, 0x2429,
    0x2440, 0x244a, 0x2460, 0x2adb, 0x2add, 0x2b73, 0x2b76, 0x2cee, 0x2cf2, 0x2cf3, 0x2cf9, 0x2d25, 0x2d27, 0x2d27, 0x2d2d, 0x2d2d,
    0x2d30, 0x2d67, 0x2d6f, 0x2d70, 0x2d80, 0x2d96, 0x2da0, 0x2da6, 0x2da8, 0x2dae, 0x2db0, 0x2db6, 0x2db8, 0x2dbe, 0x2dc0, 0x2dc6,
    0x2dc8, 0x2dce, 0x2dd0, 0x2dd6, 0x2dd8, 0x2dde, 0x2e00, 0x2e5d, 0x2e80, 0x2e99, 0x2e9b, 0x2ef3, 0x2f00, 0x2fd5, 0x2ff0, 0x2fff,
    0x3001, 0x3029, 0x3030, 0x303f, 0x3041, 0x3096, 0x309b, 0x30ff, 0x3105, 0x312f, 0x3131, 0x318e, 0x3190, 0x31e5, 0x31ef, 0x321e,
    0x3220, 0xa48c, 0xa490, 0xa4c6, 0xa4d0, 0xa62b, 0xa640, 0xa66e, 0xa673, 0xa673, 0xa67e, 0xa69d, 0xa6a0, 0xa6ef, 0xa6f2, 0xa6f7,
    0xa700, 0xa7dc, 0xa7f1, 0xa801, 0xa803, 0xa805, 0xa807, 0xa80a, 0xa80c, 0xa822, 0xa828, 0xa82b, 0xa830, 0xa839, 0xa840, 0xa877,
    0xa882, 0xa8b3, 0xa8ce, 0xa8d9, 0xa8f2, 0xa8fe, 0xa900, 0xa925, 0xa92e, 0xa946, 0xa95f, 0xa97c, 0xa984, 0xa9b2, 0xa9c1, 0xa9cd,
    0xa9cf, 0xa9d9, 0xa9de, 0xa9e4, 0xa9e6, 0xa9fe, 0xaa00, 0xaa28, 0xaa40, 0xaa42, 0xaa44, 0xaa4b, 0xaa50, 0xaa59, 0xaa5c, 0xaa7a,
    0xaa7e, 0xaaaf, 0xaab1, 0xaab1, 0xaab5, 0xaab6, 0xaab9, 0xaabd, 0xaac0, 0xaac0, 0xaac2, 0xaac2, 0xaadb, 0xaaea, 0xaaf0, 0xaaf4,
    0xab01, 0xab06, 0xab09, 0xab0e, 0xab11, 0xab16, 0xab20, 0xab26, 0xab28, 0xab2e, 0xab30, 0xab6b, 0xab70, 0xabe2, 0xabeb, 0xabeb,
    0xabf0, 0xabf9, 0xac00, 0xd7a3, 0xd7b0, 0xd7c6, 0xd7cb, 0xd7fb, 0xe000, 0xf8ff, 0xfa0e, 0xfa0f, 0xfa11, 0xfa11, 0xfa13, 0xfa14,
    0xfa1f, 0xfa1f, 0xfa21, 0xfa21, 0xfa23, 0xfa24, 0xfa27, 0xfa29, 0xfb00, 0xfb06, 0xfb13, 0xfb17, 0xfb20, 0xfb29, 0xfb4f, 0xfdff,
    0xfe10, 0xfe19, 0xfe30, 0xfe52, 0xfe54, 0xfe66, 0xfe68, 0xfe6b, 0xfe70, 0xfe74, 0xfe76, 0xfefc, 0xfeff, 0xfeff, 0xff01, 0xffbe,
    0xffc2, 0xffc7, 0xffca, 0xffcf, 0xffd2, 0xffd7, 0xffda, 0xffdc, 0xffe0, 0xffe6, 0xffe8, 0xffee, 0xfff9, 0x1000b, 0x1000d, 0x10026,
    0x10028, 0x1003a, 0x1003c, 0x1003d, 0x1003f, 0x1004d, 0x10050, 0x1005d, 0x10080, 0x100fa, 0x10100, 0x10102, 0x10107, 0x10133, 0x10137, 0x1018e,
    0x10190, 0x1019c, 0x101a0, 0x101a0, 0x101d0, 0x101fc, 0x10280, 0x1029c, 0x102a0, 0x102d0, 0x102e1, 0x102fb, 0x10300, 0x10323, 0x1032d, 0x1034a,
    0x10350, 0x10375, 0x10380, 0x1039d, 0x1039f, 0x103c3, 0x103c8, 0x103d5, 0x10400, 0x1049d, 0x104a0, 0x104a9, 0x104b0, 0x104d3, 0x104d8, 0x104fb,
    0x10500, 0x10527, 0x10530, 0x10563, 0x1056f, 0x1057a, 0x1057c, 0x1058a, 0x1058c, 0x10592, 0x10594, 0x10595, 0x10597, 0x105a1, 0x105a3, 0x105b1,
    0x105b3, 0x105b9, 0x105bb, 0x105bc, 0x105c0, 0x105f3, 0x10600, 0x10736, 0x10740, 0x10755, 0x10760, 0x10767, 0x10780, 0x10785, 0x10787, 0x107b0,
    0x107b2, 0x107ba, 0x10800, 0x10805, 0x10808, 0x10808, 0x1080a, 0x10835, 0x10837, 0x10838, 0x1083c, 0x1083c, 0x1083f, 0x10855, 0x10857, 0x1089e,
    0x108a7, 0x108af, 0x108e0, 0x108f2, 0x108f4, 0x108f5, 0x108fb, 0x1091b, 0x1091f, 0x10939, 0x1093f, 0x10959, 0x10980, 0x109b7, 0x109bc, 0x109cf,
    0x109d2, 0x10a00, 0x10a10, 0x10a13, 0x10a15, 0x10a17, 0x10a19, 0x10a35, 0x10a40, 0x10a48, 0x10a50, 0x10a58, 0x10a60, 0x10a9f, 0x10ac0, 0x10ae4,
    0x10aeb, 0x10af6, 0x10b00, 0x10b35, 0x10b39, 0x10b55, 0x10b58, 0x10b72, 0x10b78, 0x10b91, 0x10b99, 0x10b9c, 0x10ba9, 0x10baf, 0x10c00, 0x10c48,
    0x10c80, 0x10cb2, 0x10cc0, 0x10cf2, 0x10cfa, 0x10d23, 0x10d30, 0x10d39, 0x10d40, 0x10d65, 0x10d6e, 0x10d85, 0x10d8e, 0x10d8f, 0x10e60, 0x10e7e,
    0x10e80, 0x10ea9, 0x10ead, 0x10ead, 0x10eb0, 0x10eb1, 0x10ec2, 0x10ec7, 0x10ed0, 0x10ed8, 0x10f00, 0x10f27, 0x10f30, 0x10f45, 0x10f51, 0x10f59,
    0x10f70, 0x10f81, 0x10f86, 0x10f89, 0x10fb0, 0x10fcb, 0x10fe0, 0x10ff6, 0x11003, 0x11037, 0x11047, 0x1104d, 0x11052, 0x1106f, 0x11071, 0x11072,
    0x11075, 0x11075, 0x11083, 0x110af, 0x110bb, 0x110c1, 0x110cd, 0x110cd, 0x110d0, 0x110e8, 0x110f0, 0x110f9, 0x11103, 0x11126, 0x11136, 0x11144,
    0x11147, 0x11147, 0x11150, 0x11172, 0x11174, 0x11176, 0x11183, 0x111b2, 0x111c1, 0x111c8, 0x111cd, 0x111cd, 0x111d0, 0x111df, 0x111e1, 0x111f4,
    0x11200, 0x11211, 0x11213, 0x1122b, 0x11238, 0x1123d, 0x1123f, 0x11240, 0x11280, 0x11286, 0x11288, 0x11288, 0x1128a, 0x1128d, 0x1128f, 0x1129d,
    0x1129f, 0x112a9, 0x112b0, 0x112de, 0x112f0, 0x112f9, 0x11305, 0x1130c, 0x1130f, 0x11310, 0x11313, 0x11328, 0x1132a, 0x11330, 0x11332, 0x11333,
    0x11335, 0x11339, 0x1133d, 0x1133d, 0x11350, 0x11350, 0x1135d, 0x11361, 0x11380, 0x11389, 0x1138b, 0x1138b, 0x1138e, 0x1138e, 0x11390, 0x113b5,
    0x113b7, 0x113b7, 0x113d1, 0x113d1, 0x113d3, 0x113d5, 0x113d7, 0x113d8, 0x11400, 0x11434, 0x11447, 0x1145b, 0x1145d, 0x1145d, 0x1145f, 0x11461,
    0x11480, 0x114af, 0x114c4, 0x114c7, 0x114d0, 0x114d9, 0x11580, 0x115ae, 0x115c1, 0x115db, 0x11600, 0x1162f, 0x11641, 0x11644, 0x11650, 0x11659,
    0x11660, 0x1166c, 0x11680, 0x116aa, 0x116b8, 0x116b9, 0x116c0, 0x116c9, 0x116d0, 0x116e3, 0x11700, 0x1171a, 0x11730, 0x11746, 0x11800, 0x1182b,
    0x1183b, 0x1183b, 0x118a0, 0x118f2, 0x118ff, 0x11906, 0x11909, 0x11909, 0x1190c, 0x11913, 0x11915, 0x11916, 0x11918, 0x1192f, 0x1193f, 0x1193f,
    0x11941, 0x11941, 0x11944, 0x11946, 0x11950, 0x11959, 0x119a0, 0x119a7, 0x119aa, 0x119d0, 0x119e1, 0x119e3, 0x11a00, 0x11a00, 0x11a0b, 0x11a32,
    0x11a3a, 0x11a3a, 0x11a3f, 0x11a46, 0x11a50, 0x11a50, 0x11a5c, 0x11a89, 0x11a9a, 0x11aa2, 0x11ab0, 0x11af8, 0x11b00, 0x11b09, 0x11bc0, 0x11be1,
    0x11bf0, 0x11bf9, 0x11c00, 0x11c08, 0x11c0a, 0x11c2e, 0x11c40, 0x11c45, 0x11c50, 0x11c6c, 0x11c70, 0x11c8f, 0x11d00, 0x11d06, 0x11d08, 0x11d09,
    0x11d0b, 0x11d30, 0x11d46, 0x11d46, 0x11d50, 0x11d59, 0x11d60, 0x11d65, 0x11d67, 0x11d68, 0x11d6a, 0x11d89, 0x11d98, 0x11d98, 0x11da0, 0x11da9,
    0x11db0, 0x11ddb, 0x11de0, 0x11de9, 0x11ee0, 0x11ef2, 0x11ef7, 0x11ef8, 0x11f02, 0x11f02, 0x11f04, 0x11f10, 0x11f12, 0x11f33, 0x11f43, 0x11f59,
    0x11fb0, 0x11fb0, 0x11fc0, 0x11ff1, 0x11fff, 0x12399, 0x12400, 0x1246e, 0x12470, 0x12474, 0x12480, 0x12543, 0x12f90, 0x12ff2, 0x13000, 0x1343f,
    0x13441, 0x13446, 0x13460, 0x143fa, 0x14400, 0x14646, 0x16100, 0x1611d, 0x16130, 0x16139, 0x16800, 0x16a38, 0x16a40, 0x16a5e, 0x16a60, 0x16a69,
    0x16a6e, 0x16abe, 0x16ac0, 0x16ac9, 0x16ad0, 0x16aed, 0x16af5, 0x16af5, 0x16b00, 0x16b2f, 0x16b37, 0x16b45, 0x16b50, 0x16b59, 0x16b5b, 0x16b61,
    0x16b63, 0x16b77, 0x16b7d, 0x16b8f, 0x16d40, 0x16d66, 0x16d68, 0x16d79, 0x16e40, 0x16e9a, 0x16ea0, 0x16eb8, 0x16ebb, 0x16ed3, 0x16f00, 0x16f4a,
    0x16f50, 0x16f50, 0x16f93, 0x16f9f, 0x16fe0, 0x16fe3, 0x16ff2, 0x16ff6, 0x17000, 0x18cd5, 0x18cff, 0x18d1e, 0x18d80, 0x18df2, 0x1aff0, 0x1aff3,
    0x1aff5, 0x1affb, 0x1affd, 0x1affe, 0x1b000, 0x1b122, 0x1b132, 0x1b132, 0x1b150, 0x1b152, 0x1b155, 0x1b155, 0x1b164, 0x1b167, 0x1b170, 0x1b2fb,
    0x1bc00, 0x1bc6a, 0x1bc70, 0x1bc7c, 0x1bc80, 0x1bc88, 0x1bc90, 0x1bc99, 0x1bc9c, 0x1bc9c, 0x1bc9f, 0x1bca3, 0x1cc00, 0x1ccfc, 0x1cd00, 0x1ceb3,
    0x1ceba, 0x1ced0, 0x1cee0, 0x1cef0, 0x1cf50, 0x1cfc3, 0x1d000, 0x1d0f5, 0x1d100, 0x1d126, 0x1d129, 0x1d15d, 0x1d16a, 0x1d16c, 0x1d173, 0x1d17a,
    0x1d183, 0x1d184, 0x1d18c, 0x1d1a9, 0x1d1ae, 0x1d1ba, 0x1d1c1, 0x1d1ea, 0x1d200, 0x1d241, 0x1d245, 0x1d245, 0x1d2c0, 0x1d2d3, 0x1d2e0, 0x1d2f3,
    0x1d300, 0x1d356, 0x1d360, 0x1d378, 0x1d400, 0x1d454, 0x1d456, 0x1d49c, 0x1d49e, 0x1d49f, 0x1d4a2, 0x1d4a2, 0x1d4a5, 0x1d4a6, 0x1d4a9, 0x1d4ac,
    0x1d4ae, 0x1d4b9, 0x1d4bb, 0x1d4bb, 0x1d4bd, 0x1d4c3, 0x1d4c5, 0x1d505, 0x1d507, 0x1d50a, 0x1d50d, 0x1d514, 0x1d516, 0x1d51c, 0x1d51e, 0x1d539,
    0x1d53b, 0x1d53e, 0x1d540, 0x1d544, 0x1d546, 0x1d546, 0x1d54a, 0x1d550, 0x1d552, 0x1d6a5, 0x1d6a8, 0x1d7cb, 0x1d7ce, 0x1d9ff, 0x1da37, 0x1da3a,
    0x1da6d, 0x1da74, 0x1da76, 0x1da83, 0x1da85, 0x1da8b, 0x1df00, 0x1df1e, 0x1df25, 0x1df2a, 0x1e030, 0x1e06d, 0x1e100, 0x1e12c, 0x1e137, 0x1e13d,
    0x1e140, 0x1e149, 0x1e14e, 0x1e14f, 0x1e290, 0x1e2ad, 0x1e2c0, 0x1e2eb, 0x1e2f0, 0x1e2f9, 0x1e2ff, 0x1e2ff, 0x1e4d0, 0x1e4eb, 0x1e4f0, 0x1e4f9,
    0x1e5d0, 0x1e5ed, 0x1e5f0, 0x1e5fa, 0x1e5ff, 0x1e5ff, 0x1e6c0, 0x1e6de, 0x1e6e0, 0x1e6e2, 0x1e6e4, 0x1e6e5, 0x1e6e7, 0x1e6ed, 0x1e6f0, 0x1e6f4,
    0x1e6fe, 0x1e6ff, 0x1e7e0, 0x1e7e6, 0x1e7e8, 0x1e7eb, 0x1e7ed, 0x1e7ee, 0x1e7f0, 0x1e7fe, 0x1e800, 0x1e8c4, 0x1e8c7, 0x1e8cf, 0x1e900, 0x1e943,
    0x1e94b, 0x1e94b, 0x1e950, 0x1e959, 0x1e95e, 0x1e95f, 0x1ec71, 0x1ecb4, 0x1ed01, 0x1ed3d, 0x1ee00, 0x1ee03, 0x1ee05, 0x1ee1f, 0x1ee21, 0x1ee22,
    0x1ee24, 0x1ee24, 0x1ee27, 0x1ee27, 0x1ee29, 0x1ee32, 0x1ee34, 0x1ee37, 0x1ee39, 0x1ee39, 0x1ee3b, 0x1ee3b, 0x1ee42, 0x1ee42, 0x1ee47, 0x1ee47,
    0x1ee49, 0x1ee49, 0x1ee4b, 0x1ee4b, 0x1ee4d, 0x1ee4f, 0x1ee51, 0x1ee52, 0x1ee54, 0x1ee54, 0x1ee57, 0x1ee57, 0x1ee59, 0x1ee59, 0x1ee5b, 0x1ee5b,
    0x1ee5d, 0x1ee5d, 0x1ee5f, 0x1ee5f, 0x1ee61, 0x1ee62, 0x1ee64, 0x1ee64, 0x1ee67, 0x1ee6a, 0x1ee6c, 0x1ee72, 0x1ee74, 0x1ee77, 0x1ee79, 0x1ee7c,
    0x1ee7e, 0x1ee7e, 0x1ee80, 0x1ee89, 0x1ee8b, 0x1ee9b, 0x1eea1, 0x1eea3, 0x1eea5, 0x1eea9, 0x1eeab, 0x1eebb, 0x1eef0, 0x1eef1, 0x1f000, 0x1f02b,
    0x1f030, 0x1f093, 0x1f0a0, 0x1f0ae, 0x1f0b1, 0x1f0bf, 0x1f0c1, 0x1f0cf, 0x1f0d1, 0x1f0f5, 0x1f100, 0x1f1ad, 0x1f1e6, 0x1f202, 0x1f210, 0x1f23b,
    0x1f240, 0x1f248, 0x1f250, 0x1f251, 0x1f260, 0x1f265, 0x1f300, 0x1f6d8, 0x1f6dc, 0x1f6ec, 0x1f6f0, 0x1f6fc, 0x1f700, 0x1f7d9, 0x1f7e0, 0x1f7eb,
    0x1f7f0, 0x1f7f0, 0x1f800, 0x1f80b, 0x1f810, 0x1f847, 0x1f850, 0x1f859, 0x1f860, 0x1f887, 0x1f890, 0x1f8ad, 0x1f8b0, 0x1f8bb, 0x1f8c0, 0x1f8c1,
    0x1f8d0, 0x1f8d8, 0x1f900, 0x1fa57, 0x1fa60, 0x1fa6d, 0x1fa70, 0x1fa7c, 0x1fa80, 0x1fa8a, 0x1fa8e, 0x1fac6, 0x1fac8, 0x1fac8, 0x1facd, 0x1fadc,
    0x1fadf, 0x1faea, 0x1faef, 0x1faf8, 0x1fb00, 0x1fb92, 0x1fb94, 0x1fbfa, 0x1fffe, 0x2a6df, 0x2a700, 0x2b81d, 0x2b820, 0x2cead, 0x2ceb0, 0x2ebe0,
    0x2ebf0, 0x2ee5d, 0x2fffe, 0x3134a, 0x31350, 0x33479, 0x3fffe, 0x3ffff, 0x4fffe, 0x4ffff, 0x5fffe, 0x5ffff, 0x6fffe, 0x6ffff, 0x7fffe, 0x7ffff,
    0x8fffe, 0x8ffff, 0x9fffe, 0x9ffff, 0xafffe, 0xaffff, 0xbfffe, 0xbffff, 0xcfffe, 0xcffff, 0xdfffe, 0xdffff, 0xe0001, 0xe0001, 0xe0020, 0xe007f,
    0xefffe, 0x10ffff,
];

;// CONCATENATED MODULE: ./src/engine/unicode.ts
// Character classes of the contract (SPEC §3, §4), judged per code point.

/**
 * Whitespace exactly as Python's str.isspace (SPEC §3). JavaScript's \s differs:
 * it adds U+FEFF and lacks U+001C..U+001F and U+0085, so it is never used here.
 */
function isWhitespace(cp) {
    if (cp <= 0x20)
        return cp === 0x20 || (cp >= 0x09 && cp <= 0x0d) || cp >= 0x1c;
    if (cp < 0x85)
        return false;
    if (cp === 0x85 || cp === 0xa0)
        return true;
    if (cp < 0x1680)
        return false;
    return (cp === 0x1680 ||
        (cp >= 0x2000 && cp <= 0x200a) ||
        cp === 0x2028 ||
        cp === 0x2029 ||
        cp === 0x202f ||
        cp === 0x205f ||
        cp === 0x3000);
}
/** That whitespace but U+0020, as the inside of a character class (never JavaScript's \s, which differs in the same way). */
const OTHER_WHITESPACE = String.raw `\t-\r\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000`;
/**
 * Every run of that whitespace but a lone U+0020, for native replacing: a run
 * that starts with another whitespace character, or a space and more.
 * Replacing each with one space gives what replacing every run would, without
 * matching the lone spaces that are most of the runs of a text (twice as
 * fast on quotes, measured).
 */
const WHITESPACE_TO_COLLAPSE = new RegExp(`[${OTHER_WHITESPACE}][${OTHER_WHITESPACE} ]*| [${OTHER_WHITESPACE} ]+`, 'g');
const WORD_RE = /^[\p{L}\p{N}_]$/u;
// 0 = not yet known, 1 = word, 2 = not word. Filled lazily: most text never asks
// about most code points, and a 64 KiB table is cheap once it is asked.
const wordBmp = new Uint8Array(0x10000);
/** A word code point: general category L or N, or `_` (SPEC §4). */
function isWordCodePoint(cp) {
    if (cp < 0x80) {
        return (cp >= 0x61 && cp <= 0x7a) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x30 && cp <= 0x39) || cp === 0x5f;
    }
    if (cp < 0x10000) {
        let known = wordBmp[cp];
        if (known === 0) {
            known = WORD_RE.test(String.fromCharCode(cp)) ? 1 : 2;
            wordBmp[cp] = known;
        }
        return known === 1;
    }
    return WORD_RE.test(String.fromCodePoint(cp));
}
/** The code point that ends at UTF-16 index `at` of a string (a whole surrogate pair), or undefined at its start. */
function codePointEndingAt(text, at) {
    if (at <= 0)
        return undefined;
    const low = text.charCodeAt(at - 1);
    return low >= 0xdc00 && low <= 0xdfff && at >= 2 ? text.codePointAt(at - 2) : low;
}
/**
 * Whether text[start, end) (not empty) sits on word boundaries as SPEC §4
 * wants of a match: where it starts with a word code point, none comes just
 * before; where it ends with one, none comes just after.
 */
function onWordBoundaries(text, start, end) {
    const before = codePointEndingAt(text, start);
    if (before !== undefined && isWordCodePoint(before) && isWordCodePoint(text.codePointAt(start)))
        return false;
    const after = text.codePointAt(end);
    return !(after !== undefined && isWordCodePoint(after) && isWordCodePoint(codePointEndingAt(text, end)));
}
const inertBmp = new Uint8Array(0x10000);
const inertAstral = [];
for (let i = 0; i < NFC_INERT_RANGES.length; i += 2) {
    const first = NFC_INERT_RANGES[i];
    const last = NFC_INERT_RANGES[i + 1];
    if (first < 0x10000)
        inertBmp.fill(1, first, Math.min(last, 0xffff) + 1);
    if (last >= 0x10000)
        inertAstral.push(Math.max(first, 0x10000), last);
}
/**
 * True when NFC can neither change this code point nor merge it with what comes
 * before it: the position before it is a safe place to cut text for NFC.
 * Unknown code points (for instance, assigned in a newer Unicode) are not inert,
 * so they always go through the runtime's own normalization.
 */
function isNfcInert(cp) {
    if (cp < 0x10000)
        return inertBmp[cp] === 1;
    let lo = 0;
    let hi = inertAstral.length / 2 - 1;
    while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (cp < inertAstral[2 * mid])
            hi = mid - 1;
        else if (cp > inertAstral[2 * mid + 1])
            lo = mid + 1;
        else
            return true;
    }
    return false;
}
/** True if the string holds a UTF-16 surrogate that is not part of a pair. */
function hasLoneSurrogate(s) {
    return !s.isWellFormed();
}

;// CONCATENATED MODULE: ./src/load/answer.ts

const SIMPLE_ESCAPES = {
    '0': 0,
    a: 7,
    b: 8,
    t: 9,
    '\t': 9,
    n: 10,
    v: 11,
    f: 12,
    r: 13,
    e: 0x1b,
    ' ': 0x20,
    '"': 0x22,
    '/': 0x2f,
    '\\': 0x5c,
    N: 0x85,
    _: 0xa0,
    L: 0x2028,
    P: 0x2029,
};
const HEX_ESCAPES = { x: 2, u: 4, U: 8 };
/**
 * The characters a scalar's text writes, in order, as UTF-16 units with the
 * offset in the file where each is written: escapes (JSON's and YAML's) are
 * decoded, and whitespace is left out, since line folding and indentation
 * change only whitespace between what the text writes and the value.
 */
function writtenUnits(text, source) {
    const units = [];
    const offsets = [];
    const put = (unit, at) => {
        if (isWhitespace(unit))
            return;
        units.push(unit);
        offsets.push(at);
    };
    let i = source.start;
    if (source.style === 'double' || source.style === 'single')
        i++;
    else if (source.style === 'block')
        i = text.indexOf('\n', i) + 1 || source.end; // past the header (`|`, `>-`)
    for (; i < source.end; i++) {
        const c = text[i];
        if (source.style === 'double' && c === '"')
            break;
        if (source.style === 'single' && c === "'") {
            if (text[i + 1] !== "'")
                break;
            put(0x27, i++);
        }
        else if (source.style === 'double' && c === '\\') {
            const e = text[i + 1];
            const digits = HEX_ESCAPES[e];
            if (digits !== undefined) {
                const cp = parseInt(text.slice(i + 2, i + 2 + digits), 16);
                for (const unit of String.fromCodePoint(Number.isNaN(cp) ? 0xfffd : cp))
                    for (let k = 0; k < unit.length; k++)
                        put(unit.charCodeAt(k), i);
                i += 1 + digits;
            }
            else {
                // A line break after a backslash is an escaped line break: it writes nothing.
                if (SIMPLE_ESCAPES[e] !== undefined)
                    put(SIMPLE_ESCAPES[e], i);
                i++;
            }
        }
        else {
            put(text.charCodeAt(i), i);
        }
    }
    return { units, offsets };
}
function answerAt(fileText, answer, position, index, source) {
    let written;
    return {
        text: answer,
        position,
        locate(at) {
            // Built once, when a finding first needs it: the answer's characters, in
            // order, against the characters the file writes.
            if (written === undefined) {
                written = new Int32Array(answer.length).fill(-1);
                const { units, offsets } = source ? writtenUnits(fileText, source) : { units: [], offsets: [] };
                for (let i = 0, k = 0; i < answer.length && k < units.length; i++) {
                    const unit = answer.charCodeAt(i);
                    if (isWhitespace(unit))
                        continue;
                    if (unit !== units[k])
                        break; // Not what the file writes: the rest is placed at the answer's start.
                    written[i] = offsets[k++];
                }
            }
            for (let i = at; i < answer.length; i++) {
                if (written[i] >= 0)
                    return index.position(written[i]);
                if (!isWhitespace(answer.charCodeAt(i)))
                    break;
            }
            return position;
        },
    };
}
/**
 * An answer that is the pieces joined, in order, each placed where the file
 * writes it; `position` is where the whole is said to start (the response).
 */
function joinedAnswer(fileText, pieces, position, index) {
    const starts = [];
    let text = '';
    for (const piece of pieces) {
        starts.push(text.length);
        text += piece.text;
    }
    const located = pieces.map(() => undefined);
    return {
        text,
        position,
        locate(at) {
            // The last piece that starts at or before `at` and is not empty.
            let k = starts.length - 1;
            while (k > 0 && (starts[k] > at || pieces[k].text.length === 0))
                k--;
            if (k < 0)
                return position;
            const piece = pieces[k];
            const answer = (located[k] ??= answerAt(fileText, piece.text, piece.source ? index.position(piece.source.start) : position, index, piece.source));
            return answer.locate(at - starts[k]);
        },
    };
}

;// CONCATENATED MODULE: ./src/load/anthropic.ts



/** The keys whose values the JSON scanner follows to place records, blocks and texts. */
const RESPONSE_KEYS = new Set(['content', 'text', 'citations', 'result', 'message']);
/** Keys of citegate's own records and files: a value that has one is never read as a response. */
const RECORD_KEYS = ['citation_id', 'source_id', 'quote', 'citations'];
function isPlainObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/**
 * Whether a value has the shape of a Messages API response (`type: "message"`
 * and a `content` list) or of a line of a Message Batches results file (a
 * string `custom_id` and a `result` object with a `type`), and none of the
 * keys of citegate's own records and files: so a citation file in citegate's
 * format is never read as responses.
 */
function looksLikeResponse(value) {
    if (!isPlainObject(value))
        return false;
    for (const key of RECORD_KEYS)
        if (Object.hasOwn(value, key))
            return false;
    if (value.type === 'message' && Array.isArray(value.content))
        return true;
    return typeof value.custom_id === 'string' && isPlainObject(value.result) && typeof value.result.type === 'string';
}
/**
 * The types of the events the Messages API streams (`"stream": true`), in
 * the server-sent events it sends and as the SDKs give them one by one.
 */
const STREAM_EVENTS = new Set([
    'message_start',
    'content_block_start',
    'content_block_delta',
    'content_block_stop',
    'message_delta',
    'message_stop',
    'ping',
]);
/**
 * What else a log of a stream holds beside its events: the API's `error`
 * event, and the events the Python SDK's stream helper adds to them (`text`,
 * `citation`…). Alone, none says the file is a stream: an error response
 * also has `"type": "error"`.
 */
const STREAM_EXTRAS = new Set([
    'error',
    'text',
    'citation',
    'thinking',
    'signature',
    'input_json',
]);
/** `event`: a streaming event; `extra`: what a log of them holds beside (STREAM_EXTRAS); undefined: neither. */
function streamPart(value) {
    if (!isPlainObject(value) || typeof value.type !== 'string')
        return undefined;
    for (const key of RECORD_KEYS)
        if (Object.hasOwn(value, key))
            return undefined;
    return STREAM_EVENTS.has(value.type) ? 'event' : STREAM_EXTRAS.has(value.type) ? 'extra' : undefined;
}
/**
 * Whether the values of a file (its value, the elements of its list or its
 * lines) are a log of streaming events: each one an event or what a log holds
 * beside them, at least one an event, and none with a key of citegate's own
 * records, so that a citation file in citegate's format is never taken for one.
 */
function looksLikeStream(values) {
    let events = false;
    for (const value of values) {
        const part = streamPart(value);
        if (part === undefined)
            return false;
        if (part === 'event')
            events = true;
    }
    return events;
}
const SAVE_FINAL = 'save the final message instead, which the SDKs give when the stream ends (`stream.finalMessage()` in TypeScript, `stream.get_final_message()` in Python)';
/**
 * The one problem of a log of streaming events, the first of type `first`
 * (one of STREAM_EVENTS or STREAM_EXTRAS): `count` of them, or undefined for
 * a `.json` file of them one per line, which is read no further.
 */
function streamProblem(first, count) {
    const events = count === undefined
        ? 'streaming events of a Messages API response, one per line,'
        : `${count} streaming event${count === 1 ? '' : 's'} of a Messages API response,`;
    return `${events} starting with ${first}, not a saved response: ${SAVE_FINAL}`;
}
/**
 * Whether a text is server-sent events as the API streams them: its first
 * line that is not blank names an event (`event: message_start`) or holds one
 * (`data: {"type": "message_start", …}`).
 */
function streamedEvents(text) {
    const { offset, end } = firstLine(text);
    SSE_FIELD.lastIndex = offset;
    const field = SSE_FIELD.exec(text);
    if (field === null)
        return undefined;
    const from = offset + field[0].length;
    let type;
    if (field[1] === 'event')
        type = text.slice(from, end);
    else {
        const value = jsonValue(text, from, end);
        type = isPlainObject(value) ? value.type : undefined;
    }
    // The API's error event comes in a stream too.
    if (typeof type !== 'string' || !(STREAM_EVENTS.has(type) || type === 'error'))
        return undefined;
    return {
        offset,
        message: `server-sent events of a streamed Messages API response, starting with ${type}, not JSON: ${SAVE_FINAL}`,
    };
}
/**
 * Whether a text that is not JSON is a saved stream: server-sent events, or
 * streaming events one per line (JSON Lines in a `.json` file). `invalidAt`:
 * where the text stops being JSON; when that is on its first line, the line
 * is no event (and is not parsed again).
 */
function streamText(text, invalidAt) {
    const sse = streamedEvents(text);
    if (sse !== undefined)
        return sse;
    const { offset, end } = firstLine(text);
    if (invalidAt <= end)
        return undefined;
    const value = jsonValue(text, offset, end);
    if (streamPart(value) !== 'event')
        return undefined;
    return { offset, message: streamProblem(value.type, undefined) };
}
/** Where the first line of a text that is not blank starts, and where it ends. */
function firstLine(text) {
    const offset = /^[ \t\r\n]*/.exec(text)[0].length;
    return { offset, end: lineEnd(text, offset) };
}
/** Where the line that holds text[from] ends: its line break, or the end of the text. */
function lineEnd(text, from) {
    LINE_END.lastIndex = from;
    return LINE_END.test(text) ? LINE_END.lastIndex - 1 : text.length;
}
/** A field of server-sent events that names or holds an event. */
const SSE_FIELD = /(event|data):[ ]?/y;
const LINE_END = /[\r\n]/g;
/** The JSON value of text[start, end), or undefined when it is none. */
function jsonValue(text, start, end) {
    try {
        return parseStrictJson(text, start, end, true).value;
    }
    catch (error) {
        if (error instanceof JsonSyntaxError)
            return undefined;
        throw error;
    }
}
/** A value of the file in a message: as JSON, at most a short excerpt of it. */
function shown(value) {
    // JSON.stringify writes a number past the doubles (1e999, read as Infinity) as null.
    if (typeof value === 'number' && !Number.isFinite(value))
        return 'a non-finite number';
    return shorten(JSON.stringify(value) ?? String(value), EXCERPT);
}
function typeName(value) {
    if (value === undefined)
        return 'missing (there is no such field)';
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'a list';
    if (typeof value === 'object')
        return 'an object';
    return `a ${typeof value}`;
}
/** Stop reasons that end an answer; the others leave it unfinished, or not an answer at all. */
const FINISHED = new Set(['end_turn', 'stop_sequence']);
const UNFINISHED = {
    max_tokens: 'is cut short: it stopped at max_tokens (stop_reason), so the end of the answer is missing',
    model_context_window_exceeded: 'is cut short: it ran out of context window (stop_reason model_context_window_exceeded), so the end of the answer is missing',
    pause_turn: 'is not finished: a server tool paused the turn (stop_reason pause_turn); save the response that ends it',
    tool_use: 'is not finished: the model asked for a tool (stop_reason tool_use); save the final response, after the tool result',
    refusal: 'is a refusal (stop_reason refusal), not an answer',
};
const DOCUMENT_CITATIONS = new Set(['char_location', 'page_location', 'content_block_location']);
const CITATION_TYPES = 'char_location, page_location, content_block_location, search_result_location, web_search_result_location';
/**
 * The records, responses and problems of the items of a file (each a response
 * or a batch result). `documents`: the manifest entry's list of the source
 * of each document sent.
 */
function readResponses(text, file, index, items, documents) {
    const reader = new ResponseReader(text, file, index, documents);
    // Streaming events are one problem, at the first, not one for each.
    const streamed = items.some((item) => streamPart(item.value) === 'event');
    let first;
    let events = 0;
    items.forEach((item, n) => {
        if (streamed && streamPart(item.value) !== undefined) {
            first ??= item;
            events++;
        }
        else
            reader.item(item, n);
    });
    if (first !== undefined) {
        const type = first.value.type;
        // A file that cannot be read as responses, not a response that cannot pass.
        reader.problems.push({ file, ...index.position(first.offsets.offset), message: streamProblem(type, events) });
    }
    if (reader.records.length > MAX_RECORDS_PER_FILE) {
        return {
            records: [],
            responses: [],
            problems: [...reader.problems, { file, line: 0, column: 0, message: tooManyRecords() }],
        };
    }
    return { records: reader.records, responses: reader.responses, problems: reader.problems };
}
class ResponseReader {
    text;
    file;
    index;
    documents;
    records = [];
    responses = [];
    problems = [];
    constructor(text, file, index, documents) {
        this.text = text;
        this.file = file;
        this.index = index;
        this.documents = documents;
    }
    problem(offset, message) {
        this.problems.push({ file: this.file, ...this.index.position(offset), message, kind: 'response' });
    }
    item({ value, offsets }, n) {
        if (isPlainObject(value) && (Object.hasOwn(value, 'custom_id') || Object.hasOwn(value, 'result'))) {
            this.batchResult(value, offsets, n);
            return;
        }
        if (isPlainObject(value) && value.type === 'message' && Array.isArray(value.content)) {
            this.response(value, offsets, n, undefined);
            return;
        }
        this.problem(offsets.offset, 'not a Messages API response (an object with `"type": "message"` and a `content` list) nor a line of a Message Batches results file (`custom_id` and `result`)');
    }
    batchResult(value, offsets, n) {
        const id = value.custom_id;
        if (typeof id !== 'string' || id === '') {
            this.problem(offsets.offset, 'a Message Batches result needs its `custom_id`, a non-empty string');
            return;
        }
        // Messages quote a file's text only as a short excerpt (a custom_id is at most 64 characters for the API).
        const name = `request ${shorten(id, EXCERPT)}`;
        const result = value.result;
        if (!isPlainObject(result) || typeof result.type !== 'string') {
            this.problem(offsets.offset, `${name}: its \`result\` must be an object with a \`type\``);
            return;
        }
        const resultOffsets = offsets.keys?.get('result');
        switch (result.type) {
            case 'succeeded': {
                const message = result.message;
                const messageOffsets = resultOffsets?.keys?.get('message');
                if (!isPlainObject(message) || message.type !== 'message' || !Array.isArray(message.content)) {
                    this.problem(messageOffsets?.offset ?? offsets.offset, `${name} succeeded, but its \`result.message\` is not a Messages API response`);
                    return;
                }
                this.response(message, messageOffsets, n, id);
                return;
            }
            case 'errored': {
                const error = isPlainObject(result.error) && isPlainObject(result.error.error) ? result.error.error : undefined;
                const what = shorten([error?.type, error?.message].filter((v) => typeof v === 'string').join(': '), 2 * EXCERPT);
                this.problem(offsets.offset, `${name} errored${what === '' ? '' : ` (${what})`}: there is no response to check`);
                return;
            }
            case 'canceled':
                this.problem(offsets.offset, `${name} was canceled before it was sent to the model: there is no response to check`);
                return;
            case 'expired':
                this.problem(offsets.offset, `${name} expired (the batch reached its 24-hour limit before it was sent): there is no response to check`);
                return;
            default:
                this.problem(offsets.offset, `${name}: its result is ${shown(result.type)}, not succeeded: there is no response to check`);
        }
    }
    response(message, offsets, n, customId) {
        const name = customId ?? (typeof message.id === 'string' && message.id !== '' ? message.id : `response${n + 1}`);
        const label = `response ${shorten(name, EXCERPT)}`;
        const at = offsets.offset;
        if (Object.hasOwn(message, 'stop_reason')) {
            const stop = message.stop_reason;
            if (typeof stop === 'string' && Object.hasOwn(UNFINISHED, stop))
                this.problem(at, `${label} ${UNFINISHED[stop]}`);
            else if (stop === null)
                this.problem(at, `${label} is not finished: its stop_reason is null (a streamed response saved before its end?)`);
            else if (typeof stop !== 'string' || !FINISHED.has(stop))
                this.problem(at, `${label}: its stop_reason ${shown(stop)} is not one citegate knows to end an answer (end_turn, stop_sequence)`);
        }
        const content = message.content;
        const contentOffsets = offsets.keys?.get('content')?.items;
        const pieces = [];
        const cited = [];
        const from = this.records.length;
        let answerLength = 0;
        content.forEach((block, b) => {
            if (!isPlainObject(block) || block.type !== 'text')
                return; // Thinking, tool use and the like: not the answer.
            const blockOffsets = contentOffsets?.[b];
            const blockAt = blockOffsets?.offset ?? at;
            const text = block.text;
            if (typeof text !== 'string') {
                this.problem(blockAt, `${label}: the \`text\` of content block ${b} must be a string, not ${typeName(text)}`);
                return;
            }
            const textAt = blockOffsets?.keys?.get('text')?.offset;
            pieces.push({
                text,
                source: textAt === undefined ? undefined : { start: textAt, end: this.text.length, style: 'double' },
            });
            const start = answerLength;
            answerLength += text.length;
            const citations = block.citations;
            if (citations === undefined || citations === null)
                return;
            const citationsOffsets = blockOffsets?.keys?.get('citations');
            if (!Array.isArray(citations)) {
                this.problem(citationsOffsets?.offset ?? blockAt, `${label}: the \`citations\` of content block ${b} must be a list or null, not ${typeName(citations)}`);
                return;
            }
            if (citations.length === 0)
                return;
            cited.push([start, answerLength]);
            citations.forEach((citation, c) => {
                this.records.push(this.record(`${name}#${b}.${c}`, citation, text, citationsOffsets?.items?.[c]?.offset ?? blockAt, textAt));
            });
        });
        if (this.records.length === from)
            this.problem(at, `${label} has no citation: none of its text can be checked (send the documents with \`"citations": {"enabled": true}\`)`);
        this.responses.push({
            name,
            position: this.index.position(at),
            answer: joinedAnswer(this.text, pieces, this.index.position(at), this.index),
            cited,
            from,
            to: this.records.length,
        });
    }
    record(id, citation, claim, offset, claimOffset) {
        const value = { citation_id: id, claim };
        const invalid = (reason, extra = {}) => ({
            value: { ...value, ...extra },
            offset,
            claimOffset,
            invalid: reason,
        });
        if (!isPlainObject(citation))
            return invalid(`a citation must be an object, not ${typeName(citation)}`);
        // Every string of the citation is checked for lone surrogates, as a record's are.
        value.citation = citation;
        const type = citation.type;
        if (!Object.hasOwn(citation, 'cited_text'))
            return invalid('cited_text is missing');
        const quote = citation.cited_text;
        if (typeof quote !== 'string')
            return invalid(`cited_text must be a string, not ${typeName(quote)}`);
        value.quote = quote;
        if (typeof type !== 'string')
            return invalid(`the citation's type must be a string (one of ${CITATION_TYPES})`);
        if (DOCUMENT_CITATIONS.has(type)) {
            const location = type === 'char_location'
                ? { kind: 'char', start: citation.start_char_index, end: citation.end_char_index }
                : type === 'page_location'
                    ? { kind: 'page', start: citation.start_page_number, end: citation.end_page_number }
                    : undefined;
            const title = citation.document_title;
            if (title !== undefined && title !== null && typeof title !== 'string')
                return invalid(`document_title must be a string or null, not ${typeName(title)}`);
            const documents = this.documents;
            if (documents !== undefined) {
                const n = citation.document_index;
                if (!Object.hasOwn(citation, 'document_index'))
                    return invalid('document_index is missing');
                if (typeof n !== 'number' || !Number.isInteger(n) || n < 0)
                    return invalid(`document_index must be a whole number from 0, not ${typeof n === 'number' ? shown(n) : typeName(n)}`);
                if (n >= documents.ids.length)
                    return invalid(`document_index ${n} is past the \`documents\` list (${documents.where}), which names ${documents.ids.length} document${documents.ids.length === 1 ? '' : 's'}`);
                const sourceId = documents.ids[n];
                if (sourceId === null) {
                    // Listed as no source: its citations are of no source the manifest has.
                    value.source_id = typeof title === 'string' && title !== '' ? title : `document ${n}`;
                    return { value, offset, claimOffset, unknownSource: true, ...(location ? { location } : {}) };
                }
                value.source_id = sourceId;
            }
            else {
                if (typeof title !== 'string' || title === '')
                    return invalid(`document_title is ${title === undefined ? 'missing' : title === '' ? 'empty' : 'null'}, and the manifest entry has no \`documents\` list: name the source of each document there`);
                value.source_id = title;
            }
            return { value, offset, claimOffset, ...(location ? { location } : {}) };
        }
        if (type === 'search_result_location') {
            const source = citation.source;
            if (!Object.hasOwn(citation, 'source'))
                return invalid('source is missing');
            if (typeof source !== 'string')
                return invalid(`source must be a string, not ${typeName(source)}`);
            value.source_id = source;
            return { value, offset, claimOffset };
        }
        if (type === 'web_search_result_location') {
            // A web page: citegate never fetches, so it is no source the manifest can have.
            const url = citation.url;
            value.source_id = typeof url === 'string' && url !== '' ? url : 'web search result';
            return { value, offset, claimOffset, unknownSource: true };
        }
        return invalid(`citation type ${shown(type)} is not one citegate reads (${CITATION_TYPES})`);
    }
}

;// CONCATENATED MODULE: ./src/load/citation-file.ts
// Citation files (SPEC §6): JSON (an array of records, or an object with a
// `citations` array), JSON Lines (one record per line) or YAML (same shapes);
// and saved Claude Messages API responses, JSON or JSON Lines, whose citations
// become records (anthropic.ts). Each record keeps the line and column where
// it starts. A file that cannot be parsed is a problem at its line and column;
// the caller goes on with the others.









const EMPTY_FILE = 'the file is empty: it holds no citation records';
const EMPTY_RESPONSES = 'the file is empty: it holds no responses';
function formatOf(file) {
    const lower = file.toLowerCase();
    if (lower.endsWith('.json'))
        return 'json';
    if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson'))
        return 'jsonl';
    if (lower.endsWith('.yaml') || lower.endsWith('.yml'))
        return 'yaml';
    return undefined;
}
/** Citation files larger than this are refused unread. */
const DEFAULT_MAX_CITATION_FILE_BYTES = 64 * 1024 * 1024;
function loadCitationFile(workspace, file, reading = {}, maxBytes = DEFAULT_MAX_CITATION_FILE_BYTES) {
    const format = formatOf(file);
    if (format === undefined)
        return unread(file, 'not a citation file: the name must end in .json, .jsonl, .yaml or .yml');
    const resolved = workspace.resolve('', file, 'file name');
    if (!resolved.ok)
        return unread(file, `cannot read: ${resolved.reason}`);
    const read = workspace.read(resolved.abs, maxBytes);
    if (!read.ok)
        return unread(file, `cannot read: ${read.reason}`);
    const decoded = decodeUtf8Text(read.bytes);
    if (decoded.ok)
        return parseCitationText(decoded.text, file, format, reading);
    // JSON Lines holds its records line by line: a line that is not UTF-8 is a problem of its own.
    const lines = format === 'jsonl' ? decodeUtf8Lines(read.bytes, MAX_LINE_PROBLEMS) : undefined;
    if (lines === undefined)
        return unread(file, decoded.reason, decoded.position);
    const loaded = parseCitationText(lines.text, file, format, reading);
    const bad = lines.bad.map((b) => ({ file, ...b.position, message: b.reason }));
    // Lines left out are not an empty file.
    const others = loaded.problems.filter((p) => p.message !== EMPTY_FILE && p.message !== EMPTY_RESPONSES);
    return { ...loaded, problems: [...bad, ...others].sort((a, b) => a.line - b.line || a.column - b.column) };
}
/** A citation file that is not read: its one problem, at `position` or on the file as a whole. */
function unread(file, message, position = { line: 0, column: 0 }) {
    return { file, records: [], document: undefined, problems: [{ file, ...position, message }] };
}
/**
 * YAML citation files larger than this are refused: the yaml package's
 * document takes about 75 times the size of its text in memory (JSON, parsed
 * natively, about 15 times), and hand-written YAML fixtures are small.
 */
const MAX_YAML_CHARS = 4 * 1024 * 1024;
/**
 * And so are YAML files with more than this many line breaks and YAML
 * punctuation (, : - [ ] { }): each YAML token takes 250 to 350 bytes in the
 * yaml package, and a file of `- 0` lines is all tokens. About 20,000 records
 * of four fields.
 */
const MAX_YAML_MARKS = 200_000;
/** Parses citation-file text (BOM already removed). */
function parseCitationText(text, file, format, reading = {}) {
    if (format === 'yaml' && reading.format === 'anthropic-messages') {
        return unread(file, 'not read: format anthropic-messages is JSON or JSON Lines (saved Messages API responses), and this is a YAML file');
    }
    if (format === 'yaml' && (text.length > MAX_YAML_CHARS || yamlMarks(text) > MAX_YAML_MARKS)) {
        const limit = text.length > MAX_YAML_CHARS
            ? `${MAX_YAML_CHARS / 1024 / 1024} MiB`
            : `${MAX_YAML_MARKS.toLocaleString('en-US')} line breaks and YAML marks (about 20,000 records)`;
        return unread(file, `not read: YAML citation files are limited to ${limit}; use JSON or JSON Lines for larger sets`);
    }
    // The parser and the placing of an answer's sentences must see the same text.
    if (format === 'yaml')
        text = withLoneCrAsLf(text);
    const index = new TextLineIndex(text);
    let parsed;
    // A file of nothing but white space holds no records (as an empty YAML file holds none).
    if (format === 'json' && /^[\s\ufeff]*$/.test(text))
        return unread(file, EMPTY_FILE);
    // Read as saved responses when the entry says so, or when the file has
    // their shape and the entry does not say otherwise.
    const responses = reading.format !== 'citegate';
    if (format === 'json') {
        const json = parseJson(text);
        // Not JSON, but a saved stream: one problem that says so, not the first thing JSON does not allow.
        const stream = json instanceof JsonSyntaxError && responses ? streamText(text, json.offset) : undefined;
        if (stream !== undefined)
            return unread(file, stream.message, index.position(stream.offset));
        if (!(json instanceof JsonSyntaxError) && responses) {
            const value = json.value;
            const shaped = looksLikeResponse(value) ||
                (Array.isArray(value) && value.length > 0 && value.every(looksLikeResponse)) ||
                looksLikeStream(Array.isArray(value) ? value : [value]);
            if (reading.format === 'anthropic-messages' || shaped) {
                const offsets = scanOffsets(text, RESPONSE_KEYS);
                const items = Array.isArray(value)
                    ? value.map((v, i) => ({ value: v, offsets: offsets.items[i] }))
                    : [{ value, offsets }];
                return responsesFile(text, file, index, items, reading, [], Array.isArray(value));
            }
        }
        parsed = parseJsonFile(text, json);
    }
    else if (format === 'jsonl') {
        // Server-sent events: one problem that says so, not one for each line.
        const stream = responses ? streamedEvents(text) : undefined;
        if (stream !== undefined)
            return unread(file, stream.message, index.position(stream.offset));
        parsed = parseJsonLines(text);
        const values = parsed.records.map((r) => r.value);
        if (responses &&
            (reading.format === 'anthropic-messages' ||
                (values.length > 0 && values.every(looksLikeResponse)) ||
                looksLikeStream(values))) {
            const items = parsed.records.map((r) => {
                // A line's value holds no line break (a JSON string cannot): it ends at the line's end.
                return { value: r.value, offsets: scanOffsets(text, RESPONSE_KEYS, r.offset, lineEnd(text, r.offset)) };
            });
            const syntax = parsed.problems.map((p) => ({ file, ...index.position(p.offset), message: p.message }));
            return responsesFile(text, file, index, items, reading, syntax, false);
        }
    }
    else
        parsed = parseYamlFile(text);
    const problems = parsed.problems.map((p) => ({ file, ...index.position(p.offset), message: p.message }));
    const records = parsed.records.map((r, i) => ({
        value: r.value,
        index: i,
        position: index.position(r.offset),
        claimPosition: r.claimOffset !== undefined ? index.position(r.claimOffset) : undefined,
    }));
    if (records.length === 0 && problems.length === 0 && !parsed.emptyListed) {
        problems.push({ file, line: 0, column: 0, message: EMPTY_FILE });
    }
    const answerValue = parsed.document?.get('answer');
    let answer;
    if (answerValue !== undefined) {
        const at = parsed.answerOffset ?? 0;
        if (typeof answerValue !== 'string')
            problems.push({ file, ...index.position(at), message: '`answer` must be a string: the text of the answer' });
        else
            answer = answerAt(text, answerValue, index.position(at), index, parsed.answerSource);
    }
    return { file, records, problems, document: parsed.document, ...(answer ? { answer } : {}) };
}
/** A file of saved responses: their records, each response with its answer, and what is wrong with them. */
function responsesFile(text, file, index, items, reading, syntax, listed) {
    const read = readResponses(text, file, index, items, reading.documents);
    const records = read.records.map((r, i) => ({
        value: r.value,
        index: i,
        position: index.position(r.offset),
        claimPosition: r.claimOffset !== undefined ? index.position(r.claimOffset) : undefined,
        ...(r.invalid !== undefined ? { invalid: r.invalid } : {}),
        ...(r.unknownSource ? { unknownSource: true } : {}),
        ...(r.location !== undefined ? { location: r.location } : {}),
    }));
    // In file order, the lines that could not be parsed among the others.
    const problems = [...syntax, ...read.problems].sort((a, b) => a.line - b.line || a.column - b.column);
    if (items.length === 0 && problems.length === 0 && !listed)
        problems.push({ file, line: 0, column: 0, message: EMPTY_RESPONSES });
    return { file, records, problems, document: undefined, responses: read.responses };
}
const SHAPE = 'expected an array of citation records, or an object with a "citations" array';
/**
 * The shape problem of a top-level object that has no `citations` list,
 * naming a key that looks like it mistyped (`citation`, `Citations`,
 * `citatons`), JSON-quoted so that it shows exactly and on one line.
 */
function shapeProblem(document) {
    if (document === undefined || document.has('citations'))
        return SHAPE;
    if (document.has('citation_id') || document.has('quote'))
        return `${SHAPE} (one record, alone: put it in a list)`;
    let compared = 0;
    for (const key of document.keys()) {
        if (++compared > 64)
            break;
        if (typeof key !== 'string' || key.length > 40)
            continue;
        const folded = key.toLowerCase();
        if (folded === 'citations' || editDistance(folded, 'citations') <= 2) {
            return `${SHAPE} (did you mean "citations", not ${JSON.stringify(key)}?)`;
        }
    }
    return SHAPE;
}
function jsonProblem(error, text) {
    if (!(error instanceof JsonSyntaxError))
        throw error;
    if (error.firstOffset !== undefined) {
        const first = new TextLineIndex(text).position(error.firstOffset);
        return { offset: error.offset, message: `${error.message} (first at line ${first.line}, column ${first.column})` };
    }
    return { offset: error.offset, message: error.message };
}
/** The strict parse of a JSON file, or the error that says what is wrong where. */
function parseJson(text) {
    try {
        return parseStrictJson(text);
    }
    catch (error) {
        if (error instanceof JsonSyntaxError)
            return error;
        throw error;
    }
}
function parseJsonFile(text, json) {
    if (json instanceof JsonSyntaxError)
        return { records: [], problems: [jsonProblem(json, text)], document: undefined, emptyListed: false };
    const parsed = json;
    const { value, recordOffsets, offset, keyOffsets, claimOffsets } = parsed;
    const answerOffset = keyOffsets.get('answer');
    let list = value;
    let document;
    if (citation_file_isPlainObject(value)) {
        document = new Map(Object.entries(value));
        list = value.citations;
    }
    if (!Array.isArray(list))
        return { records: [], problems: [{ offset, message: shapeProblem(document) }], document, emptyListed: false };
    return {
        records: list.map((v, i) => rawRecord(v, recordOffsets?.[i] ?? offset, claimOffsets.get(recordOffsets?.[i] ?? -1))),
        problems: [],
        document,
        emptyListed: true,
        ...(answerOffset !== undefined
            ? { answerOffset, answerSource: { start: answerOffset, end: text.length, style: 'double' } }
            : {}),
    };
}
function citation_file_isPlainObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** A JSON Lines file with this many bad lines is not read further. */
const MAX_LINE_PROBLEMS = 100;
function parseJsonLines(text) {
    const records = [];
    const problems = [];
    // Lines end at LF, CRLF or a lone CR, as positions count them.
    const ends = /\r\n?|\n/g;
    let start = 0;
    while (start <= text.length) {
        ends.lastIndex = start;
        const found = ends.exec(text);
        const lineEnd = found ? found.index : text.length;
        if (!/^[ \t]*$/.test(text.slice(start, lineEnd))) {
            if (records.length === MAX_RECORDS_PER_FILE) {
                problems.push({ offset: start, message: tooManyRecords() });
                records.length = 0;
                break;
            }
            try {
                const parsed = parseStrictJson(text, start, lineEnd, true);
                records.push(rawRecord(parsed.value, parsed.offset, Array.isArray(parsed.value) ? undefined : parsed.keyOffsets.get('claim')));
            }
            catch (error) {
                problems.push(jsonProblem(error, text));
                // A file of garbage lines is not worth a problem per line, and would cost memory for each.
                if (problems.length === MAX_LINE_PROBLEMS) {
                    problems.push({
                        offset: lineEnd,
                        message: `${MAX_LINE_PROBLEMS} bad lines: the rest of the file is not read`,
                    });
                    break;
                }
            }
        }
        start = found ? found.index + found[0].length : text.length + 1;
    }
    return { records, problems, document: undefined, emptyListed: false };
}
function parseYamlFile(text) {
    const { doc, issues } = parseYaml(text);
    const problems = issues.map((i) => ({ offset: i.offset, message: i.message }));
    const none = { records: [], document: undefined, emptyListed: false };
    if (doc === undefined || problems.length > 0)
        return { ...none, problems };
    let value;
    try {
        const aliased = aliasProblem(doc);
        if (aliased)
            return { ...none, problems: [aliased] };
        // Bounded above, alias by alias, where the package's own count refused a string's anchor used 100 times.
        value = doc.toJS({ mapAsMap: true, maxAliasCount: -1 });
    }
    catch (error) {
        return { ...none, problems: [{ offset: nodeOffset(doc.contents), message: yamlValueError(error) }] };
    }
    if (value === null || value === undefined)
        return { ...none, problems: [] };
    let node = deref(doc, doc.contents);
    let list = value;
    let document;
    let answerOffset;
    let answerSource;
    if (value instanceof Map && (0,dist/* isMap */.jh)(node)) {
        document = value;
        list = value.get('citations');
        const answerNode = node.items.find((p) => (0,dist/* isScalar */.jn)(p.key) && p.key.value === 'answer')?.value;
        if (answerNode)
            answerOffset = nodeOffset(answerNode);
        answerSource = yamlScalarSource(deref(doc, answerNode));
        node = deref(doc, node.items.find((p) => (0,dist/* isScalar */.jn)(p.key) && p.key.value === 'citations')?.value);
    }
    if (!Array.isArray(list) || !(0,dist/* isSeq */.oP)(node)) {
        return { ...none, document, problems: [{ offset: nodeOffset(doc.contents), message: shapeProblem(document) }] };
    }
    const seq = node;
    return {
        records: list.map((v, i) => rawRecord(v, nodeOffset(seq.items[i], nodeOffset(seq)), yamlClaimOffset(doc, seq.items[i]))),
        problems: [],
        document,
        emptyListed: true,
        ...(answerOffset !== undefined ? { answerOffset } : {}),
        ...(answerSource !== undefined ? { answerSource } : {}),
    };
}
function yamlValueError(error) {
    if (error instanceof RangeError)
        return 'nesting is too deep';
    return messageOf(error);
}
/** One shape for every record, with or without a claim: a file can hold a few hundred thousand. */
function rawRecord(value, offset, claimOffset) {
    return { value, offset, claimOffset };
}
function yamlClaimOffset(doc, item) {
    const node = deref(doc, item);
    if (!(0,dist/* isMap */.jh)(node))
        return undefined;
    const claim = node.items.find((p) => (0,dist/* isScalar */.jn)(p.key) && p.key.value === 'claim')?.value;
    return claim ? nodeOffset(claim) : undefined;
}
function yamlScalarSource(node) {
    if (!(0,dist/* isScalar */.jn)(node) || typeof node.value !== 'string' || !node.range)
        return undefined;
    const style = node.type === dist/* Scalar */.X5.QUOTE_DOUBLE
        ? 'double'
        : node.type === dist/* Scalar */.X5.QUOTE_SINGLE
            ? 'single'
            : node.type === dist/* Scalar */.X5.BLOCK_LITERAL || node.type === dist/* Scalar */.X5.BLOCK_FOLDED
                ? 'block'
                : 'plain';
    return { start: node.range[0], end: node.range[1], style };
}

;// CONCATENATED MODULE: ./src/load/select.ts
// Which citation files a run checks: those the manifest's `citations` globs
// match, or those named explicitly, each with the audience of the first
// `citations` entry that matches it.








/** Folders never walked unless a pattern names them: they hold tooling, not answers (.git is never walked at all). */
const SKIPPED_FOLDERS = new Set(['node_modules']);
/** The path of a workspace-relative file relative to the manifest's folder, or undefined if outside it. */
function underManifest(manifest, file) {
    if (manifest.dir === '')
        return file;
    return file.startsWith(`${manifest.dir}/`) ? file.slice(manifest.dir.length + 1) : undefined;
}
/** The `citations` entry a file falls under (first match wins), if any. */
function citationEntryFor(manifest, file) {
    const rel = underManifest(manifest, file);
    return rel === undefined ? undefined : manifest.citations.find((c) => c.glob.matches(rel));
}
function refFor(manifest, file) {
    const entry = citationEntryFor(manifest, file);
    return {
        file,
        audience: entry?.audience,
        ...(entry?.format !== undefined ? { format: entry.format } : {}),
        ...(entry?.documents !== undefined ? { documents: entry.documents } : {}),
    };
}
/**
 * How a name checks the file it names, as a key: its audience, the `require`
 * rules that match it, its format (`a.json` a link to `a.jsonl`) and how its
 * entry says its records are written. Two names of one file with the same key
 * check it alike.
 */
function checksOf(manifest, file) {
    const rel = underManifest(manifest, file);
    const rules = rel === undefined ? [] : manifest.requirements.flatMap((rule, i) => (rule.glob.matches(rel) ? [i] : []));
    const entry = citationEntryFor(manifest, file);
    const key = [entry?.audience ?? null, rules, formatOf(file) ?? null];
    // Only when an entry says so: the key of every other file stays as it was.
    if (entry?.format !== undefined)
        key.push(entry.format, entry.documents?.ids ?? null);
    return JSON.stringify(key);
}
/**
 * The names to check files named on a command line under (workspace-relative,
 * in the order given): each file under every name the manifest's patterns
 * give it where it really is, as the run over the patterns checks it, so that
 * no name, link or real path can carry it past its folder's audience and
 * `require` rules; and under the name given too when the patterns take that
 * name and it checks the file otherwise (a search cut short may not have come
 * to it), or when the patterns give the file no name. The patterns are
 * searched only when a named file exists; a search cut short is a problem,
 * as in the run over the patterns.
 */
function refsForNamed(workspace, manifest, named, maxLinkedCost = MAX_LINKED_NAMES_COST) {
    const placeOf = (rel) => {
        const real = workspace.realPath(external_node_path_default().join(workspace.root, ...rel.split('/')));
        return real.kind === 'inside' ? real.abs : undefined;
    };
    const problems = [];
    let byPlace;
    const namesAt = (place) => {
        if (!byPlace) {
            byPlace = new Map();
            const listed = findCitationFiles(workspace, manifest, maxLinkedCost);
            problems.push(...listed.problems.filter((p) => p.kind === 'not all listed'));
            for (const { file } of listed.files) {
                const at = placeOf(file);
                if (at !== undefined)
                    byPlace.set(at, [...(byPlace.get(at) ?? []), file]);
            }
        }
        return byPlace.get(place) ?? [];
    };
    const files = [];
    const seen = new Set();
    for (const rel of named) {
        const place = placeOf(rel);
        const names = place === undefined ? [] : [...namesAt(place)];
        const given = checksOf(manifest, rel);
        if (names.length === 0 ||
            (citationEntryFor(manifest, rel) !== undefined && !names.some((n) => checksOf(manifest, n) === given)))
            names.push(rel);
        for (const name of names) {
            if (seen.has(name))
                continue;
            seen.add(name);
            files.push(refFor(manifest, name));
        }
    }
    return { files, problems };
}
/**
 * The citation files named on a command line (as given, from the current
 * folder), under the names refsForNamed() gives them; a name that cannot be
 * read as given (not UTF-8, outside the workspace) is a problem instead.
 */
function namedCitationFiles(workspace, manifest, args) {
    const problems = [];
    const named = [];
    for (const arg of args) {
        // Node gives a name that is not UTF-8 with U+FFFD in place of its bad
        // bytes: reading that would read another file, one really named so.
        if (arg.includes('\ufffd')) {
            problems.push({
                file: arg,
                line: 0,
                column: 0,
                message: 'not read: the name holds U+FFFD, which is what a name that is not valid UTF-8 becomes on a command line: rename the file',
            });
            continue;
        }
        const abs = workspace.citationArgumentPath(arg);
        if (!workspace.contains(abs)) {
            problems.push({
                file: arg,
                line: 0,
                column: 0,
                message: `not read: it is outside the workspace (${workspace.root}); use --root`,
            });
            continue;
        }
        named.push(workspace.relative(abs));
    }
    // A file named twice (a shell glob and its name) is checked once, not
    // counted twice; and under the names the patterns give it.
    const listed = refsForNamed(workspace, manifest, named);
    return { files: listed.files, problems: [...problems, ...listed.problems] };
}
/**
 * Every file the `citations` globs match, sorted by path. Links to folders
 * are followed while they stay inside the workspace, but not back to a
 * folder on the way down (a link loop cannot make the walk endless), and
 * within a budget for the names links make; a link that leads out of it, and
 * a walk cut short, are problems, as files would otherwise go unchecked
 * without a word.
 */
function findCitationFiles(workspace, manifest, maxLinkedCost = MAX_LINKED_NAMES_COST) {
    // Each file once, by where it really is: reached under two names (a folder
    // or file link, two patterns), it keeps the name without a link, else the
    // first in order. But only where the names check it alike: a name gives the
    // file its audience and its `require` rules, and a name whose checks differ
    // is checked too, or a link could carry a file past them.
    // Per real place, its names that check it differently: worked out only
    // where a second name reaches the place (a link), not for every file.
    const byPlace = new Map();
    const problems = new Map();
    for (const pattern of manifest.citations) {
        for (const base of pattern.glob.baseFolders()) {
            const start = [manifest.dir, base].filter((p) => p !== '').join('/');
            const matches = (file) => {
                const rel = underManifest(manifest, file);
                return rel !== undefined && pattern.glob.matches(rel);
            };
            walk(workspace, start, maxLinkedCost, {
                onFile: (file, place, viaLink) => {
                    if (!matches(file))
                        return;
                    const names = byPlace.get(place);
                    if (!names) {
                        byPlace.set(place, [{ rel: file, viaLink }]);
                        return;
                    }
                    const as = checksOf(manifest, file);
                    const k = names.findIndex((n) => (n.as ??= checksOf(manifest, n.rel)) === as);
                    const known = names[k];
                    if (!known)
                        names.push({ rel: file, viaLink, as });
                    else if ((known.viaLink && !viaLink) || (known.viaLink === viaLink && comparePaths(file, known.rel) < 0))
                        names[k] = { rel: file, viaLink, as };
                },
                matches,
                // Only folders where some file could match: links and names elsewhere are none of the run's business.
                enter: (folder, name) => {
                    // Never listed: a pattern that names a .git folder is told so, and fails the run.
                    if (inGitFolder(name)) {
                        if (pattern.glob.namesFolder(name))
                            problems.set(folder, {
                                file: folder,
                                line: 0,
                                column: 0,
                                message: `folder not listed: ${IN_GIT_FOLDER}`,
                            });
                        return false;
                    }
                    const rel = underManifest(manifest, folder);
                    return ((!SKIPPED_FOLDERS.has(name) || pattern.glob.namesFolder(name)) &&
                        rel !== undefined &&
                        pattern.glob.mayMatchBelow(rel));
                },
                onProblem: (problem) => problems.set(problem.file, problem),
            });
        }
    }
    const found = new Set([...byPlace.values()].flatMap((names) => names.map((f) => f.rel)));
    return {
        files: [...found].sort(comparePaths).map((file) => refFor(manifest, file)),
        problems: [
            ...[...problems.values()].sort((a, b) => comparePaths(a.file, b.file)),
            ...unmatchedRequirements(manifest, found),
        ],
    };
}
/** A `require` rule that no citation file matches checks nothing: a problem, so that a mistyped glob cannot pass unseen. */
function unmatchedRequirements(manifest, files) {
    const rels = [...files].map((file) => underManifest(manifest, file));
    return manifest.requirements
        .filter((rule) => !rels.some((rel) => rule.glob.matches(rel)))
        .map((rule) => ({
        file: manifest.file,
        ...rule.filesPosition,
        kind: 'manifest rule',
        message: `the \`require\` rule \`files: ${rule.pattern}\` matches none of the citation files, so it checks nothing` +
            (/[*?[{]|\/$/.test(rule.pattern) ? '' : ` (for every file under a folder, write ${rule.pattern}/)`),
    }));
}
function isOnTheWay(way, abs) {
    for (let w = way; w !== undefined; w = w.up)
        if (w.abs === abs)
            return true;
    return false;
}
/**
 * What one walk may spend on names it reaches through links, counted in the
 * characters of their folders' names and a little per name. Links can make
 * one folder appear under many names (two links from each folder to the
 * next, twenty deep, make a million), and long ones, each searched, since a
 * name may check its files differently; the real folders are the
 * repository's own and are not counted. Past it the walk stops, as a
 * problem: the run fails, in seconds, not passes short.
 */
const MAX_LINKED_NAMES_COST = 50_000_000;
function walk(workspace, folder, maxLinkedCost, walker) {
    // The base folder comes from a pattern and may pass through a link: list it
    // only if it really is inside.
    const base = workspace.realPath(folder === '' ? workspace.root : external_node_path_default().join(workspace.root, ...folder.split('/')));
    if (base.kind === 'missing')
        return; // A base folder that does not exist matches nothing.
    if (base.kind === 'refused') {
        walker.onProblem({ file: folder, line: 0, column: 0, message: notListed(base.reason) });
        return;
    }
    // Every name a folder has here is searched, through links too: the name
    // decides how its files are checked (their audience, their `require` rules),
    // and the caller keeps one name for each file where they check it alike.
    // A link back to a folder on the way down is a loop, and not followed.
    const baseViaLink = base.abs !== external_node_path_default().join(workspace.root, ...folder.split('/').filter(Boolean));
    const pending = [
        [folder, base.abs, baseViaLink, { abs: base.abs, up: undefined }],
    ];
    let linkedCost = 0;
    for (;;) {
        const next = pending.pop();
        if (next === undefined)
            break;
        const [current, abs, viaLink, way] = next;
        let entries;
        try {
            // Names as bytes: a name that is not UTF-8 would be read as U+FFFD, and
            // two such files, or one and a file really named so, would become one.
            entries = (0,external_node_fs_namespaceObject.readdirSync)(abs, { withFileTypes: true, encoding: 'buffer' });
        }
        catch (error) {
            const code = error.code;
            if (current === folder && code === 'ENOTDIR')
                return; // The base is a file: it names no folder.
            walker.onProblem({ file: current, line: 0, column: 0, message: `folder not listed: ${describeFsError(error)}` });
            continue;
        }
        if (viaLink) {
            linkedCost += entries.length * (current.length + 16);
            if (linkedCost > maxLinkedCost) {
                walker.onProblem({
                    file: folder === '' ? '.' : folder,
                    line: 0,
                    column: 0,
                    kind: 'not all listed',
                    message: 'not all listed: links give its folders more names than citegate follows; some citation files may be missing',
                });
                return;
            }
        }
        const folders = [];
        const named = entries
            .map((entry) => ({ entry, name: entry.name.toString('utf8') }))
            .sort((a, b) => comparePaths(a.name, b.name));
        for (const { entry, name } of named) {
            const rel = current === '' ? name : `${current}/${name}`;
            const isLink = entry.isSymbolicLink();
            const isFolder = entry.isDirectory() || (isLink && isFolderLink(external_node_path_default().join(abs, name)));
            if (!(0,external_node_buffer_namespaceObject.isUtf8)(entry.name)) {
                if (isFolder ? walker.enter(rel, name) : walker.matches(rel)) {
                    const shown = current === '' ? bytesShown(entry.name) : `${current}/${bytesShown(entry.name)}`;
                    walker.onProblem({
                        file: shown,
                        line: 0,
                        column: 0,
                        message: 'not read: the name is not valid UTF-8, so citegate cannot name it; rename it',
                    });
                }
                continue;
            }
            if (isFolder) {
                if (!walker.enter(rel, name))
                    continue;
                if (!isLink) {
                    const sub = external_node_path_default().join(abs, name);
                    // Below a link, a real folder may be one the way came down through already.
                    if (viaLink && isOnTheWay(way, sub))
                        continue;
                    folders.push([rel, sub, viaLink, { abs: sub, up: way }]);
                    continue;
                }
                const target = workspace.realPath(external_node_path_default().join(abs, name));
                if (target.kind !== 'inside') {
                    walker.onProblem({
                        file: rel,
                        line: 0,
                        column: 0,
                        message: notListed(target.kind === 'refused' ? target.reason : 'no such folder'),
                    });
                    continue;
                }
                if (isOnTheWay(way, target.abs))
                    continue; // A loop.
                folders.push([rel, target.abs, true, { abs: target.abs, up: way }]);
            }
            else if (isLink) {
                // A link to a file is placed where it leads, so that a file reached
                // under its own name too is known as one (the caller checks it once
                // where the names check it alike); one that leads nowhere or outside
                // is listed as it is, and reading it refuses it.
                const target = walker.matches(rel) ? workspace.realPath(external_node_path_default().join(abs, name)) : undefined;
                walker.onFile(rel, target?.kind === 'inside' ? target.abs : external_node_path_default().join(abs, name), true);
            }
            else {
                // Anything else that is not a folder (a FIFO, a socket) is listed too:
                // reading it is refused, as a problem, rather than the file passing unseen.
                walker.onFile(rel, external_node_path_default().join(abs, name), viaLink);
            }
        }
        // In name order, so that the walk is the same on every machine.
        for (let k = folders.length - 1; k >= 0; k--)
            pending.push(folders[k]);
    }
}
/** A name that is not UTF-8, its bad bytes written as \\xHH. */
function bytesShown(name) {
    let shown = '';
    let from = 0;
    while (from < name.length) {
        const bad = from + firstInvalidUtf8(name.subarray(from));
        shown += name.toString('utf8', from, bad);
        if (bad < name.length)
            shown += `\\x${name[bad].toString(16).toUpperCase().padStart(2, '0')}`;
        from = bad + 1;
    }
    return shown;
}
/** Whether a link leads to a folder (wherever that is: the caller checks). */
function isFolderLink(abs) {
    try {
        return (0,external_node_fs_namespaceObject.statSync)(abs).isDirectory();
    }
    catch {
        return false;
    }
}
/** A folder the walk could not list, and why ("the path is a link…" reads "it is a link…" here). */
function notListed(reason) {
    return `folder not listed: ${reason.replace(/^the path is/, 'it is')}`;
}

;// CONCATENATED MODULE: ./src/check/outcome.ts
// Whether a run passes (SPEC §5), decided here and nowhere else: every report,
// exit status and step result reads the outcome this makes.

/**
 * SPEC §5 and §8. Without a baseline (or with fail-on any), a run passes when it checked at least one record (unless it is partial: a
 * shard, or the files a change touched, may hold none), every record is
 * located, no input had a problem (every file read, every source verified),
 * and no check beyond quotes that is set to fail found anything.
 */
function judge(result) {
    const counts = tally(result);
    const reasons = [];
    if (result.baseline?.failOn === 'new') {
        // Only what the change made worse: records located in the baseline and not
        // now, new records not located, new failing findings. A problem (a file
        // not read, a source not verified) fails the run whatever the baseline
        // says: what cannot be read or verified was never checked.
        let broken = 0;
        let newFailing = 0;
        for (const r of result.records) {
            if (r.baseline?.state === 'broken')
                broken++;
            else if (r.baseline?.state === 'new' && !result_isLocated(r))
                newFailing++;
        }
        if (broken > 0)
            reasons.push({ kind: 'records broken', count: broken });
        if (newFailing > 0)
            reasons.push({ kind: 'new records not located', count: newFailing });
        if (counts.problems > 0)
            reasons.push({ kind: 'problems', count: counts.problems });
        const findings = result.findings.filter((f) => f.level === 'fail' && f.baseline !== 'still failing').length;
        if (findings > 0)
            reasons.push({ kind: 'failing findings', count: findings });
    }
    else {
        if (counts.failed > 0)
            reasons.push({ kind: 'records not located', count: counts.failed, total: counts.total });
        if (counts.problems > 0)
            reasons.push({ kind: 'problems', count: counts.problems });
        if (counts.findings.fail > 0)
            reasons.push({ kind: 'failing findings', count: counts.findings.fail });
    }
    if (counts.total === 0 && result.partial !== true)
        reasons.push({ kind: 'no records' });
    return { passed: reasons.length === 0, reasons };
}
/** The result with its outcome. */
function judged(result) {
    return { ...result, outcome: judge(result) };
}

;// CONCATENATED MODULE: ./src/engine/match.ts
// Matching of SPEC §4 on normalized UTF-8: every start position counts,
// overlapping ones included, and a quote that starts (ends) with a word code
// point must not be preceded (followed) by one. Matching whole UTF-8 sequences
// of well-formed text can only ever align with whole code points, so searching
// bytes is searching code points. No regular expression is built from a quote.


function quoteContext(prefix, suffix) {
    return {
        prefixText: prefix,
        suffixText: suffix,
        prefix: external_node_buffer_namespaceObject.Buffer.from(prefix, 'utf8'),
        suffix: external_node_buffer_namespaceObject.Buffer.from(suffix, 'utf8'),
    };
}
/**
 * Whether the context allows a match at `start` of `length` bytes: the one
 * space where context meets quote does not count.
 */
function match_contextAllows(text, start, length, context) {
    const { prefix, suffix } = context;
    if (prefix.length > 0) {
        let end = start;
        if (end > 0 && text[end - 1] === 0x20)
            end--;
        if (end < prefix.length)
            return false;
        for (let i = 0; i < prefix.length; i++)
            if (text[end - prefix.length + i] !== prefix[i])
                return false;
    }
    if (suffix.length > 0) {
        let from = start + length;
        if (from < text.length && text[from] === 0x20)
            from++;
        if (text.length - from < suffix.length)
            return false;
        for (let i = 0; i < suffix.length; i++)
            if (text[from + i] !== suffix[i])
                return false;
    }
    return true;
}
/** Prepares a normalized, non-empty, well-formed quote for searching. */
function prepareQuote(normalized) {
    const first = normalized.codePointAt(0) ?? 0;
    const last = normalized.codePointAt(normalized.length - 1) ?? 0;
    // codePointAt on the low half of a pair gives the low surrogate; step back to the pair.
    const lastCp = last >= 0xdc00 && last <= 0xdfff && normalized.length >= 2
        ? (normalized.codePointAt(normalized.length - 2) ?? last)
        : last;
    return {
        text: normalized,
        bytes: external_node_buffer_namespaceObject.Buffer.from(normalized, 'utf8'),
        startsWithWord: isWordCodePoint(first),
        endsWithWord: isWordCodePoint(lastCp),
    };
}
/** The code point that ends just before byte offset `p` (p > 0) of well-formed UTF-8. */
function codePointBefore(text, p) {
    let k = p - 1;
    if (text[k] < 0x80)
        return text[k];
    while ((text[k] & 0xc0) === 0x80)
        k--;
    return codePointAt(text, k);
}
/** The code point that starts at byte offset `p` of well-formed UTF-8. */
function codePointAt(text, p) {
    const b = text[p];
    if (b < 0x80)
        return b;
    if (b < 0xe0)
        return ((b & 0x1f) << 6) | (text[p + 1] & 0x3f);
    if (b < 0xf0)
        return ((b & 0x0f) << 12) | ((text[p + 1] & 0x3f) << 6) | (text[p + 2] & 0x3f);
    return ((b & 0x07) << 18) | ((text[p + 1] & 0x3f) << 12) | ((text[p + 2] & 0x3f) << 6) | (text[p + 3] & 0x3f);
}
/** Whether an occurrence of the quote's bytes at `start` respects the word boundaries of SPEC §4. */
function respectsWordBoundaries(text, start, quote) {
    if (quote.startsWithWord && start > 0 && isWordCodePoint(codePointBefore(text, start)))
        return false;
    const end = start + quote.bytes.length;
    if (quote.endsWithWord && end < text.length && isWordCodePoint(codePointAt(text, end)))
        return false;
    return true;
}
/**
 * Start offsets (in `text`, ascending) of the quote's matches, at most `limit`
 * of them; `limit` 2 is enough to tell located from ambiguous.
 */
function match_findMatches(text, quote, limit) {
    const found = [];
    let from = 0;
    while (found.length < limit) {
        const at = text.indexOf(quote.bytes, from);
        if (at < 0)
            break;
        if (respectsWordBoundaries(text, at, quote))
            found.push(at);
        from = at + 1;
    }
    return found;
}

;// CONCATENATED MODULE: ./src/engine/offset-map.ts

/** The budget of cuts for a text of this many bytes (normalized). */
function cutBudget(length) {
    return (1 << 24) + 16 * length;
}
/** Clusters longer than this (in original bytes) keep their coarse mapping: finding a cut costs their length squared. */
const MAX_CUT_CLUSTER = 256;
/**
 * Where in an NFC cluster's original bytes [origStart, origEnd) the normalized
 * offset `at` (strictly inside [normStart, normEnd)) falls: the code point
 * boundary k such that NFC of the original before k is exactly the normalized
 * text before `at`, and NFC of the original from k is exactly the rest. Then
 * the original slice at a match normalizes back to it. -1 when there is no
 * such k (NFC reordered marks across the cut) or the cluster is long.
 */
function cutInCluster(texts, normStart, normEnd, origStart, origEnd, at) {
    const size = origEnd - origStart;
    if (size > MAX_CUT_CLUSTER || texts.budget < size * size)
        return -1;
    texts.budget -= size * size;
    const original = external_node_buffer_namespaceObject.Buffer.from(texts.original.buffer, texts.original.byteOffset, texts.original.length);
    const normalized = external_node_buffer_namespaceObject.Buffer.from(texts.normalized.buffer, texts.normalized.byteOffset, texts.normalized.length);
    const before = normalized.toString('utf8', normStart, at);
    const after = normalized.toString('utf8', at, normEnd);
    for (let k = origStart + 1; k < origEnd; k++) {
        if ((original[k] & 0xc0) === 0x80)
            continue; // Not the start of a code point.
        if (original.toString('utf8', origStart, k).normalize('NFC') !== before)
            continue;
        if (original.toString('utf8', k, origEnd).normalize('NFC') === after)
            return k;
    }
    return -1;
}
/**
 * Maps byte offsets in normalized text back to byte offsets in the original.
 *
 * Normalization changes text only in a few places (a run of whitespace, a
 * decomposed accent), so the map keeps one segment per place where the
 * difference between the two offsets changes, not one entry per byte. A segment
 * is either linear (byte for byte) or opaque: an NFC cluster whose normalized
 * bytes correspond to its original bytes only as a whole.
 */
class OffsetMap {
    normStarts = new Int32Array(16);
    origStarts = new Int32Array(16);
    /** For opaque segments, the original end offset; -1 for linear ones. */
    origEnds = new Int32Array(16);
    size = 0;
    normLength = 0;
    get segmentCount() {
        return this.size;
    }
    /** Empties the map for reuse: its arrays stay allocated. */
    reset() {
        this.size = 0;
        this.normLength = 0;
    }
    /** From normalized offset `norm` on, bytes map one to one from `orig`. */
    addLinear(norm, orig) {
        this.push(norm, orig, -1);
    }
    /** Normalized bytes from `norm` to the next segment stand for original [orig, origEnd). */
    addOpaque(norm, orig, origEnd) {
        this.push(norm, orig, origEnd);
    }
    finish(normLength) {
        this.normLength = normLength;
    }
    /**
     * Original offset of the character that starts at normalized offset `p`.
     * Inside an opaque segment, `texts` lets the cut be found exactly when there
     * is one (see cutInCluster); without, or when there is none, the segment's start.
     */
    toOriginalStart(p, texts) {
        const k = this.segmentAt(p);
        if (this.origEnds[k] < 0)
            return this.origStarts[k] + (p - this.normStarts[k]);
        if (texts && p > this.normStarts[k]) {
            const cut = cutInCluster(texts, this.normStarts[k], this.segmentEnd(k), this.origStarts[k], this.origEnds[k], p);
            if (cut >= 0)
                return cut;
        }
        return this.origStarts[k];
    }
    /** Original offset just after the character that ends at normalized offset `end` (end > 0); likewise. */
    toOriginalEnd(end, texts) {
        const k = this.segmentAt(end - 1);
        if (this.origEnds[k] < 0)
            return this.origStarts[k] + (end - this.normStarts[k]);
        if (texts && end < this.segmentEnd(k)) {
            const cut = cutInCluster(texts, this.normStarts[k], this.segmentEnd(k), this.origStarts[k], this.origEnds[k], end);
            if (cut >= 0)
                return cut;
        }
        return this.origEnds[k];
    }
    segmentEnd(k) {
        return k + 1 < this.size ? this.normStarts[k + 1] : this.normLength;
    }
    segmentAt(p) {
        if (this.size === 0 || p < 0 || p >= this.normLength) {
            throw new RangeError(`offset ${p} is outside the normalized text (length ${this.normLength})`);
        }
        let lo = 0;
        let hi = this.size - 1;
        while (lo < hi) {
            const mid = (lo + hi + 1) >> 1;
            if (this.normStarts[mid] <= p)
                lo = mid;
            else
                hi = mid - 1;
        }
        return lo;
    }
    push(norm, orig, origEnd) {
        // A segment that starts where the previous one started replaces it: the
        // previous one turned out to be empty.
        if (this.size > 0 && this.normStarts[this.size - 1] === norm)
            this.size--;
        if (this.size === this.normStarts.length) {
            const grow = (a) => {
                const b = new Int32Array(a.length * 2);
                b.set(a);
                return b;
            };
            this.normStarts = grow(this.normStarts);
            this.origStarts = grow(this.origStarts);
            this.origEnds = grow(this.origEnds);
        }
        this.normStarts[this.size] = norm;
        this.origStarts[this.size] = orig;
        this.origEnds[this.size] = origEnd;
        this.size++;
    }
}

;// CONCATENATED MODULE: ./src/engine/unicode-normalize.ts
// Unicode normalization (NFC, NFD, NFKC, NFKD) in time linear in the text.
//
// The runtime's normalizer (ICU) puts the combining marks that follow a
// character in canonical order by inserting each one in turn: a run of marks
// out of order costs the square of its length. One record whose quote is an
// "a", 50,000 acute accents (class 230) and 50,000 grave accents below (class
// 220) took 4.8 s to normalize, and twice the marks four times as long, so a
// pull request could hold a gate for hours with one file. A run already in
// order costs what its length does (1.2 ms for that quote).
//
// So each long run of characters that may be marks is replaced, before the
// runtime normalizes the text, by its decomposition with the marks stably
// sorted by their combining class: a text canonically equivalent to the
// first, whose normal forms are the same, and which the runtime then reads in
// linear time. Shorter runs, nearly all text, go to the runtime as they are.
// JavaScript gives no character's combining class, so classes are told apart
// by asking the runtime to order two marks after an "a", once for each pair
// of classes met (there are about 55).
//
// Not covered: the runtime's composing, not its ordering, is quadratic in a
// run of the four characters of class 0 that compose with themselves
// (U+113C2, U+1611E, U+16129, U+16D67; docs/security.md).

/**
 * Runs of at most this many characters that may be marks are left to the
 * runtime: ordering them costs it at most this length squared.
 */
const LONG_MARK_RUN = 32;
/** Code points from U+0300 on: below it, no character is a mark or has one in its decomposition but é-like letters. */
const FROM_U0300 = /[^\x00-\u02ff]/;
/** `text.normalize(form)`, in time linear in the text (see the module's comment). */
function normalizeUnicode(text, form, longRun = LONG_MARK_RUN) {
    // A text no longer than a long run has none (most words, clusters and passages): no scan of it.
    if (text.length <= longRun || !FROM_U0300.test(text))
        return text.normalize(form);
    const compat = form === 'NFKC' || form === 'NFKD';
    return inOrder(text, compat, longRun).normalize(form);
}
/**
 * The text with each run of more than `longRun` characters that may be marks
 * replaced by its decomposition in canonical order (the text itself when it
 * has none): the same normal forms, and no long run out of order.
 */
function inOrder(text, compat, longRun) {
    let out;
    let copied = 0;
    let runStart = -1;
    let runLength = 0;
    const n = text.length;
    for (let i = 0; i <= n;) {
        const cp = i < n ? text.codePointAt(i) : 0;
        const width = cp > 0xffff ? 2 : 1;
        if (i < n && mayBeMark(cp, compat)) {
            if (runLength++ === 0)
                runStart = i;
        }
        else {
            if (runLength > longRun) {
                out ??= [];
                out.push(text.slice(copied, runStart), orderedDecomposition(text.slice(runStart, i), compat));
                copied = i;
            }
            runLength = 0;
        }
        i += width;
    }
    if (out === undefined)
        return text;
    out.push(text.slice(copied));
    return out.join('');
}
/**
 * Whether the character may be a mark, or decompose into one, in the form:
 * any that NFC could change or merge with what comes before it (isNfcInert
 * says which cannot); for the compatibility forms, any that their
 * decomposition changes too (a half-width voiced sound mark, U+FF9E, is
 * U+3099, a mark, in NFKD).
 */
function mayBeMark(cp, compat) {
    if (cp < 0x300)
        return false;
    if (!isNfcInert(cp))
        return true;
    return compat && compatChanges(cp);
}
const compatChangesBmp = new Uint8Array(0x10000);
const compatChangesAstral = new Map();
function compatChanges(cp) {
    if (cp < 0x10000) {
        if (compatChangesBmp[cp] === 0) {
            const ch = String.fromCharCode(cp);
            compatChangesBmp[cp] = ch.normalize('NFKD') === ch ? 1 : 2;
        }
        return compatChangesBmp[cp] === 2;
    }
    let changes = compatChangesAstral.get(cp);
    if (changes === undefined) {
        const ch = String.fromCodePoint(cp);
        if (compatChangesAstral.size >= 4096)
            compatChangesAstral.clear();
        compatChangesAstral.set(cp, (changes = ch.normalize('NFKD') !== ch));
    }
    return changes;
}
/**
 * The canonical (or compatibility) decomposition of a run in canonical order:
 * each character decomposed alone, then each run of marks stably sorted by
 * combining class, as the Unicode standard orders them (UAX #15).
 */
function orderedDecomposition(run, compat) {
    const form = compat ? 'NFKD' : 'NFD';
    const cps = [];
    for (let i = 0; i < run.length; i++) {
        const cp = run.codePointAt(i);
        if (cp > 0xffff)
            i++;
        // A lone surrogate stays as it is, as the runtime leaves it.
        if (cp >= 0xd800 && cp <= 0xdfff) {
            cps.push(cp);
            continue;
        }
        const parts = String.fromCodePoint(cp).normalize(form);
        for (let j = 0; j < parts.length; j++) {
            const part = parts.codePointAt(j);
            if (part > 0xffff)
                j++;
            cps.push(part);
        }
    }
    for (let i = 0; i < cps.length;) {
        if (classOf(cps[i]) === undefined) {
            i++;
            continue;
        }
        let j = i + 1;
        while (j < cps.length && classOf(cps[j]) !== undefined)
            j++;
        if (j - i > 1) {
            const keyed = cps.slice(i, j).map((cp) => ({ cp, order: classOf(cp).order }));
            // Array.prototype.sort is stable: marks of one class keep their order.
            keyed.sort((a, b) => a.order - b.order);
            for (let k = 0; k < keyed.length; k++)
                cps[i + k] = keyed[k].cp;
        }
        i = j;
    }
    const pieces = [];
    for (let i = 0; i < cps.length; i += 4096)
        pieces.push(String.fromCodePoint(...cps.slice(i, i + 4096)));
    return pieces.join('');
}
/** The classes met so far, in ascending order. */
const classes = [];
/** Per decomposed code point: its class, or null for a starter (class 0). */
const classOfCodePoint = new Map();
/** The class of a code point of a decomposition: undefined for a starter (combining class 0). */
function classOf(cp) {
    let known = classOfCodePoint.get(cp);
    if (known === undefined) {
        if (classOfCodePoint.size >= 65_536)
            classOfCodePoint.clear();
        classOfCodePoint.set(cp, (known = isStarter(cp) ? null : placed(cp)));
    }
    return known ?? undefined;
}
/**
 * Whether a code point of a decomposition has combining class 0: it moves
 * past neither U+0334 (class 1) after it nor U+0301 (class 230) before it,
 * where any mark moves past one of them.
 */
function isStarter(cp) {
    if (cp >= 0xd800 && cp <= 0xdfff)
        return true;
    const ch = String.fromCodePoint(cp);
    return !reorders(ch, '\u0334') && !reorders('\u0301', ch);
}
/** Whether canonical ordering puts `second` before `first` when both follow an "a". */
function reorders(first, second) {
    const text = `a${first}${second}`;
    return text.normalize('NFD') !== text;
}
/** The class of a mark: one met before, or a new one put in its place among them. */
function placed(cp) {
    const ch = String.fromCodePoint(cp);
    let lo = 0;
    let hi = classes.length - 1;
    while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const other = String.fromCodePoint(classes[mid].mark);
        if (reorders(ch, other))
            lo = mid + 1;
        else if (reorders(other, ch))
            hi = mid - 1;
        else
            return classes[mid];
    }
    const made = { order: lo, mark: cp };
    classes.splice(lo, 0, made);
    for (let k = lo + 1; k < classes.length; k++)
        classes[k].order = k;
    return made;
}

;// CONCATENATED MODULE: ./src/engine/normalize.ts
// Normalization of SPEC §3: Unicode NFC, then every maximal run of whitespace
// becomes one U+0020 and leading and trailing runs are dropped.
//
// Quotes are short, so normalizeText() does it the plain way. Sources can be
// large, so normalizeSource() works on their UTF-8 bytes in one pass, copying
// what does not change and keeping an offset map back to the original. Both give
// exactly what normalizeText() gives for the same text (tested property).




/** Anything but printable ASCII and single inner spaces: text without it is normalized already. */
const NOT_PLAIN = /[^\x21-\x7e ]| {2}|^ | $/;
/** Code points from U+0300 on: below them, text is NFC already. */
const normalize_FROM_U0300 = /[^\x00-\u02ff]/;
/**
 * Whether NFC may change the text: whether it has a code point from U+0300 on
 * that is not NFC-inert. Typographic quotes, dashes and most letters are inert,
 * and looking them up costs less than half of what the runtime's NFC does on
 * quotes (measured).
 */
function mayChangeUnderNfc(text) {
    const first = text.search(normalize_FROM_U0300);
    if (first < 0)
        return false;
    for (let i = first; i < text.length; i++) {
        const cp = text.codePointAt(i);
        if (cp < 0x300)
            continue;
        if (cp > 0xffff)
            i++;
        // A lone surrogate is not inert either: the runtime's NFC decides what it becomes.
        if (!isNfcInert(cp))
            return true;
    }
    return false;
}
/** SPEC §3 for a string: `" ".join(unicodedata.normalize("NFC", s).split())`. */
function normalizeText(text) {
    // Most quotes are plain text with single spaces: one native look, and nothing to do.
    if (!NOT_PLAIN.test(text))
        return text;
    const nfc = mayChangeUnderNfc(text) ? normalizeUnicode(text, 'NFC') : text;
    const spaced = nfc.replace(WHITESPACE_TO_COLLAPSE, ' ');
    // Every run is one space now, so at most one at each end.
    const from = spaced.charCodeAt(0) === 0x20 ? 1 : 0;
    const to = spaced.length > from && spaced.charCodeAt(spaced.length - 1) === 0x20 ? spaced.length - 1 : spaced.length;
    return from === 0 && to === spaced.length ? spaced : spaced.slice(from, to);
}
/**
 * A line with every kind of text the normalizer handles (line ends, runs,
 * tabs, wide spaces, letters of every UTF-8 length, accents NFC composes or
 * leaves, marks of every UTF-8 length after a mark, Hangul jamo), normalized
 * at start: the optimizing compiler then sees every branch taken before it
 * compiles the loop, instead of bailing out each time a source shows a new
 * kind of text (measured: a quarter of the time of a first run over a hundred
 * sources). Ten times, because V8 keeps what it learns about a function only
 * from its eighth call or so, and the calls at the end of normalize() run once
 * per source (with two, --trace-deopt showed a bail-out there).
 */
const PRIMER = 'Prime: a  b\r\nc\td\u00a0e\u2028f\u3000 g\u00e9 h\u2019s e\u0301 q\u0307 x\u0302\u0323 ' +
    'a\u0301\u20d0 a\u0301\ud834\udd65 \ud835\udc00 \u0958 \u1100\u1161 ok\n\n end. ';
let primed = false;
function primeOnce() {
    if (primed)
        return;
    primed = true;
    const sample = external_node_buffer_namespaceObject.Buffer.from(PRIMER, 'utf8');
    const normalizer = new SourceNormalizer();
    for (let k = 0; k < 10; k++)
        normalizer.normalize(sample);
}
/** 1 for the bytes a run of printable ASCII may hold: printable ASCII, the space and the line feed. */
const IN_RUN = new Uint8Array(256).fill(1, 0x20, 0x7f);
IN_RUN[0x0a] = 1;
/** What each byte of a run is written as: itself, but the line feed as a space. */
const RUN_BYTE = Uint8Array.from({ length: 256 }, (_, b) => (b === 0x0a ? 0x20 : b));
/**
 * Copies the run of printable ASCII at `i` (its first byte is one) to `out` at
 * `j`, and with it any single space or line feed between two printable ASCII
 * characters: that normalizes to one space, byte for byte, so the offsets stay
 * linear and nothing needs recording. Returns where the run ends.
 *
 * The loop has one test per byte, by table, and no branch on spaces (one in
 * every few bytes of prose, which a branch mispredicts): a space or line feed
 * is written as it comes, and the run stops at a second one in a row, or at a
 * byte that is no part of a run; a space it wrote last is then left to the
 * caller, which begins a run of whitespace there (measured: 1.5 ns a byte
 * against 2.6 for a loop that looked at the byte after each space).
 *
 * A function of its own because it is where most bytes go: small, the
 * optimizing compiler has it ready after the first few sources, where the whole
 * normalize() takes it 20 to 30 ms (measured), spent in slow code meanwhile.
 */
function copyPrintableRun(src, out, i, j, n) {
    let last = src[i];
    out[j++] = last;
    for (i++; i < n; i++) {
        const b = src[i];
        const written = RUN_BYTE[b];
        // Numbers, not booleans: both tests are made, with no branch between them.
        if ((IN_RUN[b] ^ 1) | +((written | last) === 0x20))
            break;
        out[j++] = written;
        last = written;
    }
    return last === 0x20 ? i - 1 : i;
}
/**
 * Normalizes source text held as UTF-8 bytes (already validated, BOM removed).
 *
 * NFC can change text only around code points that are not NFC-inert (see
 * unicode-data.ts). Such a code point, with the inert code point before it and
 * every non-inert one after it, forms a cluster that is normalized on its own by
 * the runtime's String.prototype.normalize; cutting text before an inert code
 * point or whitespace never changes the result of NFC. Everything else is copied.
 *
 * One instance reuses its output buffer and offset map from call to call, so
 * processing many sources one after another does not ask the system for fresh
 * memory for each (page faults cost more than the normalizing itself).
 */
class SourceNormalizer {
    out = external_node_buffer_namespaceObject.Buffer.allocUnsafeSlow(0);
    map = new OffsetMap();
    constructor() {
        primeOnce();
    }
    normalize(src) {
        const n = src.length;
        // allocUnsafeSlow: a buffer of its own, 8-byte aligned, which the quote scanner reads as 32-bit words.
        if (this.out.length < n + 8)
            this.out = external_node_buffer_namespaceObject.Buffer.allocUnsafeSlow(Math.max(n + 8, this.out.length * 2));
        let out = this.out;
        const map = this.map;
        map.reset();
        let i = 0;
        let j = 0;
        // Original offset minus normalized offset in the current linear segment.
        let delta = Number.NaN;
        // Original offset where a pending run of whitespace began, or -1.
        let wsStart = -1;
        while (i < n) {
            const b = src[i];
            if (b > 0x20 && b < 0x80) {
                // Printable ASCII, the common case: copy the whole run.
                if (wsStart >= 0) {
                    if (j > 0) {
                        if (wsStart - j !== delta) {
                            map.addLinear(j, wsStart);
                            delta = wsStart - j;
                        }
                        out[j++] = 0x20;
                    }
                    wsStart = -1;
                }
                if (i - j !== delta) {
                    map.addLinear(j, i);
                    delta = i - j;
                }
                const end = copyPrintableRun(src, out, i, j, n);
                j += end - i;
                i = end;
                continue;
            }
            let cp;
            let len;
            if (b < 0x80) {
                cp = b;
                len = 1;
            }
            else if (b < 0xe0) {
                cp = ((b & 0x1f) << 6) | (src[i + 1] & 0x3f);
                len = 2;
            }
            else if (b < 0xf0) {
                cp = ((b & 0x0f) << 12) | ((src[i + 1] & 0x3f) << 6) | (src[i + 2] & 0x3f);
                len = 3;
            }
            else {
                cp = ((b & 0x07) << 18) | ((src[i + 1] & 0x3f) << 12) | ((src[i + 2] & 0x3f) << 6) | (src[i + 3] & 0x3f);
                len = 4;
            }
            if (isWhitespace(cp)) {
                if (wsStart < 0)
                    wsStart = i;
                i += len;
                continue;
            }
            // The cluster starts at the code point before this one when that is part
            // of the same word: an inert code point that a combining mark may join.
            let clusterStart = i;
            let clusterOut = j;
            const inert = cp < 0x300 || isNfcInert(cp);
            if (wsStart >= 0) {
                if (j > 0) {
                    if (wsStart - j !== delta) {
                        map.addLinear(j, wsStart);
                        delta = wsStart - j;
                    }
                    out[j++] = 0x20;
                }
                wsStart = -1;
                clusterOut = j;
            }
            else if (!inert && j > 0) {
                // The previous code point was copied verbatim (clusters end before an
                // inert code point), so its bytes are the last ones written.
                clusterStart = i - 1;
                while ((src[clusterStart] & 0xc0) === 0x80)
                    clusterStart--;
                clusterOut = j - (i - clusterStart);
            }
            if (inert) {
                if (i - j !== delta) {
                    map.addLinear(j, i);
                    delta = i - j;
                }
                for (let k = 0; k < len; k++)
                    out[j++] = src[i + k];
                i += len;
                continue;
            }
            let end = i + len;
            while (end < n) {
                const c = src[end];
                if (c < 0x80)
                    break;
                let next;
                let l;
                if (c < 0xe0) {
                    next = ((c & 0x1f) << 6) | (src[end + 1] & 0x3f);
                    l = 2;
                }
                else if (c < 0xf0) {
                    next = ((c & 0x0f) << 12) | ((src[end + 1] & 0x3f) << 6) | (src[end + 2] & 0x3f);
                    l = 3;
                }
                else {
                    next =
                        ((c & 0x07) << 18) | ((src[end + 1] & 0x3f) << 12) | ((src[end + 2] & 0x3f) << 6) | (src[end + 3] & 0x3f);
                    l = 4;
                }
                if (next < 0x300 || isWhitespace(next) || isNfcInert(next))
                    break;
                end += l;
            }
            const original = src.toString('utf8', clusterStart, end);
            const composed = normalizeUnicode(original, 'NFC');
            if (composed === original) {
                if (i - j !== delta) {
                    map.addLinear(j, i);
                    delta = i - j;
                }
                src.copy(out, j, i, end);
                j += end - i;
            }
            else {
                const room = clusterOut + 3 * composed.length + (n - end) + 8;
                if (room > out.length) {
                    const bigger = external_node_buffer_namespaceObject.Buffer.allocUnsafeSlow(Math.max(room, out.length * 2));
                    out.copy(bigger, 0, 0, clusterOut);
                    this.out = out = bigger;
                }
                map.addOpaque(clusterOut, clusterStart, end);
                j = clusterOut + out.write(composed, clusterOut, 'utf8');
                delta = Number.NaN;
            }
            i = end;
        }
        map.finish(j);
        return { bytes: out.subarray(0, j), map };
    }
}

;// CONCATENATED MODULE: ./src/engine/suffix-array.ts
// Suffix arrays of integer strings by induced sorting (SA-IS: Nong, Zhang and
// Chan, "Two efficient algorithms for linear time suffix array construction",
// 2011), in time and memory linear in the length of the string, whatever it
// repeats. The steps follow the AtCoder Library's sa_is (CC0), on typed arrays.
//
// No package is used: the runtime dependencies are @actions/core,
// @actions/github and yaml only, and the one suffix array on the npm registry
// in wide use (mnemonist's SuffixArray) sorts the suffixes by comparing them,
// which costs the square of the length on text that repeats.
/** Below this length, the suffixes are sorted by comparing them. */
const NAIVE = 10;
/**
 * The suffix array of `s`: the start of each suffix of `s`, in lexicographic
 * order of the suffixes (a suffix that is a prefix of another comes first).
 * Every value of `s` is in [0, upper].
 */
function suffixArray(s, upper) {
    const n = s.length;
    if (n === 0)
        return new Int32Array(0);
    if (n === 1)
        return Int32Array.of(0);
    if (n === 2)
        return s[0] < s[1] ? Int32Array.of(0, 1) : Int32Array.of(1, 0);
    if (n < NAIVE)
        return naive(s);
    const sa = new Int32Array(n);
    // ls[i]: suffix i is S-type (smaller than suffix i + 1); the last is L-type
    // (the empty suffix after it is smaller than any).
    const ls = new Uint8Array(n);
    for (let i = n - 2; i >= 0; i--)
        ls[i] = s[i] === s[i + 1] ? ls[i + 1] : s[i] < s[i + 1] ? 1 : 0;
    // sumL[c]: where bucket c starts; sumS[c]: where its S-type suffixes start (after its L-type ones).
    const sumL = new Int32Array(upper + 2);
    const sumS = new Int32Array(upper + 2);
    for (let i = 0; i < n; i++) {
        if (ls[i] === 0)
            sumS[s[i]]++;
        else
            sumL[s[i] + 1]++;
    }
    for (let c = 0; c <= upper; c++) {
        sumS[c] += sumL[c];
        if (c < upper)
            sumL[c + 1] += sumS[c];
    }
    const buf = new Int32Array(upper + 2);
    const induce = (lms, count) => {
        sa.fill(-1);
        buf.set(sumS);
        for (let k = 0; k < count; k++) {
            const d = lms[k];
            if (d !== n)
                sa[buf[s[d]]++] = d;
        }
        buf.set(sumL);
        sa[buf[s[n - 1]]++] = n - 1;
        for (let i = 0; i < n; i++) {
            const v = sa[i];
            if (v >= 1 && ls[v - 1] === 0)
                sa[buf[s[v - 1]]++] = v - 1;
        }
        buf.set(sumL);
        for (let i = n - 1; i >= 0; i--) {
            const v = sa[i];
            if (v >= 1 && ls[v - 1] === 1)
                sa[--buf[s[v - 1] + 1]] = v - 1;
        }
    };
    // The LMS positions (an S-type suffix after an L-type one), numbered in text order.
    const lmsMap = new Int32Array(n + 1).fill(-1);
    let m = 0;
    for (let i = 1; i < n; i++)
        if (ls[i - 1] === 0 && ls[i] === 1)
            lmsMap[i] = m++;
    const lms = new Int32Array(m);
    for (let i = 1, k = 0; i < n; i++)
        if (ls[i - 1] === 0 && ls[i] === 1)
            lms[k++] = i;
    induce(lms, m);
    if (m > 0) {
        // The LMS substrings in the order the induction put them, named by rank
        // (equal substrings one name), make a string of at most n / 2 names: its
        // suffix array orders the LMS suffixes, from which the rest is induced.
        const sorted = new Int32Array(m);
        for (let i = 0, k = 0; i < n; i++)
            if (lmsMap[sa[i]] !== -1)
                sorted[k++] = sa[i];
        const names = new Int32Array(m);
        let upperNames = 0;
        names[lmsMap[sorted[0]]] = 0;
        for (let k = 1; k < m; k++) {
            let l = sorted[k - 1];
            let r = sorted[k];
            const endL = lmsMap[l] + 1 < m ? lms[lmsMap[l] + 1] : n;
            const endR = lmsMap[r] + 1 < m ? lms[lmsMap[r] + 1] : n;
            let same = true;
            if (endL - l !== endR - r)
                same = false;
            else {
                while (l < endL && s[l] === s[r]) {
                    l++;
                    r++;
                }
                if (l === n || s[l] !== s[r])
                    same = false;
            }
            if (!same)
                upperNames++;
            names[lmsMap[sorted[k]]] = upperNames;
        }
        const reduced = suffixArray(names, upperNames);
        for (let k = 0; k < m; k++)
            sorted[k] = lms[reduced[k]];
        induce(sorted, m);
    }
    return sa;
}
function naive(s) {
    const n = s.length;
    const order = Array.from({ length: n }, (_, i) => i);
    order.sort((a, b) => {
        if (a === b)
            return 0;
        while (a < n && b < n) {
            if (s[a] !== s[b])
                return s[a] - s[b];
            a++;
            b++;
        }
        return a === n ? -1 : 1;
    });
    return Int32Array.from(order);
}

;// CONCATENATED MODULE: ./src/engine/unit-index.ts
// An index of a normalized source in which every quote is found at a cost
// that does not grow with the source: a suffix array of its units.
//
// A unit is a maximal run of word code points (SPEC §4: general category L or
// N, or `_`) or one code point of any other kind. The text is the sequence of
// its units. A quote matches at a position (SPEC §4: its bytes are there, and
// where it starts or ends with a word code point no word code point is next to
// it there) exactly when its own units are the text's units from a unit start
// on: a match that starts with a word code point starts a run of them, one
// that ends with one ends a run, and every unit inside is whole on both sides.
// So the matches of a quote, overlapping ones included, are the suffixes of
// the unit sequence that begin with the quote's units: one contiguous range of
// the suffix array, found by binary search, with no match to test one by one.
//
// Units are ranked in the order of their UTF-8 bytes (a unit that is a prefix
// of another first), so that comparing a quote with a suffix compares bytes of
// the text itself, read unit by unit: the index keeps nothing but the suffix
// array, one 32-bit offset per unit (a third to a fifth of the text's bytes in
// natural text). Building it is linear in the text, whatever the text repeats.


/** Per ASCII byte: 1 for a word character (letter, digit, `_`). */
const ASCII_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++)
    ASCII_WORD[c] = isWordCodePoint(c) ? 1 : 0;
/** Bytes in the UTF-8 sequence that starts with byte `b`. */
function sequenceLength(b) {
    return b < 0x80 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
}
/** Whether the code point whose UTF-8 sequence starts at `p` is a word code point. */
function wordAt(bytes, p) {
    const b = bytes[p];
    if (b < 0x80)
        return ASCII_WORD[b] === 1;
    let cp;
    if (b < 0xe0)
        cp = ((b & 0x1f) << 6) | (bytes[p + 1] & 0x3f);
    else if (b < 0xf0)
        cp = ((b & 0x0f) << 12) | ((bytes[p + 1] & 0x3f) << 6) | (bytes[p + 2] & 0x3f);
    else
        cp = ((b & 0x07) << 18) | ((bytes[p + 1] & 0x3f) << 12) | ((bytes[p + 2] & 0x3f) << 6) | (bytes[p + 3] & 0x3f);
    return isWordCodePoint(cp);
}
/**
 * Where the unit that starts at `p` (< end) ends, in well-formed UTF-8 that
 * ends at `end`: a run of word code points or one other code point, with the
 * space after it if there is one (so that a text's units are about as many as
 * its words).
 */
function unitEnd(bytes, p, end) {
    const b = bytes[p];
    let q;
    if (b < 0x80 && ASCII_WORD[b] === 0) {
        if (b === 0x20)
            return p + 1;
        q = p + 1;
    }
    else if (b >= 0x80 && !wordAt(bytes, p)) {
        q = p + sequenceLength(b);
    }
    else {
        // A run of word code points: ASCII ones quickly, others decoded.
        q = p + sequenceLength(b);
        while (q < end) {
            const c = bytes[q];
            if (c < 0x80) {
                if (ASCII_WORD[c] === 0)
                    break;
                q++;
            }
            else {
                if (!wordAt(bytes, q))
                    break;
                q += sequenceLength(c);
            }
        }
    }
    return q < end && bytes[q] === 0x20 ? q + 1 : q;
}
/** The unit starts of bytes[0, end): one pass to count them, one to write them. */
function unitStarts(bytes, end) {
    let count = 0;
    for (let p = 0; p < end; p = unitEnd(bytes, p, end))
        count++;
    const starts = new Int32Array(count + 1);
    let k = 0;
    for (let p = 0; p < end; p = unitEnd(bytes, p, end))
        starts[k++] = p;
    starts[count] = end;
    return starts;
}
/** Compares bytes a[i, i + la) with b[j, j + lb) in byte order, a prefix first: negative, 0 or positive. */
function compareBytes(a, i, la, b, j, lb) {
    const common = Math.min(la, lb);
    for (let k = 0; k < common; k++) {
        const d = a[i + k] - b[j + k];
        if (d !== 0)
            return d;
    }
    return la - lb;
}
/**
 * The rank of every unit among the distinct units of the text, in byte order:
 * equal units one rank. Distinct units are found by hashing their bytes (an
 * open-addressing table, checked byte by byte), then sorted by their bytes.
 */
function unitRanks(bytes, starts) {
    const m = starts.length - 1;
    const ranks = new Int32Array(m);
    // First the id of each unit, in order of first appearance; the table holds ids.
    let capacity = 1024;
    let table = new Int32Array(capacity).fill(-1);
    let hashes = new Int32Array(capacity);
    let firstOf = new Int32Array(1024);
    let distinct = 0;
    for (let u = 0; u < m; u++) {
        const p = starts[u];
        const len = starts[u + 1] - p;
        let h = 0x811c9dc5 ^ len;
        for (let k = 0; k < len; k++)
            h = Math.imul(h ^ bytes[p + k], 0x01000193);
        h ^= h >>> 15;
        let mask = capacity - 1;
        let slot = h & mask;
        let id = -1;
        for (;;) {
            const t = table[slot];
            if (t === -1)
                break;
            if (hashes[slot] === h) {
                const q = starts[firstOf[t]];
                if (compareBytes(bytes, p, len, bytes, q, starts[firstOf[t] + 1] - q) === 0) {
                    id = t;
                    break;
                }
            }
            slot = (slot + 1) & mask;
        }
        if (id === -1) {
            id = distinct++;
            if (id === firstOf.length) {
                const grown = new Int32Array(firstOf.length * 2);
                grown.set(firstOf);
                firstOf = grown;
            }
            firstOf[id] = u;
            table[slot] = id;
            hashes[slot] = h;
            if (2 * distinct > capacity) {
                // Grow the table, placing every id again by its hash.
                const oldTable = table;
                const oldHashes = hashes;
                capacity *= 2;
                mask = capacity - 1;
                table = new Int32Array(capacity).fill(-1);
                hashes = new Int32Array(capacity);
                for (let s = 0; s < oldTable.length; s++) {
                    if (oldTable[s] === -1)
                        continue;
                    let at = oldHashes[s] & mask;
                    while (table[at] !== -1)
                        at = (at + 1) & mask;
                    table[at] = oldTable[s];
                    hashes[at] = oldHashes[s];
                }
            }
        }
        ranks[u] = id;
    }
    // Then the ids in byte order of their units, and each unit's id replaced by its rank.
    const order = new Int32Array(distinct);
    for (let id = 0; id < distinct; id++)
        order[id] = id;
    const from = new Int32Array(distinct);
    const length = new Int32Array(distinct);
    for (let id = 0; id < distinct; id++) {
        from[id] = starts[firstOf[id]];
        length[id] = starts[firstOf[id] + 1] - from[id];
    }
    sortByBytes(order, from, length, bytes);
    const rankOf = new Int32Array(distinct);
    for (let r = 0; r < distinct; r++)
        rankOf[order[r]] = r;
    for (let u = 0; u < m; u++)
        ranks[u] = rankOf[ranks[u]];
    return { ranks, distinct };
}
/** Groups this small are sorted by insertion rather than by bucket. */
const INSERTION = 24;
/**
 * Sorts `items` (distinct byte strings, item i being bytes[from[i], from[i] +
 * length[i])) in byte order, a prefix first: a most-significant-byte radix
 * sort, linear in the bytes it reads.
 */
function sortByBytes(items, from, length, bytes) {
    const scratch = new Int32Array(items.length);
    const counts = new Int32Array(258);
    // Groups still to sort: [lo, hi) sharing their first `depth` bytes.
    const stack = [0, items.length, 0];
    while (stack.length > 0) {
        const depth = stack.pop();
        const hi = stack.pop();
        const lo = stack.pop();
        if (hi - lo < 2)
            continue;
        if (hi - lo <= INSERTION) {
            for (let i = lo + 1; i < hi; i++) {
                const item = items[i];
                let j = i - 1;
                while (j >= lo &&
                    compareBytes(bytes, from[items[j]] + depth, length[items[j]] - depth, bytes, from[item] + depth, length[item] - depth) > 0) {
                    items[j + 1] = items[j];
                    j--;
                }
                items[j + 1] = item;
            }
            continue;
        }
        // The key at this depth: 0 for a string that has ended, else its byte + 1.
        counts.fill(0);
        for (let i = lo; i < hi; i++) {
            const item = items[i];
            counts[(depth < length[item] ? bytes[from[item] + depth] + 1 : 0) + 1]++;
        }
        for (let k = 1; k < 258; k++)
            counts[k] += counts[k - 1];
        for (let i = lo; i < hi; i++) {
            const item = items[i];
            scratch[lo + counts[depth < length[item] ? bytes[from[item] + depth] + 1 : 0]++] = item;
        }
        items.set(scratch.subarray(lo, hi), lo);
        // counts[k] is now where key k's group ends; the group of ended strings (key 0) holds at most one.
        let start = lo + counts[0];
        for (let k = 1; k < 257; k++) {
            const end = lo + counts[k];
            if (end - start > 1)
                stack.push(start, end, depth + 1);
            start = end;
        }
    }
}
class UnitIndex {
    text;
    /** The byte offset of each unit start, in the order of the suffixes that start there. */
    sa;
    minima;
    /** `text`: a normalized source, well-formed UTF-8. */
    constructor(text) {
        this.text = text;
        const starts = unitStarts(text, text.length);
        const { ranks, distinct } = unitRanks(text, starts);
        const sa = suffixArray(ranks, Math.max(0, distinct - 1));
        for (let i = 0; i < sa.length; i++)
            sa[i] = starts[sa[i]];
        this.sa = sa;
    }
    /** How many units the text has (the suffix array's length). */
    get units() {
        return this.sa.length;
    }
    /**
     * The range of the suffix array holding the matches of `quote` (a
     * normalized quote, UTF-8, not empty): hi − lo of them. `steps` counts the
     * comparisons made, for a caller's work budget.
     */
    range(quote, steps) {
        const quoteUnits = unitStarts(quote, quote.length);
        const sa = this.sa;
        // The first suffix not less than the quote, then the first greater than it (its units compared only).
        let lo = 0;
        let hi = sa.length;
        let compared = 0;
        while (lo < hi) {
            const mid = (lo + hi) >>> 1;
            compared++;
            if (this.compare(sa[mid], quote, quoteUnits) < 0)
                lo = mid + 1;
            else
                hi = mid;
        }
        const first = lo;
        hi = sa.length;
        while (lo < hi) {
            const mid = (lo + hi) >>> 1;
            compared++;
            if (this.compare(sa[mid], quote, quoteUnits) <= 0)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (steps)
            steps.count += compared;
        return { lo: first, hi: lo };
    }
    /** The byte offset of the match at position `i` of the suffix array. */
    at(i) {
        return this.sa[i];
    }
    /**
     * The first `limit` matches in a range, by position in the text, ascending.
     * A range of up to RMQ_FROM entries is passed over once, keeping the
     * `limit` smallest offsets in a heap; a larger one is taken smallest first
     * through a range-minimum structure (see Minima), at a cost that grows with
     * `limit`, not with the range.
     */
    firstMatches(range, limit) {
        const { lo, hi } = range;
        const sa = this.sa;
        if (limit <= 0)
            return [];
        if (hi - lo <= limit)
            return Array.from(sa.slice(lo, hi).sort());
        if (hi - lo <= RMQ_FROM)
            return smallest(sa, lo, hi, limit);
        this.minima ??= new Minima(sa);
        return this.minima.smallest(lo, hi, limit);
    }
    /** Every match in a range, by position in the text, ascending. */
    allMatches(range) {
        return this.sa.slice(range.lo, range.hi).sort();
    }
    /**
     * The matches of a range by position in the text, ascending, one at a time
     * (-1 after the last): sorted at once up to RMQ_FROM of them, else taken
     * smallest first through Minima, so that taking the first few of a large
     * range costs a few, not the range.
     */
    ascending(range) {
        const { lo, hi } = range;
        if (hi - lo <= RMQ_FROM) {
            const sorted = this.sa.slice(lo, hi).sort();
            let k = 0;
            return { next: () => (k < sorted.length ? sorted[k++] : -1) };
        }
        this.minima ??= new Minima(this.sa);
        return this.minima.ascending(lo, hi);
    }
    /**
     * The suffix at byte `p` against the quote, on the quote's units only:
     * negative when the suffix comes first, 0 when it starts with them. The
     * quote's last unit may be followed by a space in the text, where it is
     * one unit with it: "days" stands for the text's "days" and "days ".
     */
    compare(p, quote, quoteUnits) {
        const text = this.text;
        const end = text.length;
        const last = quoteUnits.length - 2;
        for (let k = 0; k <= last; k++) {
            // The suffix ended first: it is a prefix of the quote, so it comes first.
            if (p >= end)
                return -1;
            const from = quoteUnits[k];
            const length = quoteUnits[k + 1] - from;
            // A text's unit read no further than can decide (its bytes past the quote's, and a space after
            // them): a comparison costs the quote's bytes, however long a run of letters the text holds.
            const e = unitEnd(text, p, Math.min(end, p + length + 5));
            let d = compareBytes(text, p, e - p, quote, from, length);
            // The text's unit is the quote's and a space: no unit comes between the two in byte order.
            if (k === last && d > 0 && e - p === length + 1 && text[e - 1] === 0x20 && quote[from + length - 1] !== 0x20)
                d = compareBytes(text, p, length, quote, from, length);
            if (d !== 0)
                return d;
            p = e;
        }
        return 0;
    }
}
/** Ranges of the suffix array past this many entries are taken smallest first through Minima. */
const RMQ_FROM = 2048;
/** What taking one entry from Minima costs, in entries read (two ranges' least entries, two partial blocks each), over 8. */
const RMQ_STEPS = 8;
/** The `limit` (< hi − lo) smallest of a[lo, hi), ascending: one pass, a max-heap of them. */
function smallest(a, lo, hi, limit) {
    // Sorted, then reversed: descending, which is a max-heap.
    const heap = a
        .slice(lo, lo + limit)
        .sort()
        .reverse();
    let top = heap[0];
    for (let i = lo + limit; i < hi; i++) {
        const v = a[i];
        if (v >= top)
            continue;
        // Replace the greatest and sift down.
        let k = 0;
        for (;;) {
            const l = 2 * k + 1;
            if (l >= limit)
                break;
            const r = l + 1;
            const c = r < limit && heap[r] > heap[l] ? r : l;
            if (heap[c] <= v)
                break;
            heap[k] = heap[c];
            k = c;
        }
        heap[k] = v;
        top = heap[0];
    }
    return Array.from(heap.sort());
}
/** Blocks of this many suffix array entries have their least entry kept (see Minima). */
const MIN_BLOCK_BITS = 4;
const MIN_BLOCK = 1 << MIN_BLOCK_BITS;
/**
 * A range-minimum structure over the suffix array's offsets: the index of the
 * least entry of each block of MIN_BLOCK entries, and a sparse table over
 * those (the least of 2^j blocks from each), so that the least entry of any
 * range is found by scanning at most two partial blocks. About
 * (entries / MIN_BLOCK) × log2(entries / MIN_BLOCK) 32-bit words, made only
 * for a text with a quote of more than RMQ_FROM matches.
 */
class Minima {
    sa;
    /** levels[j][b]: the index of the least entry of blocks b to b + 2^j − 1. */
    levels = [];
    constructor(sa) {
        this.sa = sa;
        const blocks = Math.ceil(sa.length / MIN_BLOCK);
        const first = new Int32Array(blocks);
        for (let b = 0; b < blocks; b++) {
            const end = Math.min(sa.length, (b + 1) * MIN_BLOCK);
            let best = b * MIN_BLOCK;
            for (let i = best + 1; i < end; i++)
                if (sa[i] < sa[best])
                    best = i;
            first[b] = best;
        }
        this.levels.push(first);
        for (let span = 1; 2 * span <= blocks; span *= 2) {
            const below = this.levels[this.levels.length - 1];
            const level = new Int32Array(blocks - 2 * span + 1);
            for (let b = 0; b < level.length; b++) {
                const x = below[b];
                const y = below[b + span];
                level[b] = sa[y] < sa[x] ? y : x;
            }
            this.levels.push(level);
        }
    }
    /** The index of the least entry of sa[lo, hi] (both included, lo ≤ hi). */
    least(lo, hi) {
        const sa = this.sa;
        const bl = lo >>> MIN_BLOCK_BITS;
        const bh = hi >>> MIN_BLOCK_BITS;
        let best = lo;
        if (bh - bl < 2) {
            for (let i = lo + 1; i <= hi; i++)
                if (sa[i] < sa[best])
                    best = i;
            return best;
        }
        const leftEnd = (bl + 1) * MIN_BLOCK;
        for (let i = lo + 1; i < leftEnd; i++)
            if (sa[i] < sa[best])
                best = i;
        for (let i = bh * MIN_BLOCK; i <= hi; i++)
            if (sa[i] < sa[best])
                best = i;
        // The whole blocks between: two overlapping spans of the sparse table.
        const from = bl + 1;
        const j = 31 - Math.clz32(bh - from);
        const level = this.levels[j];
        const x = level[from];
        const y = level[bh - (1 << j)];
        if (sa[x] < sa[best])
            best = x;
        if (sa[y] < sa[best])
            best = y;
        return best;
    }
    /** The `limit` smallest entries of sa[lo, hi), ascending. */
    smallest(lo, hi, limit) {
        const out = [];
        const entries = this.ascending(lo, hi);
        for (let v = entries.next(); v >= 0 && out.length < limit; v = out.length < limit ? entries.next() : -1)
            out.push(v);
        return out;
    }
    /** The entries of sa[lo, hi) smallest first: each taken splits its range in two, about RMQ_STEPS × 8 entries read. */
    ascending(lo, hi) {
        return new Ascending(this.sa, (l, r) => this.least(l, r), lo, hi);
    }
}
/** The entries of a range of the suffix array, smallest first (see Minima.ascending). */
class Ascending {
    sa;
    least;
    // A min-heap of ranges [l, r], keyed by their least entry (at index `at`): four parallel arrays.
    keys = new Int32Array(16);
    ats = new Int32Array(16);
    ls = new Int32Array(16);
    rs = new Int32Array(16);
    size = 0;
    constructor(sa, least, lo, hi) {
        this.sa = sa;
        this.least = least;
        this.push(lo, hi - 1);
    }
    /** The next entry, or -1 when there is none. */
    next() {
        if (this.size === 0)
            return -1;
        const { keys, ats, ls, rs } = this;
        const key = keys[0];
        const at = ats[0];
        const l = ls[0];
        const r = rs[0];
        // Pop: the last range to the root, sifted down.
        const n = --this.size;
        if (n > 0) {
            const lastKey = keys[n];
            const lastAt = ats[n];
            const lastL = ls[n];
            const lastR = rs[n];
            let i = 0;
            for (;;) {
                const a = 2 * i + 1;
                if (a >= n)
                    break;
                const b = a + 1;
                const c = b < n && keys[b] < keys[a] ? b : a;
                if (keys[c] >= lastKey)
                    break;
                keys[i] = keys[c];
                ats[i] = ats[c];
                ls[i] = ls[c];
                rs[i] = rs[c];
                i = c;
            }
            keys[i] = lastKey;
            ats[i] = lastAt;
            ls[i] = lastL;
            rs[i] = lastR;
        }
        this.push(l, at - 1);
        this.push(at + 1, r);
        return key;
    }
    push(l, r) {
        if (l > r)
            return;
        if (this.size === this.keys.length)
            this.grow();
        const { keys, ats, ls, rs } = this;
        const at = this.least(l, r);
        const key = this.sa[at];
        let i = this.size++;
        while (i > 0) {
            const parent = (i - 1) >> 1;
            if (keys[parent] <= key)
                break;
            keys[i] = keys[parent];
            ats[i] = ats[parent];
            ls[i] = ls[parent];
            rs[i] = rs[parent];
            i = parent;
        }
        keys[i] = key;
        ats[i] = at;
        ls[i] = l;
        rs[i] = r;
    }
    grow() {
        const size = this.keys.length * 2;
        const grown = (a) => {
            const b = new Int32Array(size);
            b.set(a);
            return b;
        };
        this.keys = grown(this.keys);
        this.ats = grown(this.ats);
        this.ls = grown(this.ls);
        this.rs = grown(this.rs);
    }
}

;// CONCATENATED MODULE: ./src/engine/quote-scan.ts
// Many quotes, one pass over each source (a multi-pattern Rabin-Karp).
//
// Every distinct normalized quote of a set is put in a table under hashes of
// four 16-byte pieces of it, starting at four consecutive offsets k..k+3. A
// source is then read with a stride of 4 bytes: at each aligned position, the
// 16 bytes there are hashed as four 32-bit words and looked up. Any occurrence
// of a quote of at least 19 bytes has an aligned position among its bytes
// k..k+3, where one of its pieces starts; so every occurrence is seen, and each
// candidate is then compared in full. The pieces come from the middle of the
// quote (quotes often start alike, rarely in the middle), or from wherever
// they are shared with the fewest other quotes. The cost of a source is one
// pass over a quarter of its positions plus the candidates, however many
// quotes there are, and the cost of a quote does not grow with the length of
// the sources.
//
// Quotes shorter than 19 bytes (a few words) are looked for only in the
// sources that are asked for: searched one by one while that is cheap, and
// once searching them has cost about a third of building an index of the
// source's units (unit-index.ts), looked up there, at a cost that does not
// grow with the source (a binary search of its suffix array, and the first
// matches of the range it gives).
//
// Pieces tell quotes apart only where they differ in 16 bytes at one place:
// quotes of boilerplate that differ in a few bytes (clause 17, clause 18, …)
// share their pieces, and each place the boilerplate recurs in the source is a
// candidate for every one of them. An index of the source's units (below)
// finds any quote at a cost that does not grow with the source. So once the candidates have taken about as
// long as building the index and looking up every quote would (at most twice
// the cheaper way, as in renting skis until their price is paid), the table's
// findings are dropped and every quote asked for is looked up in the index,
// when every long quote of the set is asked for (a set scanned for hints asks
// for none, and keeps to the table).
//
// Pull requests choose both the quotes and the sources, so the work is
// bounded: a quote that has all its matches leaves the table for the rest of
// the source, and a source whose work costs more than its budget (a context
// made to rule out millions of matches, hints among quotes made to share
// their pieces) is given up with ScanTooCostly rather than checked for hours.



const PIECE = 16;
const STRIDE = 4;
/** Quotes from this many bytes on are found by the table; shorter ones one by one. */
const MIN_TABLE_QUOTE = PIECE + STRIDE - 1;
/**
 * The work a scan may do before it gives up, in units of about one candidate
 * compared (about 15 ns here), 16 bytes compared, or 64 bytes searched.
 *
 * A scan of a source of n bytes for a set of quotes q1 … qk, each keeping at
 * most cap_i matches, gives up past
 *
 *   2^24 + 16 n + Σ [4 (cap_i + 1) (⌊|q_i| / 16⌋ + 2) + 2 L_i],
 *   L_i = 2 (⌊log2 n⌋ + 1) (⌊|q_i| / 16⌋ + 1) + 256
 *
 * units (|q| in bytes): a fixed allowance, 16 per byte of the source, four
 * times what comparing each quote's kept matches costs, and twice what
 * looking it up in an index of the source costs at most (L_i: the two binary
 * searches of its range, and reading up to 2,048 entries of it). What is
 * counted: each table candidate (a piece of a quote whose hash is at an
 * aligned position of the source), the bytes compared for it, each context
 * checked; each search of the source for a short quote (SEARCH_CALL and a
 * unit per 64 bytes searched); building the index of the source
 * (INDEX_PER_BYTE per byte, once per scan at most); each comparison of a
 * quote's binary search in the index (a unit and a unit per 16 bytes of the
 * quote) and the matches taken from its range. Not counted: the pass over
 * the source, which is linear in it whatever it holds.
 *
 * Short quotes are searched one by one until that has cost
 * SHORT_SEARCH_PER_BYTE n units (the search that passes it is given up and
 * its quote looked up), then the index is built (INDEX_PER_BYTE n), and each
 * quote without a context looked up in it costs at most its L_i and its cap's
 * matches taken from the range (within its kept allowance). The table's
 * candidates cost at most (INDEX_PER_BYTE n + Σ L_i over the long quotes) /
 * TABLE_TO_INDEX_TIME before their findings are dropped for the index (when
 * every long quote is asked for, and the candidates of one position more).
 * Together that is within 14 n + 2 Σ L_i and the kept allowances: a scan of quotes without a
 * context, all asked for, never gives up, on any input. Long quotes in
 * natural and numbered text and in boilerplate cost a few percent of the budget (scripts/bench/budget.mjs
 * measures it, up to the source size limit and with up to 1,000,000 quotes
 * of one word and more; docs/benchmarks.md gives its figures). What reaches
 * the budget is input built to repeat: a context that rules out millions of
 * matches of its quote, or, in a scan for hints (which asks for no quote),
 * quotes made to share their pieces.
 */
const BASE_BUDGET = 1 << 24;
const BUDGET_PER_SOURCE_BYTE = 16;
/** A native search call costs about as much as this many candidates. */
const SEARCH_CALL = 8;
/**
 * Short quotes are searched one by one until that has cost this many units
 * per byte of the source (about a third of building an index of it, which
 * takes about 100 ns per byte here); the rest are looked up in the index.
 */
const SHORT_SEARCH_PER_BYTE = 2;
/** Building the index of a source is counted as this many units per byte (it takes about 100 ns a byte). */
const INDEX_PER_BYTE = 6;
/** Work counted per match taken from an index range: about a candidate compared per 8 entries read. */
const RANGE_ENTRIES_PER_UNIT = 8;
/**
 * How many times as long the table's candidates take as the index's lookups,
 * per unit counted, where the table gives way: on boilerplate (budget.mjs
 * --kind boilerplate, 400 KB, 100,000 quotes) a unit of candidates took 86 ns
 * and a unit of the index 18 ns, and the index's estimate (39.6 million
 * units) was 1.6 times what it then spent (25.4 million): 86 ns against
 * 18 / 1.6 = 11 ns a unit of the estimate, about 8 to 1. So the table gives
 * way once its candidates have counted an eighth of the estimate: 4.0 s of
 * that scan became 0.9 s.
 */
const TABLE_TO_INDEX_TIME = 8;
/** The most a lookup counts for reading its range, however large (see findIndexed). */
const RANGE_UNITS = RMQ_FROM / RANGE_ENTRIES_PER_UNIT;
/** What a binary search of a quote's range counts per comparison, in units (see UnitIndex.range). */
function compareUnits(quote) {
    return (quote.bytes.length >>> 4) + 1;
}
/** A source whose quotes would cost more than its budget to check. */
class ScanTooCostly extends Error {
    budget;
    constructor(budget) {
        super(`its quotes would take more than ${budget.toLocaleString('en-US')} comparisons to check: ` +
            'they, or the text, repeat the same passages too often');
        this.budget = budget;
        this.name = 'ScanTooCostly';
    }
}
/** Hash of four little-endian 32-bit words. */
function mix(w0, w1, w2, w3) {
    let h = Math.imul(w0, 0x9e3779b1) ^ Math.imul(w1, 0x85ebca77) ^ Math.imul(w2, 0xc2b2ae3d) ^ Math.imul(w3, 0x27d4eb2f);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    return h ^ (h >>> 13);
}
/**
 * Where a hash goes in the open-addressing tables below: the hash mixed with a
 * key drawn once per run, then cut to the table's size. Quotes come from pull
 * requests and the piece hash is public, so without the key a pull request
 * could choose quotes whose pieces hash to values sharing their low bits, and
 * every table operation would walk one long run of slots: 200,000 quotes made
 * so (scripts/bench/hash-flood.mjs) took 7.8 to 10.5 s to check instead of
 * 3.2 s, 400,000 took 14.8 to 17.3 s instead of 6.9 to 7.3 s (measured). With
 * the key, where a hash goes cannot be chosen. The key decides only where an
 * entry sits: what is found, the pieces chosen and the work counted against a
 * scan's budget are the same in every run.
 */
function slotOf(h, mask) {
    let x = h ^ SLOT_KEY;
    x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
    x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
    return (x ^ (x >>> 16)) & mask;
}
const SLOT_KEY = Math.floor(Math.random() * 2 ** 32) | 0;
function quote_scan_wordAt(bytes, at) {
    return bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24);
}
/** The hash of the 16 bytes at `at`. */
function pieceHash(bytes, at) {
    return mix(quote_scan_wordAt(bytes, at), quote_scan_wordAt(bytes, at + 4), quote_scan_wordAt(bytes, at + 8), quote_scan_wordAt(bytes, at + 12));
}
/**
 * A Bloom filter of the pieces' hashes (two bits each, 16 bits per piece, at
 * least 8 KiB): almost every position of a source is ruled out without
 * touching the table. The quotes of one source make a filter that stays in
 * the cache; one of many more quotes (the lost quotes of a large run) does
 * not, and is read by windows instead (IN_CACHE_FILTER_BITS). Its
 * bits are the hash's own, not keyed as slots are: hashes made alike pass it
 * more often, and then only reach the table, whose walks stay short.
 */
function filterBits(pieces) {
    let bits = 16;
    while (bits < 28 && 1 << bits < pieces * 16)
        bits++;
    return bits;
}
/**
 * The pieces in an open-addressing table of typed arrays (a few hundred
 * thousand quotes make a million pieces, too many for a Map): one slot per
 * distinct hash, heading a list of the pieces that have it.
 */
class PieceTable {
    filter;
    /** The filter's bit index is the hash's top `shift` bits and its low `mask` bits. */
    filterShift;
    filterMask;
    keys;
    /** The first piece of each slot's list; -1 for an empty slot. */
    heads;
    mask;
    /** Per piece: the next piece of its list (-1 at the end), its quote, and where in the quote it starts. */
    next;
    ids;
    offsets;
    constructor(pieces, count) {
        const bits = filterBits(count);
        this.filter = new Uint32Array(1 << (bits - 5));
        this.filterShift = 32 - bits;
        this.filterMask = (1 << bits) - 1;
        let capacity = 16;
        while (capacity < count * 2)
            capacity *= 2;
        this.keys = new Int32Array(capacity);
        this.heads = new Int32Array(capacity).fill(-1);
        this.mask = capacity - 1;
        this.next = new Int32Array(count);
        this.ids = new Int32Array(count);
        this.offsets = new Int32Array(count);
        for (let i = 0; i < count; i++) {
            const h = pieces[3 * i];
            let slot = slotOf(h, this.mask);
            while (this.heads[slot] !== -1 && this.keys[slot] !== h)
                slot = (slot + 1) & this.mask;
            this.keys[slot] = h;
            this.next[i] = this.heads[slot];
            this.heads[slot] = i;
            this.ids[i] = pieces[3 * i + 1];
            this.offsets[i] = pieces[3 * i + 2];
            const f = h >>> this.filterShift;
            const g = h & this.filterMask;
            this.filter[f >>> 5] |= 1 << (f & 31);
            this.filter[g >>> 5] |= 1 << (g & 31);
        }
    }
    /** The longest stretch of taken slots (see slotOf: it stays short however the hashes were chosen). */
    longestRun() {
        return longestRun(this.heads.length, (slot) => this.heads[slot] !== -1);
    }
}
/** The longest stretch of taken slots in a table of `size` slots, going round its end. */
function longestRun(size, taken) {
    let best = 0;
    let run = 0;
    for (let i = 0; i < 2 * size && best < size; i++) {
        run = taken(i % size) ? run + 1 : 0;
        if (run > best)
            best = run;
    }
    return best;
}
/** What comparing one match of a quote costs, in budget units. */
function keptUnits(quote) {
    return (quote.bytes.length >>> 4) + 2;
}
/** The head of a slot whose list a scan has emptied: taken, but with nothing in it. */
const EMPTIED = -2;
/** Whether Int32Array reads bytes as little-endian words, as pieceHash does. */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;
/**
 * How many pieces have each hash: an open-addressing table of typed arrays,
 * for the hundreds of thousands of pieces a run can add (with a Set and a Map
 * of numbers instead, 50,000 quotes of one source took 0.09 to 0.13 s more).
 */
class HashCounts {
    keys = new Int32Array(1024);
    /** 0 for an empty slot: a hash is in the table once counted. */
    counts = new Int32Array(1024);
    size = 0;
    count(h) {
        const mask = this.keys.length - 1;
        for (let slot = slotOf(h, mask);; slot = (slot + 1) & mask) {
            if (this.counts[slot] === 0)
                return 0;
            if (this.keys[slot] === h)
                return this.counts[slot];
        }
    }
    increment(h) {
        if (2 * (this.size + 1) > this.keys.length)
            this.grow();
        const mask = this.keys.length - 1;
        let slot = slotOf(h, mask);
        while (this.counts[slot] !== 0 && this.keys[slot] !== h)
            slot = (slot + 1) & mask;
        if (this.counts[slot] === 0) {
            this.keys[slot] = h;
            this.size++;
        }
        this.counts[slot]++;
    }
    /** The longest stretch of taken slots (see slotOf). */
    longestRun() {
        return longestRun(this.counts.length, (slot) => this.counts[slot] !== 0);
    }
    grow() {
        const { keys, counts } = this;
        this.keys = new Int32Array(keys.length * 2);
        this.counts = new Int32Array(keys.length * 2);
        const mask = this.keys.length - 1;
        for (let i = 0; i < keys.length; i++) {
            if (counts[i] === 0)
                continue;
            let slot = slotOf(keys[i], mask);
            while (this.counts[slot] !== 0)
                slot = (slot + 1) & mask;
            this.keys[slot] = keys[i];
            this.counts[slot] = counts[i];
        }
    }
}
/**
 * A quote and its context as one key. The lengths come first: a quote, prefix
 * or suffix may hold any character, U+0000 too, so joining them with a
 * separator would let two different triples make one key.
 */
function contextKey(text, context) {
    return `${text.length},${context.prefixText.length},${text}${context.prefixText}${context.suffixText}`;
}
/** The distinct quotes of a run, each with an id. */
class QuoteSet {
    quotes = [];
    caps = [];
    contexts = [];
    /** The ids of the quotes added without a context, by text. */
    bare = new Map();
    /** And of those added with one, by contextKey(): apart, so that no quote's text can pass for a key. */
    withContext = new Map();
    /** The short quotes that find their text (see carriers). */
    short = [];
    /**
     * For each quote, the one whose pieces and searches find its text: itself,
     * or the first added with the same text, which then finds the matches of
     * every quote of that text (`groups`) and each keeps those its context
     * allows. Three hundred records quoting one sentence of a source that has it
     * ten thousand times, each with the prefix of its section, were three
     * hundred quotes that each found those ten thousand places: past the scan's
     * budget, and the source given up. Now the places are found once.
     */
    carriers = [];
    /** For a quote that finds the text of others too: all of them, itself first, in the order they were added. */
    groups = [];
    /** The quote that finds each text (see carriers). */
    carrierByText = new Map();
    /** How many long quotes find their text. */
    longCarriers = 0;
    /** Triples (hash, quote id, offset) of the pieces of the quotes added so far. */
    pieces = new Int32Array(3 * 1024);
    pieceCount = 0;
    /** How many pieces have each hash so far, while pieces are spread (see the constructor). */
    crowding;
    table;
    /** What each quote may keep per scan, for the budget. */
    keptWork = 0;
    /** Σ compareUnits over the quotes, and over the long ones: what looking them up costs, per comparison. */
    lookupWork = 0;
    longLookupWork = 0;
    /** Scratch space for sources whose bytes are not 4-byte aligned. */
    aligned = external_node_buffer_namespaceObject.Buffer.allocUnsafeSlow(0);
    /** For scans whose filter is too large for the cache (see scanTable). */
    window;
    /** Per-quote state of a scan, kept from scan to scan (a set may be scanned against every source). */
    state;
    work;
    shortSearchPerByte;
    longQuotes;
    filterOrder;
    filterRead;
    /**
     * `spread`: take a quote's pieces away from those other quotes have (see
     * pieceStart). On by default; a set scanned for hints only, with its work
     * bounded all the same, can save the memory it takes. `shortQuotes` and
     * `longQuotes`, for tests: search the short quotes one by one, or look them
     * all up in an index; find the long ones by the table only, or look them
     * all up in the index; rather than switching from one to the other as the
     * work grows (the matches found are the same). `filterOrder`, for tests too:
     * look at the table's filter in text order or by windows (see scanTable)
     * whatever its size.
     */
    constructor(options = {}) {
        this.longQuotes = options.longQuotes ?? 'either';
        this.filterOrder = options.filterOrder;
        this.crowding = options.spread === false ? undefined : new HashCounts();
        this.shortSearchPerByte =
            options.shortQuotes === 'indexed'
                ? -1
                : options.shortQuotes === 'searched'
                    ? Number.POSITIVE_INFINITY
                    : SHORT_SEARCH_PER_BYTE;
    }
    /**
     * Adds a quote (or finds it), keeping at most `cap` matches of it per source.
     * With a context (SPEC §1 prefix and suffix), only the matches it allows count
     * and are kept; the same quote with another context is another entry.
     */
    add(quote, cap, context) {
        const byKey = context ? this.withContext : this.bare;
        const key = context ? contextKey(quote.text, context) : quote.text;
        const known = byKey.get(key);
        if (known !== undefined) {
            if (cap > this.caps[known]) {
                this.keptWork += (cap - this.caps[known]) * keptUnits(quote);
                this.caps[known] = cap;
            }
            return known;
        }
        const id = this.quotes.length;
        this.quotes.push(quote);
        this.caps.push(cap);
        this.contexts.push(context);
        this.groups.push(undefined);
        byKey.set(key, id);
        this.keptWork += (cap + 1) * keptUnits(quote);
        const carrier = this.carrierByText.get(quote.text);
        if (carrier !== undefined) {
            // Its text is found by the quote that has it already (see carriers).
            this.carriers.push(carrier);
            (this.groups[carrier] ??= [carrier]).push(id);
            return id;
        }
        this.carriers.push(id);
        this.carrierByText.set(quote.text, id);
        this.lookupWork += compareUnits(quote);
        if (quote.bytes.length < MIN_TABLE_QUOTE) {
            this.short.push(id);
            return id;
        }
        this.longCarriers++;
        this.longLookupWork += compareUnits(quote);
        if (this.pieceCount + STRIDE > this.pieces.length / 3) {
            const grown = new Int32Array(this.pieces.length * 2);
            grown.set(this.pieces);
            this.pieces = grown;
        }
        const start = this.pieceStart(quote.bytes);
        for (let offset = start; offset < start + STRIDE; offset++) {
            const h = pieceHash(quote.bytes, offset);
            this.pieces[3 * this.pieceCount] = h;
            this.pieces[3 * this.pieceCount + 1] = id;
            this.pieces[3 * this.pieceCount + 2] = offset;
            this.pieceCount++;
            this.crowding?.increment(h);
        }
        this.table = undefined;
        return id;
    }
    /**
     * Where a quote's four pieces start: the middle, unless another quote has a
     * piece there already; then, among a few places, the one shared least.
     */
    pieceStart(bytes) {
        const last = bytes.length - MIN_TABLE_QUOTE;
        const middle = last >>> 1;
        const crowding = this.crowding;
        if (!crowding)
            return middle;
        const shared = (k) => {
            let most = 0;
            for (let offset = k; offset < k + STRIDE; offset++)
                most = Math.max(most, crowding.count(pieceHash(bytes, offset)));
            return most;
        };
        let best = middle;
        let fewest = shared(middle);
        for (const k of [last >>> 2, (3 * last) >>> 2, 0, last]) {
            if (fewest === 0)
                break;
            const n = shared(k);
            if (n < fewest) {
                best = k;
                fewest = n;
            }
        }
        return best;
    }
    get size() {
        return this.quotes.length;
    }
    /** The longest stretches of taken slots in its two tables, for tests: see slotOf. */
    longestRuns() {
        const table = (this.table ??= new PieceTable(this.pieces, this.pieceCount));
        return { pieces: table.longestRun(), counts: this.crowding?.longestRun() ?? 0 };
    }
    quote(id) {
        return this.quotes[id];
    }
    /** The id of a quote added without a context. */
    idOf(text) {
        return this.bare.get(text);
    }
    /** The id of a quote added with this context. */
    idWith(text, context) {
        return this.withContext.get(contextKey(text, context));
    }
    /**
     * The short quotes among `wanted`, in the order they were added: from the
     * wanted ones when they are fewer, so that a set scanned against many
     * sources for a few of its quotes (or none) does not pass over all of its
     * short quotes for each source.
     */
    shortOf(wanted) {
        if (wanted.size >= this.short.length)
            return this.short.filter((id) => this.wantedOf(id, wanted).length > 0);
        const ids = new Set();
        for (const id of wanted)
            if (id < this.quotes.length && this.quotes[id].bytes.length < MIN_TABLE_QUOTE)
                ids.add(this.carriers[id]);
        return [...ids].sort((a, b) => a - b);
    }
    /** The quotes whose text a short quote finds (see carriers) that are among `wanted`. */
    wantedOf(carrier, wanted) {
        const group = this.groups[carrier];
        if (group === undefined)
            return wanted.has(carrier) ? [carrier] : [];
        return group.filter((id) => wanted.has(id));
    }
    /** The work the last scan did and its budget (see BASE_BUDGET), for measuring. */
    get lastWork() {
        return this.work;
    }
    /** How the last scan read its table's filter (see scanTable); undefined when it did not read it. For tests. */
    get lastFilterOrder() {
        return this.filterRead;
    }
    /** scan(), or the ScanTooCostly it gave up with. */
    scanWithinBudget(source, wanted) {
        try {
            return this.scan(source, wanted);
        }
        catch (error) {
            if (error instanceof ScanTooCostly)
                return error;
            throw error;
        }
    }
    /** The long quotes among `wanted`, if they are all the set has (else undefined: see the module comment). */
    allLongOf(wanted) {
        const long = this.longCarriers;
        if (wanted.size < long)
            return undefined;
        const ids = new Set();
        for (const id of wanted)
            if (id < this.quotes.length && this.quotes[id].bytes.length >= MIN_TABLE_QUOTE)
                ids.add(this.carriers[id]);
        return ids.size === long ? [...ids].sort((a, b) => a - b) : undefined;
    }
    /**
     * Finds the quotes of the set in `text` (a normalized source). Every quote
     * of at least MIN_TABLE_QUOTE bytes is looked for at no extra cost; the
     * shorter ones only when their id is in `wanted`. Throws ScanTooCostly when
     * the work costs more than the source's budget (see BASE_BUDGET).
     */
    scan(source, wanted) {
        const n = source.length;
        const comparisons = 2 * (n > 0 ? 32 - Math.clz32(n) : 1);
        const lookups = comparisons * this.lookupWork + RANGE_UNITS * this.quotes.length;
        const budget = BASE_BUDGET + BUDGET_PER_SOURCE_BYTE * n + 4 * this.keptWork + 2 * lookups;
        const found = (this.state ??= new ScanState());
        found.begin(this.quotes.length, this.caps, budget);
        this.work = { spent: budget, budget };
        this.filterRead = undefined;
        // With every long quote asked for, the table may give way to the index: once it has cost what
        // building the index and looking each long quote up would (see the module comment).
        const allLong = this.longQuotes === 'table' ? undefined : this.allLongOf(wanted);
        const indexAt = allLong === undefined
            ? Number.POSITIVE_INFINITY
            : this.longQuotes === 'indexed'
                ? -1
                : (INDEX_PER_BYTE * n + comparisons * this.longLookupWork + RANGE_UNITS * this.longCarriers) /
                    TABLE_TO_INDEX_TIME;
        // Built once per scan at most, for long quotes or short ones, and counted when built.
        let index;
        const indexed = () => {
            if (index === undefined) {
                found.spend(INDEX_PER_BYTE * n);
                index = new UnitIndex(source);
            }
            return index;
        };
        if (indexAt < 0 ? allLong.length > 0 : !this.scanTable(source, found, indexAt)) {
            // What the table found is dropped, and every long quote looked up instead.
            found.dropFindings();
            for (const id of allLong)
                findIndexed(indexed(), this.quotes[id], this.groups[id] ?? [id], this.contexts, found);
        }
        // Short quotes: searched for until that has cost SHORT_SEARCH_PER_BYTE per byte, then looked up in an index.
        const searchUpTo = found.findingWork() + this.shortSearchPerByte * n;
        for (const id of this.shortOf(wanted)) {
            const quote = this.quotes[id];
            const ids = this.wantedOf(id, wanted);
            // A search that runs past the limit is given up and its quote looked up instead.
            if (index === undefined && findShort(source, quote, ids, this.contexts, found, searchUpTo))
                continue;
            findIndexed(indexed(), quote, ids, this.contexts, found);
        }
        this.work = { spent: found.spent(), budget };
        return found.hits();
    }
    /**
     * The pass of the table over the source: false, its findings left for the
     * caller to drop, once its work has passed `giveWayAt` (the work of finding
     * places: checking contexts costs the index as much).
     */
    scanTable(source, found, giveWayAt) {
        const n = source.length;
        const table = (this.table ??= new PieceTable(this.pieces, this.pieceCount));
        let whole = true;
        if (this.pieceCount > 0 && n >= MIN_TABLE_QUOTE) {
            let text = source;
            if (source.byteOffset % 4 !== 0) {
                if (this.aligned.length < n + 4)
                    this.aligned = external_node_buffer_namespaceObject.Buffer.allocUnsafeSlow(n + 4);
                source.copy(this.aligned, 0, 0, n);
                text = this.aligned.subarray(0, n);
            }
            const words = LITTLE_ENDIAN ? new Int32Array(text.buffer, text.byteOffset, n >>> 2) : littleEndianWords(text);
            const { filter, filterShift, filterMask } = table;
            // A quote that has all its matches leaves the lists for the rest of this
            // scan; `unlinked` says how to put each piece back afterwards.
            const unlinked = [];
            const lastWord = (n - PIECE) >>> 2;
            try {
                this.filterRead = this.filterOrder ?? (32 - filterShift > IN_CACHE_FILTER_BITS ? 'windowed' : 'text');
                if (this.filterRead === 'windowed') {
                    // A filter too large for the cache: each position's look at it would miss it. The positions of
                    // a window are looked at in the order of their bits instead, and those that pass walked in order.
                    const window = (this.window ??= new FilterWindow());
                    for (let from = 0; from <= lastWord && whole; from += FILTER_WINDOW) {
                        const passing = window.pass(words, from, Math.min(lastWord + 1, from + FILTER_WINDOW), table);
                        for (let k = 0; k < passing.length && whole; k++) {
                            const w = passing[k];
                            this.walk(table, mix(words[w], words[w + 1], words[w + 2], words[w + 3]), w, text, found, unlinked);
                            whole = found.findingWork() <= giveWayAt;
                        }
                    }
                }
                else {
                    for (let w = 0; w <= lastWord; w++) {
                        const h = mix(words[w], words[w + 1], words[w + 2], words[w + 3]);
                        const f = h >>> filterShift;
                        if ((filter[f >>> 5] & (1 << (f & 31))) === 0)
                            continue;
                        const g = h & filterMask;
                        if ((filter[g >>> 5] & (1 << (g & 31))) === 0)
                            continue;
                        this.walk(table, h, w, text, found, unlinked);
                        if (found.findingWork() > giveWayAt) {
                            whole = false;
                            break;
                        }
                    }
                }
            }
            finally {
                const { heads, next } = table;
                for (let k = unlinked.length - 3; k >= 0; k -= 3) {
                    if (unlinked[k] === -1)
                        heads[unlinked[k + 1]] = unlinked[k + 2];
                    else
                        next[unlinked[k]] = unlinked[k + 2];
                }
            }
        }
        return whole;
    }
    /** The pieces whose hash is `h` (the one at word `w` of the text, past the filter): each a possible match. */
    walk(table, h, w, text, found, unlinked) {
        const { keys, heads, next, mask, ids, offsets } = table;
        let slot = slotOf(h, mask);
        while (heads[slot] !== -1 && keys[slot] !== h)
            slot = (slot + 1) & mask;
        let previous = -1;
        for (let piece = heads[slot]; piece >= 0; piece = next[piece]) {
            const id = ids[piece];
            const group = this.groups[id];
            if (group === undefined ? found.doneBefore(id, w) : found.allDoneBefore(group, w)) {
                // Full since an earlier position: every later start would be later still.
                // A slot whose list empties stays taken (EMPTIED), or probing for other hashes would stop at it.
                if (previous === -1)
                    heads[slot] = next[piece] === -1 ? EMPTIED : next[piece];
                else
                    next[previous] = next[piece];
                unlinked.push(previous, slot, piece);
                continue;
            }
            previous = piece;
            found.spend(1);
            const start = (w << 2) - offsets[piece];
            if (start < 0)
                continue;
            const q = this.quotes[id];
            if (group === undefined && found.full(id) && start > found.last(id))
                continue;
            const compared = mismatchAt(text, start, q.bytes);
            found.spend(compared >>> 4);
            if (compared < q.bytes.length || !respectsWordBoundaries(text, start, q))
                continue;
            if (group === undefined)
                found.match(id, start, w, this.contexts[id], text, q.bytes.length);
            else
                found.matchEach(group, start, w, this.contexts, text, q.bytes.length);
        }
    }
}
/**
 * Filters of up to this many bits (64 KiB) stay in the cache as a scan looks
 * at them in text order; a set of every lost quote of a large run (explain.ts)
 * makes one of megabytes, which text order reads at random: 40 ns a position
 * on cut-16x's second pass, against 5 for the tables of one source's quotes.
 */
const IN_CACHE_FILTER_BITS = 19;
/** Positions a FilterWindow sorts at once: its arrays stay in the cache too. */
const FILTER_WINDOW = 1 << 14;
/** A window's positions are grouped by the top BUCKET_BITS bits of their hashes, the filter's bit too. */
const BUCKET_BITS = 6;
/**
 * The positions of a window of the text that pass a piece table's filter, in
 * text order: the same as looking at each position in turn, but the positions
 * are grouped by their hashes' top bits first, so that the first of the two
 * bits each looks at (which is those top bits) is read a region of the filter
 * at a time. The second bit (the hash's low bits) is still read at random,
 * but only for the positions that passed the first.
 */
class FilterWindow {
    hashes = new Int32Array(FILTER_WINDOW);
    order = new Int32Array(FILTER_WINDOW);
    starts = new Int32Array((1 << BUCKET_BITS) + 1);
    passed = new Uint32Array(FILTER_WINDOW >>> 5);
    passing = new Int32Array(FILTER_WINDOW);
    /** Word positions from..to (exclusive, at most FILTER_WINDOW of them) that pass, ascending. */
    pass(words, from, to, table) {
        const { hashes, order, starts, passed, passing } = this;
        const { filter, filterShift, filterMask } = table;
        const count = to - from;
        const shift = 32 - BUCKET_BITS;
        starts.fill(0);
        for (let i = 0; i < count; i++) {
            const w = from + i;
            const h = mix(words[w], words[w + 1], words[w + 2], words[w + 3]);
            hashes[i] = h;
            starts[(h >>> shift) + 1]++;
        }
        for (let b = 0; b < 1 << BUCKET_BITS; b++)
            starts[b + 1] += starts[b];
        for (let i = 0; i < count; i++)
            order[starts[hashes[i] >>> shift]++] = i;
        passed.fill(0);
        for (let k = 0; k < count; k++) {
            const i = order[k];
            const h = hashes[i];
            const f = h >>> filterShift;
            if ((filter[f >>> 5] & (1 << (f & 31))) === 0)
                continue;
            const g = h & filterMask;
            if ((filter[g >>> 5] & (1 << (g & 31))) === 0)
                continue;
            passed[i >>> 5] |= 1 << (i & 31);
        }
        let found = 0;
        for (let k = 0; k < passed.length; k++) {
            let bits = passed[k];
            while (bits !== 0) {
                const low = bits & -bits;
                passing[found++] = from + (k << 5) + (31 - Math.clz32(low));
                bits ^= low;
            }
        }
        return passing.subarray(0, found);
    }
}
/**
 * What a scan has found so far, per quote, and the work it has done. The
 * arrays outlive the scan; only the quotes it touched are reset after it.
 */
class ScanState {
    starts = [];
    candidates = new Int32Array(0);
    /** The aligned position at which a quote's list became full (-1: not full). */
    fullAt = new Int32Array(0);
    touched = [];
    caps = [];
    remaining = 0;
    budget = 0;
    /** The part of the work spent checking contexts, which finding the places another way would not save. */
    contextWork = 0;
    begin(size, caps, budget) {
        if (this.candidates.length < size) {
            this.candidates = new Int32Array(size * 2);
            this.fullAt = new Int32Array(size * 2).fill(-1);
            this.starts = new Array(size * 2);
        }
        this.caps = caps;
        this.budget = budget;
        this.remaining = budget;
        this.contextWork = 0;
    }
    /** The work done so far in this scan. */
    spent() {
        return this.budget - this.remaining;
    }
    /**
     * The work of finding the quotes' places so far, without checking their
     * contexts: what decides whether searching or the table gives way to an
     * index, which checks as many contexts (records quoting one sentence of a
     * long source with a prefix each built the index for nothing, in seconds).
     */
    findingWork() {
        return this.spent() - this.contextWork;
    }
    spend(units) {
        this.remaining -= units;
        if (this.remaining < 0) {
            this.reset();
            throw new ScanTooCostly(this.budget);
        }
    }
    /** How many matches of the quote are kept. */
    cap(id) {
        return this.caps[id];
    }
    full(id) {
        return this.fullAt[id] >= 0;
    }
    doneBefore(id, w) {
        const at = this.fullAt[id];
        return at >= 0 && at < w;
    }
    allDoneBefore(ids, w) {
        for (const id of ids)
            if (!this.doneBefore(id, w))
                return false;
        return true;
    }
    allFull(ids) {
        for (const id of ids)
            if (this.fullAt[id] < 0)
                return false;
        return true;
    }
    last(id) {
        const list = this.starts[id];
        return list[list.length - 1];
    }
    /** A match of the quote (word boundaries checked): kept if its context allows it and there is room. */
    match(id, start, w, context, text, length) {
        let list = this.starts[id];
        if (list === undefined) {
            this.starts[id] = list = [];
            this.touched.push(id);
        }
        if (context) {
            this.candidates[id]++;
            const units = ((context.prefix.length + context.suffix.length) >>> 4) + 1;
            this.contextWork += units;
            this.spend(units);
            if (!match_contextAllows(text, start, length, context))
                return;
        }
        // Starts come in order, except that two found at one aligned position may
        // arrive either way round: a full list still takes an earlier one.
        if (list.length === 0 || list[list.length - 1] < start)
            list.push(start);
        else
            insertSorted(list, start);
        if (list.length > this.caps[id])
            list.pop();
        if (list.length >= this.caps[id] && this.fullAt[id] < 0)
            this.fullAt[id] = w;
    }
    /**
     * A match of the text of several quotes (see QuoteSet's carriers), for each
     * of them as it would have come to it alone: not to one whose list is full
     * with earlier starts, which alone would have stopped looking (its count of
     * candidates stays what it was then).
     */
    matchEach(ids, start, w, contexts, text, length) {
        for (const id of ids) {
            if (this.fullAt[id] >= 0 && start > this.last(id))
                continue;
            this.match(id, start, w, contexts[id], text, length);
        }
    }
    /** Drops what the scan found of a quote, to find it again another way. */
    forget(id) {
        const at = this.touched.lastIndexOf(id);
        if (at < 0)
            return;
        this.touched.splice(at, 1);
        this.starts[id] = undefined;
        this.candidates[id] = 0;
        this.fullAt[id] = -1;
    }
    /** Drops what the scan found (not the work it did), to find it all again another way. */
    dropFindings() {
        this.reset();
    }
    /** What the scan found, and a clean state for the next one. */
    hits() {
        const hits = new Map();
        for (const id of this.touched)
            hits.set(id, { starts: this.starts[id], candidates: this.candidates[id] });
        this.reset();
        return hits;
    }
    reset() {
        for (const id of this.touched) {
            this.starts[id] = undefined;
            this.candidates[id] = 0;
            this.fullAt[id] = -1;
        }
        this.touched = [];
    }
}
/**
 * A short quote, by searching the text for it: its matches up to its cap, and
 * with a context, those the context allows. False, with nothing kept for it,
 * when the scan's work went past `upTo` first.
 */
function findShort(text, quote, ids, contexts, found, upTo) {
    let from = 0;
    for (;;) {
        if (found.allFull(ids))
            return true;
        if (found.findingWork() > upTo) {
            for (const id of ids)
                found.forget(id);
            return false;
        }
        const at = text.indexOf(quote.bytes, from);
        found.spend(SEARCH_CALL + ((at < 0 ? text.length - from : at - from) >>> 6));
        if (at < 0)
            return true;
        if (respectsWordBoundaries(text, at, quote))
            found.matchEach(ids, at, 0, contexts, text, quote.bytes.length);
        from = at + 1;
    }
}
/**
 * A short quote, by looking it up in the index of the text: its first matches
 * up to its cap, and with a context, those the context allows (its matches
 * sorted, in `sorted` by range for the other contexts of the same quote).
 */
function findIndexed(index, quote, ids, contexts, found) {
    const steps = { count: 0 };
    const range = index.range(quote.bytes, steps);
    found.spend(steps.count * (1 + (quote.bytes.length >>> 4)));
    const count = range.hi - range.lo;
    if (count === 0)
        return;
    const text = index.text;
    const length = quote.bytes.length;
    if (ids.length === 1 && !contexts[ids[0]]) {
        const id = ids[0];
        const cap = found.cap(id);
        found.spend(Math.ceil(Math.min(count, RMQ_FROM) / RANGE_ENTRIES_PER_UNIT) + (count > RMQ_FROM ? RMQ_STEPS * cap : 0));
        for (const start of index.firstMatches(range, cap))
            found.match(id, start, 0, undefined, text, length);
        return;
    }
    // Every match, in text order, until the context has kept as many as the cap: as a search would.
    const matches = index.ascending(range);
    const each = count > RMQ_FROM ? RMQ_STEPS : 1;
    for (let start = matches.next(); start >= 0 && !found.allFull(ids); start = matches.next()) {
        found.spend(each);
        found.matchEach(ids, start, 0, contexts, text, length);
    }
}
function littleEndianWords(text) {
    const words = new Int32Array(text.length >>> 2);
    for (let w = 0; w < words.length; w++)
        words[w] = quote_scan_wordAt(text, w << 2);
    return words;
}
function insertSorted(list, value) {
    let i = list.length;
    while (i > 0 && list[i - 1] > value)
        i--;
    list.splice(i, 0, value);
}
/** How many leading bytes of `quote` the text has at `at` (the quote's length when all of them). */
function mismatchAt(text, at, quote) {
    if (at + quote.length > text.length)
        return 0;
    for (let i = 0; i < quote.length; i++)
        if (text[at + i] !== quote[i])
            return i;
    return quote.length;
}

;// CONCATENATED MODULE: ./src/engine/record.ts
// Field validation of citation records (SPEC §1, and verdict 1 of SPEC §2).



const REQUIRED = ['citation_id', 'source_id', 'quote'];
const OPTIONAL = ['claim', 'prefix', 'suffix'];
function record_typeName(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'an array';
    if (value instanceof Map || typeof value === 'object')
        return 'an object';
    if (typeof value === 'number')
        return Number.isFinite(value) ? 'a number' : 'a non-finite number';
    return `a ${typeof value}`;
}
function asFields(value) {
    if (value instanceof Map)
        return value;
    if (typeof value !== 'object' || value === null || Array.isArray(value))
        return undefined;
    return value;
}
// Own properties only: a record's "toString" is its own, or absent.
function has(fields, key) {
    return fields instanceof Map ? fields.has(key) : Object.hasOwn(fields, key);
}
function get(fields, key) {
    return fields instanceof Map ? fields.get(key) : Object.hasOwn(fields, key) ? fields[key] : undefined;
}
function asString(value) {
    return typeof value === 'string' ? value : undefined;
}
/**
 * Validates one parsed record: an object (a Map from the YAML loader, a plain
 * object from JSON); anything else is "not an object". A run checks every
 * record, so this is written plainly: no copies of the fields, no closures.
 */
function checkFields(record) {
    const fields = asFields(record);
    if (fields === undefined) {
        return { ok: false, reason: `a record must be an object, not ${record_typeName(record)}` };
    }
    const citationId = get(fields, 'citation_id');
    const sourceId = get(fields, 'source_id');
    const quote = get(fields, 'quote');
    const claim = get(fields, 'claim');
    const prefix = get(fields, 'prefix');
    const suffix = get(fields, 'suffix');
    const problem = fieldProblem(fields, citationId, sourceId, quote, claim, prefix, suffix);
    if (problem !== undefined) {
        return {
            ok: false,
            reason: problem,
            citationId: asString(citationId),
            sourceId: asString(sourceId),
            quote: asString(quote),
            claim: asString(claim),
        };
    }
    const valid = {
        citationId: citationId,
        sourceId: sourceId,
        quote: quote,
    };
    if (claim !== undefined)
        valid.claim = claim;
    if (prefix !== undefined)
        valid.prefix = prefix;
    if (suffix !== undefined)
        valid.suffix = suffix;
    return { ok: true, record: valid };
}
const MERGE_KEY = ' (its `<<` is a YAML 1.1 merge key, which citegate does not read: write the fields out)';
/** What is wrong with a record's fields (SPEC §2, verdict 1), or undefined. */
function fieldProblem(fields, ...values) {
    const missing = missingFields(fields);
    if (missing !== undefined)
        return missing;
    for (let k = 0; k < KNOWN.length; k++) {
        const key = KNOWN[k];
        const value = values[k];
        if (typeof value === 'string')
            continue;
        if (k < REQUIRED.length)
            return `${key} must be a string, not ${record_typeName(value)}`;
        if (has(fields, key))
            return `${key} must be a string when present, not ${record_typeName(value)}`;
    }
    const broken = loneSurrogateIn(fields, values);
    if (broken !== undefined)
        return `${shorten(broken, 2 * EXCERPT)} holds a lone UTF-16 surrogate (half of a character)`;
    if (values[0] === '')
        return 'citation_id is empty';
    return undefined;
}
const KNOWN = [...REQUIRED, ...OPTIONAL];
/**
 * The required fields a record lacks, all of them in one message (a record
 * written with other names lacks several, and fixing one at a time would take
 * a run for each), each with the key it seems to have been written as.
 */
function missingFields(fields) {
    const missing = REQUIRED.filter((key) => !has(fields, key));
    if (missing.length === 0)
        return undefined;
    const names = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
    const are = `${names} ${missing.length === 1 ? 'is' : 'are'} missing`;
    // A YAML map (a Map) with `<<`: YAML 1.1's merge key, an ordinary key in YAML 1.2.
    if (fields instanceof Map && fields.has('<<'))
        return `${are}${MERGE_KEY}`;
    const meant = missing.flatMap((key) => {
        const near = nearKey(fields, key);
        return near === undefined ? [] : [`"${key}", not ${near}`];
    });
    return meant.length === 0 ? are : `${are} (did you mean ${meant.join('; ')}?)`;
}
/**
 * Other names a field is often written as, folded as nearKey folds keys: a
 * record made for another tool, or by a model asked for "the id, the text
 * and the source".
 */
const OTHER_NAMES = new Map([
    ['citation_id', ['id', 'citation', 'cite', 'citeid', 'ref', 'refid']],
    ['source_id', ['doc', 'docid', 'document', 'documentid', 'sourcename', 'documenttitle', 'title']],
    ['quote', ['text', 'quotation', 'quotetext', 'excerpt', 'passage', 'snippet', 'citedtext']],
]);
/** Keys longer than this, or past this many in a record, are not compared: a typo is short, and a record may be huge. */
const NEAR_KEY_LENGTH = 40;
const NEAR_KEYS_COMPARED = 64;
/**
 * A key of the record that looks like `key` mistyped (`qoute` for `quote`,
 * `citationId` or `citation-id` for `citation_id`, `source` for
 * `source_id`) or written as another of its names (OTHER_NAMES), JSON-quoted so that the message shows it exactly and on one
 * line; undefined when none does.
 */
function nearKey(fields, key) {
    const wanted = key.replace(/_/g, '');
    let compared = 0;
    for (const k of fields instanceof Map ? fields.keys() : Object.keys(fields)) {
        if (++compared > NEAR_KEYS_COMPARED)
            break;
        if (typeof k !== 'string' || k.length > NEAR_KEY_LENGTH || KNOWN.includes(k))
            continue;
        const folded = k.toLowerCase().replace(/[-_ ]/g, '');
        if (folded === wanted || OTHER_NAMES.get(key)?.includes(folded) || editDistance(folded, wanted) <= 2)
            return JSON.stringify(k);
    }
    return undefined;
}
/** The path of a step from the field `key` (`x[2].y`, `a key in x`), made only to be told. */
function pathOf(key, step) {
    const steps = [];
    for (let s = step; s !== undefined; s = s.parent)
        steps.push(s);
    let where = key;
    for (let i = steps.length - 1; i >= 0; i--) {
        const s = steps[i];
        where = s.kind === 'element' ? `${where}[${s.at}]` : s.kind === 'member' ? `${where}.${s.at}` : `a key in ${where}`;
    }
    return where;
}
/**
 * Where a field (its key, or any string below it) holds a lone surrogate;
 * the known fields' own values are checked already. Walked depth first, in
 * order, each list or mapping by an index into it, and a path made only for
 * the string it finds: a record may hold a list of millions (3,000,000
 * numbers, 6 MB of JSON), and a place and a path for each of them at once
 * took some 60 times the file's size, past a heap of 256 MB.
 */
function surrogateIn(key, value) {
    if (hasLoneSurrogate(key))
        return `the key ${shorten(JSON.stringify(key), EXCERPT)}`;
    if (typeof value === 'string')
        return !KNOWN.includes(key) && hasLoneSurrogate(value) ? key : undefined;
    if (value === null || typeof value !== 'object')
        return undefined;
    const frames = [];
    /** Looks at a value: a string is checked; a list or a mapping is walked (its string keys checked first, last first). */
    const enter = (v, step) => {
        if (typeof v === 'string')
            return hasLoneSurrogate(v) ? pathOf(key, step) : undefined;
        if (Array.isArray(v))
            frames.push({ list: v, next: 0, step });
        else if (v instanceof Map) {
            const entries = [...v.entries()];
            // A key that is a list is told by its text too (String(['\ud800']) holds the surrogate), as it was found.
            for (let i = entries.length - 1; i >= 0; i--)
                if (hasLoneSurrogate(String(entries[i][0])))
                    return `a key in ${pathOf(key, step)}`;
            frames.push({ entries, next: 0, keyNext: false, step });
        }
        else if (v !== null && typeof v === 'object') {
            const members = v;
            const names = Object.keys(members);
            for (let i = names.length - 1; i >= 0; i--)
                if (hasLoneSurrogate(names[i]))
                    return `a key in ${pathOf(key, step)}`;
            frames.push({ entries: names, members, next: 0, keyNext: false, step });
        }
        return undefined;
    };
    const found = enter(value, undefined);
    if (found !== undefined)
        return found;
    while (frames.length > 0) {
        const frame = frames[frames.length - 1];
        let child;
        let step;
        if ('list' in frame) {
            if (frame.next >= frame.list.length) {
                frames.pop();
                continue;
            }
            const i = frame.next++;
            child = frame.list[i];
            step = { parent: frame.step, kind: 'element', at: i };
        }
        else {
            if (frame.next >= frame.entries.length) {
                frames.pop();
                continue;
            }
            const entry = frame.entries[frame.next];
            const [rawKey, member] = frame.members !== undefined ? [entry, frame.members[entry]] : entry;
            if (!frame.keyNext) {
                // The value first, then a key that is a mapping or a list itself (a YAML key): its strings count too.
                frame.keyNext = true;
                child = member;
                step = { parent: frame.step, kind: 'member', at: String(rawKey) };
            }
            else {
                frame.keyNext = false;
                frame.next++;
                if (typeof rawKey !== 'object' || rawKey === null)
                    continue;
                child = rawKey;
                step = { parent: frame.step, kind: 'key', at: '' };
            }
        }
        const hit = enter(child, step);
        if (hit !== undefined)
            return hit;
    }
    return undefined;
}
/**
 * Where a record holds a string (a key or a value, at any depth) with a lone
 * surrogate, which no text can contain (SPEC §2: any string), or undefined.
 * The fields citegate reads come first (`known`: their values, in KNOWN's
 * order), so that the reason names one of them when it can. Iterative, so
 * that no nesting can exhaust the stack.
 */
function loneSurrogateIn(fields, known) {
    for (let k = 0; k < KNOWN.length; k++) {
        const v = known[k];
        if (typeof v === 'string' && hasLoneSurrogate(v))
            return KNOWN[k];
    }
    if (fields instanceof Map) {
        for (const [key, value] of fields) {
            const found = (typeof key === 'object' && key !== null ? surrogateIn('a key', key) : undefined) ??
                surrogateIn(String(key), value);
            if (found !== undefined)
                return found;
        }
    }
    else {
        for (const key in fields) {
            if (!Object.hasOwn(fields, key))
                continue;
            const found = surrogateIn(key, fields[key]);
            if (found !== undefined)
                return found;
        }
    }
    return undefined;
}
/**
 * Validates the records of one file in order. A citation_id used by an earlier
 * record of the same file, valid or not, makes the later record invalid (the
 * first one keeps its verdict). `describeFirst` says where the first one was.
 */
function checkFileRecords(values, describeFirst) {
    const firstIndex = new Map();
    return values.map((value, index) => {
        const check = checkFields(value);
        const id = check.ok ? check.record.citationId : check.citationId;
        if (id === undefined || id === '')
            return check;
        const first = firstIndex.get(id);
        if (first === undefined) {
            firstIndex.set(id, index);
            return check;
        }
        if (!check.ok)
            return check;
        const { citationId, sourceId, quote, claim } = check.record;
        return {
            ok: false,
            reason: `duplicate citation_id (first used ${describeFirst(first)})`,
            citationId,
            sourceId,
            quote,
            claim,
        };
    });
}
/** A record's source_id when it has a string one (for finding which files cite a source). */
function sourceIdOf(record) {
    const fields = asFields(record);
    return fields === undefined ? undefined : asString(get(fields, 'source_id'));
}

;// CONCATENATED MODULE: ./src/engine/search.ts

/** Searches by scanning the text for each quote: the plain way, for few quotes and for tests. */
class ScanSearcher {
    text;
    constructor(text) {
        this.text = text;
    }
    find(quote, limit, context) {
        if (!context)
            return { starts: findMatches(this.text, quote, limit), candidates: 0 };
        const all = findMatches(this.text, quote, Number.POSITIVE_INFINITY);
        const starts = all.filter((start) => contextAllows(this.text, start, quote.bytes.length, context)).slice(0, limit);
        return { starts, candidates: all.length };
    }
}
/** Serves the results of one QuoteSet scan of the text: every quote was searched at once. */
class ScannedSearcher {
    text;
    quotes;
    hits;
    constructor(text, quotes, hits) {
        this.text = text;
        this.quotes = quotes;
        this.hits = hits;
    }
    find(quote, limit, context) {
        const id = context ? this.quotes.idWith(quote.text, context) : this.quotes.idOf(quote.text);
        const hit = id === undefined ? undefined : this.hits.get(id);
        const starts = hit?.starts ?? [];
        return { starts: starts.length > limit ? starts.slice(0, limit) : starts, candidates: hit?.candidates ?? 0 };
    }
    prepared(normalized) {
        const id = this.quotes.idOf(normalized);
        return id === undefined ? undefined : this.quotes.quote(id);
    }
}

;// CONCATENATED MODULE: ./src/engine/verdict.ts


/** Ambiguous quotes report at most this many matches; the verdict needs only two. */
const MAX_REPORTED_MATCHES = 100;
/** Whether a citation file with audience `fileAudience` may cite a source limited to `allowed`. */
function audienceAllows(allowed, fileAudience) {
    return allowed === undefined || (fileAudience !== undefined && allowed.includes(fileAudience));
}
/**
 * Decides the verdict of one record. `access` is what the run found out about the
 * cited source; it is only consulted for records whose fields are valid.
 * `normalizedQuote`, when the caller has it already, saves normalizing again;
 * so does `knownContext`, the record's contextOf() (null: none).
 */
function decideVerdict(fields, access, normalizedQuote, knownContext) {
    const none = { matches: [], quoteLength: 0 };
    if (!fields.ok)
        return { verdict: 'invalid fields', reason: fields.reason, ...none };
    switch (access.kind) {
        case 'unknown':
            return { verdict: 'unknown source', ...none };
        case 'not permitted':
            return { verdict: 'source not permitted', reason: access.reason, ...none };
        case 'unverified':
            return { verdict: 'source unverified', reason: access.reason, ...none };
        case 'ready':
            break;
    }
    const needle = normalizedQuote ?? normalizeText(fields.record.quote);
    if (needle === '')
        return { verdict: 'empty quote', ...none };
    const quote = access.searcher.prepared?.(needle) ?? prepareQuote(needle);
    const context = knownContext === undefined ? contextOf(fields.record) : (knownContext ?? undefined);
    const found = access.searcher.find(quote, MAX_REPORTED_MATCHES, context);
    const matches = found.starts;
    const verdict = matches.length === 0 ? 'quote not found' : matches.length === 1 ? 'located' : 'ambiguous quote';
    return {
        verdict,
        matches,
        quoteLength: quote.bytes.length,
        normalizedQuote: needle,
        ...(context ? { context: { given: context, candidates: found.candidates } } : {}),
    };
}
/** A record's prefix and suffix, normalized; undefined when it gives neither (then verdicts are exactly the reference's). */
function contextOf(record) {
    const prefix = record.prefix === undefined ? '' : normalizeText(record.prefix);
    const suffix = record.suffix === undefined ? '' : normalizeText(record.suffix);
    return prefix === '' && suffix === '' ? undefined : quoteContext(prefix, suffix);
}

;// CONCATENATED MODULE: external "node:crypto"
const external_node_crypto_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");
;// CONCATENATED MODULE: ./src/model/shell.ts
// Commands a message tells the user to run: ids and paths come from the
// manifest, so each word is quoted as a POSIX shell reads it back, and a
// word that starts with `-` comes after `--`, where no option is parsed.
/** A word as a POSIX shell reads it back. */
function shellWord(word) {
    return /^[A-Za-z0-9_./@%+=:,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
/** The `citegate pin` command that re-pins these sources, by id. */
function pinCommandLine(ids) {
    const words = [...ids];
    const end = words.some((id) => id.startsWith('-')) ? ' --' : '';
    return `citegate pin${end}${words.map((id) => ` ${shellWord(id)}`).join('')}`;
}

;// CONCATENATED MODULE: ./src/load/sources.ts
// Source verification: the bytes of a source's file must hash to the pinned
// SHA-256, be strict UTF-8 and stay under the size limit; its `original`, when
// given, must hash to its pin too. Any failure leaves the source unverified.




const DEFAULT_MAX_SOURCE_BYTES = 64 * 1024 * 1024;
/**
 * The largest source the engine can hold: its text becomes one JavaScript
 * string for explanations, and a string holds at most this many UTF-16 units
 * (0x1fffffe8 on 64-bit systems), which a UTF-8 file of this many bytes never
 * exceeds. Options that raise the limit are refused past it, in words.
 */
const MAX_SOURCE_BYTES = external_node_buffer_namespaceObject.constants.MAX_STRING_LENGTH;
const MAX_SOURCE_BYTES_WHY = 'the longest text citegate can hold in memory';
function sha256Hex(bytes) {
    return (0,external_node_crypto_namespaceObject.createHash)('sha256').update(bytes).digest('hex');
}
/**
 * Loads sources one at a time into buffers it reuses, so a run over many
 * sources holds one source in memory at once and does not ask the system for
 * fresh memory for each.
 */
class SourceLoader {
    workspace;
    manifestDir;
    maxBytes;
    policy;
    sourceBuffer = external_node_buffer_namespaceObject.Buffer.allocUnsafe(0);
    originalBuffer = external_node_buffer_namespaceObject.Buffer.allocUnsafe(0);
    constructor(workspace, manifestDir, maxBytes, policy) {
        this.workspace = workspace;
        this.manifestDir = manifestDir;
        this.maxBytes = maxBytes;
        this.policy = policy;
    }
    load(entry) {
        const read = this.readPinned(entry.id, entry, 'source');
        if (!read.ok)
            return read;
        const bytes = read.bytes;
        if (!(0,external_node_buffer_namespaceObject.isUtf8)(bytes)) {
            const decoded = decodeUtf8Text(bytes);
            const utf16 = utf16ByteOrderMark(bytes);
            const where = utf16
                ? ` (it starts with the byte order mark of ${utf16})`
                : decoded.ok
                    ? ''
                    : ` (line ${decoded.position.line}, column ${decoded.position.column})`;
            return {
                ok: false,
                reason: `${entry.path} is not valid UTF-8${where}: sources must be UTF-8 text`,
                actualSha256: read.sha256,
            };
        }
        if (entry.original) {
            const original = this.readPinned(entry.id, entry.original, 'original');
            if (!original.ok)
                return { ok: false, reason: original.reason, actualSha256: read.sha256 };
        }
        return { ok: true, text: bytes.subarray(bomLength(bytes)) };
    }
    /** `id`: the source's, for the command that re-pins it. */
    readPinned(id, file, role) {
        const label = role === 'source' ? file.path : `original ${file.path}`;
        const resolved = this.workspace.resolve(this.manifestDir, file.path);
        if (!resolved.ok)
            return { ok: false, reason: `${label}: ${resolved.reason}` };
        const into = role === 'source' ? this.sourceBuffer : this.originalBuffer;
        const read = this.workspace.read(resolved.abs, this.maxBytes, into);
        if (!read.ok)
            return { ok: false, reason: `${label}: ${read.reason}` };
        const refused = this.policy?.(resolved.abs, read.bytes);
        if (refused !== undefined)
            return { ok: false, reason: `${label}: ${refused}` };
        // Keep the larger buffer for the next source.
        if (read.bytes.buffer !== into.buffer) {
            if (role === 'source')
                this.sourceBuffer = read.bytes;
            else
                this.originalBuffer = read.bytes;
        }
        const sha256 = sha256Hex(read.bytes);
        if (file.sha256 === undefined)
            return { ok: false, reason: `${label}: no sha256 is pinned`, actualSha256: sha256 };
        if (sha256 !== file.sha256) {
            return {
                ok: false,
                reason: `${label} has SHA-256 ${sha256}, but the manifest pins ${file.sha256}: ` +
                    `review the new text, then run \`${pinCommandLine([id])}\` to accept it`,
                actualSha256: sha256,
            };
        }
        return { ok: true, bytes: read.bytes, sha256 };
    }
}

;// CONCATENATED MODULE: ./src/engine/diagnose/view.ts
// A normalized source seen as a string, for diagnostics: its words, and the
// conversion between string indices (UTF-16) and the byte offsets that the
// offset map and the matcher use. Built only for sources that have a record to
// explain, and only as far as asked.






/** Byte offsets are kept every this many UTF-16 units. */
const CHECKPOINT = 64;
/**
 * Quotes shorter than this (UTF-16 units) are searched for in all of the text
 * when looked for inside longer words: a few words have no inner word rare
 * enough to point to their place (see verbatim).
 */
const SHORT_QUOTE = 24;
/** Keys whose occurrences a view keeps, the last looked up: more than a quote looks up. */
const RECENT_KEYS = 64;
/** Inner words looked up to find where a quote's text is (verbatim). */
const VERBATIM_LOOKUPS = 4;
/**
 * The places of a word asked for at most, one more saying "too common":
 * by verbatim and by the closest passage's seeds alike, so that a word both
 * look up is looked up once (occurrences keeps the last answers).
 */
const KEY_PLACES = 200;
class SourceView {
    lookups;
    encoded;
    decoded;
    checkpoints;
    wordIndex;
    partIndex;
    unitIndex;
    lowered;
    table;
    /** The last keys looked up up to KEY_PLACES, with their answers (see occurrences). */
    recentKeys = new Map();
    /** Quotes aligned here before the word table was made (see wordTable). */
    aligned = 0;
    /** Bytes read so far searching the text for quotes' matches (see matches). */
    searched = 0;
    /** UTF-16 units read so far searching the text for words' keys (see occurrences). */
    keysSearched = 0;
    searchUpTo;
    /**
     * `lookups`: about how many quotes will look for passages here. A few are
     * served by searching the text for each of their words; many pay for an
     * index of all the words, built once.
     */
    constructor(source, lookups = Number.POSITIVE_INFINITY, options = {}) {
        this.lookups = lookups;
        if (typeof source === 'string')
            this.decoded = source;
        else
            this.encoded = source;
        this.searchUpTo =
            options.matches === 'indexed' ? -1 : options.matches === 'searched' ? Number.POSITIVE_INFINITY : SEARCHED_PASSES;
    }
    /** The text as UTF-8 (normalized, as the matcher reads it). */
    get bytes() {
        return (this.encoded ??= external_node_buffer_namespaceObject.Buffer.from(this.decoded, 'utf8'));
    }
    get text() {
        return (this.decoded ??= this.encoded.toString('utf8'));
    }
    /**
     * The matches (SPEC §4) of a normalized quote in the text: the first
     * `limit` byte offsets, ascending, as findMatches gives them. The text is
     * searched for the first quotes asked, until that has read it about
     * SEARCHED_PASSES times; then they are looked up in an index of its units,
     * made once (linear in the text: about as much as 500 searches), so that
     * each quote costs what it costs, not a pass over the source, and no quote
     * need be refused an answer because others asked before it. Either way,
     * the answer is the same.
     */
    matches(quote, limit) {
        if (limit <= 0)
            return [];
        if (this.unitIndex === undefined) {
            const found = this.searchMatches(quote, limit);
            if (found)
                return found;
        }
        const index = (this.unitIndex ??= new UnitIndex(this.bytes));
        return index.firstMatches(index.range(external_node_buffer_namespaceObject.Buffer.from(quote, 'utf8')), limit);
    }
    /** matches() by searching the text; undefined once the searches have read more than they may. */
    searchMatches(quote, limit) {
        const text = this.bytes;
        const upTo = this.searchUpTo * Math.max(text.length, SEARCHED_FLOOR);
        if (this.searched > upTo)
            return undefined;
        const prepared = prepareQuote(quote);
        const found = [];
        let from = 0;
        while (found.length < limit) {
            const at = text.indexOf(prepared.bytes, from);
            this.searched += SEARCH_CALL_BYTES + (at < 0 ? text.length : at) - from;
            if (at < 0)
                break;
            if (this.searched > upTo)
                return undefined;
            if (respectsWordBoundaries(text, at, prepared))
                found.push(at);
            from = at + 1;
        }
        return found;
    }
    /** The byte offset of UTF-16 index `i` (i at a code point boundary). */
    byteOffset(i) {
        const cps = this.byteCheckpoints();
        const k = Math.floor(i / CHECKPOINT);
        let offset = cps[k];
        const text = this.text;
        for (let j = k * CHECKPOINT; j < i; j++)
            offset += utf8Length(text.charCodeAt(j));
        return offset;
    }
    /** The UTF-16 index of byte offset `b` (b at a code point boundary). */
    charIndex(b) {
        const cps = this.byteCheckpoints();
        const lo = lastAtOrBelow(cps, b);
        const text = this.text;
        let i = lo * CHECKPOINT;
        let offset = cps[lo];
        while (offset < b && i < text.length)
            offset += utf8Length(text.charCodeAt(i++));
        return i;
    }
    /**
     * Where the words with this key (see wordKey) start in the text, ascending:
     * at most `cap` + 1 of them (one more than `cap` says "too common"). A word
     * has the key when the key is the word's text in lower case, or a part of
     * it between characters that are not letters or digits ("angstrom" in
     * "Angstrom)d", "don" and "t" in "don’t"); where lower case moves indices
     * (a text with İ), when the key is the whole word's key. The answer depends
     * on the text and the key alone: `lookups`, and how much searching the
     * text for keys has read so far (KEYS_SEARCHED_PASSES), only choose between
     * searching the text for the key and an index of every such part of every
     * word.
     */
    occurrences(key, cap) {
        // A quote's words are looked up twice, where its text is (verbatim) and for its closest passage's
        // seeds, both up to KEY_PLACES: those answers are kept, by key.
        if (cap !== KEY_PLACES)
            return this.lookUp(key, cap);
        let found = this.recentKeys.get(key);
        if (found === undefined) {
            if (this.recentKeys.size >= RECENT_KEYS)
                this.recentKeys.clear();
            this.recentKeys.set(key, (found = this.lookUp(key, cap)));
        }
        return found;
    }
    lookUp(key, cap) {
        const text = this.text;
        const lower = (this.lowered ??= text.toLowerCase());
        // Lower case kept every index in place, or the search would be off: whole words then.
        if (lower.length !== text.length)
            return capped((this.wordIndex ??= new WordIndex(text)).starts(key), cap);
        if (wordRuns(key) <= PART_RUNS &&
            (this.partIndex !== undefined ||
                this.lookups > SEARCH_LOOKUPS ||
                this.keysSearched > KEYS_SEARCHED_PASSES * Math.max(text.length, SEARCHED_FLOOR)))
            return (this.partIndex ??= new PartIndex(text, lower)).starts(key, cap + 1);
        const found = [];
        let at = lower.indexOf(key);
        let calls = 1;
        for (; at >= 0 && found.length <= cap; at = lower.indexOf(key, at + 1), calls++) {
            // The key is a whole word, but for punctuation at its edges.
            if (at > 0 && isWordAt(text, at - 1))
                continue;
            if (at + key.length < text.length && isWordAt(text, at + key.length))
                continue;
            let start = at;
            while (start > 0 && text.charCodeAt(start - 1) !== 0x20)
                start--;
            found.push(start);
        }
        this.keysSearched += (at < 0 ? text.length : at) + calls * SEARCH_CALL_BYTES;
        return found;
    }
    /**
     * The first index where the quote's text is in the text, whatever the
     * words around it, or -1 when it is nowhere; undefined when that cannot be
     * told at a cost that does not grow with the text. A short quote is
     * searched for in all of the text (SHORT_QUOTE); a longer one only where
     * one of its inner words is: wherever the quote is, each of its words but
     * the first and the last is a whole word of the text (the spaces around it
     * are the text's), so the places of one, looked up (occurrences), are the
     * only places to look. Of the VERBATIM_LOOKUPS longest distinct ones, the
     * first with at most KEY_PLACES places is the one looked at. The answer depends on the
     * text and the quote alone.
     */
    verbatim(quote) {
        const text = this.text;
        if (quote.length < SHORT_QUOTE)
            return text.indexOf(quote);
        const words = quote.split(' ');
        const keys = [];
        const offsets = [];
        let offset = words[0].length + 1;
        for (let k = 1; k < words.length - 1; k++) {
            keys.push(wordKey(words[k]));
            offsets.push(offset);
            offset += words[k].length + 1;
        }
        // The longest first, as the closest passage's seeds are looked up (they tend to be the rarest): the
        // first whose places are all told is the one looked at.
        for (let tries = 0; tries < VERBATIM_LOOKUPS; tries++) {
            let longest = -1;
            for (let k = 0; k < keys.length; k++)
                if (keys[k] !== '' && (longest < 0 || keys[k].length > keys[longest].length))
                    longest = k;
            if (longest < 0)
                return undefined;
            const key = keys[longest];
            const places = this.occurrences(key, KEY_PLACES);
            // Every copy of the word is done with: any of them says where the quote is, and a lookup is not spent again.
            for (let k = 0; k < keys.length; k++)
                if (keys[k] === key)
                    keys[k] = '';
            if (places.length > KEY_PLACES)
                continue;
            // Ascending word starts (a word twice when its key is in it twice): the first that holds the quote.
            for (const start of places) {
                const at = start - offsets[longest];
                if (at >= 0 && text.startsWith(quote, at))
                    return at;
            }
            return -1;
        }
        return undefined;
    }
    /**
     * The text's words as a table (WordTable), when enough quotes are aligned
     * here to pay for it (one per ALIGNED_CHARS characters of text): at once
     * when a fifth of the `lookups` expected would, else once that many have
     * been aligned (counting this one), as quotes that are the source's own
     * text cut inside a word need no alignment (verbatim). Undefined before,
     * and the windows are split from the text each time. Either way the
     * windows are the same.
     */
    wordTable() {
        if (this.table === undefined && Math.max(++this.aligned, this.lookups / 5) * ALIGNED_CHARS >= this.text.length)
            this.table = new WordTable(this.text);
        return this.table;
    }
    byteCheckpoints() {
        if (this.checkpoints)
            return this.checkpoints;
        const text = this.text;
        const cps = new Int32Array(Math.floor(text.length / CHECKPOINT) + 1);
        let offset = 0;
        // Up to and including text.length: the last checkpoint may fall at the very end.
        for (let i = 0; i <= text.length; i++) {
            if (i % CHECKPOINT === 0)
                cps[i / CHECKPOINT] = offset;
            if (i < text.length)
                offset += utf8Length(text.charCodeAt(i));
        }
        return (this.checkpoints = cps);
    }
}
/**
 * Quotes' matches are searched for until that has read the text this many
 * times (searching reads about 0.2 ns a byte here, an index of units takes
 * about 100 ns a byte to make), then looked up in the index.
 */
const SEARCHED_PASSES = 64;
/** A short text counts as this long, so that searching a few bytes many times does not make an index at once. */
const SEARCHED_FLOOR = 1 << 16;
/** What a search call costs besides its bytes, in bytes read. */
const SEARCH_CALL_BYTES = 256;
/**
 * Words' keys are searched for until that has read the text this many times,
 * then looked up in an index of the parts of its words (PartIndex: about 18
 * ns a character to make, 4.5 ms for a source of 250 KB in a profile of the
 * bench's cut-medium JSON run; a search reads about 0.3 ns a character, so
 * 64 passes cost about what the index does).
 */
const KEYS_SEARCHED_PASSES = 64;
/** With more lookups than this expected, words are looked up in an index at once rather than searched for. */
const SEARCH_LOOKUPS = 8;
/** UTF-8 bytes for one UTF-16 unit: a surrogate half counts 2, the pair 4. */
function utf8Length(unit) {
    return unit < 0x80 ? 1 : unit < 0x800 ? 2 : unit >= 0xd800 && unit <= 0xdfff ? 2 : 3;
}
/** A word's key for finding candidate passages: lower case, without punctuation at its edges. */
function wordKey(word) {
    let start = 0;
    let end = word.length;
    while (start < end && !isWordAt(word, start))
        start++;
    while (end > start && !isWordAt(word, end - 1))
        end--;
    return (start === 0 && end === word.length ? word : word.slice(start, end)).toLowerCase();
}
/** Whether the UTF-16 unit at `i` belongs to a letter or digit (either half of a pair counts as its code point). */
function isWordAt(word, i) {
    const c = word.charCodeAt(i);
    if (c < 0x80)
        return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39);
    const cp = word.codePointAt(c >= 0xdc00 && c <= 0xdfff && i > 0 ? i - 1 : i);
    return cp !== 0x5f && isWordCodePoint(cp);
}
/** The first `cap` + 1 of a list (itself when no longer). */
function capped(list, cap) {
    return list.length > cap + 1 ? list.slice(0, cap + 1) : list;
}
/** Keys of more runs of letters and digits than this are searched for, not looked up (PartIndex). */
const PART_RUNS = 8;
/** How many runs of letters and digits a key has. */
function wordRuns(key) {
    let runs = 0;
    for (let i = 0; i < key.length; i++)
        if (isWordAt(key, i) && (i === 0 || !isWordAt(key, i - 1)))
            runs++;
    return runs;
}
/**
 * Every part of every word of a text, as occurrences() finds them by
 * searching (from the start of a run of letters and digits to the end of the
 * same or a later one of the same word, up to PART_RUNS runs), in lower case
 * (`lower`: the text in lower case, index for index), with the start of its
 * word: one entry per place the part is, in text order.
 *
 * In typed arrays, not a Map of strings: each part is hashed from the text's
 * own characters (no slice of it made), and its hash given an id, the next
 * free one, by an open-addressing table of the distinct hashes; the entries
 * are then laid out by id, and checked against the key when looked up. Made
 * so, a source of 256 KB took 5 ms where the Map took 55 to 100 ms
 * (measured). The ids do not move when the table grows, so each entry's id
 * is found once, as the entry is made, and no pass over the entries checks
 * which parts share a hash before a lookup asks (see starts).
 */
class PartIndex {
    lower;
    /** Per entry: where its part starts in the text, and its length. */
    from;
    length;
    /** The entries by id (those of an id side by side, in text order), and their words' starts in that order. */
    byId;
    wordById;
    /** Per id: where its entries start in byId (to the next id's start). */
    idStart;
    /** Per id: UNKNOWN until a lookup asks, then PURE when all its entries are one part, else MIXED. */
    purity;
    /** The open-addressing table: per slot, the id of the hash there (-1: free) and that hash. */
    slotIds;
    slotHashes;
    mask;
    constructor(text, lower) {
        this.lower = lower;
        const n = text.length;
        // About one entry for every six characters of prose: grown by doubling past that.
        let size = Math.max(1024, n >> 2);
        let from = new Int32Array(size);
        let length = new Int32Array(size);
        let word = new Int32Array(size);
        let entryId = new Int32Array(size);
        let count = 0;
        // The distinct hashes, in a table grown as they come (at most half full): sized by them, not by the
        // entries (several times as many), it stays in cache while the entries are made.
        let capacity = 1024;
        let mask = capacity - 1;
        let slotIds = new Int32Array(capacity).fill(-1);
        let slotHashes = new Int32Array(capacity);
        let idHashes = new Int32Array(capacity >> 1);
        let ids = 0;
        // The runs of letters and digits of the current word: where each starts and ends.
        let runStarts = new Int32Array(64);
        let runEnds = new Int32Array(64);
        let runs = 0;
        let start = 0;
        // Whether the unit before index i is a letter or digit (of the current word).
        let inRun = false;
        for (let i = 0; i <= n; i++) {
            const c = i < n ? text.charCodeAt(i) : 0x20;
            if (c !== 0x20) {
                const isWord = c < 0x80
                    ? (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39)
                    : isWordAt(text, i);
                if (isWord && !inRun) {
                    if (runs === runStarts.length) {
                        runStarts = grown(runStarts);
                        runEnds = grown(runEnds);
                    }
                    runStarts[runs] = i;
                    runs++;
                }
                if (!isWord && inRun)
                    runEnds[runs - 1] = i;
                inRun = isWord;
                continue;
            }
            if (inRun)
                runEnds[runs - 1] = i;
            inRun = false;
            // The word text[start, i): every part from one run's start to a later run's end.
            for (let a = 0; a < runs; a++) {
                // The hash of lower[runStarts[a], runEnds[b]), extended as b grows.
                let h = PART_SEED;
                let hashedTo = runStarts[a];
                for (let b = a; b < runs && b < a + PART_RUNS; b++) {
                    const end = runEnds[b];
                    for (; hashedTo < end; hashedTo++)
                        h = Math.imul(h ^ lower.charCodeAt(hashedTo), 0x01000193);
                    let slot = slotOf(h, mask);
                    while (slotIds[slot] !== -1 && slotHashes[slot] !== h)
                        slot = (slot + 1) & mask;
                    let id = slotIds[slot];
                    if (id === -1) {
                        id = ids++;
                        slotIds[slot] = id;
                        slotHashes[slot] = h;
                        if (id === idHashes.length)
                            idHashes = grown(idHashes);
                        idHashes[id] = h;
                        if (2 * ids > capacity) {
                            // Twice the slots; each hash goes where its id can be found again.
                            capacity *= 2;
                            mask = capacity - 1;
                            slotIds = new Int32Array(capacity).fill(-1);
                            slotHashes = new Int32Array(capacity);
                            for (let k = 0; k < ids; k++) {
                                let to = slotOf(idHashes[k], mask);
                                while (slotIds[to] !== -1)
                                    to = (to + 1) & mask;
                                slotIds[to] = k;
                                slotHashes[to] = idHashes[k];
                            }
                        }
                    }
                    if (count === size) {
                        size *= 2;
                        from = grown(from);
                        length = grown(length);
                        word = grown(word);
                        entryId = grown(entryId);
                    }
                    from[count] = runStarts[a];
                    length[count] = end - runStarts[a];
                    word[count] = start;
                    entryId[count] = id;
                    count++;
                }
            }
            runs = 0;
            start = i + 1;
        }
        this.mask = mask;
        this.slotIds = slotIds;
        this.slotHashes = slotHashes;
        this.from = from;
        this.length = length;
        // The entries laid out id by id, in text order within an id (a counting sort, stable).
        const idStart = new Int32Array(ids + 1);
        for (let e = 0; e < count; e++)
            idStart[entryId[e] + 1]++;
        for (let k = 0; k < ids; k++)
            idStart[k + 1] += idStart[k];
        this.idStart = idStart;
        const cursor = idStart.slice(0, ids);
        this.byId = new Int32Array(count);
        this.wordById = new Int32Array(count);
        for (let e = 0; e < count; e++) {
            const at = cursor[entryId[e]]++;
            this.byId[at] = e;
            this.wordById[at] = word[e];
        }
        this.purity = new Uint8Array(ids);
    }
    /**
     * Where the words with a part of this key start, ascending (a word twice
     * if the part is in it twice): the first `limit` of them.
     */
    starts(key, limit) {
        let h = PART_SEED;
        for (let i = 0; i < key.length; i++)
            h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
        const found = [];
        let slot = slotOf(h, this.mask);
        while (this.slotIds[slot] !== -1 && this.slotHashes[slot] !== h)
            slot = (slot + 1) & this.mask;
        const id = this.slotIds[slot];
        if (id === -1)
            return found;
        const { from, length, byId, wordById, lower } = this;
        const begin = this.idStart[id];
        const end = this.idStart[id + 1];
        if (this.isPure(id)) {
            // One part: the key is it, or none of them.
            const first = byId[begin];
            if (length[first] !== key.length || !lower.startsWith(key, from[first]))
                return found;
            for (let k = begin; k < end && found.length < limit; k++)
                found.push(wordById[k]);
            return found;
        }
        for (let k = begin; k < end && found.length < limit; k++) {
            const e = byId[k];
            if (length[e] === key.length && lower.startsWith(key, from[e]))
                found.push(wordById[k]);
        }
        return found;
    }
    /**
     * Whether all the entries of an id are one part (no two parts share its
     * hash), so that one comparison checks them all: worked out the first time
     * a lookup asks, once. The entries of a common word lie all over the text,
     * and reading each for every lookup of the word cost about 160 ns an entry
     * (measured, sources of 256 KB); reading them for every id while the index
     * is made read them for words no lookup asks for.
     */
    isPure(id) {
        if (this.purity[id] === UNKNOWN) {
            const { from, length, byId, lower } = this;
            const first = byId[this.idStart[id]];
            const at = from[first];
            const n = length[first];
            let pure = true;
            for (let k = this.idStart[id] + 1; k < this.idStart[id + 1] && pure; k++) {
                const e = byId[k];
                if (length[e] !== n)
                    pure = false;
                else
                    for (let i = 0; i < n && pure; i++)
                        if (lower.charCodeAt(from[e] + i) !== lower.charCodeAt(at + i))
                            pure = false;
            }
            this.purity[id] = pure ? PURE : MIXED;
        }
        return this.purity[id] === PURE;
    }
}
const UNKNOWN = 0;
const PURE = 1;
const MIXED = 2;
/** A copy of an array twice as long. */
function grown(x) {
    const y = new Int32Array(x.length * 2);
    y.set(x);
    return y;
}
/** Where a part's hash starts: drawn once per run, so that a text cannot be made of parts that share one list. */
const PART_SEED = Math.floor(Math.random() * 2 ** 32) | 0;
/**
 * A word table costs about 17 ns a character to make (in CPU profiles of the
 * JSON run of the bench's cut, Node 24: 68 to 75 ms for its 100 sources of
 * 40 KB, where slicing each word into a Map of strings took 92 ms) and
 * saves about 15 µs a quote aligned (the JSON run of explain-400k, 10,000
 * misses: a median of 0.995 s against 1.141 s, five runs of each bundle in
 * turn): made when at least one quote per this many characters is
 * aligned, where it pays (Node 24).
 */
const ALIGNED_CHARS = 512;
/**
 * The words of a text (its runs of characters between spaces) in order: where
 * each starts and ends, and the id of its text among the distinct words, so
 * that a window of words is a range of ids, and whatever is worked out for a
 * word (its key, whether a quote has it) is worked out once per distinct word.
 */
class WordTable {
    starts;
    ends;
    /** Per word: the id of its text. */
    ids;
    /** Per id: the word. */
    texts = [];
    /** The ids by the hash of their text (see idOf): an open-addressing table, -1 in a free slot. */
    slotIds;
    slotHashes;
    mask;
    /**
     * For the quote being aligned (its serial, see serial()): per word id,
     * whether the quote has the word (stamp) and its id in the quote; per key
     * (see keyId), the same. Set once per quote, read for every window word.
     */
    wordStamp;
    wordInQuote;
    keyStamp = [];
    keyInQuote = [];
    /** Per word id: the id of its key (-1 until asked), keys being given ids as they are met. */
    keyIds;
    keyIdOf = new Map();
    serials = 0;
    constructor(text) {
        let count = 0;
        for (let i = 0; i < text.length; i++)
            if (text.charCodeAt(i) !== 0x20 && (i === 0 || text.charCodeAt(i - 1) === 0x20))
                count++;
        this.starts = new Int32Array(count);
        this.ends = new Int32Array(count);
        this.ids = new Int32Array(count);
        // The distinct words by the hash of their characters, in an open-addressing table of ids (at most
        // half full): a word is hashed where it lies and sliced from the text only the first time it is
        // met (see ALIGNED_CHARS for what that saved).
        let mask = 1023;
        let slotIds = new Int32Array(mask + 1).fill(-1);
        let slotHashes = new Int32Array(mask + 1);
        const texts = this.texts;
        let k = 0;
        let start = -1;
        let h = WORD_SEED;
        for (let i = 0; i <= text.length; i++) {
            const c = i === text.length ? 0x20 : text.charCodeAt(i);
            if (c !== 0x20) {
                if (start < 0) {
                    start = i;
                    h = WORD_SEED;
                }
                h = Math.imul(h ^ c, 0x01000193);
                continue;
            }
            if (start < 0)
                continue;
            const n = i - start;
            let slot = slotOf(h, mask);
            let id = -1;
            for (; slotIds[slot] >= 0; slot = (slot + 1) & mask) {
                if (slotHashes[slot] !== h)
                    continue;
                const seen = texts[slotIds[slot]];
                if (seen.length === n && text.startsWith(seen, start)) {
                    id = slotIds[slot];
                    break;
                }
            }
            if (id < 0) {
                id = texts.length;
                texts.push(text.slice(start, i));
                slotIds[slot] = id;
                slotHashes[slot] = h;
                if (2 * texts.length > mask) {
                    const oldIds = slotIds;
                    const oldHashes = slotHashes;
                    mask = 2 * mask + 1;
                    slotIds = new Int32Array(mask + 1).fill(-1);
                    slotHashes = new Int32Array(mask + 1);
                    for (let s = 0; s < oldIds.length; s++) {
                        if (oldIds[s] < 0)
                            continue;
                        let to = slotOf(oldHashes[s], mask);
                        while (slotIds[to] >= 0)
                            to = (to + 1) & mask;
                        slotIds[to] = oldIds[s];
                        slotHashes[to] = oldHashes[s];
                    }
                }
            }
            this.starts[k] = start;
            this.ends[k] = i;
            this.ids[k] = id;
            k++;
            start = -1;
        }
        this.slotIds = slotIds;
        this.slotHashes = slotHashes;
        this.mask = mask;
        this.wordStamp = new Int32Array(texts.length).fill(-1);
        this.wordInQuote = new Int32Array(texts.length);
        this.keyIds = new Int32Array(texts.length).fill(-1);
    }
    /** The id of a word's text, undefined when the text has no such word. */
    idOf(word) {
        let h = WORD_SEED;
        for (let i = 0; i < word.length; i++)
            h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
        for (let slot = slotOf(h, this.mask); this.slotIds[slot] >= 0; slot = (slot + 1) & this.mask)
            if (this.slotHashes[slot] === h && this.texts[this.slotIds[slot]] === word)
                return this.slotIds[slot];
        return undefined;
    }
    /**
     * A serial number for a quote about to be aligned here, so that the stamps
     * tell its words from another's. Quotes are aligned one at a time: a quote's
     * stamps hold until the next quote takes a serial. Past the largest stamp
     * an Int32Array holds, the stamps are cleared and the serials start again.
     */
    serial() {
        if (this.serials === MAX_SERIAL) {
            this.wordStamp.fill(-1);
            this.keyStamp.fill(-1);
            this.serials = 0;
        }
        return this.serials++;
    }
    /** The id of a key (given one when first met). */
    keyId(key) {
        let id = this.keyIdOf.get(key);
        if (id === undefined) {
            this.keyIdOf.set(key, (id = this.keyStamp.length));
            this.keyStamp.push(-1);
            this.keyInQuote.push(0);
        }
        return id;
    }
    /** The id of the key of word `id`, its key made by `keyOf` the first time. */
    keyOfWord(id, keyOf) {
        let key = this.keyIds[id];
        if (key < 0)
            this.keyIds[id] = key = this.keyId(keyOf(this.texts[id]));
        return key;
    }
    /** The first word that ends after `i`. */
    firstEndingAfter(i) {
        return firstAbove(this.ends, i);
    }
    /** The first word that starts at or after `i`. */
    firstStartingFrom(i) {
        return firstAbove(this.starts, i - 1);
    }
}
const MAX_SERIAL = 0x7fffffff;
/** Where a word's hash starts: drawn once per run, as PART_SEED. */
const WORD_SEED = Math.floor(Math.random() * 2 ** 32) | 0;
/** The index of the first element above `value` in an ascending list (its length when none is). */
function firstAbove(sorted, value) {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sorted[mid] > value)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}
/** Every word of a text by its key, for texts that many quotes look up. */
class WordIndex {
    byKey = new Map();
    constructor(text) {
        let start = 0;
        for (let i = 0; i <= text.length; i++) {
            if (i === text.length || text.charCodeAt(i) === 0x20) {
                if (i > start) {
                    const key = wordKey(text.slice(start, i));
                    if (key !== '') {
                        const list = this.byKey.get(key);
                        if (list)
                            list.push(start);
                        else
                            this.byKey.set(key, [start]);
                    }
                }
                start = i + 1;
            }
        }
    }
    /** Where the words with this key start, ascending. */
    starts(key) {
        return this.byKey.get(key) ?? [];
    }
}
/**
 * The whole words of text[from, to): cut from the text, or, given the text's
 * word table, taken from it (the same words). A word the stretch starts or
 * ends inside is left out. So is a whole word when the stretch starts on the
 * space after a word, or ends on the space before one: windows have always
 * been cut so, and a closest passage must not move for being found faster.
 */
function windowOf(text, from, to, table) {
    const cutBefore = from > 0 && text.charCodeAt(from - 1) !== 0x20;
    const cutAfter = to < text.length && text.charCodeAt(to) !== 0x20;
    if (table === undefined) {
        const window = wordsIn(text, from, to);
        if (cutBefore) {
            window.words.shift();
            window.starts.shift();
        }
        if (cutAfter) {
            window.words.pop();
            window.starts.pop();
        }
        return window;
    }
    let lo = table.firstEndingAfter(from);
    let hi = Math.max(lo, table.firstStartingFrom(to));
    if (cutBefore && hi > lo)
        lo++;
    if (cutAfter && hi > lo)
        hi--;
    const words = new Array(hi - lo);
    const starts = new Array(hi - lo);
    for (let k = lo; k < hi; k++) {
        words[k - lo] = table.texts[table.ids[k]];
        starts[k - lo] = table.starts[k];
    }
    return { words, starts, table, offset: lo };
}
/** The words of a stretch of text, with where each starts. */
function wordsIn(text, from, to) {
    const words = [];
    const starts = [];
    let start = from;
    for (let i = from; i <= to; i++) {
        if (i === to || text.charCodeAt(i) === 0x20) {
            if (i > start) {
                words.push(text.slice(start, i));
                starts.push(start);
            }
            start = i + 1;
        }
    }
    return { words, starts };
}

;// CONCATENATED MODULE: ./src/engine/diagnose/closest.ts
// The passage of a source nearest to a quote that is not in it, with a word
// diff of one against the other. Candidate places come from the quote's rarer
// words (seeds); all of the quote is aligned word by word at each candidate, in
// a band that follows the alignment, so the cost of a miss grows linearly with
// the quote and with how often its words occur, not with the length of the source.



/** Below this similarity a passage is noise, not a near miss. */
const MIN_SIMILARITY = 0.5;
/** A word occurring more often than this is too common to point anywhere (unless nothing rarer is there). */
const MAX_SEED_OCCURRENCES = KEY_PLACES;
/** Only the quote's rarest words are used as seeds, from its longest few. */
const MAX_SEEDS = 4;
const MAX_LOOKED_UP = 8;
const MAX_LOOKED_UP_REPEATED = 24;
const CANDIDATES = 4;
/**
 * Quotes longer than this (UTF-16 units, about 20,000 words) are not
 * explained: no closest passage, no hints (see explainable). Aligning one
 * word by word takes memory and time in proportion to it: a quote of 50 MB
 * explained in a heap of 512 MB ended the process out of memory.
 */
const MAX_EXPLAINED_QUOTE = 1 << 17;
/** Whether a normalized quote is short enough to explain (MAX_EXPLAINED_QUOTE). */
function explainable(quote) {
    return quote.length <= MAX_EXPLAINED_QUOTE;
}
/** The nearest passage, if it is close enough to show (MIN_SIMILARITY). */
function closestPassage(view, quote) {
    const best = nearestPassage(view, quote);
    return best && best.similarity >= MIN_SIMILARITY ? best : undefined;
}
/** The nearest passage, however far: where to look for hints. */
function nearestPassage(view, quote) {
    if (!explainable(quote))
        return undefined;
    const quoteWords = quote.split(' ');
    const text = view.text;
    if (text === '')
        return undefined;
    // Each occurrence of one of the quote's rarer words in the source votes for
    // the alignment (in characters) that would put that word there; rarer words
    // weigh more. Common words are left out: they point everywhere.
    // The longest words first: they tend to be the rarest, and only a few are looked up.
    const keys = [];
    let offset = 0;
    for (const word of quoteWords) {
        const key = wordKey(word);
        if (key !== '')
            keys.push({ key, offset });
        offset += word.length + 1;
    }
    keys.sort((a, b) => b.key.length - a.key.length || a.offset - b.offset);
    const seeds = [];
    const looked = new Set();
    let rarest = Number.POSITIVE_INFINITY;
    for (const { key, offset: at } of keys) {
        // Past the first few, words are looked up only while none seen is unique: in a
        // repetitive source, a rare short word tells the copies of a passage apart.
        if (looked.size >= (rarest > 1 ? MAX_LOOKED_UP_REPEATED : MAX_LOOKED_UP) || looked.has(key))
            continue;
        looked.add(key);
        const starts = view.occurrences(key, MAX_SEED_OCCURRENCES);
        if (starts.length > 0) {
            seeds.push({ offset: at, starts });
            rarest = Math.min(rarest, starts.length);
        }
    }
    if (seeds.length === 0)
        return undefined;
    seeds.sort((a, b) => a.starts.length - b.starts.length);
    const votes = new Map();
    // Every word is common (prose of a small vocabulary, or a long source): the occurrences of words
    // point nowhere in particular. Runs of the quote's words, looked up whole, point to its place.
    if (seeds[0].starts.length > COMMON_SEED)
        phraseVotes(view, quoteWords, votes);
    if (votes.size === 0) {
        for (const { offset: at, starts } of seeds.slice(0, MAX_SEEDS)) {
            if (starts.length > MAX_SEED_OCCURRENCES && votes.size > 0)
                break;
            const weight = 1 / (1 + Math.log(starts.length));
            for (let k = 0; k < starts.length && k < MAX_SEED_OCCURRENCES; k++) {
                // Votes a few characters apart are for the same place, give or take a changed word.
                const d = Math.round((starts[k] - at) / 8);
                votes.set(d, (votes.get(d) ?? 0) + weight);
            }
        }
    }
    // The best few alignments, some way apart from each other. Votes in neighbouring
    // buckets are for the same place (a changed word shifts the words after it).
    const chosen = [];
    const ds = [...votes.keys()];
    const vs = new Float64Array(ds.length);
    for (let r = 0; r < ds.length; r++) {
        const d = ds[r];
        vs[r] = (votes.get(d - 1) ?? 0) + votes.get(d) + (votes.get(d + 1) ?? 0);
    }
    while (chosen.length < CANDIDATES) {
        let best = -1;
        let bestV = 0;
        let bestD = 0;
        for (let r = 0; r < ds.length; r++) {
            const v = vs[r];
            if (v < 0)
                continue;
            const d = ds[r];
            let taken = false;
            for (let c = 0; c < chosen.length; c++)
                if (Math.abs(chosen[c] - d) <= 2)
                    taken = true;
            if (taken)
                continue;
            if (best < 0 || v > bestV || (v === bestV && d < bestD)) {
                best = r;
                bestV = v;
                bestD = d;
            }
        }
        if (best < 0)
            break;
        chosen.push(bestD);
        vs[best] = -1;
    }
    let best;
    let aligned;
    const slack = Math.max(32, Math.ceil(quote.length * 0.3));
    const table = view.wordTable();
    for (const d of chosen) {
        const from = Math.max(0, d * 8 - slack);
        const to = Math.min(text.length, d * 8 + quote.length + slack);
        const window = windowOf(text, from, to, table);
        // Where the seeds put the quote's first word (votes are rounded to 8 characters).
        let first = 0;
        while (first < window.starts.length && window.starts[first] < d * 8 - 4)
            first++;
        aligned ??= new AlignedQuote(quoteWords);
        const candidate = align(aligned, window, first, best?.similarity ?? -1);
        if (candidate && (!best || candidate.similarity > best.similarity))
            best = candidate;
    }
    return best;
}
/**
 * The passage of a quote whose text is in the view's text, but only inside
 * longer words (cut from the source inside a word): of `words`, the whole
 * words it lies in (the word boundary hint's, insideLongerWords). Every word is in common but those it cuts at either edge; such a word
 * is shown against the word it is part of, as align() and pairEdges() would
 * show it (near when alike but for case or edge punctuation, changed when
 * it looks like a version of it), or else left out of the passage. No
 * alignment is needed: where the quote is, its words and the text's line
 * up one for one.
 */
function verbatimPassage(view, quote, words) {
    if (!explainable(quote))
        return undefined;
    const { words: window, starts } = windowOf(view.text, words.start, words.end);
    const quoteWords = quote.split(' ');
    if (window.length !== quoteWords.length)
        return undefined;
    const steps = [];
    let near = 0;
    let same = false;
    let first = 0;
    let last = window.length - 1;
    for (let k = 0; k < window.length; k++) {
        const q = quoteWords[k];
        const w = window[k];
        if (q === w) {
            steps.push({ op: 'same', word: q });
            same = true;
            continue;
        }
        const key = alignKey(q);
        if (key !== '' && key === alignKey(w))
            near += (q.length + 1) / 2;
        else if (!similarWords(q, w)) {
            // Nothing like the word it is part of: the quote's own, outside the passage.
            steps.push({ op: 'added', word: q });
            if (k === 0)
                first = 1;
            else
                last = k - 1;
            continue;
        }
        steps.push({ op: 'missing', word: w }, { op: 'added', word: q });
    }
    if (near === 0 && !same)
        return undefined;
    return passageOf(steps, near, quoteWords, window, starts, first, last);
}
/** When the quote's rarest word occurs more often than this, runs of its words are looked up whole (phraseVotes). */
const COMMON_SEED = 16;
/** Runs of this many of the quote's words are looked up whole when every word is common (phraseVotes). */
const PHRASE_WORDS = 3;
/** A run found more often than this points nowhere in particular either. */
const PHRASE_CAP = 16;
/**
 * Votes for where the quote is from runs of PHRASE_WORDS of its words found
 * whole in the text (SPEC §4 matches, SourceView.matches: past the first few,
 * from an index, each costing what the run costs, not the source), one run at
 * every PHRASE_WORDS-th word;
 * a run found at most PHRASE_CAP times votes for each place, the rarer the more.
 */
function phraseVotes(view, quoteWords, votes) {
    let offset = 0;
    for (let i = 0; i < quoteWords.length; i++) {
        if (i % PHRASE_WORDS === 0 && i + PHRASE_WORDS <= quoteWords.length) {
            const found = view.matches(quoteWords.slice(i, i + PHRASE_WORDS).join(' '), PHRASE_CAP + 1);
            if (found.length > 0 && found.length <= PHRASE_CAP) {
                const weight = 1 / (1 + Math.log(found.length));
                for (const byte of found) {
                    const d = Math.round((view.charIndex(byte) - offset) / 8);
                    votes.set(d, (votes.get(d) ?? 0) + weight);
                }
            }
        }
        offset += quoteWords[i].length + 1;
    }
}
/*
 * Scores of the fitting alignment (twice the intuitive ones, to stay in integers):
 * the same word 4; the same word but for case, punctuation at its edges,
 * compatibility forms or invisible characters 2 (a change worth showing side by side); another word -3; a word added or missing
 * -2. So two different words line up as a change only inside a passage, and a
 * stray word at an edge is left out rather than paired (see pairEdges).
 */
const SAME = 4;
const NEAR = 2;
const CHANGED = -3;
const GAP = -2;
/**
 * The alignment of quote word i looks at window words within this many of
 * where the best alignment of the words before it ended: the cost is linear in
 * the quote's length, and the path may drift any distance in steps of less
 * than this (a run of more added or missing words than this is not followed).
 */
const BAND = 16;
const BAND_CELLS = 2 * BAND + 1;
const NONE = -0x40000000;
/**
 * The quote's words and keys as small integers, so the inner loop of align()
 * compares numbers: made once for all the candidate windows of a quote, with
 * the keys of the window words, which the windows share, kept as they are made.
 */
class AlignedQuote {
    words;
    ids = new Map();
    keyIds = new Map();
    quoteIds;
    quoteKeyIds;
    /** Per word id: its key's id, -2 for a word of nothing but punctuation (never "near" another). */
    keyOfId = [];
    /**
     * Per word of the windows (a quote word or not), its code, made the first
     * time it is seen: one lookup per window word, where a quote word's id and
     * another word's key took two.
     */
    windowCodes = new Map();
    /** Per code: the word's id (-1: not a quote word), and the key id align() compares (see code). */
    codeIds = [];
    codeKeys = [];
    table;
    serial = -1;
    constructor(words) {
        this.words = words;
        this.quoteIds = new Int32Array(words.length);
        this.quoteKeyIds = new Int32Array(words.length);
        for (let i = 0; i < words.length; i++) {
            const word = words[i];
            let id = this.ids.get(word);
            if (id === undefined) {
                this.ids.set(word, (id = this.ids.size));
                const key = alignKey(word);
                let keyId = this.keyIds.get(key);
                if (keyId === undefined)
                    this.keyIds.set(key, (keyId = this.keyIds.size));
                this.keyOfId.push(key === '' ? -2 : keyId);
            }
            this.quoteIds[i] = id;
            this.quoteKeyIds[i] = this.keyOfId[id];
        }
    }
    /**
     * The code of a window word: codeIds gives its word id (-1 when it is not a
     * quote word), codeKeys its key id (-1 when no quote word has its key, -3
     * for a quote word of nothing but punctuation, which is near no other).
     */
    code(word) {
        let code = this.windowCodes.get(word);
        if (code !== undefined)
            return code;
        code = this.codeIds.length;
        const id = this.ids.get(word);
        this.codeIds.push(id ?? -1);
        this.codeKeys.push(id !== undefined ? this.windowKeyOf(id) : (this.keyIds.get(alignKey(word)) ?? -1));
        this.windowCodes.set(word, code);
        return code;
    }
    /**
     * This quote's serial in a word table, its words and keys stamped there
     * when first asked: the window words that are quote words, and the keys
     * that quote words have, are then told by reading the table.
     */
    serialIn(table) {
        if (this.table === table)
            return this.serial;
        this.table = table;
        const serial = (this.serial = table.serial());
        for (const [word, id] of this.ids) {
            const t = table.idOf(word);
            if (t === undefined)
                continue;
            table.wordStamp[t] = serial;
            table.wordInQuote[t] = id;
        }
        for (const [key, keyId] of this.keyIds) {
            const k = table.keyId(key);
            table.keyStamp[k] = serial;
            table.keyInQuote[k] = keyId;
        }
        return serial;
    }
    /** The key id align() compares for a window word that is quote word `id`: -3 for punctuation alone, near no other. */
    windowKeyOf(id) {
        return this.keyOfId[id] === -2 ? -3 : this.keyOfId[id];
    }
    idOf(code) {
        return this.codeIds[code];
    }
    keyOf(code) {
        return this.codeKeys[code];
    }
}
/**
 * Aligns all of the quote with the best-fitting span of the window (global on
 * the quote, local on the source), so the passage stays tight around what the
 * quote shares with the source. `first` is the window word where the seeds put
 * the quote's first word. Undefined when the passage cannot be more similar
 * than `toBeat`.
 */
function align(aligned, stretch, first, toBeat) {
    const { words: window, starts } = stretch;
    const quote = aligned.words;
    const a = quote.length;
    const b = window.length;
    if (b === 0)
        return undefined;
    const { keyIds, quoteIds, quoteKeyIds } = aligned;
    const cells = (a + 1) * BAND_CELLS;
    const { windowIds, windowKeyIds, available, low, score, move } = scratchFor(b, keyIds.size, a + 1, cells);
    const { table, offset = 0 } = stretch;
    if (table) {
        // The quote's words and keys are stamped in the table: each window word is read there, never hashed.
        const serial = aligned.serialIn(table);
        const { ids, wordStamp, wordInQuote, keyStamp, keyInQuote } = table;
        for (let j = 0; j < b; j++) {
            const t = ids[offset + j];
            if (wordStamp[t] === serial) {
                const id = wordInQuote[t];
                windowIds[j] = id;
                windowKeyIds[j] = aligned.windowKeyOf(id);
            }
            else {
                const key = table.keyOfWord(t, alignKey);
                windowIds[j] = -1;
                windowKeyIds[j] = keyStamp[key] === serial ? keyInQuote[key] : -1;
            }
        }
    }
    else {
        for (let j = 0; j < b; j++) {
            const code = aligned.code(window[j]);
            windowIds[j] = aligned.idOf(code);
            windowKeyIds[j] = aligned.keyOf(code);
        }
    }
    // At most the quote words whose keys the window has are in common. Since the
    // passage holds at least those, similarity is at most 2u / (quote + u): when
    // that cannot beat the best so far, the alignment is not worth making.
    available.fill(0, 0, keyIds.size);
    for (let j = 0; j < b; j++)
        if (windowKeyIds[j] >= 0)
            available[windowKeyIds[j]]++;
    let shared = 0;
    let quoteChars = 0;
    for (let i = 0; i < a; i++) {
        quoteChars += quote[i].length + 1;
        const key = quoteKeyIds[i];
        // Punctuation alone has no key but may be the same word: count it as shared.
        if (key === -2)
            shared += quote[i].length + 1;
        else if (available[key] > 0) {
            available[key]--;
            shared += quote[i].length + 1;
        }
    }
    if ((2 * shared) / (quoteChars + shared) <= toBeat)
        return undefined;
    // Row i (quote words 0..i-1 aligned) holds cells j = low[i] .. low[i] + BAND_CELLS - 1 (window words consumed).
    // score: every cell of a row is written before it is read. move, 0: diagonal (same or changed), 1: quote
    // word only (added), 2: source word only (missing): cleared, as cells outside the window are not written.
    move.fill(0, 0, cells);
    // Row 0: the passage may start anywhere (local on the source), every cell 0.
    let center = Math.min(b, first + 1);
    low[0] = center - BAND;
    for (let k = 0; k < BAND_CELLS; k++)
        score[k] = low[0] + k >= 0 && low[0] + k <= b ? 0 : NONE;
    for (let i = 1; i <= a; i++) {
        const lo = (low[i] = center - BAND);
        const row = i * BAND_CELLS;
        const prev = row - BAND_CELLS;
        // Cell k of this row is window position lo + k, which is cell k + shift of the previous row.
        const shift = lo - low[i - 1];
        const qId = quoteIds[i - 1];
        const qKey = quoteKeyIds[i - 1];
        let bestJ = -1;
        let bestScore = NONE;
        for (let k = 0; k < BAND_CELLS; k++) {
            const j = lo + k;
            if (j < 0 || j > b) {
                score[row + k] = NONE;
                continue;
            }
            const u = k + shift;
            let best = u >= 0 && u < BAND_CELLS ? score[prev + u] + GAP : NONE;
            let m = 1;
            if (j > 0) {
                if (u >= 1 && u <= BAND_CELLS) {
                    const pair = qId === windowIds[j - 1] ? SAME : qKey === windowKeyIds[j - 1] ? NEAR : CHANGED;
                    const diagonal = score[prev + u - 1] + pair;
                    if (diagonal >= best) {
                        best = diagonal;
                        m = 0;
                    }
                }
                if (k > 0) {
                    const missing = score[row + k - 1] + GAP;
                    if (missing > best) {
                        best = missing;
                        m = 2;
                    }
                }
            }
            if (best < NONE / 2)
                best = NONE;
            score[row + k] = best;
            move[row + k] = m;
            // Ties go to the cell nearest the band's middle, so that equal paths do not drift.
            if (best > bestScore || (best === bestScore && best > NONE && Math.abs(j - center) < Math.abs(bestJ - center))) {
                bestScore = best;
                bestJ = j;
            }
        }
        if (bestJ < 0)
            return undefined;
        center = Math.min(b, bestJ + 1);
    }
    let endJ = -1;
    let endScore = NONE;
    for (let k = 0; k < BAND_CELLS; k++) {
        const j = low[a] + k;
        if (j >= 0 && j <= b && score[a * BAND_CELLS + k] > endScore) {
            endScore = score[a * BAND_CELLS + k];
            endJ = j;
        }
    }
    // Trace back from the best end to where the quote starts.
    let steps = [];
    let near = 0;
    let i = a;
    let j = endJ;
    while (i > 0) {
        const m = move[i * BAND_CELLS + (j - low[i])];
        if (j > 0 && m === 0) {
            if (quote[i - 1] === window[j - 1])
                steps.push({ op: 'same', word: quote[i - 1] });
            else {
                // The same word but for case or punctuation counts half towards similarity.
                if (quoteKeyIds[i - 1] === windowKeyIds[j - 1])
                    near += (quote[i - 1].length + 1) / 2;
                steps.push({ op: 'added', word: quote[i - 1] }, { op: 'missing', word: window[j - 1] });
            }
            i--;
            j--;
        }
        else if (j > 0 && m === 2) {
            steps.push({ op: 'missing', word: window[--j] });
        }
        else {
            steps.push({ op: 'added', word: quote[--i] });
        }
    }
    steps.reverse();
    if (near === 0 && !steps.some((s) => s.op === 'same'))
        return undefined;
    const edges = pairEdges(steps, window, j, endJ - 1);
    steps = edges.steps;
    return passageOf(steps, near, quote, window, starts, edges.first, edges.last);
}
/**
 * The arrays align() works in, kept from one call to the next and grown as
 * needed: allocating them for every candidate window of every quote took
 * about a third of align's own time (54 of its 164 samples in a CPU profile
 * of the JSON run of the bench's explain-400k, Node 24).
 */
const scratch = {
    windowIds: new Int32Array(256),
    windowKeyIds: new Int32Array(256),
    available: new Int32Array(256),
    low: new Int32Array(256),
    score: new Int32Array(256 * BAND_CELLS),
    move: new Uint8Array(256 * BAND_CELLS),
};
function scratchFor(window, keys, rows, cells) {
    if (scratch.windowIds.length < window) {
        scratch.windowIds = new Int32Array(window * 2);
        scratch.windowKeyIds = new Int32Array(window * 2);
    }
    if (scratch.available.length < keys)
        scratch.available = new Int32Array(keys * 2);
    if (scratch.low.length < rows)
        scratch.low = new Int32Array(rows * 2);
    if (scratch.score.length < cells) {
        scratch.score = new Int32Array(cells * 2);
        scratch.move = new Uint8Array(cells * 2);
    }
    return scratch;
}
/**
 * A quote word at either edge that the source does not share is left out of the
 * passage by the alignment, which hides a changed word there ("[+60+] days"
 * where the source has "30 days"). When the source word next to the passage
 * looks like a version of it (a number for a number, a word spelled alike or
 * the same once folded), it is shown as what the quote changed.
 */
function pairEdges(steps, window, first, last) {
    let lead = 0;
    while (lead < steps.length && steps[lead].op === 'added')
        lead++;
    const head = [];
    let k = lead;
    while (k > 0 && first > 0 && similarWords(steps[k - 1].word, window[first - 1])) {
        head.unshift({ op: 'added', word: steps[k - 1].word }, { op: 'missing', word: window[first - 1] });
        k--;
        first--;
    }
    const startRest = k;
    let trail = steps.length;
    while (trail > lead && steps[trail - 1].op === 'added')
        trail--;
    const tail = [];
    let t = trail;
    while (t < steps.length && last + 1 < window.length && similarWords(steps[t].word, window[last + 1])) {
        tail.push({ op: 'added', word: steps[t].word }, { op: 'missing', word: window[last + 1] });
        t++;
        last++;
    }
    if (head.length === 0 && tail.length === 0)
        return { steps, first, last };
    return {
        steps: [...steps.slice(0, startRest), ...head, ...steps.slice(lead, trail), ...tail, ...steps.slice(t)],
        first,
        last,
    };
}
/** Whether two different words look like versions of one: numbers both, alike once folded, or spelled mostly alike. */
function similarWords(a, b) {
    if (/\p{N}/u.test(a) && /\p{N}/u.test(b))
        return true;
    const fa = foldKey(a);
    const fb = foldKey(b);
    if (fa === '' || fb === '')
        return false;
    if (fa === fb)
        return true;
    const longer = Math.max(fa.length, fb.length);
    if (longer > 64)
        return false;
    return editDistance(fa, fb) <= longer / 2;
}
/** The characters that show as nothing (INVISIBLE_NAMES in hints.ts names them), to fold away. */
const INVISIBLE_ALL = /[\u00ad\u200b\u200c\u200d\u2060\ufeff\u180e]/g;
/** A word's key once compatibility forms and invisible characters are folded away. */
function foldKey(word) {
    return wordKey(normalizeUnicode(word, 'NFKC').replace(INVISIBLE_ALL, ''));
}
/**
 * The key under which two words count as near: alike but for case, punctuation
 * at their edges, compatibility forms (ﬁ, full width) or invisible characters.
 */
function alignKey(word) {
    for (let i = 0; i < word.length; i++)
        if (word.charCodeAt(i) >= 0x80)
            return foldKey(word);
    return wordKey(word);
}
/** The passage and its diff from the aligned steps; the passage is window words first..last. */
function passageOf(steps, near, quote, window, starts, first, last) {
    // Runs of changes read best grouped: what the source has, then what the quote has.
    const parts = [];
    let missing = [];
    let added = [];
    let common = 0;
    const flush = () => {
        if (missing.length > 0)
            parts.push({ op: 'missing', text: missing.join(' ') });
        if (added.length > 0)
            parts.push({ op: 'added', text: added.join(' ') });
        missing = [];
        added = [];
    };
    for (const step of steps) {
        if (step.op === 'missing')
            missing.push(step.word);
        else if (step.op === 'added')
            added.push(step.word);
        else {
            flush();
            common += step.word.length + 1;
            const previous = parts[parts.length - 1];
            if (previous && previous.op === 'same')
                parts[parts.length - 1] = { op: 'same', text: `${previous.text} ${step.word}` };
            else
                parts.push({ op: 'same', text: step.word });
        }
    }
    flush();
    const quoteChars = quote.reduce((n, w) => n + w.length + 1, 0);
    let passageChars = 0;
    for (let k = first; k <= last; k++)
        passageChars += window[k].length + 1;
    return {
        start: starts[first],
        end: starts[last] + window[last].length,
        similarity: (2 * (common + near)) / (quoteChars + passageChars),
        diff: parts,
    };
}
/** `A receipt is [+not+] required.`: [+…+] only in the quote, [-…-] only in the source. */
function formatDiff(parts) {
    return parts.map((p) => (p.op === 'same' ? p.text : p.op === 'added' ? `[+${p.text}+]` : `[-${p.text}-]`)).join(' ');
}
/**
 * The diff with long runs of shared words cut to `context` words on either side
 * of each change (`…` where words were left out), so that a change far into a
 * long quote is still on the line a reviewer reads.
 */
function compactDiff(parts, context) {
    return formatDiff(parts.map((p, k) => {
        if (p.op !== 'same')
            return p;
        const words = p.text.split(' ');
        const keepBefore = k > 0 ? context : 0;
        const keepAfter = k < parts.length - 1 ? context : 0;
        if (words.length <= keepBefore + keepAfter + 1)
            return p;
        const head = words.slice(0, keepBefore);
        const tail = keepAfter > 0 ? words.slice(-keepAfter) : [];
        return { op: 'same', text: [...head, '…', ...tail].join(' ') };
    }));
}

;// CONCATENATED MODULE: ./src/engine/diagnose/disambiguate.ts
// For an ambiguous quote: the shortest context that picks out each match, in
// the manner of the W3C TextQuoteSelector (and Apache Annotator's
// describeTextQuote): a few whole words just before (prefix) or after (suffix)
// that no other match shares.
/** Contexts are looked for up to this many characters away. */
const MAX_CONTEXT = 300;
/** Suggestions are made for this many matches at most. */
const MAX_SUGGESTIONS = 5;
/**
 * `text` is the normalized source, `starts` the matches' start indices in it
 * (UTF-16, ascending) and `length` the quote's length in UTF-16 units.
 */
function suggestContexts(text, starts, length) {
    const suggestions = [];
    for (let k = 0; k < starts.length && k < MAX_SUGGESTIONS; k++) {
        const prefix = uniquePrefix(text, starts, k);
        const suffix = uniqueSuffix(text, starts, length, k);
        suggestions.push({
            match: k,
            ...(prefix !== undefined ? { prefix } : {}),
            ...(suffix !== undefined ? { suffix } : {}),
        });
    }
    return suggestions;
}
/**
 * The fewest whole words before match k whose text no other match has just
 * before it: longer than the longest stretch match k shares with any other,
 * then out to the start of a word. SPEC §1 compares contexts without the one
 * space where context meets quote, and so does this.
 */
function uniquePrefix(text, starts, k) {
    const end = contextEnd(text, starts[k]);
    let shared = 0;
    for (let j = 0; j < starts.length; j++) {
        if (j === k)
            continue;
        const other = contextEnd(text, starts[j]);
        let n = 0;
        while (n < MAX_CONTEXT && n < end && n < other && text[end - 1 - n] === text[other - 1 - n])
            n++;
        // The other match's context is all of this one's: no prefix can tell them apart.
        if (n === end)
            return undefined;
        if (n > shared)
            shared = n;
    }
    if (shared >= MAX_CONTEXT)
        return undefined;
    // One character more than is shared, then out to the start of that word.
    let from = end - shared - 1;
    while (from > 0 && text.charCodeAt(from - 1) !== 0x20)
        from--;
    return text.slice(from, end);
}
function uniqueSuffix(text, starts, length, k) {
    const from = contextStart(text, starts[k] + length);
    let shared = 0;
    for (let j = 0; j < starts.length; j++) {
        if (j === k)
            continue;
        const other = contextStart(text, starts[j] + length);
        let n = 0;
        while (n < MAX_CONTEXT && from + n < text.length && other + n < text.length && text[from + n] === text[other + n])
            n++;
        if (from + n === text.length)
            return undefined;
        if (n > shared)
            shared = n;
    }
    if (shared >= MAX_CONTEXT)
        return undefined;
    let to = from + shared + 1;
    while (to < text.length && text.charCodeAt(to) !== 0x20)
        to++;
    return text.slice(from, to);
}
/** Where the context before a match ends: before the one space that joins them. */
function contextEnd(text, start) {
    return start > 0 && text.charCodeAt(start - 1) === 0x20 ? start - 1 : start;
}
function contextStart(text, end) {
    return end < text.length && text.charCodeAt(end) === 0x20 ? end + 1 : end;
}

;// CONCATENATED MODULE: ./src/engine/diagnose/hints.ts





const QUOTES = {
    '\u2018': "'",
    '\u2019': "'",
    '\u201a': "'",
    '\u201b': "'",
    '\u2032': "'",
    '\u00b4': "'",
    '`': "'",
    '\u201c': '"',
    '\u201d': '"',
    '\u201e': '"',
    '\u201f': '"',
    '\u2033': '"',
    '\u00ab': '"',
    '\u00bb': '"',
    '\u2010': '-',
    '\u2011': '-',
    '\u2012': '-',
    '\u2013': '-',
    '\u2014': '-',
    '\u2015': '-',
    '\u2212': '-',
};
const QUOTE_CHARS = /[\u2018\u2019\u201a\u201b\u2032\u00b4`\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb\u2010-\u2015\u2212]/g;
const INVISIBLE_NAMES = {
    '\u00ad': 'a soft hyphen',
    '\u200b': 'a zero-width space',
    '\u200c': 'a zero-width non-joiner',
    '\u200d': 'a zero-width joiner',
    '\u2060': 'a word joiner',
    '\ufeff': 'a zero-width no-break space',
    '\u180e': 'a Mongolian vowel separator',
};
/** Any character but ASCII: the folds of accents and compatibility forms leave ASCII as it is. */
const NOT_ASCII = /[^\x00-\x7f]/;
/** A hyphen or soft hyphen before a space: what both hyphenation folds need to remove anything. */
const HYPHEN_AT = /[-\u2010\u00ad] /;
/** A hyphen (or soft hyphen) at a line break inside a word: "equip- ment". */
const HYPHEN_BREAK = /(?<=\p{L})[-\u2010\u00ad] (?=\p{L})/gu;
/** The same, keeping a hyphen that belongs to the word: "well- known" for "well-known". */
const HYPHEN_SPACE = /(?<=\p{L}[-\u2010]) (?=\p{L})/gu;
/**
 * Folds code point by code point (for folds that change lengths, rare),
 * keeping where each folded unit came from: a list of segments, each linear
 * (unit for unit) or standing as a whole for one character whose fold has
 * another length. ASCII is folded by `ascii`, run by run. `keeps`, when
 * given, says quickly of a BMP character that the fold leaves it as it is.
 */
function foldEach(text, map, ascii, keeps) {
    const parts = [];
    // Where each segment starts in the folded text and in the original; opaque ones are one character.
    const foldedAt = [0];
    const originalAt = [0];
    const opaque = [false];
    let length = 0;
    let run = 0;
    let i = 0;
    const flush = (to) => {
        if (to > run) {
            const folded = ascii(text.slice(run, to));
            parts.push(folded);
            length += folded.length;
        }
    };
    while (i < text.length) {
        const unit = text.charCodeAt(i);
        if (unit < 0x80 || keeps?.(unit)) {
            i++;
            continue;
        }
        const ch = String.fromCodePoint(text.codePointAt(i));
        const folded = map(ch);
        if (folded.length === ch.length) {
            // Same length: the unit-for-unit segment goes on.
            if (folded !== ch) {
                flush(i);
                parts.push(folded);
                length += folded.length;
                run = i + ch.length;
            }
            i += ch.length;
            continue;
        }
        flush(i);
        foldedAt.push(length);
        originalAt.push(i);
        opaque.push(true);
        parts.push(folded);
        length += folded.length;
        i += ch.length;
        run = i;
        foldedAt.push(length);
        originalAt.push(i);
        opaque.push(false);
    }
    flush(text.length);
    const out = parts.join('');
    if (foldedAt.length === 1)
        return { text: out };
    return {
        text: out,
        origin: (k) => {
            const lo = lastAtOrBelow(foldedAt, k);
            return opaque[lo] ? originalAt[lo] : originalAt[lo] + (k - foldedAt[lo]);
        },
    };
}
/**
 * The combining diacritical marks (U+0300 to U+036F and their supplements)
 * that are accents. Not the overlays U+0334 to U+0338, which also write
 * negated symbols (≠ is = with U+0338, ∉ is ∈ with it), nor the marks for
 * symbols (U+20D0 to U+20FF): a quote with = for ≠ says the opposite. Nor any
 * other mark: an Indic vowel sign is a letter's sound, not an accent on it.
 */
const DIACRITICS = /[\u0300-\u0333\u0339-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\ufe20-\ufe2f]/g;
const HAS_DIACRITIC = new RegExp(DIACRITICS.source);
/**
 * A character without its accents, decomposed (NFD), by native passes (bare
 * recomposes it, each character on its own, never two that a mark stood
 * between: 가 U+0301 ᆨ stays two characters).
 */
const decomposedWithoutAccents = (text) => text.normalize('NFD').replace(DIACRITICS, '');
/** Every mark, and the accents' ranges (with their unassigned code points): what baseCharacters drops. */
const MARKS_AND_DIACRITICS = new RegExp(`\\p{M}|${DIACRITICS.source}`, 'gu');
/**
 * The accents fold's quick test: text decomposed (NFD), without any mark.
 * NFD moves only marks (of a class above 0) past one another, so without them
 * this is the same character by character and of a whole text: the quick
 * text of a passage is where that passage is in the quick text of its
 * stretch, and a passage the fold makes equal to the quote has the quote's
 * quick text (the fold drops accents, and this drops them and every other
 * mark). Dropping only the accents left the others in the order NFD gave
 * them, which in a stretch is not always their order in the quote:
 * が U+0334 decomposes to か U+0334 U+3099. Made a character at a time, as
 * that is the same: a native NFD and a /u pattern over every stretch of
 * every miss were a tenth of the explaining of cut-16x (docs/benchmarks.md).
 */
function baseCharacters(text) {
    const n = text.length;
    let i = 0;
    // Below U+00C0 no character decomposes or is a mark: most stretches are that, or nearly.
    while (i < n && text.charCodeAt(i) < 0xc0)
        i++;
    if (i === n)
        return text;
    let out = '';
    // The text from here to i is its own base characters.
    let from = 0;
    while (i < n) {
        const unit = text.charCodeAt(i);
        if (unit < 0xc0) {
            i++;
            continue;
        }
        // A character on its own, as the whole text would have it (see above); a pair of surrogates is one.
        const pair = unit >= 0xd800 && unit <= 0xdbff && i + 1 < n && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
        const ch = pair ? text.slice(i, i + 2) : text[i];
        const base = pair ? baseOfPair(ch) : baseOfUnit(ch, unit);
        if (base !== ch) {
            out += text.slice(from, i) + base;
            from = i + ch.length;
        }
        i += ch.length;
    }
    return from === 0 ? text : out + text.slice(from);
}
const decomposedBase = (ch) => ch.normalize('NFD').replace(MARKS_AND_DIACRITICS, '');
/** Each character's base characters, once asked for: the same for every text (a cache, not a budget). */
const baseBmp = [];
const basePairs = new Map();
function baseOfUnit(ch, unit) {
    let base = baseBmp[unit];
    if (base === undefined)
        baseBmp[unit] = base = decomposedBase(ch);
    return base;
}
function baseOfPair(ch) {
    let base = basePairs.get(ch);
    if (base === undefined) {
        if (basePairs.size >= 4096)
            basePairs.clear();
        basePairs.set(ch, (base = decomposedBase(ch)));
    }
    return base;
}
const lower = (ch) => ch.toLowerCase();
/**
 * Each BMP character without its accents, once asked for, and whether that is
 * the character itself: a source may be folded whole (findHintsAnywhere), and
 * most of its characters, in any script, have no accent to lose.
 */
const bareBmp = [];
const bareKeeps = new Uint8Array(0x10000);
/** The letter without its accents ("é" to "e"), as far as Unicode writes them as marks; a lone mark to nothing. */
function bare(ch) {
    if (ch.length === 2)
        return decomposedWithoutAccents(ch).normalize('NFC');
    const unit = ch.charCodeAt(0);
    let folded = bareBmp[unit];
    if (folded === undefined) {
        bareBmp[unit] = folded = decomposedWithoutAccents(ch).normalize('NFC');
        bareKeeps[unit] = folded === ch ? 1 : 2;
    }
    return folded;
}
function keepsAccentless(unit) {
    if (unit >= 0xd800 && unit <= 0xdfff)
        return false;
    if (bareKeeps[unit] === 0)
        bare(String.fromCharCode(unit));
    return bareKeeps[unit] === 1;
}
const compatible = (ch) => ch.normalize('NFKC');
const same = (run) => run;
/** Removes every match of a (global) pattern, keeping where the rest came from. */
function removeAll(text, pattern) {
    // Folded index where each removal happened, and the total removed up to there.
    const at = [];
    const removedBefore = [];
    let removed = 0;
    const out = text.replace(pattern, (match, offset) => {
        removed += match.length;
        at.push(offset - (removed - match.length));
        removedBefore.push(removed);
        return '';
    });
    if (at.length === 0)
        return { text };
    return {
        text: out,
        origin: (i) => {
            // The last removal at or before folded index i shifts it.
            let lo = 0;
            let hi = at.length - 1;
            let shift = 0;
            while (lo <= hi) {
                const mid = (lo + hi) >> 1;
                if (at[mid] <= i) {
                    shift = removedBefore[mid];
                    lo = mid + 1;
                }
                else
                    hi = mid - 1;
            }
            return i + shift;
        },
    };
}
/**
 * Sources longer than this (UTF-16 units) are not searched whole for a quote
 * that lost all its accents. Nearly every source has an accent somewhere, so
 * the fold makes a copy of it with positions and an index of its words, once
 * (measured: 0.4 s and 130 MB for 8 million characters of Russian, where й
 * folds to и). A quick fold first would not help: testing each quote against
 * all of a source's text costs the quotes times the source.
 */
const ACCENTS_ANYWHERE_LIMIT = 4 * 1024 * 1024;
// Each fold takes the native fast path when it can: whole-string operations that
// keep every index in place, or nothing at all when the text has nothing to fold.
const FOLDS = [
    {
        kind: 'case',
        apply: (t) => {
            const folded = t.toLowerCase();
            // Lower-casing never shortens a character, so equal lengths mean every index stayed put.
            return folded.length === t.length ? { text: folded } : foldEach(t, lower, lower);
        },
        describe: (quote, passage) => describeWords(quote, passage, 'words differ in case'),
    },
    {
        kind: 'accents',
        // Nothing to fold, the common case, is seen by two native passes.
        apply: (t) => HAS_DIACRITIC.test(normalizeUnicode(t, 'NFD')) ? foldEach(t, bare, same, keepsAccentless) : { text: t },
        describe: (quote, passage) => describeWords(quote, passage, 'words differ in accents'),
        quick: baseCharacters,
        inPlace: true,
        touches: NOT_ASCII,
        anywhereUpTo: ACCENTS_ANYWHERE_LIMIT,
    },
    {
        kind: 'quotes',
        apply: (t) => ({ text: t.replace(QUOTE_CHARS, (ch) => QUOTES[ch]) }),
        describe: describeQuotes,
        touches: new RegExp(QUOTE_CHARS.source),
    },
    {
        kind: 'compatibility',
        apply: (t) => {
            const folded = normalizeUnicode(t, 'NFKC');
            return folded === t ? { text: t } : foldEach(t, compatible, same);
        },
        describe: describeCompatibility,
        touches: NOT_ASCII,
    },
    { ...removal('invisible', INVISIBLE_ALL, describeInvisible, new RegExp(INVISIBLE_ALL.source)), inPlace: true },
    removal('hyphenation', HYPHEN_BREAK, (quote, passage) => describeBreaks(quote, passage, HYPHEN_BREAK), HYPHEN_AT),
    removal('hyphenation', HYPHEN_SPACE, (quote, passage) => describeBreaks(quote, passage, HYPHEN_SPACE), HYPHEN_AT),
];
/** A fold that removes every match of a (global) pattern; its quick form is the same removal without positions. */
function removal(kind, pattern, describe, touches) {
    return { kind, apply: (t) => removeAll(t, pattern), quick: (t) => t.replace(pattern, ''), describe, touches };
}
/** How far around the nearest passage a folded quote is looked for. */
const MARGIN = 64;
/**
 * The hints for a normalized quote that is not in the view's text, looked for
 * around `near` (the nearest passage: a quote that differs in one way only
 * still shares most of its words with its passage; or the words a quote
 * found only inside longer words lies in). Folding just that stretch
 * keeps the cost of a hint independent of the length of the source.
 */
function findHints(view, quote, near) {
    if (!explainable(quote))
        return [];
    const text = view.text;
    const from = Math.max(0, near.start - quote.length - MARGIN);
    const to = Math.min(text.length, near.end + quote.length + MARGIN);
    const hints = [];
    const inside = insideWords(text, quote, quote.length < SHORT_QUOTE ? 0 : from, quote.length < SHORT_QUOTE ? text.length : to);
    if (inside)
        hints.push(inside);
    const stretch = text.slice(from, to);
    let copies;
    for (const fold of FOLDS) {
        if (hints.some((h) => h.kind === fold.kind))
            continue;
        // A fold that changes neither side cannot explain the miss: seen by one test of each, before folding either.
        if (fold.touches && !fold.touches.test(stretch) && !fold.touches.test(quote))
            continue;
        if (fold.quick) {
            // The folded quote must be in the folded stretch, and more often than the quote's own copies account for.
            const found = countOf(fold.quick(stretch), fold.quick(quote));
            if (found === 0 || (fold.inPlace && found <= (copies ??= cleanCopies(stretch, quote))))
                continue;
        }
        const hint = foldedMatch(text, quote, fold, stretch, fold.apply(stretch), from);
        if (hint)
            hints.push(hint);
    }
    return hints;
}
/**
 * The hint of a quote whose text is in the source as it is, but only inside
 * longer words, at the first place it is (SourceView.verbatim: for a quote
 * of SHORT_QUOTE characters or more, at a cost that does not grow with the
 * source): its start and end are those words'.
 * Undefined when it is not, or when that cannot be told so: its closest
 * passage is then searched for, as any other quote's.
 */
function insideLongerWords(view, quote) {
    if (!explainable(quote))
        return undefined;
    const at = view.verbatim(quote);
    return at === undefined || at < 0 ? undefined : insideWords(view.text, quote, at, at + quote.length);
}
/**
 * Hints for a quote with nothing close to it in the source: when every word
 * carries the difference ("ﬁnal ofﬁce", full-width letters), its words point
 * nowhere until folded. Each fold is then applied to the whole source, once per
 * source and only when some quote needs it, and the folded quote is looked for there.
 */
function findHintsAnywhere(view, quote) {
    if (!explainable(quote))
        return [];
    const hints = [];
    for (const fold of FOLDS) {
        // The seeded search ignores case already: folding it away finds nothing new.
        if (fold.kind === 'case' || hints.some((h) => h.kind === fold.kind))
            continue;
        if (fold.anywhereUpTo !== undefined && view.text.length > fold.anywhereUpTo)
            continue;
        const foldedQuote = fold.apply(quote).text;
        if (foldedQuote === '' || (fold.quick && !quickMayHold(view, fold, foldedQuote === quote)))
            continue;
        const folded = foldedSource(view, fold);
        if (foldedQuote === quote && folded.view === view)
            continue;
        const near = nearestPassage(folded.view, foldedQuote);
        if (!near)
            continue;
        const origin = folded.origin ?? ((i) => i);
        const start = origin(near.start);
        const end = origin(near.end - 1) + 1;
        for (const hint of findHints(view, quote, { start, end }))
            if (!hints.some((h) => h.kind === hint.kind))
                hints.push(hint);
    }
    return hints;
}
const sourceForms = new WeakMap();
function formOf(view, fold) {
    let forms = sourceForms.get(view);
    if (!forms)
        sourceForms.set(view, (forms = new Map()));
    let form = forms.get(fold);
    if (!form)
        forms.set(fold, (form = {}));
    return form;
}
/**
 * False when the fold can give no hint here: it leaves the quote as it is
 * (`quoteUnchanged`) and the source too, which its quick fold says once per
 * source. Whether the folded quote is in the folded source is left to the
 * search in the folded view, whose cost does not grow with the source, where
 * a search of the quick fold for each quote did.
 */
function quickMayHold(view, fold, quoteUnchanged) {
    if (!quoteUnchanged)
        return true;
    const form = formOf(view, fold);
    // A text without a match of what the fold touches is its own quick fold: seen by a plain search,
    // where the quick fold of the hyphenation folds runs a pattern with lookbehind over all of it
    // (measured: 1.5 ms for 40 KB).
    form.quick ??= fold.touches && !fold.touches.test(view.text) ? view.text : fold.quick(view.text);
    return form.quick !== view.text;
}
function foldedSource(view, fold) {
    const form = formOf(view, fold);
    if (!form.folded) {
        // A quick fold that changed nothing says what folding with positions would give.
        const folded = form.quick === view.text ? { text: view.text } : fold.apply(view.text);
        // Few quotes look here (those with nothing close that the fold changes): searched, until they are many.
        form.folded =
            folded.text === view.text ? { view } : { view: new SourceView(folded.text, 1), origin: folded.origin };
    }
    return form.folded;
}
/** The first place of the stretch where the folded quote matches on whole words and the source differs in the fold's way only. */
function foldedMatch(text, quote, fold, stretch, source, from) {
    const foldedQuote = fold.apply(quote).text;
    // A fold that changes neither side cannot explain the miss.
    if (foldedQuote === '' || (foldedQuote === quote && source.text === stretch))
        return undefined;
    const origin = (i) => from + (source.origin ? source.origin(i) : i);
    for (let at = source.text.indexOf(foldedQuote); at >= 0; at = source.text.indexOf(foldedQuote, at + 1)) {
        const start = origin(at);
        const last = origin(at + foldedQuote.length - 1);
        const end = last + codePointLength(text, last);
        const passage = text.slice(start, end);
        // The source as it is there would be found (SPEC §4), and differs from the quote in this fold's way.
        // A passage that starts or ends with a space stands for a quote with a word of nothing but what the fold removes.
        if (passage === quote || passage.startsWith(' ') || passage.endsWith(' '))
            continue;
        if (fold.apply(passage).text !== foldedQuote || !onWordBoundaries(text, start, end))
            continue;
        const difference = fold.describe(quote, passage);
        if (difference !== '')
            return { kind: fold.kind, difference, start, end };
    }
    return undefined;
}
/** How many times `part` is in `text`, overlapping ones too. */
function countOf(text, part) {
    let count = 0;
    for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1))
        count++;
    return count;
}
/** A mark or a format character (or an unassigned code point of the accents' ranges): what a fold in place removes. */
const MARK_OR_FORMAT = new RegExp(`[\\p{M}\\p{Cf}]|${DIACRITICS.source}`, 'u');
const markOrFormat = (c) => c !== undefined && MARK_OR_FORMAT.test(String.fromCodePoint(c));
/**
 * The copies of the quote in the stretch (overlapping ones too) that a fold
 * in place leaves in place: neither their edges nor their neighbours are
 * marks or format characters. Each is one match of the folded quote in the
 * folded stretch, at its own index: a hint's passage, which differs from the
 * quote, cannot fold to the same match (it would have to differ from it by
 * what such a fold removes, at its edges).
 */
function cleanCopies(stretch, quote) {
    if (markOrFormat(quote.codePointAt(0)) || markOrFormat(codePointEndingAt(quote, quote.length)))
        return 0;
    let count = 0;
    for (let at = stretch.indexOf(quote); at >= 0; at = stretch.indexOf(quote, at + 1))
        if (!markOrFormat(codePointEndingAt(stretch, at)) && !markOrFormat(stretch.codePointAt(at + quote.length)))
            count++;
    return count;
}
/** The quote as it is, but only inside longer words ("7 days." in "17 days."): SPEC §4 rules those out. */
function insideWords(text, quote, from, to) {
    const stretch = text.slice(from, to);
    for (let found = stretch.indexOf(quote); found >= 0; found = stretch.indexOf(quote, found + 1)) {
        const at = from + found;
        let start = at;
        while (start > 0 && text.charCodeAt(start - 1) !== 0x20)
            start--;
        let end = at + quote.length;
        while (end < text.length && text.charCodeAt(end) !== 0x20)
            end++;
        if (start === at && end === at + quote.length)
            continue;
        return {
            kind: 'word boundary',
            difference: `the quote is found only inside longer words, as in "${text.slice(start, end)}"`,
            start,
            end,
        };
    }
    return undefined;
}
function codePointLength(text, i) {
    const c = text.charCodeAt(i);
    return c >= 0xd800 && c <= 0xdbff ? 2 : 1;
}
/** Differences are listed up to this many, then counted. */
const LISTED = 3;
function codePoint(ch) {
    return `U+${ch.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}
/** Word pairs that differ, when both texts have the same number of words (folds that keep spaces). */
function differingWords(quote, passage) {
    const q = quote.split(' ');
    const p = passage.split(' ');
    if (q.length !== p.length)
        return undefined;
    const pairs = [];
    for (let k = 0; k < q.length; k++)
        if (q[k] !== p[k])
            pairs.push([q[k], p[k]]);
    return pairs;
}
function more(count, what) {
    return count > 0 ? `, and ${count} more ${what}` : '';
}
/** `the quote has "DAYS" where the source has "days"` for each word that differs. */
function describeWords(quote, passage, what) {
    const pairs = differingWords(quote, passage) ?? [[quote, passage]];
    const listed = pairs
        .slice(0, LISTED)
        .map(([q, p], k) => (k === 0 ? `the quote has "${q}" where the source has "${p}"` : `"${q}" where it has "${p}"`));
    return listed.join('; ') + more(pairs.length - LISTED, what);
}
/**
 * Each quote or dash of the quote that differs from the source's, with what
 * the source has instead and the first word where it does (from the side that
 * has the typographic character): `the quote has " (U+0022) where the source
 * has “ (U+201C), in "“final", and ” (U+201D), in "sale”"`.
 */
function describeQuotes(quote, passage) {
    const odd = (ch) => ch.charCodeAt(0) >= 0x80;
    // The quote's character, then each of the source's characters in its place with the first word.
    const byQuote = new Map();
    for (const [q, p] of differingWords(quote, passage) ?? []) {
        if (q.length !== p.length)
            continue;
        for (let k = 0; k < q.length; k++) {
            if (q[k] === p[k])
                continue;
            let instead = byQuote.get(q[k]);
            if (!instead)
                byQuote.set(q[k], (instead = new Map()));
            if (!instead.has(p[k]))
                instead.set(p[k], odd(q[k]) || !odd(p[k]) ? q : p);
        }
    }
    const all = [...byQuote].map(([ch, instead]) => `the quote has ${ch} (${codePoint(ch)}) where the source has ` +
        [...instead].map(([other, word]) => `${other} (${codePoint(other)}), in "${word}"`).join(', and '));
    return all.slice(0, LISTED).join('; ') + more(all.length - LISTED, 'such characters');
}
/** What kind of compatibility character this is, when it has a common name. */
function compatibilityKind(ch) {
    const cp = ch.codePointAt(0);
    if (cp >= 0xfb00 && cp <= 0xfb06)
        return 'a ligature';
    if ((cp >= 0xff01 && cp <= 0xff5e) || (cp >= 0xffe0 && cp <= 0xffe6))
        return 'full width';
    if ((cp >= 0x2070 && cp <= 0x209f) || cp === 0xb2 || cp === 0xb3 || cp === 0xb9)
        return 'a superscript or subscript';
    return '';
}
function inWords(words) {
    return `in ${words.map((w) => `"${w}"`).join(' and ')}`;
}
/**
 * `the source has ﬁ (U+FB01, a ligature) where the quote has "fi", in "ﬁnal"`
 * for each distinct such character; full-width forms (often a whole word or
 * quote of them) are named together.
 */
function describeCompatibility(quote, passage) {
    // Side and kind, then each character with the words (up to LISTED) that have it.
    const groups = new Map();
    const pairs = differingWords(quote, passage) ?? [[quote, passage]];
    for (const [q, p] of pairs) {
        for (const [side, word, counterpart] of [
            ['quote', q, p],
            ['source', p, q],
        ]) {
            for (const ch of word) {
                if (ch.normalize('NFKC') === ch || counterpart.includes(ch))
                    continue;
                const kind = compatibilityKind(ch);
                const key = side + (kind === 'full width' ? kind : ch);
                let group = groups.get(key);
                if (!group)
                    groups.set(key, (group = { side, kind, chars: new Map() }));
                const words = group.chars.get(ch) ?? [];
                group.chars.set(ch, words);
                if (words.length < LISTED && !words.includes(word))
                    words.push(word);
            }
        }
    }
    const all = [...groups.values()].map(({ side, kind, chars }) => {
        const other = side === 'quote' ? 'source' : 'quote';
        const words = [...new Set([...chars.values()].flat())].slice(0, LISTED);
        if (chars.size === 1) {
            const [ch] = chars.keys();
            return `the ${side} has ${ch} (${codePoint(ch)}${kind ? `, ${kind}` : ''}) where the ${other} has "${ch.normalize('NFKC')}", ${inWords(words)}`;
        }
        const examples = [...chars.keys()]
            .slice(0, LISTED)
            .map((ch) => `${ch} ${codePoint(ch)}`)
            .join(', ');
        return `the ${side} has ${chars.size} full-width characters (${examples}${chars.size > LISTED ? ', …' : ''}) where the ${other} has plain ones, ${inWords(words)}`;
    });
    return all.slice(0, LISTED).join('; ') + more(all.length - LISTED, 'such characters');
}
/** `the quote has a zero-width space (U+200B) in "re​ceipt"`: each invisible character one side has and the other lacks. */
function describeInvisible(quote, passage) {
    const seen = new Map();
    const pairs = differingWords(quote, passage) ?? [[quote, passage]];
    for (const [q, p] of pairs) {
        for (const [side, word, other] of [
            ['quote', q, p],
            ['source', p, q],
        ]) {
            for (const ch of word.match(INVISIBLE_ALL) ?? []) {
                const count = (s) => s.split(ch).length - 1;
                if (seen.has(side + ch) || count(word) <= count(other))
                    continue;
                seen.set(side + ch, `the ${side} has ${INVISIBLE_NAMES[ch]} (${codePoint(ch)}) in "${word}"`);
            }
        }
    }
    const all = [...seen.values()];
    return all.slice(0, LISTED).join('; ') + more(all.length - LISTED, 'such characters');
}
/** `the source has "equip- ment" where the quote has "equipment"` for each word broken at a line break. */
function describeBreaks(quote, passage, pattern) {
    const found = [];
    for (const [side, text, other] of [
        ['source', passage, 'quote'],
        ['quote', quote, 'source'],
    ]) {
        for (const match of text.matchAll(pattern)) {
            let start = match.index;
            while (start > 0 && text.charCodeAt(start - 1) !== 0x20)
                start--;
            let end = match.index + match[0].length;
            while (end < text.length && text.charCodeAt(end) !== 0x20)
                end++;
            const broken = text.slice(start, end);
            if ((side === 'source' ? quote : passage).includes(broken))
                continue;
            const joined = broken.replace(new RegExp(pattern.source, 'u'), '');
            found.push(`the ${side} has "${broken}" where the ${other} has "${joined}"`);
        }
    }
    return found.slice(0, LISTED).join('; ') + more(found.length - LISTED, 'such words');
}

;// CONCATENATED MODULE: ./src/engine/diagnose/miss.ts
// What is said of a quote not found in its source (it never changes the
// verdict): the nearest passage, whether it is close enough to show, and the
// hints. In one place, so that the check layer and the tests that an
// explanation depends on its record and its source alone explain alike.


/** The explanation of a normalized quote that is not in the view's text (explainable: the caller asks). */
function explainMiss(view, quote) {
    // The source's own text cut inside a word: its passage is where that text is, without a search;
    // the folds are still tried around it, as a folded copy on whole words may be near.
    const inside = insideLongerWords(view, quote);
    const nearest = inside ? verbatimPassage(view, quote, inside) : nearestPassage(view, quote);
    const closest = nearest && nearest.similarity >= MIN_SIMILARITY ? nearest : undefined;
    const hints = nearest || inside ? findHints(view, quote, nearest ?? inside) : [];
    // Nothing close: the difference may be in every word, so that no word points to the passage until folded.
    // Not for a quote whose text is in the source: its hint is where that text is, and a search of each
    // folded source for each such quote would cost more than the rest of its explanation (measured on cut).
    if (!closest && !inside)
        for (const h of findHintsAnywhere(view, quote))
            if (!hints.some((f) => f.kind === h.kind))
                hints.push(h);
    return { nearest, closest, hints };
}

;// CONCATENATED MODULE: ./src/check/placer.ts


function placer(original, normalized) {
    const lines = new ByteLineIndex(original);
    const texts = { original, normalized: normalized.bytes, budget: cutBudget(normalized.bytes.length) };
    return (start, end) => {
        const from = lines.position(normalized.map.toOriginalStart(start, texts));
        const to = lines.position(normalized.map.toOriginalEnd(end, texts));
        return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
    };
}

;// CONCATENATED MODULE: ./src/check/similar-ids.ts
// The manifest ids that look like an unknown one a record cites: another
// version of it, or a typo of up to two characters. Asked once per distinct
// unknown id, so that comparing each with every id of the manifest made the
// cost grow with misses × sources: on the bench's large (3,637 sources,
// 4,745 distinct unknown ids) that took 16 s of a 47 s profile. Ids are
// found here through an index instead, and each candidate is then judged by
// the same test as before, so that the answer is the one a comparison with
// every id gives, in the manifest's order.

/** An id without its version suffix (returns-v1 → returns). */
function stemOf(id) {
    return id.replace(/[-_.@]?v?\d+(\.\d+)*$/i, '');
}
/** Ids whose lower case is longer than this (UTF-16 units) are compared one by one, not indexed. */
const INDEXED_UP_TO = 32;
/** Every string made from `text` by deleting at most two of its UTF-16 units, each once. */
function deletions(text) {
    const out = new Set([text]);
    for (let i = 0; i < text.length; i++) {
        const once = text.slice(0, i) + text.slice(i + 1);
        out.add(once);
        for (let j = i; j < once.length; j++)
            out.add(once.slice(0, j) + once.slice(j + 1));
    }
    return out;
}
/**
 * The ids of a manifest, asked which of them look like an id it does not
 * have. Two ids within two edits of each other (substitutions, insertions,
 * deletions) become one string when at most two units are deleted from
 * each (a substitution deleted on both sides, an insertion on its own), so
 * that the strings each id gives by such deletions find every id within two
 * edits of a wanted one, with a few more, which the test then rules out.
 */
class SimilarIds {
    ids;
    stems;
    lowered;
    /** Indices of the ids by stem (not empty). */
    byStem = new Map();
    /** Indices of the ids by the strings their lower case gives with up to two units deleted; made when first asked. */
    byDeletion;
    /** Ids too long to index: each is compared. */
    unindexed;
    answers = new Map();
    constructor(ids) {
        this.ids = ids;
        this.stems = ids.map(stemOf);
        this.lowered = ids.map((id) => id.toLowerCase());
        this.unindexed = this.lowered.flatMap((lower, i) => (lower.length > INDEXED_UP_TO ? [i] : []));
        this.stems.forEach((stem, i) => {
            if (stem === '')
                return;
            const list = this.byStem.get(stem);
            if (list)
                list.push(i);
            else
                this.byStem.set(stem, [i]);
        });
    }
    /** The ids that look like `wanted`, in the manifest's order. */
    similarTo(wanted) {
        let found = this.answers.get(wanted);
        if (found === undefined)
            this.answers.set(wanted, (found = this.find(wanted)));
        return found;
    }
    find(wanted) {
        const wantedStem = stemOf(wanted);
        const lower = wanted.toLowerCase();
        const candidates = new Set(this.unindexed);
        if (wantedStem !== '')
            for (const i of this.byStem.get(wantedStem) ?? [])
                candidates.add(i);
        // An indexed id is at most INDEXED_UP_TO long: two edits cannot reach a string longer by more than two.
        if (lower.length <= INDEXED_UP_TO + 2) {
            const index = this.deletionIndex();
            for (const variant of deletions(lower)) {
                const at = index.get(variant);
                if (at === undefined)
                    continue;
                if (typeof at === 'number')
                    candidates.add(at);
                else
                    for (const i of at)
                        candidates.add(i);
            }
        }
        return [...candidates]
            .sort((x, y) => x - y)
            .filter((i) => this.looksLike(i, wanted, wantedStem, lower))
            .map((i) => this.ids[i]);
    }
    /** Another version of the wanted id, or a typo of up to two characters of it (ignoring case). */
    looksLike(i, wanted, wantedStem, lower) {
        const id = this.ids[i];
        if (id !== wanted && this.stems[i] !== '' && this.stems[i] === wantedStem)
            return true;
        return Math.abs(id.length - wanted.length) <= 2 && withinEditDistance(this.lowered[i], lower, 2);
    }
    deletionIndex() {
        if (this.byDeletion)
            return this.byDeletion;
        const index = new Map();
        this.lowered.forEach((lower, i) => {
            if (lower.length > INDEXED_UP_TO)
                return;
            for (const variant of deletions(lower)) {
                const at = index.get(variant);
                if (at === undefined)
                    index.set(variant, i);
                else if (typeof at === 'number')
                    index.set(variant, [at, i]);
                else
                    at.push(i);
            }
        });
        return (this.byDeletion = index);
    }
}

;// CONCATENATED MODULE: ./src/check/explain.ts
// The explanations of a run's verdicts (they never change one): for each
// record decided against a source, the closest passage, hints and
// suggestions; then, for quotes not found where their record says, the other
// sources of the manifest that hold them and the ids that look like an unknown one.











/** Other sources a quote was found in, for hints: the first few suffice. */
const OTHER_SOURCES_KEPT = 3;
/** Matches compared for suggestions at most: past this many, a context is not suggested. */
const MAX_COUNTED_MATCHES = 1000;
/** When a prefix or suffix rules out every match: this many matches are shown with what surrounds them. */
const OCCURRENCES_SHOWN = 3;
/** About this many characters before and after each of them (whole words). */
const SURROUNDINGS = 32;
/** An unknown source's explanation lists the manifest's ids when it has at most this many. */
const IDS_LISTED = 8;
/**
 * The quote's matches in the source, the first MAX_COUNTED_MATCHES + 1 of
 * them (SourceView.matches: searched while that is cheap, then looked up in
 * an index of the source's units), so that every record gets its answer,
 * the same whatever the records before it asked.
 */
function quoteMatches(view, quote) {
    return view.matches(quote, MAX_COUNTED_MATCHES + 1);
}
/**
 * The diagnostics of a record decided against this source (they never change
 * its verdict), holding no piece of the source's text: a slice of a string
 * keeps the whole string alive, and a run keeps the details of every record
 * to the end (measured: the large audit's JSON run held 1.7 GB).
 */
function explain(decision, view, place, sourceId) {
    return detached(explainAgainst(decision, view, place, sourceId));
}
/**
 * A copy of a value whose strings are their own, not slices of others. By
 * loops over the keys, not Object.entries and fromEntries, which made two
 * arrays per object and one per key: the copy took about 28 µs a record of
 * the cut corpus, and 10 µs so (measured).
 */
function detached(value) {
    if (typeof value === 'string')
        return (value.length < 13 ? value : external_node_buffer_namespaceObject.Buffer.from(value, 'utf16le').toString('utf16le'));
    if (Array.isArray(value)) {
        const copy = new Array(value.length);
        for (let i = 0; i < value.length; i++)
            copy[i] = detached(value[i]);
        return copy;
    }
    if (value !== null && typeof value === 'object') {
        const copy = {};
        for (const key of Object.keys(value))
            copy[key] = detached(value[key]);
        return copy;
    }
    return value;
}
function explainAgainst(decision, view, place, sourceId) {
    const detail = {};
    const quote = decision.normalizedQuote;
    if (quote === undefined)
        return detail;
    const at = (start, end) => place(view.byteOffset(start), view.byteOffset(end));
    const context = decision.context;
    // With a prefix or suffix: the quote's own matches, to say what the context
    // did. Those it keeps are the run's own (exact), or when all of the quote's
    // were counted, every one of them.
    const alone = context ? quoteMatches(view, quote) : undefined;
    const complete = alone !== undefined && alone.length <= MAX_COUNTED_MATCHES;
    let kept;
    if (context && complete)
        kept = alone.filter((start) => match_contextAllows(view.bytes, start, decision.quoteLength, context.given));
    if (context && alone)
        detail.context = contextDetail(decision, kept ?? decision.matches, alone, view, place);
    if (decision.verdict === 'quote not found') {
        // The quote is there: the context ruled it out, and says how.
        if (context && context.candidates > 0)
            return detail;
        // Too long to align or fold: said so, rather than that nothing is close.
        if (!explainable(quote)) {
            detail.tooLong = true;
            return detail;
        }
        const { closest, hints: found } = explainMiss(view, quote);
        detail.closest = closest
            ? {
                at: at(closest.start, closest.end),
                similarity: reportedSimilarity(closest.similarity),
                passage: view.text.slice(closest.start, closest.end),
                diff: formatDiff(closest.diff),
                parts: closest.diff,
            }
            : null;
        const hints = found.map((h) => ({
            kind: h.kind,
            difference: h.difference,
            sourceId,
            at: at(h.start, h.end),
            passage: view.text.slice(h.start, h.end),
        }));
        if (hints.length > 0)
            detail.hints = hints;
    }
    else if (decision.verdict === 'ambiguous quote') {
        let matches = kept ?? decision.matches;
        // The run reports the first MAX_REPORTED_MATCHES: a context that sets one apart must differ from all of them.
        if (matches.length >= MAX_REPORTED_MATCHES)
            matches = context ? (complete ? kept : undefined) : quoteMatches(view, quote);
        if (matches === undefined || matches.length > MAX_COUNTED_MATCHES) {
            detail.tooManyMatches = true;
            return detail;
        }
        if (matches.length > decision.matches.length)
            detail.matchCount = matches.length;
        const starts = matches.map((b) => view.charIndex(b));
        detail.suggestions = suggestContexts(view.text, starts, quote.length).map((s) => ({
            at: at(starts[s.match], starts[s.match] + quote.length),
            ...(s.prefix !== undefined ? { prefix: s.prefix } : {}),
            ...(s.suffix !== undefined ? { suffix: s.suffix } : {}),
        }));
    }
    return detail;
}
/**
 * Which context decided: how many matches each kept alone when both were
 * given, and when together they kept none, what surrounds the first few
 * matches (what the prefix should end, and the suffix start, with).
 */
function contextDetail(decision, kept, alone, view, place) {
    const context = decision.context;
    const hasPrefix = context.given.prefixText !== '';
    const hasSuffix = context.given.suffixText !== '';
    // Past MAX_COUNTED_MATCHES the count stops: "more than" that many.
    const more = alone.length > MAX_COUNTED_MATCHES;
    const detail = {
        prefix: hasPrefix,
        suffix: hasSuffix,
        candidates: Math.min(alone.length, MAX_COUNTED_MATCHES),
        kept: kept.length,
        ...(more ? { moreCandidates: true } : {}),
    };
    const length = decision.quoteLength;
    if (hasPrefix && hasSuffix) {
        const prefixOnly = quoteContext(context.given.prefixText, '');
        const suffixOnly = quoteContext('', context.given.suffixText);
        // Over the matches counted (the first MAX_COUNTED_MATCHES), as `candidates` is.
        const counted = more ? alone.slice(0, MAX_COUNTED_MATCHES) : alone;
        detail.prefixKept = counted.filter((s) => match_contextAllows(view.bytes, s, length, prefixOnly)).length;
        detail.suffixKept = counted.filter((s) => match_contextAllows(view.bytes, s, length, suffixOnly)).length;
    }
    if (kept.length === 0 && alone.length > 0) {
        const text = view.text;
        detail.occurrences = alone.slice(0, OCCURRENCES_SHOWN).map((s) => {
            const start = view.charIndex(s);
            const end = view.charIndex(s + length);
            return {
                at: place(s, s + length),
                ...(hasPrefix ? { before: wordsBefore(text, start) } : {}),
                ...(hasSuffix ? { after: wordsAfter(text, end) } : {}),
            };
        });
    }
    return detail;
}
/** About SURROUNDINGS characters of whole words just before index `i` (without the space that joins them). */
function wordsBefore(text, i) {
    const end = i > 0 && text.charCodeAt(i - 1) === 0x20 ? i - 1 : i;
    let from = Math.max(0, end - SURROUNDINGS);
    if (from > 0 && text.charCodeAt(from - 1) !== 0x20) {
        const space = text.indexOf(' ', from);
        // A single word longer than the limit is shown whole.
        if (space >= 0 && space < end)
            from = space + 1;
        else
            while (from > 0 && text.charCodeAt(from - 1) !== 0x20)
                from--;
    }
    return text.slice(from, end);
}
function wordsAfter(text, i) {
    const from = i < text.length && text.charCodeAt(i) === 0x20 ? i + 1 : i;
    let to = Math.min(text.length, from + SURROUNDINGS);
    if (to < text.length && text.charCodeAt(to) !== 0x20) {
        const space = text.lastIndexOf(' ', to);
        if (space > from)
            to = space;
        else
            while (to < text.length && text.charCodeAt(to) !== 0x20)
                to++;
    }
    return text.slice(from, to);
}
/**
 * Keeps where quotes were found in this source, for the records that cite
 * another source (or an unknown one) with the same quote.
 */
function noteElsewhere(hits, homes, sourceId, normalized, place, quotes, elsewhere) {
    for (const [id, hit] of hits) {
        if (!homes.citedElsewhere(id, sourceId))
            continue;
        let list = elsewhere.get(id);
        if (!list)
            elsewhere.set(id, (list = []));
        if (list.length >= OTHER_SOURCES_KEPT)
            continue;
        const start = hit.starts[0];
        const length = quotes.quote(id).bytes.length;
        list.push({
            kind: 'other source',
            difference: `the quote is in another source: ${sourceId}`,
            sourceId,
            at: place(start, start + length),
            passage: normalized.bytes.toString('utf8', start, start + length),
        });
    }
}
/**
 * Which sources the records of each quote cite, to know where finding it is
 * news. Nearly every lost quote is cited against one source: that is kept as
 * the id itself, and a set only for a quote cited against several (a set per
 * quote was 14 MB of the 140 MB heap of cut-4x's JSON run).
 */
class QuoteHomes {
    /** A quote's one source, its sources, or null when a record of it cites a source the manifest does not have. */
    homes = new Map();
    single;
    /** A record with this quote cites `sourceId` (undefined: a source the manifest does not have). */
    add(id, sourceId) {
        if (sourceId === undefined) {
            this.homes.set(id, null);
            return;
        }
        const known = this.homes.get(id);
        // null stays null: some record of the quote cites no source of the manifest.
        if (known === undefined)
            this.homes.set(id, sourceId);
        else if (typeof known === 'string') {
            if (known !== sourceId)
                this.homes.set(id, new Set([known, sourceId]));
        }
        else if (known !== null)
            known.add(sourceId);
    }
    /** Whether some record with this quote cites a source other than `sourceId`. */
    citedElsewhere(id, sourceId) {
        const known = this.homes.get(id);
        if (typeof known === 'string')
            return known !== sourceId;
        return known === null || known === undefined || known.size > 1 || !known.has(sourceId);
    }
    /** Whether some quote is cited somewhere other than `sourceId`: else that source need not be searched. */
    neededIn(sourceId) {
        if (this.single === undefined) {
            // The one source each quote is cited against, or null when some quote has none or several.
            this.single = new Set();
            for (const known of this.homes.values()) {
                if (typeof known !== 'string') {
                    this.single = null;
                    break;
                }
                this.single.add(known);
            }
        }
        return this.single === null || this.single.size > 1 || (this.single.size === 1 && !this.single.has(sourceId));
    }
}
/** Two ids name versions of one document when they differ only in a version suffix (returns-v1, returns-v2). */
function sameDocument(a, b) {
    return a !== b && stemOf(a) !== '' && stemOf(a) === stemOf(b);
}
/** Normalized copies of cited sources are kept for the other-source pass up to this many bytes in all. */
const KEPT_BYTES = 32 * 1024 * 1024;
/**
 * The cited sources as the first pass verified and normalized them, handed
 * over to the other-source pass (explainElsewhere) so that it need not read,
 * hash and normalize them again: a copy of each normalized text, up to
 * KEPT_BYTES in all (beyond that, a source is read again if it is needed).
 */
class CitedSources {
    kept = new Map();
    size = 0;
    /** A cited source that verified, as the first pass normalized it (copied: the normalizer reuses its buffer). */
    add(id, normalized) {
        const n = normalized.bytes.length;
        if (this.size + n > KEPT_BYTES)
            return;
        // A buffer of its own, 8-byte aligned, as the quote scanner reads 32-bit words.
        const copy = external_node_buffer_namespaceObject.Buffer.allocUnsafeSlow(n);
        normalized.bytes.copy(copy);
        this.kept.set(id, copy);
        this.size += n;
    }
    get(id) {
        return this.kept.get(id);
    }
}
/**
 * For quotes not found where their record says (or citing an unknown source):
 * which other sources of the manifest hold them, and which ids look like an
 * unknown one. A second pass over the sources, made only when some quote needs
 * it, with a table of just those quotes. It looks only in sources that some
 * such quote does not cite; a cited source the first pass handed over is
 * searched in its kept copy and read again only to place a quote found there;
 * a cited source that failed verification is skipped (it is no evidence, and
 * the run has reported it). Sources that no record cites are read, verified and
 * normalized here, only here.
 */
function explainElsewhere(records, manifest, loader, normalizer, cited) {
    // A quote not found because its context ruled out its matches is in its source: it is not lost.
    const isLost = (r) => (r.verdict === 'quote not found' && !((r.detail?.context?.candidates ?? 0) > 0)) || r.verdict === 'unknown source';
    const lost = [];
    for (const r of records) {
        if (isLost(r))
            lost.push(r);
        else
            r.normalized = undefined;
    }
    const ids = new SimilarIds([...manifest.sources.keys()]);
    // One set for every lost quote, scanned against many sources: its pieces stay in the middle (no
    // table of every hash), and the scan's budget bounds the work all the same.
    const quotes = new QuoteSet({ spread: false });
    const homes = new QuoteHomes();
    const quoteIds = new Map();
    for (const r of lost) {
        const quote = r.normalized ?? normalizeText(r.quote ?? '');
        r.normalized = undefined;
        if (quote === '')
            continue;
        // Quotes of a few words (under MIN_TABLE_QUOTE bytes) are too common to point anywhere.
        const id = quotes.add(prepareQuote(quote), 1);
        quoteIds.set(r, id);
        homes.add(id, r.verdict === 'unknown source' ? undefined : r.sourceId);
    }
    const elsewhere = new Map();
    if (quoteIds.size > 0) {
        const none = new Set();
        // Cited sources that failed verification: the run reported them, and they are no evidence of anything.
        const unverified = new Set(records.filter((r) => r.verdict === 'source unverified').map((r) => r.sourceId));
        // Hints are not worth hours: a source whose scan would cost more than its budget gives none.
        const scanned = (text) => {
            const hits = quotes.scanWithinBudget(text, none);
            return hits instanceof ScanTooCostly ? undefined : hits;
        };
        for (const entry of manifest.sources.values()) {
            if (unverified.has(entry.id) || !homes.neededIn(entry.id))
                continue;
            const copy = cited?.get(entry.id);
            let hits = copy && scanned(copy);
            if (copy && (!hits || ![...hits.keys()].some((id) => homes.citedElsewhere(id, entry.id))))
                continue;
            // Read (again, for a kept copy: to say where in the file the quotes are; it verifies to the same
            // bytes, so the copy's hits stand for it).
            const check = loader.load(entry);
            if (!check.ok)
                continue; // An unverified source is no evidence of anything.
            const normalized = normalizer.normalize(check.text);
            hits ??= scanned(normalized.bytes);
            if (hits)
                noteElsewhere(hits, homes, entry.id, normalized, placer(check.text, normalized), quotes, elsewhere);
        }
    }
    const count = manifest.sources.size;
    for (const r of lost) {
        const verdict = r.verdict;
        const cites = r.sourceId;
        const id = quoteIds.get(r);
        const found = (id !== undefined ? (elsewhere.get(id) ?? []) : [])
            .filter((h) => h.sourceId !== cites)
            .map((h) => sameDocument(h.sourceId, cites)
            ? {
                ...h,
                kind: 'other version',
                difference: `another version of the document: ${h.sourceId}, not ${cites}`,
            }
            : h);
        const similarIds = verdict === 'unknown source' ? ids.similarTo(cites) : [];
        const sourceIds = verdict === 'unknown source' && similarIds.length === 0 && count <= IDS_LISTED
            ? [...manifest.sources.keys()]
            : [];
        if (found.length > 0 || similarIds.length > 0 || sourceIds.length > 0) {
            r.detail = {
                ...r.detail,
                ...(found.length > 0 ? { hints: [...(r.detail?.hints ?? []), ...found] } : {}),
                ...(similarIds.length > 0 ? { similarIds } : {}),
                ...(sourceIds.length > 0 ? { sourceIds } : {}),
            };
        }
    }
}

;// CONCATENATED MODULE: external "node:os"
const external_node_os_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");
;// CONCATENATED MODULE: external "node:url"
const external_node_url_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");
;// CONCATENATED MODULE: external "node:worker_threads"
const external_node_worker_threads_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");
;// CONCATENATED MODULE: ./src/check/explain-pool.ts
// Explaining on the machine's other cores. Explanations are most of the time
// of a run that makes them, and the Action's always does. Each depends on its
// record and its source alone (test/engine/company.test.ts), so the records
// of a source can be explained in another thread with the same answer while
// this one goes on checking the next sources and explaining too.
//
// Helpers are worker threads that run the bundle itself: its entry serves
// explanations instead of running the command when it finds itself a helper
// (servedAsHelper). So there are none where the code runs from its sources
// (the tests of src/, unless a test names a bundle), and none on one core.
//
// The run never depends on a helper. Each job posted has a state in shared
// memory that a helper claims before it starts the job; what no helper has
// claimed by the time this thread is done with the sources, this thread takes
// back and explains itself, and so it does a job a helper failed, or one that
// stopped making progress (a helper that died). A helper can make a run
// faster; it cannot change an answer, lose one, or make the run pass. And
// one whose bundle is not the file this thread started from (rebuilt during
// the run) claims nothing.










const ROLE = 'citegate explanation helper';
/**
 * A job's state, in shared memory (see the module's comment). The results
 * come as messages; of the states a helper sets when it is done, this thread
 * reads FAILED only, for a helper that failed to say so.
 */
const POSTED = 0;
const CLAIMED = 1;
const DONE = 2;
const FAILED = 3;
const TAKEN_BACK = 4;
/** At most this many helpers, whatever the cores: each costs its own heap and its own copy of the code. */
const MAX_HELPERS = 3;
/** Slots before the jobs' states: jobs the helpers finished, then records explained so far by each helper. */
const explain_pool_FINISHED = 0;
const EXPLAINED_BY = 1;
const HEADER = EXPLAINED_BY + MAX_HELPERS;
/** Jobs a run can post; past them, this thread explains the rest itself. */
const MAX_JOBS = 1 << 16;
/**
 * Helpers start in a run of at least RUN_RECORDS records, once START_AT of
 * them need explaining. Starting one costs about 10 to 30 MB and a core's
 * time to load the bundle again and warm its code up, which smaller runs do
 * not pay back: with helpers from 256 records on, the JSON runs of cut
 * (10,000 records in 100 sources) were about 5% faster and those of
 * explain-40k (10,000 against one source) no faster, each larger; those of
 * cut-one and cut-medium (50,000) are 15% and 35% faster (docs/benchmarks.md).
 */
const RUN_RECORDS = 16_384;
const START_AT = 256;
/** A helper gets a new job only while it has fewer than this many it has not begun: the rest are done here. */
const QUEUE = 2;
/**
 * A source's records to explain go to threads in jobs of at least this many,
 * and in at most SPLIT jobs. Each thread that explains records of a source
 * makes its own view and indexes of it: a source is split only when it has
 * many (cut-medium's JSON run, about 180 per source: 6.5 s in jobs of 512,
 * 7.5 s in jobs of 128, docs/benchmarks.md).
 */
const CHUNK = 512;
const SPLIT = 16;
/**
 * A source is sent to a helper only when it has a record to explain for
 * every this many bytes of it: the helper copies it and normalizes it again,
 * which for a long source with few records costs more than explaining them.
 */
const BYTES_PER_RECORD = 64 * 1024;
/**
 * Nor a source longer than this: each helper holds its own copy of it, the
 * text normalized and the indexes of it, outside the heap's limits.
 */
const MAX_HELPER_SOURCE = 16 * 1024 * 1024;
/**
 * This thread waits this long for helpers that have stopped explaining
 * records (a record's explanation is bounded far below it) before taking
 * their jobs back: a helper that died never says so to a thread that waits.
 */
const PATIENCE_MS = 30_000;
let settings;
/** Lets runs explain on helper threads that run `script` (the bundle's entry says so at start). */
function useHelperThreads(helpers) {
    settings = helpers;
}
/**
 * What a bundle's entry asks first. In a helper started by ExplainPool: serves
 * explanations and returns true (the entry then runs nothing else). Otherwise
 * lets this process's runs start helpers that run `entry`, and returns false.
 */
function servedAsHelper(entry) {
    if (!external_node_worker_threads_namespaceObject.isMainThread && external_node_worker_threads_namespaceObject.workerData?.role === ROLE) {
        serveExplanations(entry);
        return true;
    }
    const build = buildOf(entry);
    // An entry that cannot be told apart from another build has no helpers.
    useHelperThreads(build === undefined ? undefined : { script: entry, build });
    return false;
}
/**
 * Which build a file is: its device, inode, size and times. A helper loads
 * the bundle from disk again, so a rebuild or an update while a run goes on
 * would give it other code (explanations of another version, or jobs it
 * misreads) than this thread's. Any write to the file changes its ctime.
 */
function buildOf(file) {
    try {
        const s = (0,external_node_fs_namespaceObject.statSync)((0,external_node_url_namespaceObject.fileURLToPath)(file), { bigint: true });
        return [s.dev, s.ino, s.size, s.mtimeNs, s.ctimeNs].join(':');
    }
    catch {
        return undefined;
    }
}
function sent(decision) {
    const context = decision.context;
    if (context === undefined)
        return decision;
    const { prefixText, suffixText } = context.given;
    return { ...decision, context: { candidates: context.candidates, given: { prefixText, suffixText } } };
}
function received(decision) {
    const context = decision.context;
    if (context === undefined)
        return decision;
    const given = quoteContext(context.given.prefixText, context.given.suffixText);
    return { ...decision, context: { candidates: context.candidates, given } };
}
/** A source's bytes as read, normalized and made ready to explain against: how a thread that has only the bytes starts. */
function prepared(normalizer, original, lookups) {
    const normalized = normalizer.normalize(original);
    return { view: new SourceView(normalized.bytes, lookups), place: placer(original, normalized) };
}
/**
 * What a helper thread does: explain the jobs it is sent, claiming each
 * before it starts; unless `entry` is not the build the run's thread runs:
 * then it claims none, and that thread takes them back.
 */
function serveExplanations(entry) {
    const { port, shared, index, build } = external_node_worker_threads_namespaceObject.workerData;
    if (build !== undefined && buildOf(entry) !== build) {
        port.close();
        return;
    }
    const states = new Int32Array(shared);
    const normalizer = new SourceNormalizer();
    let current;
    const settle = (id, state) => {
        Atomics.store(states, HEADER + id, state);
        Atomics.add(states, explain_pool_FINISHED, 1);
        Atomics.notify(states, explain_pool_FINISHED);
    };
    port.on('message', (job) => {
        // Kept whether or not this job is claimed: the next jobs of the source come without it.
        if (job.source)
            current = { sourceId: job.sourceId, bytes: job.source, lookups: job.lookups };
        if (Atomics.compareExchange(states, HEADER + job.id, POSTED, CLAIMED) !== POSTED)
            return;
        try {
            const source = current;
            if (source?.sourceId !== job.sourceId)
                throw new Error(`job ${job.id}: not the source it was sent`);
            // The bytes arrive as a plain Uint8Array: a Buffer over them, not a copy.
            const { view, place } = (source.ready ??= prepared(normalizer, external_node_buffer_namespaceObject.Buffer.from(source.bytes.buffer, source.bytes.byteOffset, source.bytes.length), source.lookups));
            const details = job.decisions.map((decision) => {
                const detail = explain(received(decision), view, place, job.sourceId);
                Atomics.add(states, EXPLAINED_BY + index, 1);
                return detail;
            });
            port.postMessage({ id: job.id, details });
            settle(job.id, DONE);
        }
        catch (error) {
            // Said if it can be (the job is then done by the thread that posted it); marked failed whatever happens.
            try {
                port.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
            }
            finally {
                settle(job.id, FAILED);
            }
        }
    });
}
/** The explaining of one run: here, and on helpers when the bundle allows and the run is worth it. */
class ExplainPool {
    records;
    settings = settings;
    helpers;
    states;
    posted = 0;
    /** Records given to explain so far. */
    seen = 0;
    done = { byHelpers: 0, takenBack: 0, redone: 0 };
    /** For jobs explained here after all: its own, as the run's normalizer is in use. */
    normalizer;
    /** The source of the last job explained here, normalized: the next is often of the same source. */
    last;
    /** `records`: how many the run checks. */
    constructor(records) {
        this.records = records;
    }
    /**
     * Explains the records of one verified source (`normalized`, `place`: valid
     * until the run normalizes the next source; `original`: its bytes as read).
     */
    explainSource(sourceId, original, normalized, place, items) {
        const lookups = items.length;
        let view;
        const settings = this.settings;
        // A helper copies the source and normalizes it again: not worth it for a long source with few records.
        const sendable = original.length <= MAX_HELPER_SOURCE && original.length <= items.length * BYTES_PER_RECORD;
        const size = Math.max(CHUNK, Math.ceil(items.length / SPLIT));
        let copy;
        this.seen += items.length;
        if (this.helpers === undefined &&
            settings &&
            this.records >= (settings.runRecords ?? RUN_RECORDS) &&
            this.seen >= (settings.startAt ?? START_AT))
            this.start(settings);
        this.collect();
        for (let k = 0; k < items.length; k += size) {
            const chunk = items.slice(k, k + size);
            const helper = sendable && this.helpers?.length ? this.withRoom() : undefined;
            if (helper === undefined) {
                view ??= new SourceView(normalized.bytes, lookups);
                for (const [r, decision] of chunk)
                    r.detail = explain(decision, view, place, sourceId);
                continue;
            }
            copy ??= external_node_buffer_namespaceObject.Buffer.from(original);
            this.post(helper, { id: this.posted, sourceId, lookups, original: copy, items: chunk, resolved: false });
        }
    }
    /** Every record explained: the helpers' results, and what they did not do, done here. Then the helpers stop. */
    finish() {
        const helpers = this.helpers ?? [];
        const states = this.states;
        try {
            if (states === undefined)
                return;
            // What no helper has begun is done here, at once.
            for (const helper of helpers)
                for (const job of helper.jobs)
                    if (!job.resolved && Atomics.compareExchange(states, HEADER + job.id, POSTED, TAKEN_BACK) === POSTED) {
                        this.here(job);
                        this.done.takenBack++;
                    }
            // What they have begun, they finish, unless one stops explaining records for `patience`: then it is
            // taken for gone (a helper that died cannot say so to a thread that waits) and its jobs are done here.
            const patience = this.settings?.patienceMs ?? PATIENCE_MS;
            const progress = helpers.map((_, k) => ({
                explained: Atomics.load(states, EXPLAINED_BY + k),
                at: performance.now(),
            }));
            for (;;) {
                const finished = Atomics.load(states, explain_pool_FINISHED);
                this.collect();
                let left = false;
                helpers.forEach((helper, k) => {
                    if (helper.jobs.length === 0)
                        return;
                    const explained = Atomics.load(states, EXPLAINED_BY + k);
                    if (explained !== progress[k].explained)
                        progress[k] = { explained, at: performance.now() };
                    else if (performance.now() - progress[k].at > patience)
                        this.redo(helper.jobs);
                    left ||= helper.jobs.some((job) => !job.resolved);
                });
                if (!left)
                    break;
                Atomics.wait(states, explain_pool_FINISHED, finished, Math.min(patience, 1000));
            }
        }
        finally {
            this.settings?.onFinish?.({ posted: this.posted, ...this.done });
            this.close();
        }
    }
    /** Stops the helpers (a run that ended early, too). */
    close() {
        for (const helper of this.helpers ?? []) {
            helper.port.close();
            void helper.worker.terminate();
        }
        this.helpers = [];
        this.last = undefined;
    }
    start(helpers) {
        this.helpers = [];
        const count = Math.min(helpers.threads ?? (0,external_node_os_namespaceObject.availableParallelism)() - 1, MAX_HELPERS);
        if (count <= 0)
            return;
        const shared = new SharedArrayBuffer(4 * (HEADER + MAX_JOBS));
        this.states = new Int32Array(shared);
        for (let k = 0; k < count; k++) {
            const { port1, port2 } = new external_node_worker_threads_namespaceObject.MessageChannel();
            let worker;
            try {
                worker = new external_node_worker_threads_namespaceObject.Worker(helpers.script, {
                    workerData: { role: ROLE, port: port2, shared, index: k, build: helpers.build },
                    transferList: [port2],
                    // Explaining makes short-lived garbage, which a young generation of this size collects as fast as
                    // the one Node 24 grows to: cut-medium's JSON run peaked at 660 MB with it, 830 MB without, in the
                    // same time (docs/benchmarks.md).
                    resourceLimits: { maxYoungGenerationSizeMb: 16 },
                    // A helper writes nothing; were it to, nothing it wrote could reach a workflow's log.
                    stdout: true,
                    stderr: true,
                });
            }
            catch {
                port1.close();
                break;
            }
            // Events reach this thread only after the run (it does not return to the event loop before): a helper
            // that fails to start or dies is found out by its jobs, taken back or redone (finish).
            worker.on('error', () => { });
            worker.unref();
            this.helpers.push({ worker, port: port1, jobs: [] });
        }
    }
    /** The helper with the fewest jobs not begun, if it has fewer than QUEUE. */
    withRoom() {
        if (this.posted >= MAX_JOBS)
            return undefined;
        const states = this.states;
        let best;
        let bestWaiting = QUEUE;
        for (const helper of this.helpers) {
            let waiting = 0;
            for (const job of helper.jobs)
                if (!job.resolved && Atomics.load(states, HEADER + job.id) === POSTED)
                    waiting++;
            if (waiting < bestWaiting) {
                best = helper;
                bestWaiting = waiting;
            }
        }
        return best;
    }
    post(helper, job) {
        this.posted++;
        const message = {
            id: job.id,
            sourceId: job.sourceId,
            lookups: job.lookups,
            ...(helper.lastSource !== job.original ? { source: job.original } : {}),
            decisions: job.items.map(([, decision]) => sent(decision)),
        };
        helper.lastSource = job.original;
        helper.jobs.push(job);
        helper.port.postMessage(message);
    }
    /** Takes in the results the helpers have sent, and redoes the jobs they failed. */
    collect() {
        const states = this.states;
        for (const helper of this.helpers ?? []) {
            for (let m = (0,external_node_worker_threads_namespaceObject.receiveMessageOnPort)(helper.port); m !== undefined; m = (0,external_node_worker_threads_namespaceObject.receiveMessageOnPort)(helper.port)) {
                const result = m.message;
                const job = helper.jobs.find((j) => j.id === result.id);
                if (job === undefined || job.resolved)
                    continue;
                if ('details' in result && result.details.length === job.items.length) {
                    job.items.forEach(([r], i) => {
                        r.detail = result.details[i];
                    });
                    job.resolved = true;
                    this.done.byHelpers++;
                }
                else
                    this.redo([job]);
            }
            // A job marked failed whose message never came (the helper could not send it).
            for (const job of helper.jobs)
                if (!job.resolved && states && Atomics.load(states, HEADER + job.id) === FAILED)
                    this.redo([job]);
            // Resolved jobs leave the list: it stays as short as the helper's queue.
            for (let i = helper.jobs.length - 1; i >= 0; i--)
                if (helper.jobs[i].resolved)
                    helper.jobs.splice(i, 1);
        }
    }
    redo(jobs) {
        for (const job of jobs)
            if (!job.resolved) {
                this.here(job);
                this.done.redone++;
            }
    }
    /** A job explained in this thread after all. */
    here(job) {
        if (this.last?.original !== job.original)
            this.last = {
                original: job.original,
                ...prepared((this.normalizer ??= new SourceNormalizer()), job.original, job.lookups),
            };
        const { view, place } = this.last;
        for (const [r, decision] of job.items)
            r.detail = explain(decision, view, place, job.sourceId);
        job.resolved = true;
    }
}

;// CONCATENATED MODULE: ./src/engine/sentences.ts
// Beyond quotes: the sentences of an answer, and whether the claims of its
// records cover each (numbers.ts reads the numbers a claim states). These are
// findings beside the verdicts; they never change one.


// ICU's sentence breaks (Intl.Segmenter) after an English abbreviation are
// sentence ends or not by what it is and what follows. A break after a blank
// line is always one.
/**
 * Abbreviations that mostly stand before what they belong to, or inside a
 * name ("Mr. Smith", "e.g. a receipt", "St. Louis", "the U.S. Army", "King
 * Jr. Day", "Jan. 5"): the break after one is no sentence end, unless a
 * blank line or a list item follows.
 */
const ABBREVIATIONS = new Set([
    'mr',
    'mrs',
    'ms',
    'dr',
    'prof',
    'st',
    'jr',
    'sr',
    'vs',
    'e.g',
    'i.e',
    'u.s',
    'u.k',
    'approx',
    'jan',
    'feb',
    'mar',
    'apr',
    'jun',
    'jul',
    'aug',
    'sep',
    'sept',
    'oct',
    'nov',
    'dec',
]);
/**
 * Abbreviations that mostly end what they belong to ("a box, etc.", "Acme
 * Inc."): the break after one is no sentence end only where, on the same
 * line, a lower-case letter or a digit follows, after any opening quote or
 * bracket ("Acme Inc. Orders ship free" is two sentences).
 */
const MAY_END_ABBREVIATIONS = new Set(['etc', 'inc', 'ltd', 'co']);
/** Abbreviations that stand before a number ("No. 5"), on the same line: "No." alone is an answer, and ends its sentence. */
const NUMBER_ABBREVIATIONS = new Set(['no', 'nos', 'vol', 'p', 'pp', 'fig', 'art', 'ch']);
/** The word an abbreviation's period ends: letters and periods ("e.g"). */
const WORD_BEFORE_PERIOD = /[\p{L}.]+$/u;
const sentences_LINE_BREAK = /\r\n|[\n\r\v\f\x85\u2028\u2029]/g;
const DIGIT_NEXT = /\p{Nd}/uy;
/** The number or letter of a list item ("1.", "b)", "iv.", roman up to xx), perhaps after Markdown's # or >. */
// One # or > at a time: `(?:[#>]+[ \t]*)*` says the same, but a run of 30 #s took it minutes to refuse.
const ITEM_NUMBER = String.raw `(?:[#>][ \t]*)*(?:\d{1,3}|[a-z]|(?=[ivx])x{0,2}(?:ix|iv|v?i{0,3}))[.)]`;
/** A segment that is only that, which ICU makes a sentence of its own. */
const LIST_MARKER = new RegExp(String.raw `^\s*${ITEM_NUMBER}\s*$`, 'iu');
/** The same at the start of a sentence, with the space after it: not part of what a claim must cover. */
const LEADING_LIST_MARKER = new RegExp(`^${ITEM_NUMBER} `, 'iu');
/** Spaces and tabs back to the start of a line, or of the text. */
const AT_LINE_START = /(?:^|[\n\r\v\f\x85\u2028\u2029])[ \t]*$/u;
const CONTINUES_NEXT = /[\p{Ps}\p{Pi}"']*[\p{Ll}\p{Nd}]/uy;
const LETTER_NEXT = /\p{L}/uy;
/** A line that starts a list item: its number or letter, or a bullet. */
const LIST_ITEM_NEXT = new RegExp(String.raw `(?:${ITEM_NUMBER}|[-*+\u2022])(?:\s|$)`, 'iuy');
/**
 * What ends the look ahead of a sentence break (UAX #29 SB8 looks past a
 * period and its spaces, over anything else, for a lower-case letter): a
 * letter, a sentence terminator or a paragraph separator. Letters that are
 * Extend to it (marks, and the two Lo vowels that are spacing marks) do not.
 */
const ENDS_LOOK_AHEAD = /[\p{L}\p{Sentence_Terminal}\n\r\x85\u2028\u2029]/u;
const EXTEND = /[\p{Grapheme_Extend}\p{Mc}\u0e33\u0eb3]/u;
/** Characters segmented at a time: Intl.Segmenter's every step costs time in the length of its whole text. */
const SEGMENT_WINDOW = 1024;
/**
 * The sentence segments of `text`, as Intl.Segmenter gives them for the whole
 * text, found a window at a time: each step of its iterator takes time in the
 * length of the text, so 160,000 blank lines took 30 s and a megabyte of
 * sentences minutes. A window's segments are kept but its last, where the
 * next window starts, when that last one holds what ends the look ahead of
 * every break before it (so no break of theirs depends on text past the
 * window); otherwise the window grows. A break never looks back past the
 * previous one.
 */
function* sentenceSegments(text, window = SEGMENT_WINDOW) {
    const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
    let from = 0;
    let size = window;
    while (from < text.length) {
        const end = Math.min(text.length, from + size);
        const parts = [...segmenter.segment(text.slice(from, end))];
        const last = parts[parts.length - 1];
        const keep = end === text.length ? parts.length : parts.length - 1;
        if (end < text.length && (keep === 0 || !endsLookAhead(last.segment))) {
            size *= 2;
            continue;
        }
        for (let i = 0; i < keep; i++)
            yield { segment: parts[i].segment, index: from + parts[i].index };
        from = end === text.length ? end : from + last.index;
        size = window;
    }
}
function endsLookAhead(segment) {
    for (const c of segment)
        if (ENDS_LOOK_AHEAD.test(c) && !EXTEND.test(c))
            return true;
    return false;
}
/** The answer's sentences (Unicode sentence boundaries, by Intl.Segmenter, with common abbreviations kept whole). */
function splitSentences(answer) {
    const sentences = [];
    const push = (start, end) => {
        const text = answer.slice(start, end);
        if (normalizeText(text) !== '')
            sentences.push({ text: text.trim(), start: start + (text.length - text.trimStart().length) });
    };
    // Where the sentence being joined (after an abbreviation) starts, or -1.
    // Indices, not the joined text: looking at a text that grows with every
    // segment ("Mr. Mr. Mr. ...") made the split quadratic.
    let pending = -1;
    for (const { segment, index } of sentenceSegments(answer)) {
        const start = pending >= 0 ? pending : index;
        const end = index + segment.length;
        if (continuesAfter(answer, start, end) || (pending < 0 && isListMarker(segment, answer, index))) {
            pending = start;
            continue;
        }
        pending = -1;
        push(start, end);
    }
    if (pending >= 0)
        push(pending, answer.length);
    return sentences;
}
/** Whether a segment is a list item's number at the start of a line: it belongs to the item's first sentence. */
function isListMarker(segment, answer, index) {
    return LIST_MARKER.test(segment) && AT_LINE_START.test(answer.slice(Math.max(0, index - 64), index));
}
/** Longer than any abbreviation: the word before a period is looked for this far back only. */
const WORD_WINDOW = 64;
const sentences_WHITESPACE = /\s/;
/**
 * Whether the sentence answer[start, end) goes on past the break at `end`:
 * whether it ends in an abbreviation, its period and whitespace, and what
 * follows allows it.
 */
function continuesAfter(answer, start, end) {
    let dot = end;
    while (dot > start && sentences_WHITESPACE.test(answer[dot - 1]))
        dot--;
    if (dot === start || answer[dot - 1] !== '.')
        return false;
    dot--;
    const word = WORD_BEFORE_PERIOD.exec(answer.slice(Math.max(start, dot - WORD_WINDOW), dot))?.[0].toLowerCase();
    if (word === undefined)
        return false;
    const lines = answer.slice(dot + 1, end).match(sentences_LINE_BREAK)?.length ?? 0;
    // Across a line break only into a line that goes on with a word, not a list.
    if (ABBREVIATIONS.has(word))
        return (lines === 0 || (lines === 1 && nextMatches(LETTER_NEXT, answer, end) && !nextMatches(LIST_ITEM_NEXT, answer, end)));
    if (lines > 0)
        return false;
    if (MAY_END_ABBREVIATIONS.has(word))
        return nextMatches(CONTINUES_NEXT, answer, end);
    return NUMBER_ABBREVIATIONS.has(word) && nextMatches(DIGIT_NEXT, answer, end);
}
/** Whether a sticky pattern matches at `at` (what follows a break). */
function nextMatches(pattern, text, at) {
    pattern.lastIndex = at;
    return pattern.test(text);
}
/** Normalized (SPEC §3), without the punctuation that ends a sentence, lower case: for comparing claims. */
function claimKey(text) {
    return normalizeText(text)
        .replace(/[\s.!?…;:"'”’»)]+$/u, '')
        .toLowerCase();
}
/** Where `part` is in `text` on word boundaries, as a quote must be in its source (SPEC §4). */
function* occurrences(text, part) {
    for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1))
        if (onWordBoundaries(text, at, at + part.length))
            yield at;
}
/**
 * Whether the claims cover a sentence: a claim contains the sentence (or is
 * it), or the claims the sentence contains cover at least half of its letters
 * and digits. Claims and sentences are compared without case and sentence-end
 * punctuation, and a claim must sit between word boundaries ("a" is not in
 * "gray"). A list item's number is not part of its sentence here. A sentence
 * with no letter or digit needs no claim.
 */
function claimCoverage(claims) {
    const keys = [...new Set(claims.map(claimKey))].filter((c) => c !== '');
    // An answer may say the same sentence many times: each is judged once (a
    // long claim is searched for a sentence in time that grows with the claim).
    const judged = new Map();
    return (sentence) => {
        const whole = claimKey(sentence);
        let verdict = judged.get(whole);
        if (verdict === undefined)
            judged.set(whole, (verdict = covers(keys, whole)));
        return verdict;
    };
}
/**
 * Normalized text without the number of a list item at its start ("1.
 * Returns are ..."): not part of what a claim must cover, nor a number a
 * claim states. Text that is only a list item's number stays as it is.
 */
function withoutListMarker(text) {
    const body = text.replace(LEADING_LIST_MARKER, '');
    return body === '' ? text : body;
}
/** Whether the claims (their keys) cover a sentence (its key): see claimCoverage. */
function covers(keys, whole) {
    const key = withoutListMarker(whole);
    // No letter or digit ("...", "—"), nothing to cover; and an empty key is
    // in every claim, everywhere, which the search below must not be asked.
    if (![...key].some((c) => isWordCodePoint(c.codePointAt(0))))
        return true;
    const covered = new Uint8Array(key.length);
    for (const c of keys) {
        if (c.length >= key.length) {
            if (!occurrences(c, key).next().done)
                return true;
            continue;
        }
        for (const at of occurrences(key, c))
            covered.fill(1, at, at + c.length);
    }
    let total = 0;
    let inClaims = 0;
    for (let i = 0; i < key.length; i++) {
        const cp = key.codePointAt(i);
        if (cp > 0xffff)
            i++;
        if (!isWordCodePoint(cp))
            continue;
        total++;
        inClaims += covered[i];
    }
    return inClaims * 2 >= total;
}
/** A list item's number and the whitespace after it, at the start of a sentence as written. */
const WRITTEN_LIST_MARKER = new RegExp(String.raw `^${ITEM_NUMBER}\s+`, 'iu');
/**
 * Whether ranges of the answer (UTF-16, in order, not overlapping) cover a
 * sentence of it: at least half of its letters and digits lie in them, a list
 * item's number not counted; a sentence with no letter or digit needs none.
 * For answers whose cited parts are known exactly (a response's text blocks
 * with citations), where claims would have to be looked for.
 */
function rangesCover(answer, sentence, ranges) {
    const end = sentence.start + sentence.text.length;
    const marker = WRITTEN_LIST_MARKER.exec(sentence.text)?.[0].length ?? 0;
    let total = 0;
    let inRanges = 0;
    let k = 0;
    for (let i = sentence.start + (marker < sentence.text.length ? marker : 0); i < end; i++) {
        const cp = answer.codePointAt(i);
        const at = i;
        if (cp > 0xffff)
            i++;
        if (!isWordCodePoint(cp))
            continue;
        total++;
        while (k < ranges.length && ranges[k][1] <= at)
            k++;
        if (k < ranges.length && ranges[k][0] <= at)
            inRanges++;
    }
    return inRanges * 2 >= total;
}
function isCovered(sentence, claims) {
    return claimCoverage(claims)(sentence);
}

;// CONCATENATED MODULE: ./src/engine/numbers.ts
// Beyond quotes: the numbers a claim states (with their units, currencies and
// periods), which its quote must carry. A finding beside the verdicts; it
// never changes one.


/** Decimal digits of other scripts, read as 0-9 (each one UTF-16 unit, so positions do not move). */
const DIGIT_BLOCKS = [
    0x0660, 0x06f0, 0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66, 0x0e50, 0x0ed0, 0xff10,
];
/** A decimal digit of one of those scripts. */
const OTHER_DIGIT = /[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef\u0a66-\u0a6f\u0ae6-\u0aef\u0b66-\u0b6f\u0be6-\u0bef\u0c66-\u0c6f\u0ce6-\u0cef\u0d66-\u0d6f\u0e50-\u0e59\u0ed0-\u0ed9\uff10-\uff19]/g;
function asciiDigits(text) {
    OTHER_DIGIT.lastIndex = 0;
    if (!OTHER_DIGIT.test(text))
        return text;
    return text.replace(OTHER_DIGIT, (d) => {
        const cp = d.charCodeAt(0);
        return String.fromCharCode(0x30 + cp - DIGIT_BLOCKS.find((b) => cp >= b && cp <= b + 9));
    });
}
const TIME_UNITS = {
    day: 'day',
    days: 'day',
    'business day': 'business day',
    'business days': 'business day',
    'working day': 'business day',
    'working days': 'business day',
    week: 'week',
    weeks: 'week',
    month: 'month',
    months: 'month',
    year: 'year',
    years: 'year',
    night: 'night',
    nights: 'night',
    hour: 'hour',
    hours: 'hour',
    hr: 'hour',
    hrs: 'hour',
    h: 'hour',
    minute: 'minute',
    minutes: 'minute',
    min: 'minute',
    mins: 'minute',
    second: 'second',
    seconds: 'second',
    sec: 'second',
    secs: 'second',
};
const UNITS = {
    ...TIME_UNITS,
    '%': '%',
    percent: '%',
    'per cent': '%',
    pct: '%',
    dollar: 'USD',
    dollars: 'USD',
    usd: 'USD',
    euro: 'EUR',
    euros: 'EUR',
    eur: 'EUR',
    pound: 'GBP',
    pounds: 'GBP',
    gbp: 'GBP',
    yen: 'JPY',
    jpy: 'JPY',
    rupee: 'INR',
    rupees: 'INR',
    inr: 'INR',
    chf: 'CHF',
    cad: 'CAD',
    aud: 'AUD',
    cent: 'cent',
    cents: 'cent',
    item: 'item',
    items: 'item',
    time: 'time',
    times: 'time',
    km: 'km',
    kg: 'kg',
    g: 'g',
    m: 'm',
    cm: 'cm',
    mm: 'mm',
    mb: 'MB',
    gb: 'GB',
    kb: 'KB',
    tb: 'TB',
    '°': 'degree',
    degree: 'degree',
    degrees: 'degree',
    '°c': '°C',
    celsius: '°C',
    '°f': '°F',
    fahrenheit: '°F',
};
/** What may follow "per" or "/": any unit, and a few words that are only rates. */
const PER_WORDS = {
    ...UNITS,
    mo: 'month',
    yr: 'year',
    wk: 'week',
    annum: 'year',
    person: 'person',
    people: 'person',
    user: 'user',
    order: 'order',
};
/** What may follow "a", "an", "each" or "every": a time unit ("$10 a month"). */
const A_WORDS = { ...TIME_UNITS };
const ADJECTIVE_PERIODS = {
    hourly: 'hour',
    daily: 'day',
    nightly: 'night',
    weekly: 'week',
    monthly: 'month',
    yearly: 'year',
    annually: 'year',
    annual: 'year',
    'p.a.': 'year',
};
const CURRENCY = {
    $: 'USD',
    US$: 'USD',
    C$: 'CAD',
    A$: 'AUD',
    '€': 'EUR',
    '£': 'GBP',
    '¥': 'JPY',
    '₹': 'INR',
    USD: 'USD',
    EUR: 'EUR',
    GBP: 'GBP',
    JPY: 'JPY',
    INR: 'INR',
    CHF: 'CHF',
    CAD: 'CAD',
    AUD: 'AUD',
};
/** The units that are money: an amount with one decimal comma is that amount, not a list. */
const MONEY = new Set([...Object.values(CURRENCY), 'cent']);
const MAGNITUDES = {
    k: 3,
    K: 3,
    M: 6,
    B: 9,
    bn: 9,
    thousand: 3,
    million: 6,
    billion: 9,
    trillion: 12,
};
/** Words between a number and its unit that do not change the unit ("30 calendar days"). */
const QUALIFIERS = 'calendar|consecutive|full|whole|straight|additional|extra|more|further';
const words = (table) => Object.keys(table)
    .sort((a, b) => b.length - a.length)
    .map((u) => u.replace(/[.$]/g, '\\$&').replace(/ /g, '[\\s-]'))
    .join('|');
const END = '(?![\\p{L}\\p{N}])';
// All on text whose digits are ASCII. A number starts after no letter, digit or
// `_`, and not just after "1." or "1," (the rest of a number this did not read).
const START = /(?<![\p{L}\p{N}_])(?<![0-9][.,'\u066b\u066c])[0-9]/gu;
/** Groups of three after one kind of separator (, . ' space, Arabic U+066C), then perhaps a decimal part. */
const GROUPED = /([0-9]{1,3})([,.' \u066c])([0-9]{3}(?![0-9])(?:\2[0-9]{3}(?![0-9]))*)(?:([.,\u066b])([0-9]+))?/y;
const TIME = /([0-9]{1,2}):([0-9]{2})(?::[0-9]{2})?(?![0-9])/y;
const PLAIN = /[0-9]+(?:[.,\u066b][0-9]+)*/y;
const CURRENCY_BEFORE = /(?:(US\$|C\$|A\$|[$€£¥₹])|(?<!\p{L})(USD|EUR|GBP|JPY|INR|CHF|CAD|AUD)) ?$/u;
// The patterns that ignore case are matched against caseFolded(text), not with
// the `i` flag: with `u`, `i` makes V8 spend 5 to 10 ms compiling each long word
// list (measured), about as much as the claims of a hundred files take to
// check. One difference: under /iu, \p{L} also took in U+0345 (a combining
// mark whose case folding is a Greek iota); without `i` it is not a letter, as
// SPEC §4's word code points have it.
/**
 * What /iu matches with an ASCII letter, in NFC text: the upper-case letters
 * and LONG S (s). The third, KELVIN SIGN, is a K once NFC has been applied.
 */
const FOLDS_TO_ASCII = /[A-Z\u017f]/g;
/**
 * NFC text with each of those written as its ASCII letter in lower case, at
 * the same length. toLowerCase() does that, natively, but for LONG S, which it
 * leaves, and İ, which it makes two units long: then letter by letter. It
 * lowers other letters too, which the patterns below do not tell apart (still
 * letters, digits or whitespace, each of them).
 */
function caseFolded(text) {
    const lower = text.toLowerCase();
    if (lower.length === text.length)
        return lower.includes('\u017f') ? lower.replaceAll('\u017f', 's') : lower;
    return text.replace(FOLDS_TO_ASCII, (c) => (c === '\u017f' ? 's' : c.toLowerCase()));
}
// On the case-folded text, so written in lower case:
const AM_PM = new RegExp(`\\s?(a\\.m\\.|p\\.m\\.|am|pm|noon|midnight)${END}`, 'uy');
const MAGNITUDE_WORD = new RegExp(`\\s?(thousand|million|billion|trillion|bn)${END}`, 'uy');
const UNIT = new RegExp(`(?:\\s|[-\\u2010\\u2011])?(?:(?:${QUALIFIERS})[\\s-])?(${words(UNITS)})${END}|\\s?([$€£¥₹])(?![0-9])`, 'uy');
const PER = new RegExp(`\\s?(?:per\\s|/\\s?)(${words(PER_WORDS)})${END}|\\s(?:a|an|each|every)\\s(${words(A_WORDS)})${END}|\\s(${words(ADJECTIVE_PERIODS)})${END}`, 'uy');
const TIME_WORD = /(?<![\p{L}\p{N}_])(noon|midday|midnight)(?![\p{L}\p{N}_])/gu;
const RANGE = /^\s?(?:[-\u2010\u2011\u2012\u2013\u2014\u2212]|to|through|thru|until|till)\s?$/u;
const AND = /^\sand\s$/;
const BETWEEN_BEFORE = /\bbetween\s$/;
/** On the text as written: "5k", "$5M", "$2B" (after a currency only), "2bn". */
const MAGNITUDE_SUFFIX = new RegExp(`([kKMB]|bn)${END}`, 'uy');
const TIME_WORDS = { noon: 720, midday: 720, midnight: 0 };
const MAY_STATE_A_NUMBER = /\p{Nd}|noon|midday|midnight/iu;
function sticky(re, text, at) {
    re.lastIndex = at;
    return re.exec(text);
}
/** A minus before a number, not a dash between numbers ("3-5", "3 -5") or a hyphen in a word. */
function isSign(t, at) {
    const c = t[at];
    if (c !== '-' && c !== '\u2212')
        return false;
    if (at === 0)
        return true;
    const before = t[at - 1];
    if (before === ' ')
        return at < 2 || !/[0-9%]/.test(t[at - 2]);
    return /[([{=:;~≈<>$€£¥₹"'“‘«*_]/.test(before);
}
/** The digits at `at`: how far they go, their value and, for "8,10", the list they may also be. */
function readDigits(t, at) {
    const time = sticky(TIME, t, at);
    if (time && Number(time[1]) <= 24 && Number(time[2]) <= 59)
        return { end: at + time[0].length, decimal: undefined, list: undefined, time: [Number(time[1]), Number(time[2])] };
    const grouped = sticky(GROUPED, t, at);
    // One group after a 0 ("0.500") is a decimal part, not thousands.
    if (grouped && !(/^0+$/.test(grouped[1]) && grouped[3].length === 3 && /[,.]/.test(grouped[2]))) {
        const integer = grouped[1] + grouped[3].replaceAll(grouped[2], '');
        const decimalPart = grouped[4] !== undefined && grouped[4] !== grouped[2];
        const end = at + (decimalPart ? grouped[0].length : grouped[1].length + grouped[2].length + grouped[3].length);
        return { end, decimal: decimalPart ? `${integer}.${grouped[5]}` : integer, list: undefined };
    }
    const plain = sticky(PLAIN, t, at);
    const pieces = plain[0].split(/[.,\u066b]/);
    const end = at + plain[0].length;
    if (pieces.length === 1)
        return { end, decimal: pieces[0], list: undefined };
    if (pieces.length === 2)
        return { end, decimal: `${pieces[0]}.${pieces[1]}`, list: plain[0].includes(',') ? pieces : undefined };
    return { end, decimal: undefined, list: pieces };
}
/** Minutes after midnight for h:mm, with am or pm, or both readings when neither is said. */
function timesOf(hour, minute, suffix) {
    const s = suffix?.toLowerCase().replace(/\./g, '');
    if (s === 'noon' || s === 'midnight')
        return hour === 12 && minute === 0 ? [TIME_WORDS[s]] : undefined;
    if (s !== undefined)
        return hour >= 1 && hour <= 12 ? [((hour % 12) + (s === 'pm' ? 12 : 0)) * 60 + minute] : undefined;
    if (hour >= 1 && hour <= 12)
        return [(hour % 12) * 60 + minute, ((hour % 12) + 12) * 60 + minute];
    return [(hour % 24) * 60 + minute];
}
/** `t`: the text with ASCII digits; `lower`: the same, case-folded. */
function readNumber(t, lower, at) {
    let start = at;
    let unit;
    const currencyAt = (end) => {
        const m = CURRENCY_BEFORE.exec(t.slice(Math.max(0, end - 8), end));
        return m ? { unit: CURRENCY[m[1] ?? m[2]], length: m[0].length } : undefined;
    };
    let currency = currencyAt(start);
    if (currency)
        start -= currency.length;
    const negative = isSign(t, start - 1);
    if (negative) {
        start--;
        if (!currency && (currency = currencyAt(start)))
            start -= currency.length;
    }
    unit = currency?.unit;
    const paren = t[at - 1] === '(';
    const digits = readDigits(t, at);
    const reading = {
        start,
        end: digits.end,
        decimal: digits.decimal,
        list: digits.list,
        exponent: 0,
        negative,
        unit,
        per: undefined,
        times: undefined,
        hour: undefined,
        paren: false,
    };
    let pos = digits.end;
    // A time of day: h:mm, perhaps with am or pm; or an hour with am or pm ("5 pm", "5.30 pm", "12 noon").
    const raw = t.slice(at, digits.end);
    const hm = digits.time ??
        (!currency && !negative && /^[0-9]{1,2}(?:\.[0-9]{2})?$/.test(raw) ? raw.split('.').map(Number) : undefined);
    if (hm) {
        const [hour, minute = 0] = hm;
        const suffix = sticky(AM_PM, lower, pos);
        let times = suffix ? timesOf(hour, minute, suffix[1]) : undefined;
        if (times)
            pos += suffix[0].length;
        else if (digits.time)
            times = timesOf(hour, minute, undefined);
        if (times)
            return {
                ...reading,
                end: pos,
                decimal: undefined,
                list: undefined,
                unit: 'time of day',
                times,
                hour: minute === 0 ? hour : undefined,
            };
    }
    const magnitude = sticky(MAGNITUDE_SUFFIX, t, pos) ?? sticky(MAGNITUDE_WORD, lower, pos);
    if (magnitude && (magnitude[1] !== 'B' || currency)) {
        reading.exponent = MAGNITUDES[magnitude[1]];
        pos += magnitude[0].length;
    }
    if (unit === undefined) {
        // "thirty (30) days": the unit comes after the closing parenthesis.
        const close = paren && t[pos] === ')' ? 1 : 0;
        const m = sticky(UNIT, lower, pos + close);
        if (m) {
            unit = m[1] !== undefined ? UNITS[m[1].replace(/[\s-]+/g, ' ')] : CURRENCY[m[2]];
            pos += close + m[0].length;
            reading.paren = close === 1;
        }
    }
    const per = sticky(PER, lower, pos);
    if (per) {
        reading.per =
            per[1] !== undefined
                ? PER_WORDS[per[1].replace(/[\s-]+/g, ' ')]
                : per[2] !== undefined
                    ? A_WORDS[per[2].replace(/[\s-]+/g, ' ')]
                    : ADJECTIVE_PERIODS[per[3]];
        pos += per[0].length;
    }
    return { ...reading, end: pos, unit };
}
function scale(decimal, exponent, negative) {
    const value = Number(`${decimal}e${exponent}`);
    return negative ? -value : value;
}
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** The numbers stated in a text, each with its unit or currency and its period. */
function statedNumbers(text) {
    // Most text states no number: one quick look before reading it.
    if (!MAY_STATE_A_NUMBER.test(text))
        return [];
    const written = normalizeText(text);
    const t = asciiDigits(written);
    const lower = caseFolded(t);
    const readings = [];
    START.lastIndex = 0;
    for (let m = START.exec(t); m; m = START.exec(t)) {
        const r = readNumber(t, lower, m.index);
        // ".5%" is half a percent, not 5%; but "No.5" and "p.12" are numbers 5 and 12.
        if (t[m.index - 1] === '.' &&
            !LETTER_OR_DIGIT.test(t[m.index - 2] ?? '') &&
            r.start === m.index &&
            r.decimal !== undefined &&
            /^[0-9]+$/.test(r.decimal) &&
            r.times === undefined) {
            r.start--;
            r.decimal = `0.${r.decimal}`;
            r.list = undefined;
        }
        readings.push(r);
        START.lastIndex = r.end;
    }
    TIME_WORD.lastIndex = 0;
    for (const m of lower.matchAll(TIME_WORD)) {
        if (readings.some((r) => m.index >= r.start && m.index < r.end))
            continue; // "12 noon"
        readings.push({
            start: m.index,
            end: m.index + m[0].length,
            decimal: undefined,
            list: undefined,
            exponent: 0,
            negative: false,
            unit: 'time of day',
            per: undefined,
            times: [TIME_WORDS[m[1]]],
            hour: 12,
            paren: false,
        });
    }
    readings.sort((a, b) => a.start - b.start);
    // Ranges ("3-5 days", "3 to 5 days", "between 3 and 5 days"): both ends share a
    // unit, period and magnitude one of them gives, and are named by the whole range.
    const texts = readings.map((r) => written.slice(r.paren ? r.start - 1 : r.start, r.end).trim());
    for (let i = 0; i + 1 < readings.length; i++) {
        let j = i;
        while (j + 1 < readings.length && joined(lower, readings[j], readings[j + 1]))
            j++;
        if (j === i)
            continue;
        const range = written.slice(readings[i].start, readings[j].end).trim();
        for (let k = i; k <= j; k++)
            texts[k] = range;
        const [a, b] = [readings[i], readings[j]];
        if (j === i + 1 && a.times === undefined && b.times === undefined) {
            if (a.unit === undefined)
                a.unit = b.unit;
            else if (b.unit === undefined)
                b.unit = a.unit;
            if (a.per === undefined)
                a.per = b.per;
            else if (b.per === undefined)
                b.per = a.per;
            if (a.exponent === 0)
                a.exponent = b.exponent;
        }
        i = j;
    }
    return readings.map((r, i) => {
        if (r.times)
            return {
                text: texts[i],
                values: r.times,
                unit: r.unit,
                per: undefined,
                plain: r.hour !== undefined ? [r.hour] : [],
            };
        const values = r.decimal !== undefined ? [scale(r.decimal, r.exponent, r.negative)] : [];
        // "€4,95" is an amount, never the list 4 and 95 (which would carry a claim's "€95").
        const amount = r.decimal !== undefined && r.unit !== undefined && MONEY.has(r.unit);
        const list = amount
            ? undefined
            : r.list?.map((piece) => {
                const v = [scale(piece, r.exponent, false)];
                return { text: piece, values: v, unit: r.unit, per: r.per, plain: v };
            });
        return { text: texts[i], values, unit: r.unit, per: r.per, plain: values, ...(list ? { list } : {}) };
    });
}
/** `lower`: the case-folded text. */
function joined(lower, a, b) {
    const between = lower.slice(a.end, b.start);
    if (RANGE.test(between))
        return true;
    return AND.test(between) && BETWEEN_BEFORE.test(lower.slice(Math.max(0, a.start - 8), a.start));
}
/** Whether `q` says what `n` says: the same value, and the same unit and period where `n` gives them. */
function carries(n, q) {
    const value = n.unit === undefined
        ? n.values.some((v) => q.plain.includes(v))
        : n.unit === q.unit && n.values.some((v) => q.values.includes(v));
    return value && (n.per === undefined || n.per === q.per);
}
/**
 * The same question as carries() over a whole quote, as keys: a claim number
 * with no unit is carried by a quote number of the same value as written
 * plain; one with a unit, by the same value in the same unit; and one with a
 * period, only with the same period. For a claim of many numbers against a
 * quote of many, which compared pair by pair took seconds.
 */
function carried(quote) {
    const keys = new Set();
    for (const q of quote) {
        for (const v of q.plain)
            keys.add(`p ${v}`).add(`p ${v} ${q.per}`);
        for (const v of q.values)
            keys.add(`u ${v} ${q.unit}`).add(`u ${v} ${q.unit} ${q.per}`);
    }
    return (n) => n.values.some((v) => {
        const key = n.unit === undefined ? `p ${v}` : `u ${v} ${n.unit}`;
        return keys.has(n.per === undefined ? key : `${key} ${n.per}`);
    });
}
/** Pairs beyond which carried()'s keys cost less than comparing each pair (most claims and quotes state a number or two). */
const PAIRS_FOR_KEYS = 256;
/** Whether the quote's numbers carry `n`, or, for a list, each of its numbers. */
function stated(n, carriedBy) {
    return carriedBy(n) || n.list?.every((p) => stated(p, carriedBy)) === true;
}
/** The claim's numbers that its quote does not carry (once per text as written), and what the quote has instead (once per text). */
function missingNumbers(claim, quote) {
    const none = { missing: [], quoteHas: [] };
    if (!MAY_STATE_A_NUMBER.test(claim))
        return none;
    const inClaim = statedNumbers(withoutListMarker(normalizeText(claim)));
    if (inClaim.length === 0)
        return none;
    const inQuote = statedNumbers(quote);
    const all = inQuote.flatMap((q) => [q, ...(q.list ?? [])]);
    const carriedBy = inClaim.length * all.length > PAIRS_FOR_KEYS ? carried(all) : (n) => all.some((q) => carries(n, q));
    const seen = new Set();
    const quoteHas = inQuote.filter((q) => !seen.has(q.text) && seen.add(q.text));
    const said = new Set();
    return { missing: inClaim.filter((n) => !stated(n, carriedBy) && !said.has(n.text) && said.add(n.text)), quoteHas };
}

;// CONCATENATED MODULE: ./src/check/findings.ts



/** A record's missing claim numbers said one by one; the rest are counted in one finding. */
const MAX_MISSING_SHOWN = 10;
/** The quote's numbers named in each such finding. */
const MAX_QUOTE_NUMBERS_SHOWN = 8;
function findingsFor(loaded, checks, manifest, levels) {
    const findings = [];
    const file = loaded.file;
    // A claim's numbers are placed at the claim field, not at the record's start.
    const records = checks.map((check, i) => ({
        check,
        claimAt: loaded.records[i].claimPosition ?? loaded.records[i].position,
    }));
    const level = (l) => l;
    if (loaded.responses) {
        // Saved responses: each is an answer, and the parts its citations cover are known exactly.
        for (const response of loaded.responses) {
            const { answer, cited } = response;
            const name = shorten(response.name, EXCERPT);
            if (levels.uncitedClaims !== 'off') {
                for (const sentence of splitSentences(answer.text)) {
                    if (rangesCover(answer.text, sentence, cited))
                        continue;
                    findings.push({
                        kind: 'uncited claim',
                        level: level(levels.uncitedClaims),
                        file,
                        ...answer.locate(sentence.start),
                        message: `no citation covers this sentence of response ${name}: "${shorten(sentence.text, 160)}"`,
                    });
                }
            }
            const own = records.slice(response.from, response.to).map((r) => r.check);
            findings.push(...requiredSources(manifest, levels, file, own, response.position, (id, rule) => `response ${name} must cite ${id} (the rule at ${manifest.file}:${rule}), but none of its citations does`));
        }
    }
    else {
        if (levels.uncitedClaims !== 'off' && loaded.answer) {
            const claims = records.flatMap(({ check }) => check.ok
                ? check.record.claim !== undefined
                    ? [check.record.claim]
                    : []
                : check.claim !== undefined
                    ? [check.claim]
                    : []);
            const isCovered = claimCoverage(claims);
            for (const sentence of splitSentences(loaded.answer.text)) {
                if (isCovered(sentence.text))
                    continue;
                findings.push({
                    kind: 'uncited claim',
                    level: level(levels.uncitedClaims),
                    file,
                    ...loaded.answer.locate(sentence.start),
                    message: `no record's claim covers this sentence of the answer: "${shorten(sentence.text, 160)}"`,
                });
            }
        }
        const where = loaded.answer?.position ?? loaded.records[0]?.position ?? { line: 1, column: 1 };
        findings.push(...requiredSources(manifest, levels, file, checks, where, (id, rule) => `this answer must cite ${id} (the rule at ${manifest.file}:${rule}), but no record does`));
    }
    const claimNumbers = levels.claimNumbers;
    if (claimNumbers !== 'off') {
        for (const { check, claimAt } of records) {
            if (!check.ok || check.record.claim === undefined)
                continue;
            const { missing, quoteHas } = missingNumbers(check.record.claim, check.record.quote);
            if (missing.length === 0)
                continue;
            const numberFinding = (message) => ({
                kind: 'claim number not in quote',
                level: claimNumbers,
                file,
                ...claimAt,
                citationId: check.record.citationId,
                message,
            });
            // Said in full for a few numbers; a claim (or quote) of thousands would
            // otherwise make megabytes of findings.
            const listed = quoteHas
                .slice(0, MAX_QUOTE_NUMBERS_SHOWN)
                .map((q) => `"${shorten(q.text, 40)}"`)
                .join(', ');
            const more = quoteHas.length > MAX_QUOTE_NUMBERS_SHOWN ? ` and ${quoteHas.length - MAX_QUOTE_NUMBERS_SHOWN} more` : '';
            const has = quoteHas.length === 0 ? 'the quote states no number' : `the quote has ${listed}${more}`;
            const shown = missing.slice(0, MAX_MISSING_SHOWN);
            for (const number of shown)
                findings.push(numberFinding(`the claim says "${shorten(number.text, 40)}", but ${has}`));
            if (missing.length > shown.length)
                findings.push(numberFinding(`the claim says ${missing.length - shown.length} more numbers that the quote does not carry`));
        }
    }
    return findings;
}
/**
 * The sources the manifest's `require` rules want an answer (a file, or one
 * response of it) to cite, and its records (`checks`) do not, placed `where`.
 */
function requiredSources(manifest, levels, file, checks, where, say) {
    if (levels.requiredSources === 'off' || manifest.requirements.length === 0)
        return [];
    const rel = manifest.dir === '' ? file : file.startsWith(`${manifest.dir}/`) ? file.slice(manifest.dir.length + 1) : undefined;
    // A record with invalid fields still names its source: its own verdict says what is wrong with it.
    const cited = new Set(checks.flatMap((check) => {
        const id = check.ok ? check.record.sourceId : check.sourceId;
        return id !== undefined ? [id] : [];
    }));
    const findings = [];
    for (const rule of manifest.requirements) {
        if (rel === undefined || !rule.glob.matches(rel))
            continue;
        for (const id of rule.cite) {
            if (cited.has(id))
                continue;
            findings.push({
                kind: 'required source not cited',
                level: levels.requiredSources,
                file,
                line: where.line,
                column: where.column,
                message: say(id, rule.position.line),
            });
        }
    }
    return findings;
}

;// CONCATENATED MODULE: ./src/check/locations.ts




/** Every this many characters, where they start: a character index is found from the nearest. */
const SAMPLE = 1024;
const FORM_FEED = 0x0c;
class LocationCheck {
    bytes;
    normalized;
    entry;
    lines;
    samples;
    formFeeds;
    /** `bytes`: the source's text as UTF-8 (after any BOM), which `normalized` normalizes. */
    constructor(bytes, normalized, entry) {
        this.bytes = bytes;
        this.normalized = normalized;
        this.entry = entry;
    }
    /** What is wrong with where the citation says its quote is, or undefined (nothing, or not checked). */
    check(cited, decision) {
        if (decision.verdict === 'empty quote')
            return undefined;
        return cited.location.kind === 'char' ? this.chars(cited, decision) : this.pages(cited, decision);
    }
    chars(cited, decision) {
        const { start, end } = cited.location;
        const indices = `start_char_index ${show(start)} and end_char_index ${show(end)}`;
        if (!isCount(start) || !isCount(end) || end < start)
            return `${indices} are not a range of characters`;
        const quote = normalizeText(cited.quote);
        const span = this.span('code points', start, end);
        if (span !== undefined && this.textOf(span) === quote)
            return undefined;
        const other = ['UTF-16 code units', 'bytes'].find((unit) => {
            const s = this.span(unit, start, end);
            return s !== undefined && this.textOf(s) === quote;
        });
        const unit = other
            ? `; counted in ${other} they would point at it (the API does not document its unit; citegate counts code points)`
            : '';
        if (span === undefined) {
            const total = this.sampled().total;
            return `${indices} point past the end of ${this.entry.path}, which has ${total} character${total === 1 ? '' : 's'}${unit}`;
        }
        const there = span[0] === span[1]
            ? `no text, at ${this.place(span[0], span[0])} of ${this.entry.path}`
            : `${this.place(span[0], span[1])} of ${this.entry.path} ("${shorten(this.textOf(span), 80)}")`;
        return `${indices} point at ${there}, but ${this.quoteIs(decision)}${unit}`;
    }
    pages(cited, decision) {
        const { start, end } = cited.location;
        const numbers = `start_page_number ${show(start)} and end_page_number ${show(end)}`;
        if (!isCount(start) || !isCount(end) || start < 1 || end <= start)
            return `${numbers} are not a range of pages (numbered from 1, the end exclusive)`;
        const feeds = this.feeds();
        if (feeds.length === 0)
            return undefined; // No page breaks: pages are not checked.
        const last = feeds[feeds.length - 1];
        // A form feed that ends the text ends its last page (pdftotext ends every page with one).
        const count = isBlank(this.bytes, last + 1) ? feeds.length : feeds.length + 1;
        const named = pageRange(start, end - 1);
        if (end - 1 > count)
            return `${numbers} name ${named}, but ${this.entry.path} has ${count} page${count === 1 ? '' : 's'} (its form feeds end pages)`;
        if (decision.verdict !== 'located')
            return undefined;
        const [from, to] = this.original(decision.matches[0], decision.quoteLength);
        const first = this.pageAt(from);
        const lastPage = this.pageAt(Math.max(from, to - 1));
        if (first >= start && lastPage < end)
            return undefined;
        return `${numbers} name ${named}, but the quote is on ${pageRange(first, lastPage)} of ${this.entry.path} (${this.place(from, to)})`;
    }
    quoteIs(decision) {
        if (decision.verdict === 'located') {
            const [from, to] = this.original(decision.matches[0], decision.quoteLength);
            return `the quote is at ${this.place(from, to)}`;
        }
        if (decision.verdict === 'ambiguous quote') {
            const n = decision.matches.length;
            return `the quote occurs ${n >= 100 ? '100 or more' : n} times in it, none of them there`;
        }
        return 'the quote is not in it';
    }
    /** A normalized range's original bytes. */
    original(start, length) {
        const texts = {
            original: this.bytes,
            normalized: this.normalized.bytes,
            budget: cutBudget(this.normalized.bytes.length),
        };
        return [
            this.normalized.map.toOriginalStart(start, texts),
            this.normalized.map.toOriginalEnd(start + length, texts),
        ];
    }
    /** Bytes [from, to) as a reader finds them: line and columns, the last column that of the last character. */
    place(from, to) {
        const lines = (this.lines ??= new ByteLineIndex(this.bytes));
        const a = lines.position(from);
        if (to <= from)
            return `line ${a.line}, column ${a.column}`;
        let last = to - 1;
        while (last > from && (this.bytes[last] & 0xc0) === 0x80)
            last--;
        const b = lines.position(last);
        return a.line === b.line
            ? `line ${a.line}, columns ${a.column}-${b.column}`
            : `line ${a.line}, column ${a.column} to line ${b.line}, column ${b.column}`;
    }
    textOf([from, to]) {
        return normalizeText(this.bytes.toString('utf8', from, to));
    }
    /** The bytes that indices [start, end) in `unit` cover, or undefined past the end or inside a character. */
    span(unit, start, end) {
        const from = this.offsetOf(unit, start);
        const to = this.offsetOf(unit, end);
        return from === undefined || to === undefined ? undefined : [from, to];
    }
    /** The byte offset after `n` units of the text, or undefined past its end or inside a character. */
    offsetOf(unit, n) {
        const bytes = this.bytes;
        if (unit === 'bytes')
            return n <= bytes.length && (n === bytes.length || (bytes[n] & 0xc0) !== 0x80) ? n : undefined;
        const s = this.sampled();
        const counts = unit === 'code points' ? s.points : s.units;
        if (n > counts[counts.length - 1])
            return undefined;
        const k = lastAtOrBelow(counts, n);
        let at = s.bytes[k];
        let count = counts[k];
        while (count < n) {
            const lead = bytes[at];
            count += unit === 'UTF-16 code units' && lead >= 0xf0 ? 2 : 1;
            at += lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
        }
        return count === n ? at : undefined;
    }
    /** Where every SAMPLEth character starts, with the code points and UTF-16 units before it; and the end. */
    sampled() {
        if (this.samples)
            return this.samples;
        const bytes = this.bytes;
        const at = [0];
        const points = [0];
        const units = [0];
        let p = 0;
        let u = 0;
        for (let i = 0; i < bytes.length; i++) {
            const b = bytes[i];
            if ((b & 0xc0) === 0x80)
                continue;
            if (p > 0 && p % SAMPLE === 0) {
                at.push(i);
                points.push(p);
                units.push(u);
            }
            p++;
            u += b >= 0xf0 ? 2 : 1;
        }
        at.push(bytes.length);
        points.push(p);
        units.push(u);
        this.samples = {
            bytes: Int32Array.from(at),
            points: Float64Array.from(points),
            units: Float64Array.from(units),
            total: p,
        };
        return this.samples;
    }
    feeds() {
        if (this.formFeeds)
            return this.formFeeds;
        const feeds = [];
        for (let i = this.bytes.indexOf(FORM_FEED); i >= 0; i = this.bytes.indexOf(FORM_FEED, i + 1))
            feeds.push(i);
        return (this.formFeeds = feeds);
    }
    /** The page (from 1) a byte is on: one more than the form feeds before it. */
    pageAt(offset) {
        const feeds = this.feeds();
        let lo = 0;
        let hi = feeds.length;
        while (lo < hi) {
            const mid = (lo + hi) >> 1;
            if (feeds[mid] < offset)
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo + 1;
    }
}
function isCount(value) {
    return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
function show(value) {
    if (value === undefined)
        return '(missing)';
    // JSON.stringify writes a number past the doubles (1e999, read as Infinity) as null.
    if (typeof value === 'number' && !Number.isFinite(value))
        return 'a non-finite number';
    return shorten(JSON.stringify(value) ?? String(value), EXCERPT);
}
function pageRange(first, last) {
    return first === last ? `page ${first}` : `pages ${first}-${last}`;
}
/** Whether the bytes from `from` on are only ASCII whitespace (form feeds included). */
function isBlank(bytes, from) {
    for (let i = from; i < bytes.length; i++) {
        const b = bytes[i];
        if (b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== FORM_FEED)
            return false;
    }
    return true;
}

;// CONCATENATED MODULE: ./src/check/pending.ts

/** One copy of each repeated string (ids recur across files), not one per record. */
class Strings {
    seen = new Map();
    intern(text) {
        if (text === undefined)
            return null;
        const known = this.seen.get(text);
        if (known !== undefined)
            return known;
        this.seen.set(text, text);
        return text;
    }
}
function pendingRecord(file, position, index, fields, strings) {
    const f = fields.ok ? fields.record : fields;
    return {
        file,
        line: position.line,
        column: position.column,
        index,
        citationId: strings.intern(f.citationId),
        sourceId: strings.intern(f.sourceId),
        quote: f.quote ?? null,
        claim: f.claim ?? null,
        verdict: 'invalid fields',
        reason: undefined,
        matches: [],
        detail: undefined,
        prefix: fields.ok ? fields.record.prefix : undefined,
        suffix: fields.ok ? fields.record.suffix : undefined,
        normalized: undefined,
    };
}
/** The fields of a valid record, for the engine (made when needed, not kept). */
function fieldsOf(r) {
    // By assignment, not spreads of conditional objects, as makeRecord (model/result.ts) and for its reason.
    const record = {
        citationId: r.citationId,
        sourceId: r.sourceId,
        quote: r.quote,
    };
    if (r.claim !== null)
        record.claim = r.claim;
    if (r.prefix !== undefined)
        record.prefix = r.prefix;
    if (r.suffix !== undefined)
        record.suffix = r.suffix;
    return { ok: true, record };
}
/**
 * Writes a decision into the record and lets go of what only deciding needed.
 * A located record's quote and claim are dropped too: reports show them only
 * for records that need review, and a large audit holds many located records.
 */
function settle(r, decision, place) {
    r.verdict = decision.verdict;
    r.reason = decision.reason;
    if (place && decision.matches.length > 0)
        r.matches = decision.matches.map((start) => place(start, start + decision.quoteLength));
    r.prefix = undefined;
    r.suffix = undefined;
    if (decision.verdict !== 'quote not found')
        r.normalized = undefined;
    if (decision.verdict === 'located') {
        r.quote = null;
        r.claim = null;
    }
}
/** The record's result: its verdict's own data, from what deciding and explaining found. */
function finish(p) {
    return makeRecord(p, p.verdict, p.reason, p.matches, p.detail);
}

;// CONCATENATED MODULE: ./src/check/run.ts
// One check run: read the citation files, verify each cited source once, let
// the engine decide every record, and map matches back to the original files.
//
// Sources are processed one at a time and released, whatever their number.
// Each source is normalized once and read once by the quote scanner, which
// looks for all the quotes citing it at the same time. When explanations are
// asked for (explain.ts), the records of each source are explained as it is
// checked, on helper threads too when there are cores to spare
// (explain-pool.ts), and a second pass looks for the quotes that were not
// found where their records say in every other source of the manifest.














function runCheck(options) {
    const { workspace, manifest, files } = options;
    const diagnose = options.diagnose ?? true;
    const problems = [...(options.problems ?? [])];
    /** Each file's findings, by its place in `files`. */
    const findings = [];
    const levels = options.checks ?? manifest.checks;
    const records = [];
    const bySource = new Map();
    const strings = new Strings();
    // The records of saved responses whose citations say where their quote is, and what they cite.
    const located = new Map();
    const locationFindings = [];
    // 1. Read every file; decide what needs no source; queue the rest by source.
    files.forEach((ref, fileIndex) => {
        const loaded = options.preloaded?.get(ref.file) ?? loadCitationFile(workspace, ref.file, ref);
        problems.push(...loaded.problems);
        const checks = withReadingChecks(checkFileRecords(loaded.records.map((r) => r.value), (i) => `at line ${loaded.records[i].position.line}`), loaded.records);
        findings.push(findingsFor(loaded, checks, manifest, levels));
        loaded.records.forEach((record, i) => {
            const fields = checks[i];
            const pending = pendingRecord(ref.file, record.position, record.index, fields, strings);
            records.push(pending);
            if (!fields.ok) {
                settle(pending, decideVerdict(fields, { kind: 'unknown' }));
                return;
            }
            const source = record.unknownSource ? undefined : manifest.sources.get(fields.record.sourceId);
            if (source !== undefined && record.location !== undefined && levels.citationLocations !== 'off')
                located.set(pending, { location: record.location, quote: fields.record.quote, file: fileIndex });
            if (source === undefined) {
                settle(pending, decideVerdict(fields, { kind: 'unknown' }));
            }
            else if (!audienceAllows(source.audience, ref.audience)) {
                const reason = ref.audience === undefined
                    ? `source ${source.id} is for ${source.audience.join(', ')}; this file has no audience in the manifest`
                    : `source ${source.id} is for ${source.audience.join(', ')}, not ${ref.audience}`;
                settle(pending, decideVerdict(fields, { kind: 'not permitted', reason }));
            }
            else {
                let list = bySource.get(source.id);
                if (!list)
                    bySource.set(source.id, (list = []));
                list.push(pending);
            }
        });
        options.onProgress?.({
            phase: 'files',
            done: fileIndex + 1,
            total: files.length,
            records: records.length,
            finished: true,
        });
    });
    // 2. Each cited source, once: verify, normalize, find all its quotes in one
    //    pass, decide its records. Its quotes alone make a small table that stays
    //    in cache, however many quotes the run has.
    const loader = new SourceLoader(workspace, manifest.dir, options.maxSourceBytes ?? DEFAULT_MAX_SOURCE_BYTES, options.sourcePolicy);
    const normalizer = new SourceNormalizer();
    const kept = diagnose ? new CitedSources() : undefined;
    const sources = [];
    const cited = [...manifest.sources.values()].filter((s) => bySource.has(s.id));
    // The verdict needs two matches to tell located from ambiguous; reports that show matches want more.
    // Every mode keeps as many, so that the scan does the same work (and keeps within its budget, or not)
    // whatever the output: the verdicts cannot depend on it.
    const cap = MAX_REPORTED_MATCHES;
    const unverified = (entry, citing, reason, actualSha256) => {
        const access = { kind: 'unverified', reason };
        for (const r of citing)
            settle(r, decideVerdict(fieldsOf(r), access));
        problems.push({
            file: manifest.file,
            ...entry.position,
            message: `source ${entry.id} is unverified: ${reason}`,
            kind: 'source unverified',
        });
        sources.push(sourceResult(workspace, manifest, entry, citing.length, reason, actualSha256));
    };
    const toCheck = cited.reduce((n, entry) => n + bySource.get(entry.id).length, 0);
    let checked = 0;
    const step = (phase, done, finished) => options.onProgress?.({
        phase,
        done,
        total: cited.length,
        records: records.length,
        recordsChecked: checked,
        recordsToCheck: toCheck,
        finished,
    });
    // Explained here, and on helper threads when there are cores to spare (explain-pool.ts).
    const pool = diagnose ? new ExplainPool(toCheck) : undefined;
    try {
        cited.forEach((entry, done) => {
            const citing = bySource.get(entry.id);
            step('hashing', done, false);
            const check = loader.load(entry);
            if (!check.ok) {
                unverified(entry, citing, check.reason, check.actualSha256);
            }
            else {
                step('checking', done, false);
                const normalized = normalizer.normalize(check.text);
                const quotes = new QuoteSet();
                const ids = new Set();
                // The records that give a prefix or suffix, with it normalized (once: deciding needs it too).
                const contexts = new Map();
                for (const r of citing) {
                    r.normalized = normalizeText(r.quote);
                    if (r.normalized === '')
                        continue;
                    const context = contextOf(r);
                    if (context)
                        contexts.set(r, context);
                    ids.add(quotes.add(prepareQuote(r.normalized), cap, context));
                }
                const hits = quotes.scanWithinBudget(normalized.bytes, ids);
                if (hits instanceof ScanTooCostly) {
                    // Given up, not guessed: its records cannot be decided, so none passes.
                    unverified(entry, citing, `${entry.path}: ${hits.message}`);
                }
                else {
                    kept?.add(entry.id, normalized);
                    // Where matches are in the original files: only reports that explain show them.
                    const place = diagnose ? placer(check.text, normalized) : undefined;
                    const access = { kind: 'ready', searcher: new ScannedSearcher(normalized.bytes, quotes, hits) };
                    const toExplain = [];
                    const locations = located.size > 0 ? new LocationCheck(check.text, normalized, entry) : undefined;
                    for (const r of citing) {
                        const decision = decideVerdict(fieldsOf(r), access, r.normalized, contexts.get(r) ?? null);
                        const cited = locations && located.get(r);
                        if (cited) {
                            const message = locations.check(cited, decision);
                            if (message !== undefined)
                                locationFindings.push({
                                    file: cited.file,
                                    index: r.index,
                                    finding: {
                                        kind: 'location not at quote',
                                        level: levels.citationLocations,
                                        file: r.file,
                                        line: r.line,
                                        column: r.column,
                                        ...(r.citationId !== null ? { citationId: r.citationId } : {}),
                                        message,
                                    },
                                });
                        }
                        settle(r, decision, place);
                        if (diagnose && (decision.verdict !== 'located' || decision.context))
                            toExplain.push([r, decision]);
                    }
                    // Explaining reads the normalized text as one string; NFC may lengthen a text past the longest one
                    // (a source of U+1D160 triples its length): then its verdicts stand, unexplained.
                    if (toExplain.length > 0 && normalized.bytes.length <= MAX_SOURCE_BYTES)
                        pool.explainSource(entry.id, check.text, normalized, place, toExplain);
                    if (!diagnose) {
                        for (const r of citing)
                            r.normalized = undefined;
                    }
                    sources.push(sourceResult(workspace, manifest, entry, citing.length));
                }
            }
            checked += citing.length;
            step('checking', done + 1, true);
        });
        pool?.finish();
    }
    finally {
        pool?.close();
    }
    if (diagnose) {
        options.onProgress?.({ phase: 'explaining', done: 0, total: 0, records: records.length, finished: false });
        explainElsewhere(records, manifest, loader, normalizer, kept);
    }
    return {
        manifest: manifest.file,
        files: files.map((f) => f.file),
        records: records.map(finish),
        sources,
        manifestSources: [...manifest.sources.values()].map((s) => ({ id: s.id, sha256: s.sha256 })),
        problems,
        findings: withLocationFindings(findings, locationFindings),
    };
}
/**
 * The records' checks with what reading their file found wrong with a record
 * that its fields alone do not show (a saved response's citation without
 * cited_text, a document_index past the manifest's list): `invalid fields`.
 */
function withReadingChecks(checks, records) {
    for (let i = 0; i < checks.length; i++) {
        const invalid = records[i].invalid;
        if (invalid === undefined)
            continue;
        const check = checks[i];
        const f = check.ok ? check.record : check;
        checks[i] = {
            ok: false,
            reason: invalid,
            ...(f.citationId !== undefined ? { citationId: f.citationId } : {}),
            ...(f.sourceId !== undefined ? { sourceId: f.sourceId } : {}),
            ...(f.quote !== undefined ? { quote: f.quote } : {}),
            ...(f.claim !== undefined ? { claim: f.claim } : {}),
        };
    }
    return checks;
}
/** Each file's findings, then its location findings in record order: findings stay in file order. */
function withLocationFindings(perFile, locations) {
    const byFile = new Map();
    for (const l of locations) {
        let list = byFile.get(l.file);
        if (!list)
            byFile.set(l.file, (list = []));
        list.push(l);
    }
    return perFile.flatMap((own, file) => {
        const more = byFile.get(file);
        return more ? [...own, ...more.sort((a, b) => a.index - b.index).map((l) => l.finding)] : own;
    });
}
function sourceResult(workspace, manifest, entry, citedBy, reason, actualSha256) {
    // The name as the manifest's folder makes it; the loader has followed its links already.
    const resolved = workspace.resolve(manifest.dir, entry.path, 'written', false);
    return {
        id: entry.id,
        path: resolved.ok ? resolved.rel : entry.path,
        sha256: entry.sha256,
        retrieved: entry.retrieved,
        status: reason === undefined ? 'verified' : 'unverified',
        ...(reason !== undefined ? { reason } : {}),
        ...(actualSha256 !== undefined && actualSha256 !== entry.sha256 ? { actualSha256 } : {}),
        line: entry.position.line,
        column: entry.position.column,
        citedBy,
    };
}

;// CONCATENATED MODULE: ./src/model/version.ts
/** citegate's version; a test keeps it equal to package.json's. */
const VERSION = '0.1.0';

;// CONCATENATED MODULE: ./src/check/shard.ts
// Splitting an audit over several jobs (a GitHub Actions matrix): each citation
// file belongs to one shard, by a hash of its path, so the split is the same on
// every run and machine, and a file keeps its shard when others come and go.



/**
 * What every shard of one run has in common, as a digest the shard's report
 * carries: citegate's version, the manifest's text, the citation files before
 * the split and, in the Action, the event and commits. merge-reports refuses
 * shards whose digests differ: a shard kept from an earlier run (another
 * commit, a file since added) would otherwise stand in for this run's.
 */
function runDigest(manifestText, files, github) {
    const hash = (0,external_node_crypto_namespaceObject.createHash)('sha256');
    // Line ends as git may write them on another machine (autocrlf) are the same manifest.
    const manifest = (0,external_node_crypto_namespaceObject.createHash)('sha256').update(manifestText.replace(/\r\n?/g, '\n'), 'utf8').digest('hex');
    hash.update(JSON.stringify([VERSION, manifest, github ?? null]));
    // In path order: files named on a command line come in the order given, which a shell may not keep.
    for (const file of files.map((f) => f.file).sort(comparePaths))
        hash.update(`\0${file}`, 'utf8');
    return hash.digest('hex').slice(0, 32);
}
/** The shard (1-based) a workspace-relative file belongs to, out of `count`. */
function shard_shardOf(file, count) {
    const digest = (0,external_node_crypto_namespaceObject.createHash)('sha256').update(file, 'utf8').digest();
    return (digest.readUInt32BE(0) % count) + 1;
}
function inShard(files, shard) {
    return shard === undefined ? [...files] : files.filter((f) => shard_shardOf(f.file, shard.count) === shard.index);
}

;// CONCATENATED MODULE: ./src/check/baseline.ts



const NO_ID = 0;
/** The items (records, findings) of each file, in order, as their places in `items` and their keys. */
function byFile(items, fileOf, keyOf) {
    const files = new Map();
    for (let i = 0; i < items.length; i++) {
        const file = fileOf(items[i].file);
        let held = files.get(file);
        if (!held)
            files.set(file, (held = { places: [], keys: [] }));
        held.places.push(i);
        held.keys.push(keyOf(items[i]));
    }
    return files;
}
/**
 * Matches the records of one file by key, in order: the first record of a
 * key now with the first of that key in the baseline, and so on, so that a
 * key given twice (a duplicated id, two records without one) matches twice.
 * Calls `matched(j, k)` for the j-th record now and the k-th in the baseline,
 * and gives the places of the baseline's records left over. A file whose
 * records are as they were (nearly all) matches record for record, without
 * a map: where keys first differ, the rest are matched through one.
 */
function matchFile(now, before, matched) {
    let same = 0;
    const common = Math.min(now.length, before.length);
    for (; same < common && now[same] === before[same]; same++)
        matched(same, same);
    if (same === now.length && same === before.length)
        return [];
    // In the common part each key is held as often in both, so the rest match in order as the whole would.
    // Each key's places in the baseline, and how many of them are taken: read in order, not shifted, since
    // the records without an id share one key, and a file may hold 100,000 of them.
    const queued = new Map();
    for (let k = same; k < before.length; k++) {
        const held = queued.get(before[k]);
        if (held)
            held.places.push(k);
        else
            queued.set(before[k], { places: [k], next: 0 });
    }
    const taken = new Uint8Array(before.length);
    for (let j = same; j < now.length; j++) {
        const held = queued.get(now[j]);
        if (held === undefined || held.next === held.places.length)
            continue;
        const k = held.places[held.next++];
        taken[k] = 1;
        matched(j, k);
    }
    const left = [];
    for (let k = same; k < before.length; k++)
        if (!taken[k])
            left.push(k);
    return left;
}
/**
 * Matches items (records, findings) now with the baseline's, file by file
 * (matchFile): calls `matched(i, k)` for item i now and item k of the
 * baseline, and gives the places of the baseline's items left over, in its
 * order. `fileOf` names a baseline file as this run does (renames).
 */
function matchAll(now, before, fileOf, keyOf, matched) {
    const baseFiles = byFile(before, fileOf, keyOf);
    const left = [];
    for (const [file, ours] of byFile(now, (f) => f, keyOf)) {
        const theirs = baseFiles.get(file);
        if (!theirs)
            continue;
        baseFiles.delete(file);
        const unmatched = matchFile(ours.keys, theirs.keys, (j, k) => matched(ours.places[j], theirs.places[k]));
        for (const k of unmatched)
            left.push(theirs.places[k]);
    }
    for (const theirs of baseFiles.values())
        for (const k of theirs.places)
            left.push(k);
    return left.sort((a, b) => a - b);
}
const recordKey = (r) => r.citationId ?? NO_ID;
/**
 * The line of the manifest's rule that a required source's finding names,
 * at the end of its message (findings.ts): an edit of the manifest above the
 * rule (a source added) moves it, and the finding is still the same one.
 */
const RULE_LINE = /:\d+(\), but no(?: record|ne of its citations) does)$/;
/**
 * A finding is about its kind, file, record and what it says (a sentence, a
 * number, a source), not where in the manifest the rule that wants it is.
 */
function findingKey(f) {
    const says = f.kind === 'required source not cited' ? f.message.replace(RULE_LINE, '$1') : f.message;
    return JSON.stringify([f.kind, f.citationId ?? null, says]);
}
function stateOf(before, now) {
    if (before === undefined)
        return 'new';
    if (before === 'located')
        return result_isLocated(now) ? 'unchanged' : 'broken';
    return result_isLocated(now) ? 'fixed' : 'still failing';
}
/** A record's RecordBaseline: one object for each verdict before and whether it is located now, shared by 200,000 records. */
class RecordStates {
    made = [];
    of(before, now) {
        const key = 2 * (before === undefined ? 0 : VERDICTS.indexOf(before) + 1) + (result_isLocated(now) ? 1 : 0);
        let made = this.made[key];
        if (made === undefined) {
            const state = stateOf(before, now);
            this.made[key] = made = before === undefined ? { state } : { state, verdict: before };
        }
        return made;
    }
}
/**
 * Compares a run's result with a baseline. `counts(file)`: whether a file of
 * the baseline is one this run answers for (its shard's, and for a run over
 * changed files the files it checked), so that a record of a file the run did
 * not look at is not counted as removed.
 */
function compareWithBaseline(result, baseline, failOn, pins, counts) {
    const base = baseline.report;
    const fileOf = (file) => baseline.renamed?.get(file) ?? file;
    const was = new Array(result.records.length);
    const left = matchAll(result.records, base.records, fileOf, recordKey, (i, k) => {
        was[i] = base.records[k].verdict;
    });
    const states = new RecordStates();
    // Copied by Object.assign, not spread: Node 20 gives an object spread at a site that sees records of
    // several kinds a map of its own (see makeRecord), which made a baseline cost the text run of the bench's
    // large corpus 23.5% where it had cost 12.7%.
    const records = result.records.map((r, i) => Object.assign({}, r, { baseline: states.of(was[i], r) }));
    // Removed records, by file, in the baseline's order.
    const removed = [];
    for (const k of left) {
        const record = base.records[k];
        const file = fileOf(record.file);
        if (!counts(file))
            continue;
        removed.push({ file, citationId: record.citationId, sourceId: record.sourceId, verdict: record.verdict });
    }
    removed.sort((a, b) => comparePaths(a.file, b.file));
    const stillFailing = new Uint8Array(result.findings.length);
    const gone = matchAll(result.findings, base.findings, fileOf, findingKey, (i) => {
        stillFailing[i] = 1;
    });
    const findingsFixed = gone.filter((k) => base.findings[k].level === 'fail' && counts(fileOf(base.findings[k].file))).length;
    const findings = result.findings.map((f, i) => ({
        ...f,
        baseline: (stillFailing[i] ? 'still failing' : 'new'),
    }));
    return {
        records,
        findings,
        info: {
            from: baseline.from,
            digest: baseline.digest,
            failOn,
            sources: sourceChanges(base, pins),
            removed,
            findingsFixed,
        },
    };
}
/**
 * How the manifest's sources changed since the baseline's run: added (in the
 * manifest now, not in the baseline's), removed (in the baseline's, not now)
 * and re-pinned (in both, with another SHA-256 now), whether or not a record
 * cites them. `pins`: the manifest's sources and their pinned SHA-256. A
 * report of an older citegate lists only the sources its records cited: of
 * its manifest only those are known, so none can be told added.
 */
function sourceChanges(base, pins) {
    const listed = base.manifestSources;
    const before = new Map((listed ?? base.sources).map((s) => [s.id, s.sha256]));
    const added = listed === undefined ? [] : [...pins.keys()].filter((id) => !before.has(id));
    const removed = [...before.keys()].filter((id) => !pins.has(id));
    const repinned = [...before].filter(([id, sha]) => pins.has(id) && pins.get(id) !== sha).map(([id]) => id);
    return {
        added: added.sort(comparePaths),
        removed: removed.sort(comparePaths),
        repinned: repinned.sort(comparePaths),
    };
}

;// CONCATENATED MODULE: ./src/check/session.ts





class Session {
    settings;
    /** Every file selected, before the split into shards: a report may not be written over one of them. */
    selected;
    /** The files this session checks (its shard's, when split). */
    files;
    problems;
    constructor(settings) {
        this.settings = settings;
        const listed = session_select(settings);
        this.selected = listed.files;
        this.problems = listed.problems;
        this.files = inShard(listed.files, settings.shard);
    }
    /** Runs the check, with no baseline. */
    run() {
        return this.finish(this.check(), undefined);
    }
    /**
     * The check alone, before any baseline: a front end that reads the
     * baseline beside the check (baseline-file.ts) calls finish once it has it.
     */
    check() {
        const { workspace, manifest, selection } = this.settings;
        return runCheck({
            workspace,
            manifest,
            files: this.files,
            maxSourceBytes: this.settings.maxSourceBytes,
            sourcePolicy: this.settings.sourcePolicy,
            diagnose: this.settings.explain,
            checks: { ...manifest.checks, ...this.settings.checks },
            problems: this.problems,
            preloaded: selection.kind === 'chosen' ? selection.preloaded : undefined,
            onProgress: this.settings.onProgress,
        });
    }
    /**
     * The checked result against the baseline (SPEC §8), when there is one, and
     * whether the run passes. A baseline comes after the check: read beside it
     * from a file, or made by checking the base commit once the files are known.
     */
    finish(checked, baseline) {
        const { manifest, selection, shard } = this.settings;
        // Only a full, unsplit run fails for holding no records: missing data must
        // not look like success. A shard's emptiness is judged when the shards are
        // merged; a run over the files a change touched may find it removed them all.
        const complete = shard === undefined && (selection.kind !== 'chosen' || selection.complete);
        const partial = !complete;
        const github = this.settings.github;
        const compared = this.compared(partial ? { ...checked, partial } : checked, baseline);
        // Shards of one run are judged against one baseline, the same way: its digest is part of the run's.
        const against = compared.baseline;
        const digestOf = against ? { github: github ?? null, baseline: [against.digest, against.failOn] } : github;
        return {
            ...judged(compared),
            selected: this.selected,
            ...(shard ? { shard: { ...shard, run: runDigest(manifest.text, this.selected, digestOf) } } : {}),
            ...(github !== undefined ? { github } : {}),
        };
    }
    /** The result with what became of each record and finding since the baseline, when there is one. */
    compared(result, baseline) {
        const { manifest, shard, selection } = this.settings;
        if (baseline === undefined)
            return result;
        const failOn = this.settings.failOn ?? 'new';
        const pins = new Map([...manifest.sources.values()].map((s) => [s.id, s.sha256]));
        // A file of the baseline counts as this run's when it could be in it: its shard's, and when the
        // run checked only some files (named ones, or the ones a change touched), one of those.
        const some = selection.kind === 'named' || (selection.kind === 'chosen' && !selection.complete);
        const chosen = some ? new Set(this.selected.map((f) => f.file)) : undefined;
        const counts = (file) => (shard === undefined || shard_shardOf(file, shard.count) === shard.index) && (chosen === undefined || chosen.has(file));
        const { records, findings, info } = compareWithBaseline(result, baseline, failOn, pins, counts);
        return { ...result, records, findings, baseline: info };
    }
}
function session_select(settings) {
    const { workspace, manifest, selection } = settings;
    switch (selection.kind) {
        case 'manifest':
            return findCitationFiles(workspace, manifest);
        case 'named':
            return namedCitationFiles(workspace, manifest, selection.names);
        case 'chosen':
            return { files: [...selection.files], problems: [...(selection.problems ?? [])] };
    }
}

;// CONCATENATED MODULE: ./src/load/inputs.ts
// The files a run reads: the manifest, every source and original it pins, and
// the citation files. A report must never be written over one of them.

function runInputs(workspace, manifest, files) {
    const inputs = [];
    const add = (base, p, what) => inputs.push({ abs: external_node_path_default().resolve(workspace.root, base, p), what });
    add('', manifest.file, 'the manifest');
    for (const entry of manifest.sources.values()) {
        add(manifest.dir, entry.path, `source ${entry.id}`);
        if (entry.original)
            add(manifest.dir, entry.original.path, `the original of source ${entry.id}`);
    }
    for (const ref of files)
        add('', ref.file, `citation file ${ref.file}`);
    return inputs;
}

;// CONCATENATED MODULE: ./src/load/named-file.ts
// A file named by the user rather than by the manifest (a baseline, the reports
// of a split run's shards). The name is the workflow's, but the file may be in
// the workspace a pull request wrote, which can put a link or a FIFO there: so
// it is opened under the workspace's rules where it is in the workspace, never
// in a .git folder anywhere, only as a regular file, and only up to a size.





/**
 * The longest file read whole as JSON: V8's longest string is 2^29 − 24 code
 * units, and a file's UTF-8 has at least as many bytes as its text has code
 * units, so a longer file could not be parsed anyway.
 */
const MAX_NAMED_FILE_BYTES = 2 ** 29 - 24;
/** Why a named file cannot be read, in words a user reads. */
class NamedFileError extends Error {
}
/**
 * Opens `file` for reading and gives its descriptor and size; the caller
 * closes it. `root` is the workspace: a name in it whose links lead out of
 * it is refused. Throws NamedFileError.
 */
function openNamedFile(file, root) {
    const abs = external_node_path_default().resolve(file);
    let real;
    let workspace;
    try {
        real = external_node_fs_namespaceObject.realpathSync.native(abs);
        workspace = external_node_fs_namespaceObject.realpathSync.native(root);
    }
    catch (error) {
        throw new NamedFileError(describeFsError(error));
    }
    const parts = (p) => p.split(/[\\/]/).join('/');
    if (inGitFolder(parts(abs)) || inGitFolder(parts(real)))
        throw new NamedFileError(IN_GIT_FOLDER);
    if ((isBelow(abs, external_node_path_default().resolve(root)) || isBelow(abs, workspace)) && !isBelow(real, workspace))
        throw new NamedFileError('the path is a link that leads outside the workspace');
    const opened = openRegularFile(real, MAX_NAMED_FILE_BYTES);
    if (!opened.ok)
        throw new NamedFileError(opened.reason);
    return { fd: opened.fd, size: opened.size };
}

;// CONCATENATED MODULE: ./src/load/record-columns.ts
// A baseline's records as the worker of baseline-file.ts sends them: copying
// 200,000 objects between threads costs more than making them, so each field
// goes as a column, its values once and for each record the place of its
// value. Those columns are checked value by value (a report has a few
// hundred files and verdicts, not 200,000) and made into records here; a
// column holding anything not as expected sends every record the slow way,
// one object at a time through report.ts, which says what is wrong and where.



/** What a baseline reads (and checks) of a record; the rest (quote, matches, explanations) is dropped in the worker. */
const RECORD_FIELDS = [
    'file',
    'line',
    'column',
    'index',
    'citation_id',
    'source_id',
    'verdict',
    'reason',
    'baseline',
    'baseline_verdict',
];
/** The records, checked as report.ts checks them: made from the columns, or when any is odd, one by one there. */
function recordsOfColumns(columns) {
    return (columns.odd.length === 0 && quickRecords(columns)) || unpack(columns).map(baselineRecord);
}
/** The records again, each an object of the RECORD_FIELDS it has. */
function unpack(columns) {
    const records = new Array(columns.count);
    for (let i = 0; i < columns.count; i++) {
        const r = {};
        for (let k = 0; k < RECORD_FIELDS.length; k++) {
            const at = columns.places[k][i];
            if (at >= 0)
                r[RECORD_FIELDS[k]] = columns.values[k][at];
        }
        records[i] = r;
    }
    for (let j = 0; j < columns.odd.length; j += 2)
        records[columns.odd[j]] = columns.odd[j + 1];
    return records;
}
const isString = (v) => typeof v === 'string';
const isVerdict = (v) => VERDICTS.includes(v);
/**
 * The records made from the columns, or undefined when a value is not what
 * report.ts's baselineRecord accepts (a record lacking a field it needs, a
 * field of the wrong type): then the slow way finds it and says so.
 */
function quickRecords(columns) {
    const { count } = columns;
    const values = (field) => columns.values[RECORD_FIELDS.indexOf(field)];
    const places = (field) => columns.places[RECORD_FIELDS.indexOf(field)];
    /** For each value of a field, 1 when it passes. */
    const passing = (field, test) => Uint8Array.from(values(field), (v) => +test(v));
    const ok = {
        file: passing('file', isString),
        line: passing('line', Number.isInteger),
        column: passing('column', Number.isInteger),
        index: passing('index', Number.isInteger),
        citationId: passing('citation_id', (v) => v === null || isString(v)),
        sourceId: passing('source_id', (v) => v === null || isString(v)),
        verdict: passing('verdict', isVerdict),
        reason: passing('reason', isString),
        baseline: passing('baseline', (v) => BASELINE_STATES.includes(v)),
        baselineVerdict: passing('baseline_verdict', isVerdict),
    };
    // A verdict that needs a reason (a record without one is an older report's, or edited).
    const saysWhy = passing('verdict', (v) => isVerdict(v) && needsReason(v));
    const file = places('file');
    const line = places('line');
    const col = places('column');
    const index = places('index');
    const citationId = places('citation_id');
    const sourceId = places('source_id');
    const verdict = places('verdict');
    const reason = places('reason');
    const state = places('baseline');
    const stateVerdict = places('baseline_verdict');
    const files = values('file');
    const indices = values('index');
    const citationIds = values('citation_id');
    const sourceIds = values('source_id');
    const verdicts = values('verdict');
    const states = values('baseline');
    const stateVerdicts = values('baseline_verdict');
    // One RecordBaseline for each state and verdict it was in, shared by the records that have them.
    const baselines = new Map();
    const records = new Array(count);
    for (let i = 0; i < count; i++) {
        const f = file[i];
        const v = verdict[i];
        const c = citationId[i];
        const s = sourceId[i];
        const b = state[i];
        const bv = stateVerdict[i];
        if (f < 0 ||
            !ok.file[f] ||
            line[i] < 0 ||
            !ok.line[line[i]] ||
            col[i] < 0 ||
            !ok.column[col[i]] ||
            index[i] < 0 ||
            !ok.index[index[i]] ||
            (c >= 0 && !ok.citationId[c]) ||
            (s >= 0 && !ok.sourceId[s]) ||
            v < 0 ||
            !ok.verdict[v] ||
            (reason[i] >= 0 ? !ok.reason[reason[i]] : saysWhy[v]) ||
            (b >= 0 && (!ok.baseline[b] || (bv >= 0 && !ok.baselineVerdict[bv]))))
            return undefined;
        const record = {
            file: files[f],
            index: indices[index[i]],
            citationId: c >= 0 ? citationIds[c] : null,
            sourceId: s >= 0 ? sourceIds[s] : null,
            verdict: verdicts[v],
        };
        if (b < 0)
            records[i] = record;
        else {
            const key = b * (stateVerdicts.length + 1) + bv + 1;
            let was = baselines.get(key);
            if (was === undefined) {
                const wasState = states[b];
                was =
                    bv < 0 ? { state: wasState } : { state: wasState, verdict: stateVerdicts[bv] };
                baselines.set(key, was);
            }
            records[i] = { ...record, baseline: was };
        }
    }
    return records;
}

;// CONCATENATED MODULE: ./src/load/baseline-file.ts
// Reading a baseline file (an earlier run's JSON report) beside the check:
// a report of 200,000 records is some 80 MB of JSON, and parsing it takes
// a second that the check would otherwise wait for. The file is opened here,
// so that a missing or unreadable one is an error before anything is
// checked; a worker thread reads, hashes and parses it on the other core
// while the check runs, and keeps of each record only what a baseline
// compares. The report is then checked here, field by field, as any other.









/**
 * The worker: CommonJS run from this string, so that the bundle needs no
 * second file. It posts { digest, report, packed } or { error } once, then
 * ends; the records go as columns (record-columns.ts). On Linux, where a
 * thread has its own priority, it runs below the check's own threads
 * (garbage collection, reads), and takes the time they leave of the second
 * core. Not at the lowest (19): a thread cannot raise its priority again,
 * and beside another busy process (a shared runner) one at 19 gets about
 * 1.5% of a core, so that a parse of a second could take a minute once the
 * check waits for it; at 10 it gets about 10%. Elsewhere the call would
 * lower the whole process, so it is not made. Keep it in step with
 * readHere below, which does the same in this thread without packing.
 */
/**
 * Whether a parsed value holds values nested more than MAX_NESTING deep. A
 * message between threads cannot carry one nested some thousands deep (it is
 * dropped unread, and the reader seemed to stop for no reason), and a report
 * nests a few levels. Written without closures, so that the worker below
 * runs its source as it is.
 */
function nestedTooDeep(value, limit) {
    const stack = [value, 0];
    while (stack.length > 0) {
        const depth = stack.pop();
        const v = stack.pop();
        if (v === null || typeof v !== 'object')
            continue;
        if (depth >= limit)
            return true;
        for (const child of Array.isArray(v) ? v : Object.values(v)) {
            if (child !== null && typeof child === 'object')
                stack.push(child, depth + 1);
        }
    }
    return false;
}
/** Deeper than this is no citegate report (whose records nest a few levels). */
const MAX_NESTING = 256;
/**
 * Where the elements of a report's top-level `records` array are, so that the
 * worker can parse them one at a time: [open, close, start0, end0, start1,
 * end1, ...], `open` and `close` the array's brackets, each element the text
 * between its separators. Or null, and the whole text is parsed at once as
 * before: when the top-level value has no key that is `records` as written,
 * or has more than one key that means `records`, or nests deeper than
 * `limit` less a margin (the whole parse then refuses it or not, exactly), or
 * is cut short. It reads structure only (strings skipped to their closing
 * quote, brackets counted), not validity: each element and the rest of the
 * text, with `[]` for the array, are then parsed, and any of them not JSON
 * sends the reader to the whole parse, which says what is wrong. A valid text
 * is those pieces joined with its own commas, so both reads give the same value.
 * Written without closures, so that the worker below runs its source as it is.
 */
function recordSpans(text, limit) {
    const n = text.length;
    let depth = 0;
    /** At depth 1: whether the next string is a key (after `{` or `,`). */
    let keyNext = false;
    let lastKey = '';
    let keyOfValue = '';
    let recordsKeys = 0;
    let open = -1;
    let close = -1;
    let elementFrom = -1;
    const out = [0, 0];
    for (let i = 0; i < n; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x22) {
            let j = text.indexOf('"', i + 1);
            for (;;) {
                if (j < 0)
                    return null;
                let slashes = 0;
                while (text.charCodeAt(j - 1 - slashes) === 0x5c)
                    slashes++;
                if (slashes % 2 === 0)
                    break;
                j = text.indexOf('"', j + 1);
            }
            if (depth === 1 && keyNext) {
                lastKey = text.slice(i, j + 1);
                keyNext = false;
                // A second `records` would be the one JSON.parse keeps.
                if (lastKey === '"records"' && ++recordsKeys > 1)
                    return null;
                if (lastKey !== '"records"' && lastKey.includes('\\')) {
                    let decoded;
                    try {
                        decoded = JSON.parse(lastKey);
                    }
                    catch {
                        return null;
                    }
                    if (decoded === 'records')
                        return null;
                }
            }
            i = j;
        }
        else if (c === 0x3a) {
            if (depth === 1)
                keyOfValue = lastKey;
        }
        else if (c === 0x7b || c === 0x5b) {
            depth++;
            if (depth > limit - 8)
                return null;
            if (depth === 1)
                keyNext = c === 0x7b;
            else if (depth === 2 && c === 0x5b && keyOfValue === '"records"') {
                if (open >= 0)
                    return null;
                open = i;
                elementFrom = i + 1;
            }
            if (depth === 2)
                keyOfValue = '';
        }
        else if (c === 0x7d || c === 0x5d) {
            if (depth === 2 && elementFrom >= 0) {
                if (c !== 0x5d)
                    return null;
                out.push(elementFrom, i);
                close = i;
                elementFrom = -1;
            }
            depth--;
            if (depth < 0)
                return null;
        }
        else if (c === 0x2c) {
            if (depth === 1)
                keyNext = true;
            else if (depth === 2 && elementFrom >= 0) {
                out.push(elementFrom, i);
                elementFrom = i + 1;
            }
        }
    }
    if (open < 0 || close < 0 || depth !== 0)
        return null;
    out[0] = open;
    out[1] = close;
    return out;
}
const WORKER = `(() => {
const { workerData, parentPort } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { createHash } = require('node:crypto');
const { fd, fields } = workerData;
if (process.platform === 'linux') {
  try {
    require('node:os').setPriority(10);
  } catch {}
}
let bytes;
try {
  bytes = readFileSync(fd);
} catch (error) {
  parentPort.postMessage({ error: 'read', code: error && error.code, message: String(error && error.message) });
  return;
}
const digest = createHash('sha256').update(bytes).digest('hex');
const nestedTooDeep = ${nestedTooDeep.toString()};
if (!require('node:buffer').isUtf8(bytes)) {
  parentPort.postMessage({ error: 'utf8', bytes });
  return;
}
const recordSpans = ${recordSpans.toString()};
let whole = bytes.toString('utf8');
bytes = undefined;
let text = whole.charCodeAt(0) === 0xfeff ? whole.slice(1) : whole;
/** The records as columns, each record handed over in turn (then dropped). */
const columns = (count) => {
  const values = fields.map(() => []);
  const places = fields.map(() => new Int32Array(count));
  const seen = fields.map(() => new Map());
  const odd = [];
  const add = (i, r) => {
    if (!r || typeof r !== 'object' || Array.isArray(r)) {
      odd.push(i, r);
      return;
    }
    for (let k = 0; k < fields.length; k++) {
      const f = fields[k];
      if (!(f in r)) {
        places[k][i] = -1;
        continue;
      }
      const v = r[f];
      if (v !== null && typeof v === 'object') {
        const kept = {};
        for (const g of fields) if (g in r) kept[g] = r[g];
        odd.push(i, kept);
        break;
      }
      let at = seen[k].get(v);
      if (at === undefined) {
        at = values[k].length;
        seen[k].set(v, at);
        values[k].push(v);
      }
      places[k][i] = at;
    }
  };
  return { add, packed: { count, values, places, odd } };
};
// A record at a time: the parsed records, their explanations most of all, are never all held at once
// (parsed whole, a report of 200,000 records took 370 MB here and slowed the check on the other core).
const spans = recordSpans(text, ${MAX_NESTING});
if (spans !== null) {
  try {
    // The rest of the report, its records an empty list.
    const value = JSON.parse(text.slice(0, spans[0] + 1) + text.slice(spans[1]));
    const count = (spans.length - 2) / 2;
    const made = columns(count);
    for (let i = 0; i < count; i++) made.add(i, JSON.parse(text.slice(spans[2 + 2 * i], spans[3 + 2 * i])));
    parentPort.postMessage({ digest, report: value, packed: made.packed });
    return;
  } catch {
    // Not JSON somewhere: the whole parse below says so, as it would have.
  }
}
let value;
try {
  value = JSON.parse(text);
} catch (error) {
  parentPort.postMessage({ error: 'json', text: whole });
  return;
}
text = undefined;
whole = undefined;
if (nestedTooDeep(value, ${MAX_NESTING})) {
  parentPort.postMessage({ error: 'deep' });
  return;
}
if (!value || typeof value !== 'object' || !Array.isArray(value.records)) {
  parentPort.postMessage({ digest, report: value });
  return;
}
const records = value.records;
value.records = [];
const made = columns(records.length);
for (let i = 0; i < records.length; i++) made.add(i, records[i]);
parentPort.postMessage({ digest, report: value, packed: made.packed });
})();
`;
/**
 * Starts reading the baseline `file`; the promise gives it once read and
 * checked. Throws a BaselineError at once when the file cannot be opened
 * (see openNamedFile: `root` is the workspace).
 */
function readBaselineFile(file, root) {
    let fd;
    try {
        ({ fd } = openNamedFile(file, root));
    }
    catch (error) {
        if (error instanceof NamedFileError)
            throw new BaselineError(`cannot read the baseline ${file}: ${error.message}`);
        throw error;
    }
    // The file is this thread's to close (the worker only reads it), once read.
    const read = replyOf(fd)
        .finally(() => (0,external_node_fs_namespaceObject.closeSync)(fd))
        .then((reply) => baselineOf(file, reply), (error) => {
        // Out of memory, most likely: a reason, not a pass.
        throw new BaselineError(`cannot read the baseline ${file}: ${messageOf(error)}`);
    });
    // Awaited after the check; if the check fails first, its error is the one to tell, not an unhandled rejection.
    read.catch(() => { });
    return read;
}
/** The workers still reading, for stopBaselineReads. */
const reading = new Set();
/**
 * Stops every baseline still being read: a command that ended early (a
 * usage error once the baseline was opened, an internal error in the
 * check) does not need it, and would otherwise wait for the worker to parse
 * it all before the process exits. Their reads reject, unheard.
 */
function stopBaselineReads() {
    for (const worker of reading)
        void worker.terminate();
    reading.clear();
}
/** The worker's reply; or, with no worker to be had (a runtime without threads), the same read here. */
function replyOf(fd) {
    let worker;
    try {
        worker = new external_node_worker_threads_namespaceObject.Worker(WORKER, { eval: true, workerData: { fd, fields: RECORD_FIELDS } });
    }
    catch {
        return Promise.resolve().then(() => readHere(fd));
    }
    reading.add(worker);
    return new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`the baseline's reader stopped (exit ${code})`)));
    }).finally(() => reading.delete(worker));
}
/** What the worker does, in this thread. */
function readHere(fd) {
    let bytes;
    try {
        bytes = (0,external_node_fs_namespaceObject.readFileSync)(fd);
    }
    catch (error) {
        return { error: 'read', code: error.code, message: messageOf(error) };
    }
    const digest = (0,external_node_crypto_namespaceObject.createHash)('sha256').update(bytes).digest('hex');
    if (!(0,external_node_buffer_namespaceObject.isUtf8)(bytes))
        return { error: 'utf8', bytes };
    const text = bytes.toString('utf8');
    let report;
    try {
        report = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    }
    catch {
        return { error: 'json', text };
    }
    return nestedTooDeep(report, MAX_NESTING) ? { error: 'deep' } : { digest, report };
}
function baselineOf(file, reply) {
    try {
        if ('error' in reply) {
            if (reply.error === 'read') {
                // Worded as any other file error, whichever thread met it.
                const error = Object.assign(new Error(reply.message), { code: reply.code });
                throw new BaselineError(`cannot read the baseline ${file}: ${describeFsError(error)}`);
            }
            if (reply.error === 'deep')
                throw new BaselineError(`the baseline ${file} cannot be used: not a citegate JSON report (its values are nested more than ${MAX_NESTING} deep)`);
            // Read again here, which refuses it with what is wrong and where (the reader only tells that it is).
            if (reply.error === 'utf8')
                reportText(external_node_buffer_namespaceObject.Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.length));
            else
                parseReportValue(reply.text);
            throw new BaselineError(`the baseline ${file} cannot be used: not JSON`);
        }
        const { report, packed } = reply;
        const read = packed ? () => recordsOfColumns(packed) : undefined;
        return { report: baselineReportOf(report, read), from: file, digest: reply.digest };
    }
    catch (error) {
        if (error instanceof ReportError) {
            const at = error.position ? `${file}:${error.position.line}:${error.position.column}` : file;
            throw new BaselineError(`the baseline ${at} cannot be used: ${error.message}`);
        }
        throw error;
    }
}

;// CONCATENATED MODULE: ./src/report/json.ts



/** Everything but the records: small, whatever the run's size. */
function reportHead(result, context) {
    return {
        version: 1,
        tool: { name: 'citegate', version: VERSION },
        ...(context.github ? { github: context.github } : {}),
        ...(context.shard ? { shard: context.shard } : {}),
        ...(result.baseline ? { baseline: jsonBaseline(result.baseline) } : {}),
        manifest: result.manifest,
        summary: { ...tally(result), passed: result.outcome.passed },
        sources: result.sources.map(jsonSource),
        // Every source of the manifest, cited or not: what a run with this report as its baseline compares.
        ...(result.manifestSources
            ? { manifest_sources: result.manifestSources.map((s) => ({ id: s.id, sha256: s.sha256 ?? null })) }
            : {}),
        files: result.files,
        // A problem with a file as a whole (it cannot be read) has no line or column.
        problems: result.problems.map((p) => ({
            file: p.file,
            ...(p.line > 0 ? { line: p.line, column: p.column } : {}),
            message: p.message,
        })),
        findings: result.findings.map((f) => ({
            kind: f.kind,
            level: f.level,
            file: f.file,
            line: f.line,
            column: f.column,
            ...(f.citationId !== undefined ? { citation_id: f.citationId } : {}),
            message: f.message,
            ...(f.baseline !== undefined ? { baseline: f.baseline } : {}),
        })),
    };
}
/** Records per chunk of the report's text. */
const RECORDS_PER_CHUNK = 2048;
/**
 * The report's text in pieces, to be written one after another: a run of a
 * few hundred thousand records never holds its whole report in memory. The
 * report is indented, except that each record takes one line (easy to grep).
 */
function* jsonReportChunks(result, context = {}) {
    // Written to a terminal as often as to a file: no character in it may act on one.
    for (const chunk of rawJsonReportChunks(result, context))
        yield escapeJsonText(chunk);
}
function* rawJsonReportChunks(result, context) {
    const { problems, findings, ...head } = reportHead(result, context);
    const opening = JSON.stringify(head, null, 2);
    yield `${opening.slice(0, -2)},\n  "records": [`;
    const records = result.records;
    for (let from = 0; from < records.length; from += RECORDS_PER_CHUNK) {
        const lines = [];
        for (let i = from; i < records.length && i < from + RECORDS_PER_CHUNK; i++) {
            lines.push(`${i === 0 ? '' : ','}\n    ${JSON.stringify(jsonRecord(records[i]))}`);
        }
        yield lines.join('');
    }
    const tail = JSON.stringify({ problems, findings }, null, 2);
    yield `${records.length > 0 ? '\n  ' : ''}],\n${tail.slice(2)}\n`;
}
function jsonSource(s) {
    return {
        id: s.id,
        path: s.path,
        sha256: s.sha256 ?? null,
        retrieved: s.retrieved,
        status: s.status,
        ...(s.reason !== undefined ? { reason: s.reason } : {}),
        ...(s.actualSha256 !== undefined ? { actual_sha256: s.actualSha256 } : {}),
        line: s.line,
        column: s.column,
        cited_by: s.citedBy,
    };
}
function jsonRecord(r) {
    // Fields are assigned in order rather than spread from conditional objects: Node 20 made a map per
    // object spread so (see makeRecord in model/result.ts), and the report makes one per record.
    const out = {
        file: r.file,
        line: r.line,
        column: r.column,
        index: r.index,
        citation_id: r.citationId,
        source_id: r.sourceId,
        verdict: r.verdict,
    };
    const reason = reasonOf(r);
    if (reason !== undefined)
        out.reason = reason;
    // Located records leave out their quote and claim: they are in the file, and in order.
    if (r.verdict !== 'located') {
        out.quote = r.quote;
        out.claim = r.claim;
    }
    out.matches = matchesOf(r).map(jsonPosition);
    const detail = explanationOf(r);
    if (detail)
        out.detail = jsonDetail(detail);
    if (r.baseline) {
        out.baseline = r.baseline.state;
        if (r.baseline.verdict)
            out.baseline_verdict = r.baseline.verdict;
    }
    return out;
}
function jsonBaseline(b) {
    return {
        from: b.from,
        digest: b.digest,
        fail_on: b.failOn,
        sources: b.sources,
        removed: b.removed.map((r) => ({
            file: r.file,
            citation_id: r.citationId,
            source_id: r.sourceId,
            verdict: r.verdict,
        })),
        findings_fixed: b.findingsFixed,
    };
}
function jsonPosition(m) {
    return { line: m.line, column: m.column, end_line: m.endLine, end_column: m.endColumn };
}
function jsonDetail(d) {
    const out = {};
    if (d.context)
        out.context = jsonContext(d.context);
    if (d.closest !== undefined)
        out.closest = d.closest && {
            ...jsonPosition(d.closest.at),
            similarity: d.closest.similarity,
            passage: d.closest.passage,
            diff: d.closest.diff,
        };
    if (d.hints)
        out.hints = d.hints.map((h) => ({
            kind: h.kind,
            difference: h.difference,
            source_id: h.sourceId,
            ...jsonPosition(h.at),
            passage: h.passage,
        }));
    if (d.tooLong)
        out.too_long = true;
    if (d.suggestions)
        out.suggestions = d.suggestions.map((s) => {
            const suggestion = jsonPosition(s.at);
            if (s.prefix !== undefined)
                suggestion.prefix = s.prefix;
            if (s.suffix !== undefined)
                suggestion.suffix = s.suffix;
            return suggestion;
        });
    if (d.matchCount !== undefined)
        out.match_count = d.matchCount;
    if (d.tooManyMatches)
        out.too_many_matches = true;
    if (d.similarIds)
        out.similar_ids = d.similarIds;
    if (d.sourceIds)
        out.source_ids = d.sourceIds;
    return out;
}
function jsonContext(c) {
    return {
        prefix: c.prefix,
        suffix: c.suffix,
        candidates: c.candidates,
        kept: c.kept,
        ...(c.moreCandidates ? { more_candidates: true } : {}),
        ...(c.prefixKept !== undefined ? { prefix_kept: c.prefixKept } : {}),
        ...(c.suffixKept !== undefined ? { suffix_kept: c.suffixKept } : {}),
        ...(c.occurrences
            ? {
                occurrences: c.occurrences.map((o) => ({
                    ...jsonPosition(o.at),
                    ...(o.before !== undefined ? { before: o.before } : {}),
                    ...(o.after !== undefined ? { after: o.after } : {}),
                })),
            }
            : {}),
    };
}

;// CONCATENATED MODULE: ./src/report/explain-text.ts
// Why a record got its verdict, in a few lines a reviewer reads at a glance.
// Shared by `check --explain`, the annotations and the job summary. Untrusted
// text (quotes, passages, ids) is escaped by the caller's sink.




const PASSAGE_SHOWN = 200;
/** Shared words kept on either side of a change in a long diff. */
const DIFF_CONTEXT = 6;
/** Characters a reader cannot see but that make texts differ: shown as \u{…}. */
const explain_text_INVISIBLE = /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]/g;
function visible(text) {
    return text.replace(explain_text_INVISIBLE, (ch) => `\\u{${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}}`);
}
function at(p) {
    return p.line === p.endLine
        ? `line ${p.line}, columns ${p.column}-${p.endColumn - 1}`
        : `line ${p.line}, column ${p.column} to line ${p.endLine}, column ${p.endColumn - 1}`;
}
/** What a hint of each folding kind says differs (it would match but for that). */
const ONLY = {
    case: 'only letter case differs',
    accents: 'only accents differ',
    quotes: 'only typographic quotes, apostrophes or dashes differ',
    compatibility: 'only ligatures or other compatibility characters differ',
    invisible: 'only invisible characters differ',
    hyphenation: 'only a word hyphenated across a line break differs',
};
function plural(n, one, many = `${one}s`) {
    return `${n} ${n === 1 ? one : many}`;
}
function explain_text_list(items) {
    return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
/** Similarity as a percentage; a passage that differs is never shown as 100%. */
function percent(similarity) {
    return similarity >= 1 ? 100 : Math.min(99, Math.round(similarity * 100));
}
/** How a prefix or suffix narrowed the quote's matches. */
function contextLines(c) {
    // The quote alone is not there either: the closest passage explains that.
    if (c.candidates === 0)
        return [];
    const which = [c.prefix ? 'prefix' : '', c.suffix ? 'suffix' : ''].filter(Boolean).join(' and ');
    const alone = c.prefixKept !== undefined && c.suffixKept !== undefined
        ? `${c.moreCandidates ? `of the first ${c.candidates} matches, ` : ''}the prefix alone keeps ${c.prefixKept}, the suffix alone keeps ${c.suffixKept}`
        : undefined;
    const matches = c.moreCandidates ? `more than ${c.candidates} matches` : plural(c.candidates, 'match', 'matches');
    if (c.kept > 0) {
        if (alone)
            return [`${alone}, together ${c.kept} of the quote's ${matches}`];
        if (c.kept === c.candidates && c.kept > 1 && !c.moreCandidates)
            return [`the ${which} keeps all ${c.candidates} of the quote's matches: it sets none apart`];
        return [`the ${which} kept ${c.kept} of the quote's ${matches}`];
    }
    const rule = c.prefix && c.suffix
        ? 'after the prefix and before the suffix'
        : c.prefix
            ? 'after the prefix'
            : 'before the suffix';
    const shown = c.occurrences?.length ?? 0;
    const times = c.moreCandidates
        ? `more than ${c.candidates} times`
        : c.candidates === 1
            ? 'once'
            : `${c.candidates} times`;
    const lines = [
        `the quote occurs ${times} in the source, but never ${rule}${alone ? ` (${alone})` : ''}` +
            `${shown > 0 && shown < c.candidates ? `; the first ${shown}:` : shown > 0 ? ':' : ''}`,
    ];
    for (const o of c.occurrences ?? []) {
        const around = [
            o.before !== undefined
                ? o.before === ''
                    ? 'at the start of the source'
                    : `after "${shorten(o.before, 80)}"`
                : '',
            o.after !== undefined ? (o.after === '' ? 'at the end of the source' : `before "${shorten(o.after, 80)}"`) : '',
        ]
            .filter(Boolean)
            .join(' and ');
        lines.push(`at ${at(o.at)} it comes ${around}`);
    }
    return lines;
}
/** Explanation lines for a record (none for a plain located one). */
function explain_text_explainRecord(r) {
    const lines = [];
    switch (r.verdict) {
        case 'located':
            if (r.match)
                lines.push(`found at ${at(r.match)}`);
            if (r.context)
                lines.push(...contextLines(r.context));
            break;
        case 'empty quote':
            lines.push(r.quote === '' ? 'the quote is empty' : 'the quote is empty once whitespace is collapsed');
            break;
        case 'unknown source':
            if (r.sourceId !== null) {
                const missing = `the manifest has no source "${shorten(r.sourceId, 80)}"`;
                if (r.similarIds && r.similarIds.length > 0)
                    lines.push(`${missing}; did you mean ${r.similarIds.join(' or ')}?`);
                else if (r.sourceIds && r.sourceIds.length > 0)
                    lines.push(`${missing}; its ${r.sourceIds.length === 1 ? 'source is' : 'sources are'} ${explain_text_list(r.sourceIds)}`);
                else
                    lines.push(`${missing}, nor one with a similar id`);
            }
            lines.push(...hintLines(r.hints, undefined));
            break;
        case 'ambiguous quote':
            if (r.context)
                lines.push(...contextLines(r.context));
            lines.push(...ambiguityLines(r));
            break;
        case 'quote not found':
            if (r.context)
                lines.push(...contextLines(r.context));
            if (r.tooLong)
                lines.push(`the quote is too long to explain (over ${MAX_EXPLAINED_QUOTE.toLocaleString('en-US')} characters): no closest passage was looked for`);
            else if (r.closest === null)
                lines.push('no passage of the source is close to the quote');
            else if (r.closest)
                lines.push(closestLine(r.closest));
            lines.push(...hintLines(r.hints, r.closest));
            break;
        default:
            break;
    }
    return lines;
}
function ambiguityLines(r) {
    const lines = [];
    const shown = r.matches.slice(0, 10).map(at).join('; ');
    const count = r.tooManyMatches
        ? `more than ${MAX_COUNTED_MATCHES}`
        : (r.matchCount ??
            (r.matches.length >= MAX_REPORTED_MATCHES ? `${MAX_REPORTED_MATCHES} or more` : r.matches.length));
    lines.push(`${count} matches: ${shown}${r.matches.length > 10 ? '; …' : ''}`);
    if (r.tooManyMatches)
        lines.push('too many matches to suggest a prefix or suffix that sets one apart: quote more of the passage');
    for (const s of r.suggestions ?? []) {
        // A record that has a prefix already is told to extend it: the suggestion ends with it.
        const ways = [
            s.prefix !== undefined
                ? `${r.context?.prefix ? 'extend its prefix to' : 'add prefix'} "${shorten(s.prefix, 80)}"`
                : '',
            s.suffix !== undefined
                ? `${r.context?.suffix ? 'extend its suffix to' : 'add suffix'} "${shorten(s.suffix, 80)}"`
                : '',
        ].filter(Boolean);
        if (ways.length === 2 && ways[1].startsWith('add ') && ways[0].startsWith('add '))
            ways[1] = ways[1].slice(4);
        lines.push(ways.length > 0
            ? `to cite the one at ${at(s.at)}: ${ways.join(' or ')} (or quote that much more)`
            : `the one at ${at(s.at)} has no nearby text that sets it apart`);
    }
    return lines;
}
function closestLine(closest) {
    // Long runs of shared words are cut around each change, so that every change shows (read back from JSON, the diff is only shortened).
    const diff = closest.parts && closest.diff.length > PASSAGE_SHOWN * 2 ? compactDiff(closest.parts, DIFF_CONTEXT) : closest.diff;
    return `closest passage (${percent(closest.similarity)}% similar, ${at(closest.at)}): ${visible(shorten(diff, PASSAGE_SHOWN * 2))}`;
}
function hintLines(hints, closest) {
    const lines = [];
    for (const h of hints ?? []) {
        if (h.kind === 'other version') {
            lines.push(`hint: the quote is in ${h.sourceId}, another version of this document, at ${at(h.at)}`);
        }
        else if (h.kind === 'other source') {
            lines.push(`hint: the quote is in another source, ${h.sourceId}, at ${at(h.at)}`);
        }
        else {
            // Without a closest passage above it, the hint shows the source's text too.
            const passage = closest ? '' : `: the source has "${visible(shorten(h.passage, PASSAGE_SHOWN))}"`;
            const label = ONLY[h.kind];
            lines.push(`hint: ${label ? `${label}: ` : ''}${visible(shorten(h.difference, PASSAGE_SHOWN * 2))} (${at(h.at)})${passage}`);
        }
    }
    return lines;
}

;// CONCATENATED MODULE: ./src/model/problem.ts
/** `file:line:column: message`, the form editors and terminals turn into links. */
function formatProblem(problem) {
    const where = problem.line > 0 ? `${problem.file}:${problem.line}:${problem.column}` : problem.file;
    return `${where}: ${problem.message}`;
}
/**
 * The one form of every line the CLI writes to standard error, which editors
 * and problem matchers read: `file:line:column: level: message`, `file:
 * level: message` for a file as a whole, and `citegate: level: message` for
 * what is about no file (`file` is then undefined).
 */
function formatDiagnostic(where, level, message) {
    const at = where === undefined ? 'citegate' : where.line > 0 ? `${where.file}:${where.line}:${where.column}` : where.file;
    return `${at}: ${level}: ${message}`;
}

;// CONCATENATED MODULE: ./src/report/text.ts
// The text report of `citegate check` (SPEC §5). For one citation file it is
// exactly the reference's output: `id: verdict` per record, then
// `located=N/M`. For several files each line starts with `file:line: ` so that
// a person can jump to it and a script can split it (the verdict is always the
// last `: `-separated field; escaping keeps ids on one line).




/** A record as its verdict line names it: its citation_id as the reference prints it (SPEC §5), even an empty one. */
function recordLabel(record) {
    return record.citationId === null ? `(record ${record.index + 1})` : escapeValue(record.citationId);
}
/** A record as messages, annotations and summaries name it: an empty citation_id by its place, as a missing one. */
function text_recordName(record) {
    return record.citationId === '' ? `(record ${record.index + 1})` : recordLabel(record);
}
/**
 * Standard output: one line per record (with `onlyFailures`, per record not
 * located), then the count of all. With `explain`, each record is followed by
 * lines indented by two spaces saying why (so a script that reads the verdict
 * lines can skip them).
 */
function* textReportChunks(result, options = {}) {
    const several = result.files.length > 1;
    // Written in blocks: a run of a few hundred thousand records never holds its
    // whole report, nor one small string per line.
    let lines = [];
    let located = 0;
    for (const r of result.records) {
        if (r.verdict === 'located') {
            located++;
            // Counted all the same: the last line says how many of all were located.
            if (options.onlyFailures)
                continue;
        }
        lines.push(several ? `${escapeValue(r.file)}:${r.line}: ${recordLabel(r)}: ${r.verdict}` : `${recordLabel(r)}: ${r.verdict}`);
        if (options.explain) {
            const reason = reasonOf(r);
            if (reason)
                lines.push(`  ${escape_escapeMessage(reason)}`);
            if (r.baseline)
                lines.push(`  baseline: ${r.baseline.state}${r.baseline.verdict ? ` (was ${r.baseline.verdict})` : ''}`);
            for (const line of explain_text_explainRecord(r))
                lines.push(`  ${escape_escapeMessage(line)}`);
        }
        if (lines.length >= 4096) {
            yield `${lines.join('\n')}\n`;
            lines = [];
        }
    }
    lines.push(`located=${located}/${result.records.length}`);
    yield `${lines.join('\n')}\n`;
}
/**
 * Standard error: what is wrong with the input, `file:line:column: level: message`.
 * Records with invalid fields are input errors too, so their reasons are here;
 * other verdicts are results and stay on standard output alone. Written in
 * blocks, like the report: a file of a hundred thousand bad records makes as
 * many lines.
 */
function* diagnosticsChunks(result, options = {}) {
    let lines = [];
    const flush = function* () {
        if (lines.length >= 4096) {
            yield `${lines.join('\n')}\n`;
            lines = [];
        }
    };
    for (const p of result.problems) {
        lines.push(escape_escapeMessage(formatDiagnostic(p, 'error', p.message)));
        yield* flush();
    }
    // With --fail-on new, what was failing in the baseline already does not fail the run: a warning.
    const onChange = result.baseline?.failOn === 'new';
    for (const f of result.findings) {
        const who = f.citationId !== undefined ? `${escapeValue(f.citationId)}: ` : '';
        const old = onChange && f.level === 'fail' && f.baseline === 'still failing';
        const level = f.level === 'fail' && !old ? 'error' : 'warning';
        lines.push(escape_escapeMessage(formatDiagnostic(f, level, `${f.kind}: ${who}${f.message}${old ? STILL_FAILING : ''}`)));
        yield* flush();
    }
    for (const r of result.records) {
        if (r.verdict !== 'invalid fields')
            continue;
        const old = onChange && r.baseline?.state === 'still failing';
        lines.push(escape_escapeMessage(formatDiagnostic(r, old ? 'warning' : 'error', `${text_recordName(r)}: invalid fields: ${r.reason}${old ? STILL_FAILING : ''}`)));
        yield* flush();
    }
    if (result.records.length === 0 && options.shard) {
        // Not a failure: the merge judges the whole run. Worth a look all the same (too many shards?).
        lines.push(formatDiagnostic(undefined, 'warning', `shard ${options.shard.index} of ${options.shard.count} holds no citation ${result.files.length > 0 ? 'records' : 'files'}; merge-reports judges the whole run`));
    }
    else if (result.records.length === 0) {
        lines.push(formatDiagnostic(undefined, 'error', result.files.length > 0
            ? 'no citation records in the files checked (an empty run fails)'
            : options.named
                ? 'none of the files named could be checked (an empty run fails)'
                : options.noPatterns
                    ? 'no citation files to check: the manifest has no `citations` patterns; add some, or name the files to check (an empty run fails)'
                    : "no citation files to check: the manifest's `citations` patterns match no file (an empty run fails)"));
    }
    if (lines.length > 0)
        yield `${lines.join('\n')}\n`;
}
/** After a line on standard error about what the baseline had already, and --fail-on new does not count. */
const STILL_FAILING = ' (still failing since the baseline, not counted)';
/** At most this many source ids named per list; the rest counted. */
const IDS_NAMED = 10;
function ids(list) {
    const named = list.slice(0, IDS_NAMED).map((id) => escapeValue(id));
    return list.length > IDS_NAMED ? `${named.join(', ')} and ${list.length - IDS_NAMED} more` : named.join(', ');
}
/**
 * What changed since the baseline, in one line for standard error (the `id:
 * verdict` lines stay the reference's), at the level of the run's outcome:
 * `error` when it fails, `warning` when it passes (what it does not count is
 * worth a look).
 */
function baselineLine(result, level) {
    const b = result.baseline;
    const counts = tally(result).baseline;
    if (!b || !counts)
        return '';
    let newFailing = 0;
    for (const r of result.records)
        if (r.baseline?.state === 'new' && r.verdict !== 'located')
            newFailing++;
    const notCounted = b.failOn === 'new' ? ' (not counted)' : '';
    const parts = [
        `${counts.broken} broken`,
        `${newFailing} new not located`,
        `${counts.fixed} fixed`,
        `${counts['still failing']} still failing${notCounted}`,
        `${counts.unchanged} unchanged`,
        `${counts.new - newFailing} new located`,
        `${counts.removed} removed`,
    ];
    const findings = counts.findings;
    if (findings.new + findings['still failing'] + findings.fixed > 0)
        parts.push(`findings: ${findings.new} new, ${findings['still failing']} still failing${notCounted}, ${findings.fixed} fixed`);
    const { added, removed, repinned } = b.sources;
    const sources = [
        added.length > 0 ? `added ${ids(added)}` : '',
        removed.length > 0 ? `removed ${ids(removed)}` : '',
        repinned.length > 0 ? `re-pinned ${ids(repinned)} (their records judged against the new text)` : '',
    ].filter(Boolean);
    return escape_escapeMessage(formatDiagnostic(undefined, level, `against the baseline ${b.from} (fail on ${b.failOn}): ${parts.join(', ')}` +
        (sources.length > 0 ? `; manifest sources since the baseline: ${sources.join('; ')}` : '')));
}

;// CONCATENATED MODULE: ./src/report/annotations.ts
// Annotations for the pull request: one per failing record, at its line in
// the citation file, and one per input problem (a source that failed
// verification is annotated on the manifest, at its entry). The most useful
// come first, because GitHub shows only the first ten errors of a step.




/**
 * Failing verdicts, most useful to a reviewer first. A quote that is not in
 * its source is the likeliest sign of a made-up quote; records whose source is
 * unverified come last because their cause is annotated once, on the manifest.
 */
const USEFULNESS = (/* unused pure expression or super */ null && ([
    'quote not found',
    'unknown source',
    'ambiguous quote',
    'source not permitted',
    'empty quote',
    'invalid fields',
    'source unverified',
]));
const QUOTE_SHOWN = 160;
/** Against a baseline: records broken by the change first, then new ones, then those failing already. */
const CHANGE_RANK = (/* unused pure expression or super */ null && (['broken', 'new', 'still failing']));
/** Every annotation of the run in the order they are shown, each made when asked for. */
function planAnnotations(result) {
    const sources = new Map(result.sources.map((s) => [s.id, s]));
    const annotations = [];
    // Problems with sources (on the manifest) affect every record citing them: first.
    const problems = [...result.problems].sort((a, b) => Number(b.file === result.manifest) - Number(a.file === result.manifest));
    for (const p of problems) {
        annotations.push({
            level: 'error',
            make: () => ({
                level: 'error',
                title: problemTitle(p),
                message: escapeMessage(p.message),
                file: p.file,
                ...(p.line > 0 ? { line: p.line, column: p.column } : {}),
            }),
        });
    }
    const failing = result.records.filter((r) => !isLocated(r));
    // Against a baseline with fail-on new, what the change made worse first, and what was failing already as notices.
    const onChange = result.baseline?.failOn === 'new';
    const change = (r) => (onChange ? CHANGE_RANK.indexOf(r.baseline?.state ?? 'new') : 0);
    const rank = (r) => USEFULNESS.indexOf(r.verdict);
    const ordered = failing
        .map((r, i) => ({ r, i }))
        .sort((a, b) => change(a.r) - change(b.r) || rank(a.r) - rank(b.r) || a.i - b.i)
        .map(({ r }) => r);
    for (const r of ordered) {
        const level = onChange && r.baseline?.state === 'still failing' ? 'notice' : 'error';
        annotations.push({
            level,
            make: () => ({
                level,
                title: `${r.verdict}: ${recordName(r)}`,
                message: [
                    recordMessage(r, r.sourceId === null ? undefined : sources.get(r.sourceId), result),
                    ...explainRecord(r).map(escapeMessage),
                ].join('\n'),
                file: r.file,
                line: r.line,
                column: r.column,
            }),
        });
    }
    // Findings beyond quotes, failing ones with the errors, the others as warnings.
    for (const f of [...result.findings].sort((a, b) => Number(a.level === 'warn') - Number(b.level === 'warn'))) {
        const level = f.level === 'warn' ? 'warning' : onChange && f.baseline === 'still failing' ? 'notice' : 'error';
        annotations.push({
            level,
            make: () => ({
                level,
                title: f.citationId !== undefined ? `${f.kind}: ${escapeMessage(f.citationId)}` : f.kind,
                message: escapeMessage(f.message),
                file: f.file,
                line: f.line,
                column: f.column,
            }),
        });
    }
    return annotations;
}
/** What a problem is about, as its annotation's title says it. */
function problemTitle(p) {
    switch (p.kind) {
        case 'source unverified':
            return 'source unverified';
        case 'manifest rule':
            return 'manifest rule';
        case 'not all listed':
            return 'citation files not all listed';
        case 'response':
            return 'model response';
        case undefined:
            return 'unreadable citation file';
    }
}
/** What was looked for where, and what was found, for a failing record. */
function recordMessage(r, source, result) {
    const quote = r.quote === null ? '' : `"${escape_escapeMessage(shorten(r.quote, QUOTE_SHOWN))}"`;
    const where = source
        ? `${escape_escapeMessage(source.id)} (${escape_escapeMessage(source.path)})`
        : escape_escapeMessage(r.sourceId ?? '');
    switch (r.verdict) {
        case 'quote not found':
            return `Looked for ${quote} in ${where}: it is not there, verbatim. Copy the passage from the source exactly (case, punctuation and negations count).`;
        case 'ambiguous quote': {
            const at = r.matches.map((m) => `line ${m.line}, column ${m.column}`).join('; ');
            return `Looked for ${quote} in ${where}: it occurs ${r.matches.length >= 100 ? '100 or more' : r.matches.length} times (${at}). Quote more of the passage, or add a prefix or suffix, so that it matches once.`;
        }
        case 'unknown source':
            return `The source id ${escape_escapeMessage(r.sourceId ?? '')} is not in ${escape_escapeMessage(result.manifest)}: cite a source id from the manifest exactly (it is never replaced by another version).`;
        case 'source not permitted':
            return `Not permitted: ${escape_escapeMessage(r.reason)}.`;
        case 'source unverified':
            return `Source ${where} is unverified: ${escape_escapeMessage(r.reason)}`;
        case 'empty quote':
            return `The quote for ${where} is empty once whitespace is collapsed.`;
        case 'invalid fields':
            return `This record is invalid: ${escape_escapeMessage(r.reason)}.`;
    }
}

;// CONCATENATED MODULE: ./src/report/sarif.ts
// SARIF 2.1.0 for GitHub code scanning (github/codeql-action/upload-sarif):
// one rule per failing verdict and per kind of input problem, one result per
// failing record at its citation file and line, and a fingerprint that stays
// the same from run to run while the finding does (even if lines move), and
// differs between results of one run (code scanning merges equal ones).






const VERDICT_RULES = {
    'quote not found': {
        id: 'citegate/quote-not-found',
        name: 'QuoteNotFound',
        short: 'Quote not found in its source',
        full: 'The quote does not appear verbatim (after NFC and whitespace normalization) in the pinned text of the source it cites.',
    },
    'ambiguous quote': {
        id: 'citegate/ambiguous-quote',
        name: 'AmbiguousQuote',
        short: 'Quote appears more than once',
        full: 'The quote appears two or more times in its source, so it does not identify one passage. Quote more, or give a prefix or suffix.',
    },
    'empty quote': {
        id: 'citegate/empty-quote',
        name: 'EmptyQuote',
        short: 'Empty quote',
        full: 'The quote is empty once whitespace is collapsed.',
    },
    'source unverified': {
        id: 'citegate/source-unverified',
        name: 'SourceUnverified',
        short: 'Source failed verification',
        full: 'The cited source file is missing, unreadable, outside the workspace, not UTF-8, too large, or does not match its pinned SHA-256.',
    },
    'source not permitted': {
        id: 'citegate/source-not-permitted',
        name: 'SourceNotPermitted',
        short: 'Source not permitted for this audience',
        full: "The source has an audience list and the citation file's audience is not in it.",
    },
    'unknown source': {
        id: 'citegate/unknown-source',
        name: 'UnknownSource',
        short: 'Unknown source id',
        full: 'The source_id is not in the manifest. Ids match exactly and are never replaced by another version.',
    },
    'invalid fields': {
        id: 'citegate/invalid-fields',
        name: 'InvalidFields',
        short: 'Invalid citation record',
        full: 'The record is not an object, lacks citation_id, source_id or quote, has a field of the wrong type, a duplicate or empty citation_id, or a lone surrogate.',
    },
};
const UNREADABLE_FILE = {
    id: 'citegate/unreadable-citation-file',
    name: 'UnreadableCitationFile',
    short: 'Citation file cannot be read',
    full: 'The citation file cannot be read or parsed (invalid JSON, JSON Lines or YAML, not UTF-8, unreadable).',
};
const FINDING_RULES = {
    'uncited claim': {
        id: 'citegate/uncited-claim',
        name: 'UncitedClaim',
        short: 'Sentence of the answer without a citation',
        full: "A sentence of the answer that no citation record's claim covers.",
    },
    'required source not cited': {
        id: 'citegate/required-source-not-cited',
        name: 'RequiredSourceNotCited',
        short: 'Required source not cited',
        full: 'The manifest requires answers matching this file to cite a source that no record of the file cites.',
    },
    'claim number not in quote': {
        id: 'citegate/claim-number-not-in-quote',
        name: 'ClaimNumberNotInQuote',
        short: 'Number in the claim not in the quote',
        full: "The claim states a number (with its unit or period) that the record's quote does not carry.",
    },
    'location not at quote': {
        id: 'citegate/location-not-at-quote',
        name: 'LocationNotAtQuote',
        short: 'Citation location not at the quote',
        full: "A saved response's citation names a place in its document (character indices, page numbers) where the pinned source does not hold the cited text.",
    },
};
const MANIFEST_RULE = {
    id: 'citegate/manifest-rule',
    name: 'ManifestRule',
    short: 'Manifest rule that checks nothing',
    full: 'A rule of the manifest (a `require` rule) matches none of the citation files, so it checks nothing.',
};
const MODEL_RESPONSE = {
    id: 'citegate/model-response',
    name: 'ModelResponse',
    short: 'Saved model response that cannot pass',
    full: 'A saved Claude Messages API response or batch result that cannot pass: a batch request that did not succeed, a response cut short or not finished, or a response without any citation.',
};
/** A rule's level when no manifest or input sets its check otherwise: only a check beyond quotes can warn. */
function defaultLevel(rule) {
    const kind = Object.keys(FINDING_RULES).find((k) => FINDING_RULES[k] === rule);
    return kind !== undefined && DEFAULT_CHECKS[FINDING_CHECKS[kind]] === 'warn' ? 'warning' : 'error';
}
/** The check each kind of finding comes from. */
const FINDING_CHECKS = {
    'uncited claim': 'uncitedClaims',
    'required source not cited': 'requiredSources',
    'claim number not in quote': 'claimNumbers',
    'location not at quote': 'citationLocations',
};
// New rules go last: a rule's index is part of every result that names it.
const RULES = [
    ...Object.values(VERDICT_RULES),
    UNREADABLE_FILE,
    MANIFEST_RULE,
    ...Object.values(FINDING_RULES),
    MODEL_RESPONSE,
];
/** The rule of an input problem. */
function problemRule(p) {
    switch (p.kind) {
        case 'source unverified':
            return VERDICT_RULES['source unverified'];
        case 'manifest rule':
            return MANIFEST_RULE;
        case 'response':
            return MODEL_RESPONSE;
        case 'not all listed':
        case undefined:
            return UNREADABLE_FILE;
    }
}
/**
 * GitHub code scanning rejects a whole file whose run has more results than
 * this (and shows the first 5,000, errors first): past it, the errors are
 * kept before the warnings and the rest is counted in a notification.
 */
const MAX_SARIF_RESULTS = 25_000;
/** How many results a SARIF file of the run leaves out for that limit: the one count both it and the Action's note use. */
function sarifResultsLeftOut(result) {
    const all = result.problems.length + result.records.filter((r) => r.verdict !== 'located').length + result.findings.length;
    return Math.max(0, all - MAX_SARIF_RESULTS);
}
/**
 * Fingerprints for one run: the hash of what identifies a finding, and for
 * the second and later findings with the same identity (a repeated record),
 * the same with their occurrence number, so that each stays apart. Every
 * result is counted, in order, whether or not the file keeps it; only the
 * ones kept are hashed.
 */
function fingerprinter() {
    const seen = new Map();
    return (parts) => {
        const key = JSON.stringify(parts);
        const n = seen.get(key) ?? 0;
        seen.set(key, n + 1);
        return () => (0,external_node_crypto_namespaceObject.createHash)('sha256')
            .update(n === 0 ? key : JSON.stringify([...parts, n]))
            .digest('hex');
    };
}
function uri(file) {
    return file.split('/').map(encodeURIComponent).join('/');
}
/** The results the file holds, in its order, each made when asked for; and how many the run has in all. */
function sarifResults(result, options) {
    const sources = new Map(result.sources.map((s) => [s.id, s]));
    const ruleIndex = new Map(RULES.map((r, i) => [r.id, i]));
    const planned = [];
    const fingerprint = fingerprinter();
    const location = (file, line, column) => ({
        physicalLocation: {
            artifactLocation: { uri: uri(options.repositoryPath?.(file) ?? file), uriBaseId: '%SRCROOT%' },
            // A problem with a whole file is placed at its start: code scanning wants a region to show.
            region: line > 0 ? { startLine: line, startColumn: Math.max(column, 1) } : { startLine: 1 },
        },
    });
    for (const p of result.problems) {
        const rule = problemRule(p);
        const print = fingerprint([rule.id, p.file, p.message]);
        planned.push({
            level: 'error',
            make: () => ({
                ruleId: rule.id,
                ruleIndex: ruleIndex.get(rule.id),
                level: 'error',
                message: { text: escape_escapeMessage(p.message) },
                locations: [location(p.file, p.line, p.column)],
                partialFingerprints: { 'citegateFinding/v1': print() },
            }),
        });
    }
    for (const r of result.records) {
        if (r.verdict === 'located')
            continue;
        const rule = VERDICT_RULES[r.verdict];
        const print = fingerprint([rule.id, r.file, sarif_recordKey(r), r.sourceId, r.quote]);
        planned.push({
            level: 'error',
            make: () => ({
                ruleId: rule.id,
                ruleIndex: ruleIndex.get(rule.id),
                level: 'error',
                // What the annotation says: what was looked for where, then the closest passage and the hints.
                message: {
                    text: [
                        recordMessage(r, r.sourceId === null ? undefined : sources.get(r.sourceId), result),
                        ...explain_text_explainRecord(r).map(escape_escapeMessage),
                    ].join('\n'),
                },
                locations: [location(r.file, r.line, r.column)],
                partialFingerprints: { 'citegateFinding/v1': print() },
                // SARIF's own word for it: a result the baseline had too is unchanged, any other is new.
                ...(r.baseline ? { baselineState: r.baseline.state === 'still failing' ? 'unchanged' : 'new' } : {}),
            }),
        });
    }
    for (const f of result.findings) {
        const rule = FINDING_RULES[f.kind];
        const level = f.level === 'fail' ? 'error' : 'warning';
        const print = fingerprint([rule.id, f.file, f.citationId ?? null, f.message]);
        planned.push({
            level,
            make: () => ({
                ruleId: rule.id,
                ruleIndex: ruleIndex.get(rule.id),
                level,
                message: { text: escape_escapeMessage(f.message) },
                locations: [location(f.file, f.line, f.column)],
                partialFingerprints: { 'citegateFinding/v1': print() },
                ...(f.baseline ? { baselineState: f.baseline === 'still failing' ? 'unchanged' : 'new' } : {}),
            }),
        });
    }
    // Stable: results of one level keep their order (problems, records, findings).
    const kept = sarifResultsLeftOut(result) === 0
        ? planned
        : [...planned]
            .sort((a, b) => Number(a.level !== 'error') - Number(b.level !== 'error'))
            .slice(0, MAX_SARIF_RESULTS);
    return { kept, total: planned.length };
}
/** The SARIF document of the run, `results` as given, `left` of its `total` results left out. */
function sarifDocument(results, left, total) {
    return {
        $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
        version: '2.1.0',
        runs: [
            {
                tool: {
                    driver: {
                        name: 'citegate',
                        version: VERSION,
                        semanticVersion: VERSION,
                        informationUri: 'https://github.com/citegate/citegate',
                        rules: RULES.map((r) => ({
                            id: r.id,
                            name: r.name,
                            shortDescription: { text: r.short },
                            fullDescription: { text: r.full },
                            help: { text: `${r.full} See https://github.com/citegate/citegate/blob/main/docs/verdicts.md.` },
                            defaultConfiguration: { level: defaultLevel(r) },
                            properties: { tags: ['citations'], precision: 'very-high', 'problem.severity': defaultLevel(r) },
                        })),
                    },
                },
                ...(left > 0
                    ? {
                        invocations: [
                            {
                                executionSuccessful: true,
                                toolExecutionNotifications: [
                                    {
                                        level: 'warning',
                                        message: {
                                            text: `${left.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} results are not in this file: GitHub code scanning refuses a run of more than ` +
                                                `${MAX_SARIF_RESULTS.toLocaleString('en-US')} results. citegate's JSON report (\`--format json\`, or the Action's \`report\` input) has every record.`,
                                        },
                                    },
                                ],
                            },
                        ],
                    }
                    : {}),
                columnKind: 'unicodeCodePoints',
                originalUriBaseIds: { '%SRCROOT%': { description: { text: 'The top folder of the repository checked.' } } },
                results,
            },
        ],
    };
}
function buildSarif(result, options = {}) {
    const { kept, total } = sarifResults(result, options);
    return sarifDocument(kept.map((p) => p.make()), total - kept.length, total);
}
/** Results stringified at a time when the file is written in pieces. */
const RESULTS_PER_CHUNK = 256;
/** The indentation of a result in the file: runs, its run, its results, the result. */
const RESULT_INDENT = ' '.repeat(8);
/**
 * The SARIF file as the Action and the CLI write it: the document, indented,
 * and a line end, in pieces: the results made and written a few at a time,
 * so that a file of 25,000 results is neither one string of tens of
 * megabytes (stringifying it at once took twice as long as its results one
 * by one) nor 25,000 result objects held at once.
 */
function* sarifChunks(result, options = {}) {
    const { kept, total } = sarifResults(result, options);
    const empty = JSON.stringify(sarifDocument([], total - kept.length, total), null, 2);
    if (kept.length === 0) {
        yield `${empty}\n`;
        return;
    }
    // `results` is the last member of the run: its empty list is the last `"results": []` of the text
    // (one inside a string would have its quotes escaped).
    const at = empty.lastIndexOf('"results": []');
    yield `${empty.slice(0, at)}"results": [`;
    for (let from = 0; from < kept.length; from += RESULTS_PER_CHUNK) {
        let chunk = '';
        for (let i = from; i < Math.min(kept.length, from + RESULTS_PER_CHUNK); i++)
            chunk += `${i === 0 ? '' : ','}\n${RESULT_INDENT}${JSON.stringify(kept[i].make(), null, 2).replaceAll('\n', `\n${RESULT_INDENT}`)}`;
        yield chunk;
    }
    yield `\n${' '.repeat(6)}]${empty.slice(at + '"results": []'.length)}\n`;
}
/**
 * A record's identity in its file: its id, or none (null). Not its position:
 * a record added above one without an id would change the identity of every
 * such record below it, and code scanning would close their alerts and open
 * new ones. Records alike in everything are kept apart by their occurrence.
 */
function sarif_recordKey(r) {
    return r.citationId;
}

;// CONCATENATED MODULE: ./src/cli/help.ts


const MAIN_HELP = `citegate ${VERSION}: checks that every quote an AI assistant attributes to a
source appears verbatim, exactly once, in the pinned text of that source.

Usage:
  citegate init [options]              start: a manifest listing a folder of
                                       sources, and an example that passes
  citegate check [options] [FILE...]   check citation records
  citegate pin [options] [SOURCE_ID...]
                                       record the SHA-256 of sources in the manifest
  citegate merge-reports [options] REPORT...
                                       merge the JSON reports of a split run
  citegate help COMMAND                help for one command
  citegate --version

Exit status: 0 every record located, 1 something needs review, 2 the check
could not run.
`;
const CHECK_HELP = `Usage: citegate check [options] [FILE...]

Checks the citation records in FILE... (JSON, JSON Lines or YAML, or saved
Claude Messages API responses), or with no FILE every file the manifest's
\`citations\` patterns match.

Options:
  --manifest FILE         the manifest (default: citegate.yml in the root)
  --root DIR              the workspace: nothing outside it is read
                          (default: the current folder)
  --format text|json|sarif
                          text: one "id: verdict" line per record, then
                          located=N/M (default); json: the full report;
                          sarif: SARIF 2.1.0 for code scanning
  --output FILE           write the report to FILE instead of standard output
                          (- is standard output; ./- a file named -)
  --explain               after each record, indented lines saying why: where
                          it was found, the closest passage with a word diff,
                          hints, the context that would make a quote unique
  --only-failures         list only the records not located (the last line
                          still counts them all)
  --max-source-bytes N    refuse source files longer than N bytes
                          (default: 67108864, 64 MiB; at most ${MAX_SOURCE_BYTES},
                          the longest text citegate can hold in memory)
  --shard I/N             check only shard I of N of the citation files (split
                          by a hash of each path: the same split every run)
  --uncited-claims LEVEL  off, warn or fail: sentences of an answer that no
                          record's claim covers (default: the manifest's, warn)
  --required-sources LEVEL
                          off, warn or fail: sources the manifest's \`require\`
                          rules want cited and no record cites (default: fail)
  --claim-numbers LEVEL   off, warn or fail: numbers a claim states that its
                          quote does not carry (default: fail)
  --citation-locations LEVEL
                          off, warn or fail: character indices or pages of a
                          saved response's citation that do not point at its
                          quote in the source (default: warn)
  --baseline FILE         judge the run against an earlier run's JSON report:
                          each record is new, broken, still failing, fixed or
                          unchanged (in the JSON report; a summary line on
                          standard error)
  --fail-on new|any       new: fail only on records broken since the
                          baseline, new records not located and new failing
                          findings (the default with --baseline); any: on
                          every record not located (the default without)
  -h, --help              this help

With several files, each text line starts with "file:line: ". Problems with
the input (unreadable files, unverified sources, invalid records) go to
standard error as "file:line:column: error: message" (or "warning:").

Exit status: 0 at least one record and every record located, every source
verified (with --fail-on new: nothing broken or new failing); 1 something
needs review (also when there is no record at all); 2 the check could not run
(bad arguments, manifest missing or invalid, a baseline that is not a report).
`;
const PIN_HELP = `Usage: citegate pin [options] [SOURCE_ID...]

Computes the SHA-256 of each named source (default: every source) and of its
\`original\`, and writes them into the manifest, keeping its comments and
layout. Prints what changed. It is the only citegate command that changes a
file of yours (init writes new files only; check and merge-reports only the
reports you name).

Options:
  --manifest FILE         the manifest (default: citegate.yml in the root)
  --root DIR              the workspace (default: the current folder)
  --max-source-bytes N    refuse files longer than N bytes (default: 64 MiB;
                          at most ${MAX_SOURCE_BYTES})
  --check                 write nothing: check that every pin (sources and
                          originals, cited or not) matches its file, and print
                          each one that does not, with both hashes
  -h, --help              this help

Exit status: 0 pinned (or nothing to change; with --check, every pin
matches), 1 with --check a pin is stale, 2 it could not pin or check a file
(nothing is written then).
`;
const MERGE_HELP = `Usage: citegate merge-reports [options] REPORT...

Merges the JSON reports of the shards of a split run (check --shard I/N
--format json) into the report the whole run would have given.

Options:
  --output FILE           write the merged report to FILE instead of standard
                          output (- is standard output; ./- a file named -)
  --format json|sarif     json: the merged JSON report (default); sarif:
                          SARIF 2.1.0 for code scanning
  --summary FILE          append the Markdown job summary to FILE (for example
                          "$GITHUB_STEP_SUMMARY")
  -h, --help              this help

Exit status: 0 every record located, 1 something needs review, 2 a report
could not be read or the reports do not belong together.
`;
const INIT_HELP = `Usage: citegate init [options]

Starts citegate in a repository with a folder of source texts. Writes
citegate.yml, which lists every text file under the folder as a source (its
id from its file name, pinned to its SHA-256, retrieved today) and where the
citation files go (answers/**/*.json), and answers/example.json, one record
that quotes a source and passes. Then prints the next steps. It writes over
nothing: if either file is there, it writes neither.

Options:
  --sources DIR           the folder of the source texts (default: sources in
                          the root)
  --root DIR              the repository (default: the current folder)
  -h, --help              this help

Exit status: 0 written, 2 nothing written (a file is there already, or no
text to list or quote).
`;

;// CONCATENATED MODULE: ./src/cli/progress.ts
const QUIET = { update: () => undefined, done: () => undefined };
const count = (n) => n.toLocaleString('en-US');
/** A time still to wait, rounded up, in the unit a person reads it in. */
function timeLeft(seconds) {
    const s = Math.max(1, Math.ceil(seconds));
    if (s < 90)
        return `about ${s} s left`;
    const minutes = Math.ceil(s / 60);
    if (minutes < 90)
        return `about ${minutes} min left`;
    return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}
/** The rate of `done` things over `seconds`, and the time the rest would take at it; empty until there is one. */
function pace(done, total, seconds, unit) {
    if (done === 0 || seconds <= 0)
        return '';
    const rate = done / seconds;
    const shown = rate >= 10 ? count(Math.round(rate)) : rate.toFixed(1);
    return `, ${shown} ${unit}/s${done < total ? `, ${timeLeft((total - done) / rate)}` : ''}`;
}
/**
 * The progress line for an event, `seconds` into its stage (reading the files,
 * or the sources: hashing and checking take turns source by source, and share
 * one rate, in records checked).
 */
function progressText(p, seconds) {
    switch (p.phase) {
        case 'files':
            return `citegate: reading citation files: ${count(p.done)}/${count(p.total)}, ${count(p.records)} records${pace(p.done, p.total, seconds, 'files')}`;
        case 'hashing':
        case 'checking': {
            const checked = p.recordsChecked ?? 0;
            const toCheck = p.recordsToCheck ?? 0;
            const what = p.phase === 'hashing' ? 'hashing' : 'checking';
            // While a source is hashed or checked, it is the one shown: one more than those done.
            const source = p.finished ? p.done : p.done + 1;
            return (`citegate: ${what} sources: ${count(source)}/${count(p.total)}, ${count(checked)}/${count(toCheck)} records checked` +
                pace(checked, toCheck, seconds, 'records'));
        }
        case 'explaining':
            return 'citegate: explaining: looking for the lost quotes in the other sources';
    }
}
function progressLine(stream, env = process.env) {
    if (!stream.isTTY)
        return QUIET;
    // How long to wait before showing anything, and how often to redraw.
    const after = Number(env.CITEGATE_PROGRESS_AFTER_MS ?? 1000);
    const every = Number(env.CITEGATE_PROGRESS_EVERY_MS ?? 100);
    const started = Date.now();
    let last = 0;
    let shown = false;
    let stage;
    let stageStarted = started;
    return {
        update(p) {
            const now = Date.now();
            const current = p.phase === 'files' ? 'files' : p.phase === 'explaining' ? 'explaining' : 'sources';
            if (current !== stage) {
                stage = current;
                stageStarted = now;
            }
            if (now - started < after || (now - last < every && p.phase !== 'explaining'))
                return;
            last = now;
            shown = true;
            let text = progressText(p, (now - stageStarted) / 1000);
            // One line: a line that wraps cannot be rewritten in place.
            if (stream.columns > 1 && text.length > stream.columns - 1)
                text = `${text.slice(0, stream.columns - 2)}…`;
            stream.write(`\r\x1b[K${text}`);
        },
        done() {
            if (shown)
                stream.write('\r\x1b[K');
        },
    };
}

;// CONCATENATED MODULE: ./src/cli/workspace-arg.ts




/** The workspace of --root (default: the current folder), or a usage error saying why not. */
function openWorkspace(root, command) {
    const dir = external_node_path_default().resolve(root ?? '.');
    let isDir = false;
    try {
        isDir = (0,external_node_fs_namespaceObject.statSync)(dir).isDirectory();
    }
    catch {
        // reported below
    }
    if (!isDir)
        throw new UsageError(`--root ${JSON.stringify(root ?? '.')} is not a folder`, command);
    return new Workspace(dir);
}
/** How --manifest named the manifest, for the message when it is not there: a path from the current folder. */
function manifestGiven(manifest, root) {
    if (manifest === undefined)
        return undefined;
    return root === undefined
        ? '--manifest is a path from the current folder'
        : '--manifest is a path from the current folder, not from --root';
}

;// CONCATENATED MODULE: ./src/cli/check.ts
// `citegate check`: reads its options into one settings object, runs the
// check session, and writes the report it was asked for.

















const OPTIONS = {
    manifest: { type: 'string' },
    root: { type: 'string' },
    format: { type: 'string', default: 'text' },
    output: { type: 'string' },
    'max-source-bytes': { type: 'string' },
    explain: { type: 'boolean' },
    'only-failures': { type: 'boolean' },
    shard: { type: 'string' },
    'uncited-claims': { type: 'string' },
    'required-sources': { type: 'string' },
    'claim-numbers': { type: 'string' },
    'citation-locations': { type: 'string' },
    baseline: { type: 'string' },
    'fail-on': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
};
function readSettings(args) {
    const { values, positionals } = parseCommandArgs('check', args, OPTIONS);
    if (values.help)
        return 'help';
    if (values.format !== 'text' && values.format !== 'json' && values.format !== 'sarif') {
        throw new UsageError(`--format takes text, json or sarif, not ${JSON.stringify(values.format)}`, 'check');
    }
    if (values['only-failures'] && values.format !== 'text') {
        // The JSON report is evidence merge-reports checks whole: it keeps every record.
        throw new UsageError(values.format === 'json'
            ? '--only-failures is for the text report: the JSON report keeps every record (filter it with jq)'
            : '--only-failures is for the text report: SARIF holds only what is not located already', 'check');
    }
    const maxSourceBytes = parseByteCount(values['max-source-bytes'], '--max-source-bytes', 'check', {
        bytes: MAX_SOURCE_BYTES,
        why: MAX_SOURCE_BYTES_WHY,
    });
    const shard = values.shard === undefined ? undefined : parseShard(values.shard);
    if (values.shard !== undefined && shard === undefined) {
        throw new UsageError(`--shard takes ${SHARD_FORM}, not ${JSON.stringify(values.shard)}`, 'check');
    }
    let checks;
    try {
        checks = readLevelOverrides((name) => values[name]);
    }
    catch (error) {
        if (error instanceof LevelError)
            throw new UsageError(`--${error.message}`, 'check');
        throw error;
    }
    const failOn = values['fail-on'] ?? (values.baseline !== undefined ? 'new' : 'any');
    if (!FAIL_ON.includes(failOn)) {
        throw new UsageError(`--fail-on takes ${FAIL_ON.join(' or ')}, not ${JSON.stringify(failOn)}`, 'check');
    }
    if (failOn === 'new' && values.baseline === undefined) {
        throw new UsageError('--fail-on new needs --baseline: what is new is judged against an earlier report', 'check');
    }
    return {
        baseline: values.baseline,
        failOn: failOn,
        manifest: values.manifest,
        root: values.root,
        format: values.format,
        output: outputFile(values.output),
        explain: values.explain === true,
        onlyFailures: values['only-failures'] === true,
        maxSourceBytes,
        shard,
        checks,
        files: positionals,
    };
}
async function checkCommand(args, io) {
    const settings = readSettings(args);
    if (settings === 'help') {
        io.stdout(CHECK_HELP);
        return 0;
    }
    const { output } = settings;
    if (output !== undefined)
        assertWritable(output);
    const workspace = openWorkspace(settings.root, 'check');
    const manifest = loadManifest(workspace, settings.manifest ?? external_node_path_default().join(workspace.root, DEFAULT_MANIFEST), {
        given: manifestGiven(settings.manifest, settings.root),
    });
    // Read beside the check, on the other core; a file that cannot be opened is an error before it.
    const baseline = settings.baseline === undefined ? undefined : readBaselineFile(settings.baseline, workspace.root);
    const progress = progressLine(process.stderr);
    const session = new Session({
        workspace,
        manifest,
        selection: settings.files.length === 0 ? { kind: 'manifest' } : { kind: 'named', names: settings.files },
        shard: settings.shard,
        checks: settings.checks,
        maxSourceBytes: settings.maxSourceBytes,
        // The plain text report shows verdicts only: explaining them would be wasted work.
        explain: settings.format !== 'text' || settings.explain,
        failOn: settings.failOn,
        onProgress: (p) => progress.update(p),
    });
    if (output !== undefined)
        assertNotAnInput(output, () => runInputs(workspace, manifest, session.selected));
    const checked = session.check();
    progress.done();
    const result = session.finish(checked, await baseline);
    const chunks = reportChunks(result, settings);
    if (output !== undefined)
        writeChunks(output, chunks, { workspace });
    else
        for (const chunk of chunks)
            io.stdout(chunk);
    for (const chunk of diagnosticsChunks(result, {
        named: settings.files.length > 0,
        shard: settings.shard,
        noPatterns: manifest.citations.length === 0,
    }))
        io.stderr(chunk);
    if (result.baseline)
        io.stderr(`${baselineLine(result, result.outcome.passed ? 'warning' : 'error')}\n`);
    return result.outcome.passed ? 0 : 1;
}
function reportChunks(result, settings) {
    switch (settings.format) {
        case 'json':
            return jsonReportChunks(result, result.shard ? { shard: result.shard } : {});
        case 'sarif':
            // The Action's SARIF, with the workspace's paths: the CLI knows no repository.
            return sarifChunks(result);
        case 'text':
            return textReportChunks(result, { explain: settings.explain, onlyFailures: settings.onlyFailures });
    }
}

;// CONCATENATED MODULE: ./src/check/init.ts
// What `citegate init` writes for a folder of source texts: a manifest that
// lists each as a source (its id from its file name, pinned to the SHA-256 of
// its bytes, retrieved today) with a `citations` pattern, and an example
// citation file whose one record quotes a passage that occurs exactly once in
// its source, so that it is `located`. Plans only: the front end writes.








/** The manifest init writes, at the workspace root, and the example beside the answers it stands for. */
const INIT_MANIFEST = 'citegate.yml';
const INIT_EXAMPLE = 'answers/example.json';
const INIT_PATTERN = 'answers/**/*.json';
/** Nothing can be planned (no text, or none with a passage to quote): exit 2, nothing written. */
class InitError extends Error {
}
/**
 * Plans the two files for the texts under `folder` (workspace-relative), read
 * by readSourceFolder, on the date `today` (YYYY-MM-DD).
 */
function planInit(texts, folder, today, folderLabel) {
    if (texts.length === 0) {
        throw new InitError(`${folderLabel} holds no source text (UTF-8 files): put the reviewed texts there`);
    }
    const ids = sourceIds(texts.map((t) => t.file), folder);
    const sources = texts.map((t, i) => ({ id: ids[i], file: t.file, sha256: sha256Hex(t.bytes) }));
    let example;
    for (const [i, t] of texts.entries()) {
        const quote = uniquePassage(t.bytes.toString('utf8', bomLength(t.bytes)));
        if (quote !== undefined) {
            example = { id: ids[i], quote };
            break;
        }
    }
    if (example === undefined) {
        throw new InitError(`no text under ${folderLabel} has a line or sentence that occurs exactly once in it, for the example to quote`);
    }
    const manifest = [
        '# The sources that answers may quote, each pinned to the SHA-256 of the text',
        '# that was reviewed, and where the citation files are. Written by',
        `# citegate init on ${today}: see https://github.com/citegate/citegate/blob/main/docs/manifest.md`,
        'version: 1',
        'sources:',
        ...sources.flatMap((s) => [
            `  ${yamlString(s.id)}:`,
            `    path: ${yamlString(s.file)}`,
            `    sha256: ${s.sha256}`,
            `    retrieved: ${today}`,
        ]),
        'citations:',
        `  - ${INIT_PATTERN}   # JSON Lines and YAML too: add answers/**/*.jsonl, answers/**/*.yaml`,
        '',
    ].join('\n');
    // What is written must load as it will be read: a name the YAML above cannot carry stops here.
    try {
        const loaded = parseManifest(manifest, INIT_MANIFEST, '');
        if (loaded.sources.size !== sources.length)
            throw new Error('init: a source id was lost in the manifest');
    }
    catch (error) {
        if (error instanceof ManifestError)
            throw new Error(`init: the manifest it planned does not load: ${error.message}`);
        throw error;
    }
    const record = { citation_id: 'example-1', source_id: example.id, quote: example.quote };
    return {
        manifest,
        example: `${JSON.stringify({ citations: [record] }, null, 2)}\n`,
        sources: sources.map(({ id, file }) => ({ id, file })),
        quoted: example.id,
    };
}
/**
 * Each file's id: its path under the folder without the extension
 * (`returns-v1` for sources/returns-v1.txt, `policies/returns-v1` for a
 * subfolder's); with the extension kept, for files that would share one.
 */
function sourceIds(files, folder) {
    const under = files.map((f) => (folder === '' ? f : f.slice(folder.length + 1)));
    const stems = under.map((f) => {
        const ext = external_node_path_default().posix.extname(f);
        return ext === '' || ext === f ? f : f.slice(0, -ext.length);
    });
    const count = new Map();
    for (const s of stems)
        count.set(s, (count.get(s) ?? 0) + 1);
    return stems.map((s, i) => (count.get(s) > 1 ? under[i] : s));
}
/** A YAML scalar for an id or a path: plain when YAML reads it back as that string, JSON-quoted otherwise. */
function yamlString(value) {
    return /^[A-Za-z_][A-Za-z0-9_./-]*$/.test(value) && !/^(true|false|null)$/i.test(value)
        ? value
        : JSON.stringify(value);
}
/** Passages longer than this are not quoted whole: the example is read by people. */
const LONGEST = 300;
/**
 * A passage of the text that occurs exactly once in it, as the check matches
 * quotes (after normalization, on word boundaries): the first line (or, in a
 * long line, the first sentence) that reads as a sentence of four words or
 * more, else the first of any length; undefined when none is unique.
 */
function uniquePassage(text) {
    const source = external_node_buffer_namespaceObject.Buffer.from(normalizeText(text), 'utf8');
    const pieces = [];
    for (const line of text.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/)) {
        const trimmed = line.trim();
        if (trimmed === '')
            continue;
        if (trimmed.length <= LONGEST)
            pieces.push(trimmed);
        else
            for (const s of splitSentences(trimmed)) {
                const words = s.text.split(/\s+/);
                pieces.push(s.text.length <= LONGEST ? s.text : words.slice(0, 20).join(' '));
            }
        // Enough to choose from: a long source is not read to its end.
        if (pieces.length >= 2000)
            break;
    }
    const words = (p) => normalizeText(p).split(' ').length;
    const ranked = [
        ...pieces.filter((p) => words(p) >= 4 && /[.!?]["'”’)]?$/.test(p)),
        ...pieces.filter((p) => words(p) >= 4 && !/[.!?]["'”’)]?$/.test(p)),
        ...pieces.filter((p) => words(p) < 4),
    ];
    for (const piece of ranked.slice(0, 200)) {
        const normalized = normalizeText(piece);
        if (normalized === '')
            continue;
        if (match_findMatches(source, prepareQuote(normalized), 2).length === 1)
            return piece;
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/load/source-folder.ts
// The texts in a folder of the workspace, for `citegate init` to list as
// sources: every regular file under it (links that stay inside the workspace
// followed to their file, hidden names skipped), each read once, with why the
// others cannot be sources.




/** More entries than this under the folder: it is not a folder of source texts (a checkout, node_modules). */
const MAX_FOLDER_ENTRIES = 10_000;
class SourceFolderError extends Error {
}
/** Characters no source path may hold in a manifest written for people: controls, line separators, U+FFFD (a name that was not UTF-8). */
const UNWRITABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufffd]/;
/**
 * The texts under `folder` (workspace-relative, '' for the root), in path
 * order. Throws SourceFolderError when the folder cannot be listed at all.
 */
function readSourceFolder(workspace, folder, maxBytes) {
    const texts = [];
    const skipped = [];
    let entries = 0;
    const visit = (rel, top) => {
        const resolved = workspace.resolve('', rel === '' ? '.' : rel, 'file name');
        if (!resolved.ok) {
            if (top)
                throw new SourceFolderError(resolved.reason);
            skipped.push({ file: rel, reason: resolved.reason });
            return;
        }
        let names;
        try {
            names = (0,external_node_fs_namespaceObject.readdirSync)(resolved.abs, { withFileTypes: true });
        }
        catch (error) {
            const reason = describeFsError(error);
            if (top)
                throw new SourceFolderError(reason === 'no such file' ? 'no such folder' : reason);
            skipped.push({ file: rel, reason });
            return;
        }
        for (const entry of [...names].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
            if (entry.name.startsWith('.'))
                continue;
            if (++entries > MAX_FOLDER_ENTRIES) {
                throw new SourceFolderError(`it holds more than ${MAX_FOLDER_ENTRIES.toLocaleString('en-US')} files and folders: name the folder of the source texts`);
            }
            const file = rel === '' ? entry.name : `${rel}/${entry.name}`;
            if (UNWRITABLE.test(entry.name) || entry.name.includes('\\')) {
                skipped.push({ file, reason: 'its name holds characters a manifest path should not (rename it)' });
                continue;
            }
            // A folder is listed; a link to one is not (it could lead back up).
            if (entry.isDirectory()) {
                visit(file, false);
                continue;
            }
            const at = workspace.resolve('', file, 'file name');
            if (!at.ok) {
                skipped.push({ file, reason: at.reason });
                continue;
            }
            const read = workspace.read(at.abs, maxBytes);
            if (!read.ok) {
                const reason = entry.isSymbolicLink() && read.reason === 'it is a folder, not a file'
                    ? 'it is a link to a folder: init lists the folders themselves, not links to them'
                    : read.reason;
                skipped.push({ file, reason });
                continue;
            }
            if (!(0,external_node_buffer_namespaceObject.isUtf8)(read.bytes)) {
                skipped.push({
                    file,
                    reason: 'it is not UTF-8 text (a PDF or a document? list its extracted text as the source, and it as its `original`)',
                });
                continue;
            }
            texts.push({ file, bytes: read.bytes });
        }
    };
    visit(folder, true);
    return { texts, skipped };
}
/** The folder's path as `init` names it in messages: workspace-relative, with a trailing `/`. */
function folderLabel(folder) {
    return folder === '' ? './' : `${folder.split((external_node_path_default()).sep).join('/')}/`;
}

;// CONCATENATED MODULE: ./src/cli/init.ts
// `citegate init`: starts citegate in a repository with a folder of source
// texts. Writes citegate.yml (every text listed, pinned, retrieved today, and
// a `citations` pattern) and answers/example.json (one record that passes),
// checks that the example passes, then says what to do next. It writes over
// nothing: if either file is there, it writes neither.














/** The folder of source texts when --sources does not name one. */
const DEFAULT_SOURCES = 'sources';
function initCommand(args, io) {
    const { values, positionals } = parseCommandArgs('init', args, {
        sources: { type: 'string' },
        root: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
        io.stdout(INIT_HELP);
        return 0;
    }
    if (positionals.length > 0) {
        throw new UsageError(`init takes no ${JSON.stringify(positionals[0])}: name the folder with --sources`, 'init');
    }
    const workspace = openWorkspace(values.root, 'init');
    const folderAbs = values.sources === undefined ? external_node_path_default().join(workspace.root, DEFAULT_SOURCES) : workspace.argumentPath(values.sources);
    if (!workspace.contains(folderAbs)) {
        throw new UsageError(`--sources ${JSON.stringify(values.sources)} is outside the repository (${workspace.root}): use --root`, 'init');
    }
    const folder = workspace.relative(folderAbs);
    const label = folderLabel(folder);
    // Refused before anything is read: nothing is written over.
    const there = [INIT_MANIFEST, INIT_EXAMPLE].filter((file) => exists(external_node_path_default().join(workspace.root, file)));
    if (there.length > 0) {
        io.stderr(`${[
            ...there.map((file) => formatDiagnostic({ file, line: 0, column: 0 }, 'error', 'it is there already, and init writes over nothing')),
            formatDiagnostic(undefined, 'error', `nothing written: move ${there.length === 1 ? 'it' : 'them'} away to start afresh, or edit ${there.length === 1 ? 'it' : 'them'} by hand`),
        ]
            .map(escape_escapeMessage)
            .join('\n')}\n`);
        return 2;
    }
    let listed;
    try {
        listed = readSourceFolder(workspace, folder, DEFAULT_MAX_SOURCE_BYTES);
    }
    catch (error) {
        if (!(error instanceof SourceFolderError))
            throw error;
        throw new InputError(values.sources === undefined && error.message === 'no such folder'
            ? `no folder ${label} to list the sources from: put the reviewed texts there, or name their folder with --sources`
            : `cannot list the sources: ${error.message}`, values.sources === undefined && error.message === 'no such folder' ? undefined : label);
    }
    for (const s of listed.skipped) {
        io.stderr(`${escape_escapeMessage(formatDiagnostic({ file: s.file, line: 0, column: 0 }, 'warning', `not listed: ${s.reason}`))}\n`);
    }
    const today = localDate(new Date());
    let plan;
    try {
        plan = planInit(listed.texts, folder, today, label);
    }
    catch (error) {
        if (error instanceof InitError)
            throw new InputError(`nothing written: ${error.message}`);
        throw error;
    }
    // The folders they go in must be the repository's: never a link that leads out of it.
    for (const file of [INIT_MANIFEST, INIT_EXAMPLE]) {
        const dir = external_node_path_default().posix.dirname(file);
        const resolved = dir === '.' ? undefined : workspace.resolve('', dir, 'file name');
        if (resolved !== undefined && !resolved.ok)
            throw new InputError(`nothing written: ${dir}: ${resolved.reason}`);
    }
    const undo = writeAll(workspace.root, [
        [INIT_MANIFEST, plan.manifest],
        [INIT_EXAMPLE, plan.example],
    ]);
    // The example must pass as the check reads it: if it does not, nothing is left behind.
    try {
        const manifest = loadManifest(workspace, external_node_path_default().join(workspace.root, INIT_MANIFEST));
        const result = new Session({
            workspace,
            manifest,
            selection: { kind: 'named', names: [external_node_path_default().join(workspace.root, INIT_EXAMPLE)] },
            explain: false,
        }).run();
        if (!result.outcome.passed)
            throw new Error(`init: the example it wrote does not pass (${result.records[0]?.verdict})`);
    }
    catch (error) {
        undo();
        throw error;
    }
    const root = values.root === undefined ? '' : ` --root ${shellWord(values.root)}`;
    const n = plan.sources.length;
    io.stdout(`${[
        `wrote ${INIT_MANIFEST}: ${n === 1 ? '1 source' : `${n} sources`} from ${label}, ${n === 1 ? 'pinned' : 'each pinned'} to the SHA-256 of its file, retrieved ${today}`,
        `wrote ${INIT_EXAMPLE}: one record, quoting ${plan.quoted}`,
        '',
        'Next:',
        `  1. Review each source: its pin says "this is the text we checked". Put its`,
        '     version in its id (returns-v1, then returns-v2), and set `retrieved` to',
        '     when the text was consulted.',
        `  2. citegate check${root}`,
        `     checks ${INIT_EXAMPLE}, which passes.`,
        `  3. Have your assistant's tests or pipeline write its answers under answers/`,
        `     as ${INIT_EXAMPLE} shows (JSON; JSON Lines and YAML too), then delete it.`,
        `  4. citegate pin --check${root}`,
        '     in CI or a pre-commit hook verifies every pin, cited or not.',
        '  5. Add the workflow that gates pull requests:',
        '     https://github.com/citegate/citegate#add-citegate-to-your-repository',
    ]
        .map(escape_escapeMessage)
        .join('\n')}\n`);
    return 0;
}
/** Whether anything is at the path (a link too, even one that leads nowhere; a path through a file counts). */
function exists(abs) {
    try {
        (0,external_node_fs_namespaceObject.lstatSync)(abs);
        return true;
    }
    catch (error) {
        return error.code !== 'ENOENT';
    }
}
/**
 * Writes the files, each only where nothing is (`wx`), creating a missing
 * folder for them; on a failure removes what it wrote and says so. Returns
 * what undoes it.
 */
function writeAll(root, files) {
    const written = [];
    const created = [];
    const undo = () => {
        for (const abs of written.splice(0))
            (0,external_node_fs_namespaceObject.rmSync)(abs, { force: true });
        for (const dir of created.splice(0).reverse()) {
            try {
                (0,external_node_fs_namespaceObject.rmdirSync)(dir);
            }
            catch {
                // Something else was put there since: it stays.
            }
        }
    };
    for (const [file, text] of files) {
        const abs = external_node_path_default().join(root, file);
        try {
            const dir = external_node_path_default().dirname(abs);
            if (!exists(dir)) {
                (0,external_node_fs_namespaceObject.mkdirSync)(dir);
                created.push(dir);
            }
            (0,external_node_fs_namespaceObject.writeFileSync)(abs, text, { flag: 'wx' });
            written.push(abs);
        }
        catch (error) {
            undo();
            throw new InputError(`nothing written: cannot write ${file}: ${describeFsError(error)}`);
        }
    }
    return undo;
}
/** A date as YYYY-MM-DD in the local time zone: "today" where the command runs. */
function localDate(date) {
    const pad = (n) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

;// CONCATENATED MODULE: ./src/report/summary.ts
// The job summary: a page a reviewer reads at a glance. Headline, counts per
// verdict, every failing record, the problems, the sources used, and the
// located records folded away. Untrusted text is HTML-escaped inside HTML
// tables, on one line, so it can never become markup. GitHub refuses a summary
// over 1 MiB, so the page is cut to a budget with a note saying so: everything
// on it counts against the budget, the notes included.




/** GitHub's limit is 1 MiB per step; stay clear of it. */
const SUMMARY_BUDGET_BYTES = 1_000_000;
class Page {
    budget;
    parts = [];
    used = 0;
    truncated = false;
    constructor(budget) {
        this.budget = budget;
    }
    /** Adds text if it fits; false when the budget is spent. */
    add(text) {
        const size = Buffer.byteLength(text, 'utf8');
        if (this.used + size > this.budget) {
            this.truncated = true;
            return false;
        }
        this.parts.push(text);
        this.used += size;
        return true;
    }
    /**
     * Adds text that must be there whatever the budget: only short, fixed text
     * (headings, closing tags, the cut note), which RESERVE leaves room for.
     */
    force(text) {
        this.parts.push(text);
        this.used += Buffer.byteLength(text, 'utf8');
    }
    toString() {
        return this.parts.join('');
    }
}
/** Room kept for the forced text: the headline, headings, table frames, the cut note. */
const RESERVE = 6_000;
/** A note is a sentence or two; past this it is shortened. */
const NOTE_SHOWN = 2_000;
/** Adds a note, shortened to what is left of the budget if need be. */
function addNote(page, note) {
    for (let max = NOTE_SHOWN; max >= 40; max = Math.floor(max / 2)) {
        if (page.add(`<p>${escapeHtml(shorten(note, max))}</p>\n\n`))
            return;
    }
}
function buildSummary(result, context = {}) {
    const page = new Page((context.budgetBytes ?? SUMMARY_BUDGET_BYTES) - RESERVE);
    const counts = tally(result);
    const { total, located } = counts;
    const ok = result.outcome.passed;
    // Judged on what a change made worse, the page leads with that.
    const judgedOnChange = result.baseline?.failOn === 'new' ? changeHeadline(result) : undefined;
    const headline = context.headline ??
        `${ok ? '✅' : '❌'} citegate: ${judgedOnChange ?? `${located} of ${total} record${total === 1 ? '' : 's'} located`} — ${ok ? 'pass' : 'fail'}`;
    page.force(`## ${headline}\n\n`);
    if (result.baseline)
        addNote(page, `What changed since the baseline (${result.baseline.from}): ${changeLine(result)}`);
    // Notes hold ids and reasons: an HTML paragraph keeps them out of Markdown altogether.
    for (const note of context.notes ?? [])
        addNote(page, note);
    if (total > 0) {
        page.force('| verdict | records |\n| --- | ---: |\n');
        for (const [verdict, n] of Object.entries(counts.verdicts))
            page.force(`| ${verdict} | ${n} |\n`);
        page.force('\n');
    }
    const failing = result.records.filter((r) => !result_isLocated(r));
    // Against a baseline, what the change made worse comes first, and what was failing already folds away.
    const byChange = (r) => CHANGE_ORDER.indexOf(r.baseline?.state ?? 'new');
    const worse = result.baseline
        ? failing.filter((r) => r.baseline?.state !== 'still failing').sort((a, b) => byChange(a) - byChange(b))
        : failing;
    const already = result.baseline ? failing.filter((r) => r.baseline?.state === 'still failing') : [];
    const columns = [
        'file',
        'citation',
        'source',
        'verdict',
        ...(result.baseline ? ['baseline'] : []),
        'quote',
        'claim',
        'what was found',
    ];
    const cells = (r) => [
        fileLink(r, context),
        escapeHtml(text_recordName(r)),
        escapeHtml(r.sourceId ?? ''),
        `<b>${r.verdict}</b>${reasonOf(r) ? `<br>${escapeHtml(shorten(reasonOf(r), 200))}` : ''}`,
        ...(result.baseline ? [baselineCell(r)] : []),
        escapeHtml(shorten(r.quote ?? '', 120)),
        escapeHtml(shorten(r.claim ?? '', 120)),
        whatWasFound(r),
    ];
    if (worse.length > 0) {
        const title = result.baseline ? 'Failing records, broken and new first' : 'Failing records';
        page.force(`### ${title} (${worse.length})\n\n`);
        table(page, columns, worse, cells, 'failing records');
    }
    if (already.length > 0) {
        const counted = result.baseline?.failOn === 'new' ? ', not counted' : '';
        page.force(`<details><summary>${already.length} failing in the baseline too${counted}</summary>\n\n`);
        table(page, columns, already, cells, 'records failing in the baseline too');
        page.force('\n</details>\n\n');
    }
    if (result.problems.length > 0) {
        page.force(`### Problems with the input (${result.problems.length})\n\n`);
        table(page, ['where', 'problem'], result.problems, (p) => [escapeHtml(p.line > 0 ? `${p.file}:${p.line}:${p.column}` : p.file), escapeHtml(shorten(p.message, 400))], 'problems');
    }
    if (result.findings.length > 0) {
        page.force(`### Findings beyond quotes (${result.findings.length})\n\n`);
        table(page, ['where', 'finding', 'level', 'citation', 'what'], result.findings, (f) => [
            fileLinkAt(f.file, f.line, context),
            escapeHtml(f.kind),
            f.level === 'fail' ? '<b>fail</b>' : 'warn',
            escapeHtml(f.citationId ?? ''),
            escapeHtml(shorten(f.message, 300)),
        ], 'findings');
    }
    if (result.sources.length > 0) {
        page.force(`### Sources used (${result.sources.length})\n\n`);
        table(page, ['source', 'path', 'SHA-256', 'retrieved', 'status', 'records'], result.sources, (s) => [
            escapeHtml(s.id),
            escapeHtml(s.path),
            `<code>${escapeHtml((s.sha256 ?? '').slice(0, 12))}</code>`,
            escapeHtml(s.retrieved),
            s.status === 'verified' ? 'verified' : `<b>unverified</b><br>${escapeHtml(shorten(s.reason ?? '', 200))}`,
            String(s.citedBy),
        ], 'sources');
    }
    const good = result.records.filter(result_isLocated);
    if (good.length > 0) {
        page.force(`<details><summary>${good.length} located record${good.length === 1 ? '' : 's'}</summary>\n\n`);
        table(page, ['file', 'citation', 'source', 'at'], good, (r) => [
            fileLink(r, context),
            escapeHtml(text_recordName(r)),
            escapeHtml(r.sourceId ?? ''),
            r.match ? `line ${r.match.line}, column ${r.match.column}` : '',
        ], 'located records');
        page.force('\n</details>\n\n');
    }
    if (page.truncated) {
        page.force(`> [!NOTE]\n> This summary was cut to stay under GitHub's 1 MiB limit. ${shorten(context.fullReportHint ?? 'The full list is in the JSON report and in the log.', 300)}\n`);
    }
    return page.toString();
}
/** The failing states in the order a reviewer wants them. */
const CHANGE_ORDER = ['broken', 'new', 'still failing'];
function baselineCell(r) {
    const b = r.baseline;
    if (!b)
        return '';
    return `${b.state === 'broken' ? '<b>broken</b>' : escapeHtml(b.state)}${b.verdict ? `<br>was ${escapeHtml(b.verdict)}` : ''}`;
}
/** The headline of a run judged on what it made worse: "3 newly broken, 2 fixed, 4 still failing (not counted)". */
function changeHeadline(result) {
    const counts = tally(result).baseline;
    let newFailing = 0;
    for (const r of result.records)
        if (r.baseline?.state === 'new' && !result_isLocated(r))
            newFailing++;
    return [
        `${counts.broken} newly broken`,
        ...(newFailing > 0 ? [`${newFailing} new not located`] : []),
        `${counts.fixed} fixed`,
        `${counts['still failing']} still failing (not counted)`,
    ].join(', ');
}
/** What changed since the baseline, in one sentence ("2 newly broken, 1 fixed, 4 still failing (not counted)"). */
function changeLine(result) {
    const b = result.baseline;
    const counts = tally(result).baseline;
    let newFailing = 0;
    for (const r of result.records)
        if (r.baseline?.state === 'new' && !result_isLocated(r))
            newFailing++;
    const notCounted = b.failOn === 'new' ? ' (not counted)' : '';
    const parts = [
        `${counts.broken} newly broken`,
        `${newFailing} new not located`,
        `${counts.fixed} fixed`,
        `${counts['still failing']} still failing${notCounted}`,
        `${counts.unchanged} unchanged`,
        `${counts.removed} removed`,
    ];
    const { added, removed, repinned } = b.sources;
    if (repinned.length > 0)
        parts.push(`re-pinned since: ${repinned.join(', ')} (judged against the new text)`);
    if (added.length > 0)
        parts.push(`sources added to the manifest since: ${added.join(', ')}`);
    if (removed.length > 0)
        parts.push(`sources removed from the manifest since: ${removed.join(', ')}`);
    return `${parts.join('; ')}.`;
}
/** The explanation, with the closest passage's diff marked up (<del> what the source has, <ins> what the quote has). */
function whatWasFound(r) {
    const closest = r.verdict === 'quote not found' ? r.closest : undefined;
    return explain_text_explainRecord(r)
        .slice(0, 4)
        .map((line) => {
        if (closest?.parts && line.startsWith('closest passage (')) {
            const head = line.slice(0, line.indexOf('): ') + 3);
            const diff = closest.parts
                .map((p) => {
                const text = escapeHtml(shorten(p.text, 200));
                return p.op === 'same' ? text : p.op === 'added' ? `<ins>${text}</ins>` : `<del>${text}</del>`;
            })
                .join(' ');
            return `${escapeHtml(head)}${diff}`;
        }
        return escapeHtml(shorten(line, 300));
    })
        .join('<br>');
}
function table(page, headers, rows, cells, what) {
    page.force(`<table>\n<thead><tr>${headers.map((h) => `<th>${h}</th>`).join('')}</tr></thead>\n<tbody>\n`);
    let shown = 0;
    for (const row of rows) {
        if (!page.add(`<tr>${cells(row)
            .map((c) => `<td>${c}</td>`)
            .join('')}</tr>\n`))
            break;
        shown++;
    }
    if (shown < rows.length) {
        page.force(`<tr><td colspan="${headers.length}"><i>${rows.length - shown} more ${what} not shown (summary size limit)</i></td></tr>\n`);
    }
    page.force('</tbody>\n</table>\n\n');
}
function fileLink(r, context) {
    return fileLinkAt(r.file, r.line, context);
}
function fileLinkAt(file, line, context) {
    const label = escapeHtml(line > 0 ? `${file}:${line}` : file);
    const inRepository = context.repositoryPath ? context.repositoryPath(file) : file;
    if (!context.serverUrl || !context.repository || !context.headSha || inRepository === undefined)
        return label;
    const path = inRepository.split('/').map(encodeURIComponent).join('/');
    const { owner, repo } = context.repository;
    const href = `${context.serverUrl}/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/blob/${context.headSha}/${path}${line > 0 ? `#L${line}` : ''}`;
    return `<a href="${escapeAttribute(href)}">${label}</a>`;
}

;// CONCATENATED MODULE: ./src/check/merge.ts
// Merging the reports of a sharded run into the result the unsharded run
// would have given, refusing parts that do not make one run.



/**
 * Refuses parts that do not make one run: shards of different splits or
 * runs, a shard missing or given twice, a file (and so its records) in two
 * parts or in a shard it does not belong to. Merging such parts would count
 * records twice or silently leave some out. `names`: the reports' file names.
 */
function checkPartsBelongTogether(parts, names) {
    // The Action's reports say which event and commits they checked, and how.
    const event = canonical(parts[0].github ?? null);
    parts.forEach((p, i) => {
        if (canonical(p.github ?? null) !== event)
            throw new ReportError(`${names[0]} and ${names[i]} are reports of different runs: their events, commits or scopes differ`);
    });
    // Judged against one baseline, the same way, or their states do not add up.
    const against = (p) => canonical(p.baseline ? [p.baseline.from, p.baseline.digest, p.baseline.failOn] : null);
    parts.forEach((p, i) => {
        if (against(p) !== against(parts[0]))
            throw new ReportError(`${names[0]} and ${names[i]} were checked against different baselines (or one against none, or with another --fail-on)`);
    });
    const sharded = parts.filter((p) => p.shard !== undefined);
    if (sharded.length > 0) {
        if (sharded.length < parts.length) {
            const whole = parts.findIndex((p) => p.shard === undefined);
            throw new ReportError(`some reports are shards of a split run and some are not (${names[parts.indexOf(sharded[0])]} is a shard, ${names[whole]} is not)`);
        }
        const first = sharded[0].shard;
        const given = new Map();
        parts.forEach((p, i) => {
            const shard = p.shard;
            if (shard.count !== first.count) {
                throw new ReportError(`the reports are shards of different splits (${names[0]} of ${first.count}, ${names[i]} of ${shard.count})`);
            }
            if (shard.run !== first.run) {
                throw new ReportError(`${names[0]} and ${names[i]} are shards of different runs: their manifests, citation files, events or citegate versions differ`);
            }
            given.set(shard.index, [...(given.get(shard.index) ?? []), i]);
            for (const file of p.files) {
                const belongs = shard_shardOf(file, shard.count);
                if (belongs !== shard.index)
                    throw new ReportError(`${names[i]} holds ${file}, which belongs to shard ${belongs} of ${shard.count}, not ${shard.index}`);
            }
        });
        for (const [index, at] of [...given].sort((a, b) => a[0] - b[0])) {
            if (at.length > 1)
                throw new ReportError(`shard ${index} of ${first.count} is given more than once (${at.map((i) => names[i]).join(', ')})`);
        }
        const missing = Array.from({ length: first.count }, (_, i) => i + 1).filter((i) => !given.has(i));
        if (missing.length > 0) {
            const shown = missing.length > 20 ? `${missing.slice(0, 20).join(', ')} and ${missing.length - 20} more` : missing.join(', ');
            throw new ReportError(`shard ${shown} of ${first.count} ${missing.length === 1 ? 'is' : 'are'} missing: merging without ${missing.length === 1 ? 'it' : 'them'} would leave ${missing.length === 1 ? 'its' : 'their'} files unchecked`);
        }
    }
    const owner = new Map();
    parts.forEach((p, i) => {
        for (const file of p.files) {
            const other = owner.get(file);
            if (other !== undefined && other !== i)
                throw new ReportError(`${file} is in ${names[other]} and in ${names[i]}: its records would count twice`);
            owner.set(file, i);
        }
        // A record given twice within a report was refused as it was read (checkComplete).
        for (const r of p.records) {
            if (owner.get(r.file) !== i)
                throw new ReportError(`${names[i]} holds a record of ${r.file} but does not list that file`);
        }
    });
}
/**
 * The result of the whole run from the results of its shards: files in path
 * order, each file's records in order, sources in manifest order (counts
 * summed, unverified if any shard found it so), problems with files first, then
 * those of sources, each once.
 */
function mergeResults(parts, names = parts.map((_, i) => `report ${i + 1}`)) {
    if (parts.length === 0)
        throw new ReportError('no reports to merge');
    checkPartsBelongTogether(parts, names);
    const manifest = parts[0].manifest;
    parts.forEach((p, i) => {
        if (p.manifest !== manifest)
            throw new ReportError(`the reports come from different manifests (${manifest} in ${names[0]}, ${p.manifest} in ${names[i]})`);
    });
    const manifestSources = sameManifestSources(parts, names);
    const files = [...new Set(parts.flatMap((p) => p.files))].sort(comparePaths);
    const fileOrder = new Map(files.map((f, i) => [f, i]));
    const records = parts
        .flatMap((p) => p.records)
        .sort((a, b) => fileOrder.get(a.file) - fileOrder.get(b.file) || a.index - b.index);
    const sources = new Map();
    for (const s of parts.flatMap((p) => p.sources)) {
        const known = sources.get(s.id);
        if (!known) {
            sources.set(s.id, s);
            continue;
        }
        const unverified = known.status === 'unverified' ? known : s.status === 'unverified' ? s : undefined;
        sources.set(s.id, { ...(unverified ?? known), citedBy: known.citedBy + s.citedBy });
    }
    // Every shard reports what it found while listing the files (a folder it
    // cannot read, a name that is not UTF-8), and each source it verified:
    // those are said once. A checked file's problems are in its shard's report only.
    const seen = new Set();
    const once = (x) => {
        const key = `${x.file}\0${x.line}:${x.column}:${x.message}`;
        if (seen.has(key))
            return false;
        seen.add(key);
        return true;
    };
    const fileProblems = parts
        .flatMap((p) => p.problems.filter((x) => x.file !== manifest))
        .filter((x) => fileOrder.has(x.file) || once(x))
        .map((x, i) => ({ x, i }))
        .sort((a, b) => (fileOrder.get(a.x.file) ?? -1) - (fileOrder.get(b.x.file) ?? -1) || a.i - b.i)
        .map(({ x }) => x);
    const sourceProblems = parts
        .flatMap((p) => p.problems.filter((x) => x.file === manifest))
        .filter(once)
        .sort((a, b) => a.line - b.line || a.column - b.column);
    const findings = parts
        .flatMap((p) => p.findings)
        .map((f, i) => ({ f, i }))
        .sort((a, b) => fileOrder.get(a.f.file) - fileOrder.get(b.f.file) || a.i - b.i)
        .map(({ f }) => f);
    // The shards of a run over changed files make a run over changed files,
    // which does not fail for holding no records (the change may remove them
    // all). Every part has the same `github` (checkPartsBelongTogether).
    const github = parts[0].github;
    const changed = typeof github === 'object' && github !== null && github.scope === 'changed';
    return {
        manifest,
        files,
        records,
        sources: [...sources.values()].sort((a, b) => a.line - b.line || a.column - b.column),
        ...(manifestSources !== undefined ? { manifestSources } : {}),
        problems: [...fileProblems, ...sourceProblems],
        findings,
        ...(changed ? { partial: true } : {}),
        ...(parts[0].baseline ? { baseline: mergeBaselines(parts.map((p) => p.baseline)) } : {}),
    };
}
/**
 * The manifest's sources the parts list, which are those of one manifest
 * (the shards of a run check with one; runs merged otherwise must have had
 * the same sources and pins, or their records were judged against different
 * texts), or undefined when a part does not list them (an older citegate's).
 */
function sameManifestSources(parts, names) {
    const listed = parts[0].manifestSources;
    if (listed === undefined || parts.some((p) => p.manifestSources === undefined))
        return undefined;
    const held = canonical(listed);
    parts.forEach((p, i) => {
        if (canonical(p.manifestSources) !== held)
            throw new ReportError(`${names[0]} and ${names[i]} come from different versions of the manifest (its sources or pins differ)`);
    });
    return listed;
}
/**
 * One baseline block of the parts' (checkPartsBelongTogether has made sure
 * they were judged against one, and sameManifestSources that they had one
 * manifest, so that they name the same sources added, removed and re-pinned):
 * the records and fixed findings each counted for its own files.
 */
function mergeBaselines(infos) {
    const first = infos[0];
    return {
        ...first,
        removed: infos.flatMap((b) => b.removed).sort((a, b) => comparePaths(a.file, b.file)),
        findingsFixed: infos.reduce((n, b) => n + b.findingsFixed, 0),
    };
}

;// CONCATENATED MODULE: ./src/cli/merge-reports.ts













function mergeReportsCommand(args, io) {
    const { values, positionals } = parseCommandArgs('merge-reports', args, {
        output: { type: 'string' },
        format: { type: 'string', default: 'json' },
        summary: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
        io.stdout(MERGE_HELP);
        return 0;
    }
    if (values.format !== 'json' && values.format !== 'sarif') {
        throw new UsageError(`--format takes json or sarif, not ${JSON.stringify(values.format)}`, 'merge-reports');
    }
    if (positionals.length === 0)
        throw new UsageError('name the JSON reports to merge', 'merge-reports');
    const output = outputFile(values.output);
    // Neither may be a report being merged: the merge would replace it, or the
    // summary's Markdown would be appended to its JSON, and the shard be lost.
    const inputs = () => positionals.map((file) => ({ abs: external_node_path_default().resolve(file), what: `report ${file}` }));
    for (const file of [output, values.summary]) {
        if (file === undefined)
            continue;
        assertWritable(file);
        assertNotAnInput(file, inputs);
    }
    const parts = positionals.map((file) => {
        let bytes;
        try {
            const { fd } = openNamedFile(file, process.cwd());
            try {
                bytes = (0,external_node_fs_namespaceObject.readFileSync)(fd);
            }
            finally {
                (0,external_node_fs_namespaceObject.closeSync)(fd);
            }
        }
        catch (error) {
            if (error instanceof NamedFileError)
                throw new InputError(`cannot read: ${error.message}`, file);
            throw new InputError(`cannot read: ${describeFsError(error)}`, file);
        }
        try {
            return parseJsonReport(reportText(bytes));
        }
        catch (error) {
            if (error instanceof ReportError)
                throw new InputError(error.message, file, error.position);
            throw error;
        }
    });
    let merged;
    try {
        merged = judged(mergeResults(parts, positionals));
    }
    catch (error) {
        if (error instanceof ReportError)
            throw new InputError(error.message);
        throw error;
    }
    // Every report has the same `github`: mergeResults refuses others.
    const github = parts[0].github;
    const chunks = values.format === 'sarif' ? sarifChunks(merged) : jsonReportChunks(merged, github !== undefined ? { github } : {});
    if (output !== undefined)
        writeChunks(output, chunks);
    else
        for (const chunk of chunks)
            io.stdout(chunk);
    if (values.summary !== undefined) {
        writeChunks(values.summary, [buildSummary(merged, { notes: [`Merged from ${parts.length} report${parts.length === 1 ? '' : 's'}.`] })], { append: true });
    }
    return merged.outcome.passed ? 0 : 1;
}

;// CONCATENATED MODULE: ./src/cli/pin.ts
// `citegate pin`: records the SHA-256 of sources (and their originals) in the
// manifest. The only command that changes a file of the user's. It edits the hash
// values in place in the manifest's text, so comments, quoting and layout stay
// exactly as they were, and writes nothing unless every requested file could be hashed.












/** A pin that cannot be made: exit 2, nothing written. Each failure is a line of its own, then the message; all are escaped when shown. */
class PinError extends Error {
    failures;
    constructor(message, failures = []) {
        super(message);
        this.failures = failures;
        this.name = 'PinError';
    }
}
function pinCommand(args, io) {
    const { values, positionals } = parseCommandArgs('pin', args, {
        manifest: { type: 'string' },
        root: { type: 'string' },
        'max-source-bytes': { type: 'string' },
        check: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
        io.stdout(PIN_HELP);
        return 0;
    }
    const maxBytes = parseByteCount(values['max-source-bytes'], '--max-source-bytes', 'pin', {
        bytes: MAX_SOURCE_BYTES,
        why: MAX_SOURCE_BYTES_WHY,
    }) ?? DEFAULT_MAX_SOURCE_BYTES;
    const workspace = openWorkspace(values.root, 'pin');
    const manifest = loadManifest(workspace, values.manifest ?? external_node_path_default().join(workspace.root, DEFAULT_MANIFEST), {
        forPin: true,
        edit: true,
        given: manifestGiven(values.manifest, values.root),
    });
    for (const id of positionals) {
        if (!manifest.sources.has(id))
            throw new UsageError(`no source ${JSON.stringify(id)} in ${manifest.file}`, 'pin');
    }
    const ids = positionals.length > 0 ? [...new Set(positionals)] : [...manifest.sources.keys()];
    if (ids.length === 0)
        throw new UsageError(`${manifest.file} lists no sources to pin`, 'pin');
    // By place: two sources whose entry is one mapping (`b: *a`) write one hash there.
    const edits = new Map();
    const written = new Map();
    const report = [];
    const failures = [];
    const at = (position) => position === undefined ? undefined : { file: manifest.file, ...position };
    if (values.check)
        return checkPins(workspace, manifest, ids, maxBytes, at, io);
    const eol = manifest.text.includes('\r\n')
        ? '\r\n'
        : /\r(?!\n)/.test(manifest.text) && !manifest.text.includes('\n')
            ? '\r'
            : '\n';
    for (const id of ids) {
        const entry = manifest.sources.get(id);
        const files = [[`${id}`, entry]];
        if (entry.original)
            files.push([`${id} original`, entry.original]);
        for (const [label, file] of files) {
            if (file.sha256NotEditable !== undefined) {
                failures.push({ where: at(file.sha256Position), message: `${label}: ${file.sha256NotEditable}` });
                continue;
            }
            const hashed = hashFile(workspace, manifest.dir, file.path, maxBytes, file === entry);
            if (!hashed.ok) {
                failures.push({ where: at(file.pathPosition), message: `${label}: ${file.path}: ${hashed.reason}` });
                continue;
            }
            if (hashed.sha256 === file.sha256) {
                report.push(`${label}: unchanged (${hashed.sha256.slice(0, 12)}…)`);
                continue;
            }
            const place = placeOf(file);
            edits.set(place, editFor(manifest.text, file, hashed.sha256, eol));
            written.set(place, hashed.sha256);
            report.push(`${label}: ${file.sha256 ? `${file.sha256.slice(0, 12)}…` : '(none)'} -> ${hashed.sha256.slice(0, 12)}…`);
        }
    }
    if (failures.length > 0) {
        throw new PinError(`nothing written: ${failures.length === 1 ? 'a hash' : `${failures.length} hashes`} could not be pinned`, failures);
    }
    if (edits.size > 0) {
        let text = manifest.text;
        for (const edit of [...edits.values()].sort((a, b) => b.start - a.start)) {
            text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
        }
        // The edited manifest must load before it replaces the old one: strictly
        // when every source was pinned; when only some were, the others may still
        // lack a hash, as they did before. And it must read as the old one with
        // the new hashes, each where it was written.
        try {
            const pinned = parseManifest(text, manifest.file, manifest.dir, { forPin: positionals.length > 0 });
            const wrong = readsBack(manifest, pinned, written);
            if (wrong.length > 0) {
                throw new PinError(`nothing written: ${wrong.length === 1 ? 'a hash' : `${wrong.length} hashes`} would not read back as written in place`, wrong);
            }
        }
        catch (error) {
            if (error instanceof ManifestError) {
                throw new PinError('nothing written: the pinned manifest would not load (the lines are those it would have)', error.problems.map((p) => ({ where: p, message: p.message })));
            }
            throw error;
        }
        const resolved = workspace.resolve('', manifest.file, 'file name');
        if (!resolved.ok)
            throw new PinError(`nothing written: ${resolved.reason}`);
        // A byte order mark is encoding, not text (the manifest's text has none): it stays as it was.
        writeAtomically(resolved.abs, (manifest.byteOrderMark ? '\ufeff' : '') + text);
    }
    io.stdout(report.map(escape_escapeMessage).join('\n') +
        '\n' +
        (edits.size > 0
            ? `wrote ${escape_escapeMessage(manifest.file)} (${edits.size} ${edits.size === 1 ? 'hash' : 'hashes'} changed)\n`
            : 'nothing to change\n'));
    return 0;
}
/**
 * `pin --check`: every pin of the sources named (default: all of them, cited
 * or not) against its file, sources and originals alike. Prints each pin
 * that is stale (or missing) with both hashes, at its place in the manifest,
 * then how many were checked; writes nothing. Exit 1 on a stale pin, 2 when a
 * file cannot be hashed (as pin would refuse it), 0 when every pin holds.
 */
function checkPins(workspace, manifest, ids, maxBytes, at, io) {
    const stale = [];
    const unreadable = [];
    const toPin = new Set();
    let checked = 0;
    for (const id of ids) {
        const entry = manifest.sources.get(id);
        const files = [[id, entry]];
        if (entry.original)
            files.push([`${id} original`, entry.original]);
        for (const [label, file] of files) {
            checked++;
            const hashed = hashFile(workspace, manifest.dir, file.path, maxBytes, file === entry);
            if (!hashed.ok) {
                unreadable.push(formatDiagnostic(at(file.pathPosition), 'error', `${label}: ${file.path}: ${hashed.reason}`));
                continue;
            }
            if (hashed.sha256 === file.sha256)
                continue;
            toPin.add(id);
            stale.push(formatDiagnostic(at(file.sha256Position ?? file.pathPosition), 'error', file.sha256 !== undefined
                ? `${label}: stale pin: the manifest has ${file.sha256}, ${file.path} has ${hashed.sha256}`
                : file.sha256Position === undefined
                    ? `${label}: not pinned: the manifest has no sha256, ${file.path} has ${hashed.sha256}`
                    : `${label}: not pinned: its sha256 is not 64 hexadecimal digits, ${file.path} has ${hashed.sha256}`));
        }
    }
    const pins = `${checked} ${checked === 1 ? 'pin' : 'pins'}`;
    const parts = [
        ...(stale.length > 0 ? [`${stale.length} of ${pins} stale`] : []),
        ...(unreadable.length > 0 ? [`${unreadable.length} of ${pins} could not be checked (see standard error)`] : []),
    ];
    const summary = parts.length === 0
        ? `${pins} checked: each matches its file`
        : `${parts.join(', ')}${stale.length > 0 ? `: review the new text, then run \`${pinCommandLine(toPin)}\`` : ''}`;
    io.stdout(`${[...stale, summary].map(escape_escapeMessage).join('\n')}\n`);
    if (unreadable.length > 0) {
        io.stderr(`${unreadable.map(escape_escapeMessage).join('\n')}\n`);
        return 2;
    }
    return stale.length > 0 ? 1 : 0;
}
function hashFile(workspace, dir, file, maxBytes, mustBeText) {
    const resolved = workspace.resolve(dir, file);
    if (!resolved.ok)
        return resolved;
    const read = workspace.read(resolved.abs, maxBytes);
    if (!read.ok)
        return read;
    if (mustBeText && !(0,external_node_buffer_namespaceObject.isUtf8)(read.bytes))
        return { ok: false, reason: 'not valid UTF-8: a source must be UTF-8 text' };
    return { ok: true, sha256: sha256Hex(read.bytes) };
}
/** Where pin writes a file's hash, one place for entries that are one mapping; undefined where it cannot. */
function placeOf(file) {
    if (file.sha256Span)
        return `value at ${file.sha256Span.start}`;
    return file.sha256Insert ? `after ${file.sha256Insert.after}` : undefined;
}
/**
 * What of the pinned manifest does not read as `before` with the hashes
 * `written` (by place, placeOf): a source's path, date, audience or original
 * changed, or a sha256 that is not the hash written there, or is where none
 * was. Each is a hash pin would have written somewhere the YAML reads
 * otherwise: it is written by hand instead.
 */
function readsBack(before, after, written) {
    const failures = [];
    for (const [id, entry] of before.sources) {
        const now = after.sources.get(id);
        const files = [[id, entry, now]];
        if (entry.original)
            files.push([`${id} original`, entry.original, now?.original]);
        const same = now !== undefined &&
            now.retrieved === entry.retrieved &&
            JSON.stringify(now.audience) === JSON.stringify(entry.audience) &&
            (now.original === undefined) === (entry.original === undefined);
        for (const [label, file, read] of files) {
            const hash = written.get(placeOf(file) ?? '');
            if (same && read?.path === file.path && read.sha256 === (hash ?? file.sha256))
                continue;
            failures.push({
                where: { file: before.file, ...(file.sha256Position ?? file.pathPosition) },
                message: hash === undefined
                    ? `${label}: the hashes written in place would change how it reads: write them by hand`
                    : `${label}: its hash written in place would not read back as written: write \`sha256: ${hash}\` in its entry by hand`,
            });
        }
    }
    return failures;
}
function editFor(text, file, sha256, eol) {
    if (file.sha256Span) {
        const { start, end } = file.sha256Span;
        const quote = text[start] === '"' || text[start] === "'" ? text[start] : '';
        // An empty value needs a space before it, after the colon (`sha256:` then
        // the line's end) or a tag (`sha256: !!str`), and one after it before a
        // comment (`sha256: # todo`): YAML reads `x#` as part of a plain scalar.
        // A block scalar (`|`, `>`) ends with its line break, which stays.
        const space = text[start - 1] === ' ' || text[start - 1] === '\t' ? '' : ' ';
        const lineBreak = /\r?\n$/.exec(text.slice(start, end))?.[0] ?? '';
        const block = text[start] === '|' || text[start] === '>';
        const beforeComment = start === end && text[end] === '#' ? ' ' : '';
        return { start, end, text: `${space}${quote}${sha256}${quote}${block ? lineBreak : ''}${beforeComment}` };
    }
    const insert = file.sha256Insert;
    if (insert === undefined)
        throw new Error('the manifest was not loaded for editing');
    const { after, pair } = insert;
    // A new pair, or the value of a `sha256` key that has none (`? sha256`, `{sha256}`).
    if (insert.flow)
        return { start: after, end: after, text: `${pair ? ', sha256: ' : ': '}${sha256}` };
    const line = `${' '.repeat(insert.column - 1)}${pair ? 'sha256: ' : ': '}${sha256}`;
    // A block scalar ends after its line break: the new line goes right there.
    const ended = /(?:\r\n|\r|\n)$/.exec(text.slice(Math.max(0, after - 2), after));
    if (ended)
        return { start: after, end: after, text: `${line}${ended[0]}` };
    // Else on a line of its own after the node's, past any comment on it, its
    // line ending as that one does: at LF, CRLF or a lone CR, as the manifest is read.
    const lineBreak = /\r\n|\r|\n/g;
    lineBreak.lastIndex = after;
    const found = lineBreak.exec(text);
    const lineEnd = found ? found.index : text.length;
    return { start: lineEnd, end: lineEnd, text: `${found?.[0] ?? eol}${line}` };
}
/** Writes a temporary file next to the manifest and renames it over it: all or nothing. */
function writeAtomically(file, text) {
    const temp = external_node_path_default().join(external_node_path_default().dirname(file), `.${external_node_path_default().basename(file)}.citegate-${process.pid}.tmp`);
    let created = false;
    try {
        const mode = (0,external_node_fs_namespaceObject.statSync)(file).mode & 0o7777;
        (0,external_node_fs_namespaceObject.writeFileSync)(temp, text, { flag: 'wx' });
        created = true;
        (0,external_node_fs_namespaceObject.chmodSync)(temp, mode);
        (0,external_node_fs_namespaceObject.renameSync)(temp, file);
    }
    catch (error) {
        if (created)
            (0,external_node_fs_namespaceObject.rmSync)(temp, { force: true });
        throw new PinError(`nothing written: cannot replace ${external_node_path_default().basename(file)}: ${describeFsError(error)}`);
    }
}

;// CONCATENATED MODULE: ./src/cli/main.ts
// The command-line front end: picks the command, turns every kind of failure
// into its exit status and message, and never shows a stack trace for a user error.













const REPORT_BUGS = 'https://github.com/citegate/citegate/issues';
const COMMANDS = {
    init: { run: initCommand, help: INIT_HELP },
    check: { run: checkCommand, help: CHECK_HELP },
    pin: { run: pinCommand, help: PIN_HELP },
    'merge-reports': { run: mergeReportsCommand, help: MERGE_HELP },
};
async function main(argv, io) {
    const [command, ...rest] = argv;
    try {
        if (command === undefined || command === '-h' || command === '--help') {
            io.stdout(MAIN_HELP);
            return command === undefined ? 2 : 0;
        }
        if (command === '--version' || command === '-V') {
            io.stdout(`citegate ${VERSION}\n`);
            return 0;
        }
        if (command === 'help') {
            const topic = rest[0];
            if (topic === undefined)
                io.stdout(MAIN_HELP);
            else if (COMMANDS[topic])
                io.stdout(COMMANDS[topic].help);
            else
                throw new UsageError(`no command ${JSON.stringify(topic)}`, '');
            return 0;
        }
        const entry = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
        if (!entry) {
            const near = nearestName(command, Object.keys(COMMANDS));
            throw new UsageError(`unknown command ${JSON.stringify(command)}${near ? ` (did you mean ${near}?)` : ''}`, '');
        }
        return await entry.run(rest, io);
    }
    catch (error) {
        // Every line in the one form of standard error: `file:line:column: error: message`, or `citegate: error: message`.
        if (error instanceof UsageError) {
            const help = error.command ? `citegate ${error.command} --help` : 'citegate --help';
            io.stderr(`${escape_escapeMessage(formatDiagnostic(undefined, 'error', `${error.message}; see ${help}`))}\n`);
            return 2;
        }
        if (error instanceof InputError) {
            const where = error.file === undefined ? undefined : { file: error.file, line: 0, column: 0, ...error.position };
            io.stderr(`${escape_escapeMessage(formatDiagnostic(where, 'error', error.message))}\n`);
            return 2;
        }
        if (error instanceof ManifestError) {
            io.stderr(`${error.problems.map((p) => escape_escapeMessage(formatDiagnostic(p, 'error', p.message))).join('\n')}\n`);
            return 2;
        }
        if (error instanceof BaselineError) {
            io.stderr(`${escape_escapeMessage(formatDiagnostic(undefined, 'error', error.message))}\n`);
            return 2;
        }
        if (error instanceof WriteError) {
            io.stderr(`${escape_escapeMessage(formatDiagnostic(undefined, 'error', error.message))}\n`);
            return 2;
        }
        if (error instanceof PinError) {
            const lines = [
                ...error.failures.map((f) => formatDiagnostic(f.where, 'error', f.message)),
                formatDiagnostic(undefined, 'error', error.message),
            ];
            io.stderr(`${lines.map(escape_escapeMessage).join('\n')}\n`);
            return 2;
        }
        return internalError(error, io);
    }
}
/** An error citegate did not expect fails closed: exit 2, a message, where to report it. */
function internalError(error, io) {
    const message = messageOf(error);
    io.stderr(`${escape_escapeMessage(formatDiagnostic(undefined, 'error', `internal error: ${message}. This is a bug in citegate, not in your files: please report it at ${REPORT_BUGS} with the command you ran` +
        `${process.env.CITEGATE_DEBUG ? '' : ' (set CITEGATE_DEBUG=1 to print the stack trace)'}`))}\n`);
    if (process.env.CITEGATE_DEBUG && error instanceof Error && error.stack)
        io.stderr(`${error.stack}\n`);
    return 2;
}

;// CONCATENATED MODULE: ./src/cli/index.ts
// Entry point of the citegate command (bundled to dist/cli/index.js).





/** Streams whose reader has gone (EPIPE): what is left to write goes nowhere. Declared before any command runs. */
const cli_closed = new Set();
// In a thread this process started to explain records on another core, no command runs.
if (!servedAsHelper(new URL(import.meta.url)))
    runCommand();
/** Writes to a stream so that no line of it can act as a workflow command in CI, in either form. */
function guarded(stream) {
    let state = 'start';
    let hashes = 0;
    return (text) => {
        const legacy = neutralizeLegacyCommands(text, hashes);
        hashes = legacy.hashes;
        const safe = neutralizeCommands(legacy.text, state);
        state = safe.state;
        if (!cli_closed.has(stream))
            stream.write(safe.text);
    };
}
function runCommand() {
    // A reader that stops early (`citegate check | head`) closes the pipe: stop
    // quietly, as other command-line tools do, with the status of the records:
    // at once if it is decided, else once the check has decided it (never 0 for
    // a run that had not finished: a gate fails closed).
    // Any other failure to write the output (a full disk) means the check could
    // not deliver its result: exit 2, saying why, whatever the records were.
    for (const [stream, name] of [
        [process.stdout, 'standard output'],
        [process.stderr, 'standard error'],
    ]) {
        stream.on('error', (error) => {
            if (error.code === 'EPIPE') {
                if (process.exitCode !== undefined)
                    process.exit(process.exitCode);
                cli_closed.add(stream);
                return;
            }
            if (stream !== process.stderr) {
                try {
                    process.stderr.write(`citegate: error: cannot write to ${name}: ${describeFsError(error)}\n`);
                }
                catch {
                    // Nowhere left to say it: the status says it.
                }
            }
            process.exit(2);
        });
    }
    const io = { stdout: guarded(process.stdout), stderr: guarded(process.stderr) };
    main(process.argv.slice(2), io)
        .then((code) => {
        process.exitCode = code;
    }, (error) => {
        process.exitCode = internalError(error, io);
    })
        // The command is done, its outcome told: a baseline it had no use for (it ended early) is not waited for.
        .finally(stopBaselineReads);
}

