import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 2613:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("assert");

/***/ }),

/***/ 5317:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("child_process");

/***/ }),

/***/ 4434:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("events");

/***/ }),

/***/ 9896:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

/***/ }),

/***/ 8611:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("http");

/***/ }),

/***/ 5692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("https");

/***/ }),

/***/ 9278:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("net");

/***/ }),

/***/ 4589:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:assert");

/***/ }),

/***/ 6698:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:async_hooks");

/***/ }),

/***/ 4573:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");

/***/ }),

/***/ 7540:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:console");

/***/ }),

/***/ 7598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 3053:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:diagnostics_channel");

/***/ }),

/***/ 610:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:dns");

/***/ }),

/***/ 8474:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:events");

/***/ }),

/***/ 7067:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http");

/***/ }),

/***/ 2467:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http2");

/***/ }),

/***/ 7030:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:net");

/***/ }),

/***/ 643:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:perf_hooks");

/***/ }),

/***/ 1792:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:querystring");

/***/ }),

/***/ 7075:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");

/***/ }),

/***/ 1692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:tls");

/***/ }),

/***/ 3136:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");

/***/ }),

/***/ 7975:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");

/***/ }),

/***/ 3429:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util/types");

/***/ }),

/***/ 5919:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");

/***/ }),

/***/ 8522:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:zlib");

/***/ }),

/***/ 857:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("os");

/***/ }),

/***/ 6928:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("path");

/***/ }),

/***/ 3193:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("string_decoder");

/***/ }),

/***/ 3557:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("timers");

/***/ }),

/***/ 4756:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tls");

/***/ }),

/***/ 9023:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("util");

/***/ }),

/***/ 6251:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

// ESM COMPAT FLAG
__nccwpck_require__.r(__webpack_exports__);

// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  ExitCode: () => (/* binding */ ExitCode),
  addPath: () => (/* binding */ addPath),
  debug: () => (/* binding */ debug),
  endGroup: () => (/* binding */ endGroup),
  error: () => (/* binding */ error),
  exportVariable: () => (/* binding */ exportVariable),
  getBooleanInput: () => (/* binding */ getBooleanInput),
  getIDToken: () => (/* binding */ getIDToken),
  getInput: () => (/* binding */ getInput),
  getMultilineInput: () => (/* binding */ getMultilineInput),
  getState: () => (/* binding */ getState),
  group: () => (/* binding */ group),
  info: () => (/* binding */ info),
  isDebug: () => (/* binding */ isDebug),
  markdownSummary: () => (/* reexport */ markdownSummary),
  notice: () => (/* binding */ notice),
  platform: () => (/* reexport */ platform_namespaceObject),
  saveState: () => (/* binding */ saveState),
  setCommandEcho: () => (/* binding */ setCommandEcho),
  setFailed: () => (/* binding */ setFailed),
  setOutput: () => (/* binding */ setOutput),
  setSecret: () => (/* binding */ setSecret),
  startGroup: () => (/* binding */ startGroup),
  summary: () => (/* reexport */ summary),
  toPlatformPath: () => (/* reexport */ toPlatformPath),
  toPosixPath: () => (/* reexport */ toPosixPath),
  toWin32Path: () => (/* reexport */ toWin32Path),
  warning: () => (/* binding */ warning)
});

// NAMESPACE OBJECT: ./node_modules/@actions/core/lib/platform.js
var platform_namespaceObject = {};
__nccwpck_require__.r(platform_namespaceObject);
__nccwpck_require__.d(platform_namespaceObject, {
  arch: () => (arch),
  getDetails: () => (getDetails),
  isLinux: () => (isLinux),
  isMacOS: () => (isMacOS),
  isWindows: () => (isWindows),
  platform: () => (platform)
});

// EXTERNAL MODULE: external "os"
var external_os_ = __nccwpck_require__(857);
;// CONCATENATED MODULE: ./node_modules/@actions/core/lib/utils.js
// We use any as a valid input type
/* eslint-disable @typescript-eslint/no-explicit-any */
/**
 * Sanitizes an input into a string so it can be passed into issueCommand safely
 * @param input input to sanitize into a string
 */
function toCommandValue(input) {
    if (input === null || input === undefined) {
        return '';
    }
    else if (typeof input === 'string' || input instanceof String) {
        return input;
    }
    return JSON.stringify(input);
}
/**
 *
 * @param annotationProperties
 * @returns The command properties to send with the actual annotation command
 * See IssueCommandProperties: https://github.com/actions/runner/blob/main/src/Runner.Worker/ActionCommandManager.cs#L646
 */
function toCommandProperties(annotationProperties) {
    if (!Object.keys(annotationProperties).length) {
        return {};
    }
    return {
        title: annotationProperties.title,
        file: annotationProperties.file,
        line: annotationProperties.startLine,
        endLine: annotationProperties.endLine,
        col: annotationProperties.startColumn,
        endColumn: annotationProperties.endColumn
    };
}
//# sourceMappingURL=utils.js.map
;// CONCATENATED MODULE: ./node_modules/@actions/core/lib/command.js


/**
 * Issues a command to the GitHub Actions runner
 *
 * @param command - The command name to issue
 * @param properties - Additional properties for the command (key-value pairs)
 * @param message - The message to include with the command
 * @remarks
 * This function outputs a specially formatted string to stdout that the Actions
 * runner interprets as a command. These commands can control workflow behavior,
 * set outputs, create annotations, mask values, and more.
 *
 * Command Format:
 *   ::name key=value,key=value::message
 *
 * @example
 * ```typescript
 * // Issue a warning annotation
 * issueCommand('warning', {}, 'This is a warning message');
 * // Output: ::warning::This is a warning message
 *
 * // Set an environment variable
 * issueCommand('set-env', { name: 'MY_VAR' }, 'some value');
 * // Output: ::set-env name=MY_VAR::some value
 *
 * // Add a secret mask
 * issueCommand('add-mask', {}, 'secretValue123');
 * // Output: ::add-mask::secretValue123
 * ```
 *
 * @internal
 * This is an internal utility function that powers the public API functions
 * such as setSecret, warning, error, and exportVariable.
 */
function issueCommand(command, properties, message) {
    const cmd = new Command(command, properties, message);
    process.stdout.write(cmd.toString() + external_os_.EOL);
}
function issue(name, message = '') {
    issueCommand(name, {}, message);
}
const CMD_STRING = '::';
class Command {
    constructor(command, properties, message) {
        if (!command) {
            command = 'missing.command';
        }
        this.command = command;
        this.properties = properties;
        this.message = message;
    }
    toString() {
        let cmdStr = CMD_STRING + this.command;
        if (this.properties && Object.keys(this.properties).length > 0) {
            cmdStr += ' ';
            let first = true;
            for (const key in this.properties) {
                if (this.properties.hasOwnProperty(key)) {
                    const val = this.properties[key];
                    if (val) {
                        if (first) {
                            first = false;
                        }
                        else {
                            cmdStr += ',';
                        }
                        cmdStr += `${key}=${escapeProperty(val)}`;
                    }
                }
            }
        }
        cmdStr += `${CMD_STRING}${escapeData(this.message)}`;
        return cmdStr;
    }
}
function escapeData(s) {
    return toCommandValue(s)
        .replace(/%/g, '%25')
        .replace(/\r/g, '%0D')
        .replace(/\n/g, '%0A');
}
function escapeProperty(s) {
    return toCommandValue(s)
        .replace(/%/g, '%25')
        .replace(/\r/g, '%0D')
        .replace(/\n/g, '%0A')
        .replace(/:/g, '%3A')
        .replace(/,/g, '%2C');
}
//# sourceMappingURL=command.js.map
// EXTERNAL MODULE: external "fs"
var external_fs_ = __nccwpck_require__(9896);
;// CONCATENATED MODULE: ./node_modules/@actions/core/lib/file-command.js
// For internal use, subject to change.
// We use any as a valid input type
/* eslint-disable @typescript-eslint/no-explicit-any */



function issueFileCommand(command, message) {
    const filePath = process.env[`GITHUB_${command}`];
    if (!filePath) {
        throw new Error(`Unable to find environment variable for file command ${command}`);
    }
    if (!external_fs_.existsSync(filePath)) {
        throw new Error(`Missing file at path: ${filePath}`);
    }
    external_fs_.appendFileSync(filePath, `${toCommandValue(message)}${external_os_.EOL}`, {
        encoding: 'utf8'
    });
}
function prepareKeyValueMessage(key, value) {
    const convertedValue = toCommandValue(value);
    // Patched by eval-gate (patches/): the delimiter is drawn again until neither the name nor the value
    // holds it, so no value can end its heredoc early, however it was chosen. That check, not the
    // randomness, is what makes it safe, so it needs no node:crypto (which costs a run over http about
    // 18 million instructions to load, for one UUID).
    let delimiter;
    do {
        delimiter = `ghadelimiter_${randomId()}`;
    } while (key.includes(delimiter) || convertedValue.includes(delimiter));
    return `${key}<<${delimiter}${external_os_.EOL}${convertedValue}${external_os_.EOL}${delimiter}`;
}
/**
 * A version 4 UUID's shape, from six Math.random draws. Math.random is not secret (its state can in
 * principle be worked out), so this id is not what keeps a value from ending its heredoc: the loop above
 * is, and it must stay.
 */
function randomId() {
    const hex = (digits) => Math.floor(Math.random() * 16 ** digits).toString(16).padStart(digits, '0');
    const variant = (8 + Math.floor(Math.random() * 4)).toString(16);
    return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
}
//# sourceMappingURL=file-command.js.map
// EXTERNAL MODULE: external "path"
var external_path_ = __nccwpck_require__(6928);
;// CONCATENATED MODULE: ./node_modules/@actions/core/lib/summary.js
var __awaiter = (undefined && undefined.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};


// Patched by eval-gate (patches/): fs.promises (and the readline modules it loads) is read when a summary
// is first written instead of at every start.
const access = (...args) => external_fs_.promises.access(...args);
const appendFile = (...args) => external_fs_.promises.appendFile(...args);
const writeFile = (...args) => external_fs_.promises.writeFile(...args);
const SUMMARY_ENV_VAR = 'GITHUB_STEP_SUMMARY';
const SUMMARY_DOCS_URL = 'https://docs.github.com/actions/using-workflows/workflow-commands-for-github-actions#adding-a-job-summary';
class Summary {
    constructor() {
        this._buffer = '';
    }
    /**
     * Finds the summary file path from the environment, rejects if env var is not found or file does not exist
     * Also checks r/w permissions.
     *
     * @returns step summary file path
     */
    filePath() {
        return __awaiter(this, void 0, void 0, function* () {
            if (this._filePath) {
                return this._filePath;
            }
            const pathFromEnv = process.env[SUMMARY_ENV_VAR];
            if (!pathFromEnv) {
                throw new Error(`Unable to find environment variable for $${SUMMARY_ENV_VAR}. Check if your runtime environment supports job summaries.`);
            }
            try {
                yield access(pathFromEnv, external_fs_.constants.R_OK | external_fs_.constants.W_OK);
            }
            catch (_a) {
                throw new Error(`Unable to access summary file: '${pathFromEnv}'. Check if the file has correct read/write permissions.`);
            }
            this._filePath = pathFromEnv;
            return this._filePath;
        });
    }
    /**
     * Wraps content in an HTML tag, adding any HTML attributes
     *
     * @param {string} tag HTML tag to wrap
     * @param {string | null} content content within the tag
     * @param {[attribute: string]: string} attrs key-value list of HTML attributes to add
     *
     * @returns {string} content wrapped in HTML element
     */
    wrap(tag, content, attrs = {}) {
        const htmlAttrs = Object.entries(attrs)
            .map(([key, value]) => ` ${key}="${value}"`)
            .join('');
        if (!content) {
            return `<${tag}${htmlAttrs}>`;
        }
        return `<${tag}${htmlAttrs}>${content}</${tag}>`;
    }
    /**
     * Writes text in the buffer to the summary buffer file and empties buffer. Will append by default.
     *
     * @param {SummaryWriteOptions} [options] (optional) options for write operation
     *
     * @returns {Promise<Summary>} summary instance
     */
    write(options) {
        return __awaiter(this, void 0, void 0, function* () {
            const overwrite = !!(options === null || options === void 0 ? void 0 : options.overwrite);
            const filePath = yield this.filePath();
            const writeFunc = overwrite ? writeFile : appendFile;
            yield writeFunc(filePath, this._buffer, { encoding: 'utf8' });
            return this.emptyBuffer();
        });
    }
    /**
     * Clears the summary buffer and wipes the summary file
     *
     * @returns {Summary} summary instance
     */
    clear() {
        return __awaiter(this, void 0, void 0, function* () {
            return this.emptyBuffer().write({ overwrite: true });
        });
    }
    /**
     * Returns the current summary buffer as a string
     *
     * @returns {string} string of summary buffer
     */
    stringify() {
        return this._buffer;
    }
    /**
     * If the summary buffer is empty
     *
     * @returns {boolen} true if the buffer is empty
     */
    isEmptyBuffer() {
        return this._buffer.length === 0;
    }
    /**
     * Resets the summary buffer without writing to summary file
     *
     * @returns {Summary} summary instance
     */
    emptyBuffer() {
        this._buffer = '';
        return this;
    }
    /**
     * Adds raw text to the summary buffer
     *
     * @param {string} text content to add
     * @param {boolean} [addEOL=false] (optional) append an EOL to the raw text (default: false)
     *
     * @returns {Summary} summary instance
     */
    addRaw(text, addEOL = false) {
        this._buffer += text;
        return addEOL ? this.addEOL() : this;
    }
    /**
     * Adds the operating system-specific end-of-line marker to the buffer
     *
     * @returns {Summary} summary instance
     */
    addEOL() {
        return this.addRaw(external_os_.EOL);
    }
    /**
     * Adds an HTML codeblock to the summary buffer
     *
     * @param {string} code content to render within fenced code block
     * @param {string} lang (optional) language to syntax highlight code
     *
     * @returns {Summary} summary instance
     */
    addCodeBlock(code, lang) {
        const attrs = Object.assign({}, (lang && { lang }));
        const element = this.wrap('pre', this.wrap('code', code), attrs);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML list to the summary buffer
     *
     * @param {string[]} items list of items to render
     * @param {boolean} [ordered=false] (optional) if the rendered list should be ordered or not (default: false)
     *
     * @returns {Summary} summary instance
     */
    addList(items, ordered = false) {
        const tag = ordered ? 'ol' : 'ul';
        const listItems = items.map(item => this.wrap('li', item)).join('');
        const element = this.wrap(tag, listItems);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML table to the summary buffer
     *
     * @param {SummaryTableCell[]} rows table rows
     *
     * @returns {Summary} summary instance
     */
    addTable(rows) {
        const tableBody = rows
            .map(row => {
            const cells = row
                .map(cell => {
                if (typeof cell === 'string') {
                    return this.wrap('td', cell);
                }
                const { header, data, colspan, rowspan } = cell;
                const tag = header ? 'th' : 'td';
                const attrs = Object.assign(Object.assign({}, (colspan && { colspan })), (rowspan && { rowspan }));
                return this.wrap(tag, data, attrs);
            })
                .join('');
            return this.wrap('tr', cells);
        })
            .join('');
        const element = this.wrap('table', tableBody);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds a collapsable HTML details element to the summary buffer
     *
     * @param {string} label text for the closed state
     * @param {string} content collapsable content
     *
     * @returns {Summary} summary instance
     */
    addDetails(label, content) {
        const element = this.wrap('details', this.wrap('summary', label) + content);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML image tag to the summary buffer
     *
     * @param {string} src path to the image you to embed
     * @param {string} alt text description of the image
     * @param {SummaryImageOptions} options (optional) addition image attributes
     *
     * @returns {Summary} summary instance
     */
    addImage(src, alt, options) {
        const { width, height } = options || {};
        const attrs = Object.assign(Object.assign({}, (width && { width })), (height && { height }));
        const element = this.wrap('img', null, Object.assign({ src, alt }, attrs));
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML section heading element
     *
     * @param {string} text heading text
     * @param {number | string} [level=1] (optional) the heading level, default: 1
     *
     * @returns {Summary} summary instance
     */
    addHeading(text, level) {
        const tag = `h${level}`;
        const allowedTag = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].includes(tag)
            ? tag
            : 'h1';
        const element = this.wrap(allowedTag, text);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML thematic break (<hr>) to the summary buffer
     *
     * @returns {Summary} summary instance
     */
    addSeparator() {
        const element = this.wrap('hr', null);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML line break (<br>) to the summary buffer
     *
     * @returns {Summary} summary instance
     */
    addBreak() {
        const element = this.wrap('br', null);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML blockquote to the summary buffer
     *
     * @param {string} text quote text
     * @param {string} cite (optional) citation url
     *
     * @returns {Summary} summary instance
     */
    addQuote(text, cite) {
        const attrs = Object.assign({}, (cite && { cite }));
        const element = this.wrap('blockquote', text, attrs);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML anchor tag to the summary buffer
     *
     * @param {string} text link text/content
     * @param {string} href hyperlink
     *
     * @returns {Summary} summary instance
     */
    addLink(text, href) {
        const element = this.wrap('a', text, { href });
        return this.addRaw(element).addEOL();
    }
}
const _summary = new Summary();
/**
 * @deprecated use `core.summary`
 */
const markdownSummary = _summary;
const summary = _summary;
//# sourceMappingURL=summary.js.map
;// CONCATENATED MODULE: ./node_modules/@actions/core/lib/path-utils.js

/**
 * toPosixPath converts the given path to the posix form. On Windows, \\ will be
 * replaced with /.
 *
 * @param pth. Path to transform.
 * @return string Posix path.
 */
function toPosixPath(pth) {
    return pth.replace(/[\\]/g, '/');
}
/**
 * toWin32Path converts the given path to the win32 form. On Linux, / will be
 * replaced with \\.
 *
 * @param pth. Path to transform.
 * @return string Win32 path.
 */
function toWin32Path(pth) {
    return pth.replace(/[/]/g, '\\');
}
/**
 * toPlatformPath converts the given path to a platform-specific path. It does
 * this by replacing instances of / and \ with the platform-specific path
 * separator.
 *
 * @param pth The path to platformize.
 * @return string The platform-specific path.
 */
function toPlatformPath(pth) {
    return pth.replace(/[/\\]/g, external_path_.sep);
}
//# sourceMappingURL=path-utils.js.map
;// CONCATENATED MODULE: ./node_modules/@actions/core/lib/platform.js
var platform_awaiter = (undefined && undefined.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};

// Patched by eval-gate (patches/): @actions/exec, and through it child_process, assert and @actions/io,
// is imported when getDetails() first runs a command instead of at every start.
const loadExec = () => __nccwpck_require__.e(/* import() */ 260).then(__nccwpck_require__.bind(__nccwpck_require__, 1260));
const getWindowsInfo = () => platform_awaiter(void 0, void 0, void 0, function* () {
    const exec = yield loadExec();
    const { stdout: version } = yield exec.getExecOutput('powershell -command "(Get-CimInstance -ClassName Win32_OperatingSystem).Version"', undefined, {
        silent: true
    });
    const { stdout: name } = yield exec.getExecOutput('powershell -command "(Get-CimInstance -ClassName Win32_OperatingSystem).Caption"', undefined, {
        silent: true
    });
    return {
        name: name.trim(),
        version: version.trim()
    };
});
const getMacOsInfo = () => platform_awaiter(void 0, void 0, void 0, function* () {
    var _a, _b, _c, _d;
    const exec = yield loadExec();
    const { stdout } = yield exec.getExecOutput('sw_vers', undefined, {
        silent: true
    });
    const version = (_b = (_a = stdout.match(/ProductVersion:\s*(.+)/)) === null || _a === void 0 ? void 0 : _a[1]) !== null && _b !== void 0 ? _b : '';
    const name = (_d = (_c = stdout.match(/ProductName:\s*(.+)/)) === null || _c === void 0 ? void 0 : _c[1]) !== null && _d !== void 0 ? _d : '';
    return {
        name,
        version
    };
});
const getLinuxInfo = () => platform_awaiter(void 0, void 0, void 0, function* () {
    const exec = yield loadExec();
    const { stdout } = yield exec.getExecOutput('lsb_release', ['-i', '-r', '-s'], {
        silent: true
    });
    const [name, version] = stdout.trim().split('\n');
    return {
        name,
        version
    };
});
const platform = external_os_.platform();
const arch = external_os_.arch();
const isWindows = platform === 'win32';
const isMacOS = platform === 'darwin';
const isLinux = platform === 'linux';
function getDetails() {
    return platform_awaiter(this, void 0, void 0, function* () {
        return Object.assign(Object.assign({}, (yield (isWindows
            ? getWindowsInfo()
            : isMacOS
                ? getMacOsInfo()
                : getLinuxInfo()))), { platform,
            arch,
            isWindows,
            isMacOS,
            isLinux });
    });
}
//# sourceMappingURL=platform.js.map
;// CONCATENATED MODULE: ./node_modules/@actions/core/lib/core.js
var core_awaiter = (undefined && undefined.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};





// Patched by eval-gate (patches/): the OIDC helper, and through it @actions/http-client, undici and
// tunnel, is imported when getIDToken() is first called instead of at every start.
/**
 * The code to exit an action
 */
var ExitCode;
(function (ExitCode) {
    /**
     * A code indicating that the action was successful
     */
    ExitCode[ExitCode["Success"] = 0] = "Success";
    /**
     * A code indicating that the action was a failure
     */
    ExitCode[ExitCode["Failure"] = 1] = "Failure";
})(ExitCode || (ExitCode = {}));
//-----------------------------------------------------------------------
// Variables
//-----------------------------------------------------------------------
/**
 * Sets env variable for this action and future actions in the job
 * @param name the name of the variable to set
 * @param val the value of the variable. Non-string values will be converted to a string via JSON.stringify
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function exportVariable(name, val) {
    const convertedVal = toCommandValue(val);
    process.env[name] = convertedVal;
    const filePath = process.env['GITHUB_ENV'] || '';
    if (filePath) {
        return issueFileCommand('ENV', prepareKeyValueMessage(name, val));
    }
    issueCommand('set-env', { name }, convertedVal);
}
/**
 * Registers a secret which will get masked from logs
 *
 * @param secret - Value of the secret to be masked
 * @remarks
 * This function instructs the Actions runner to mask the specified value in any
 * logs produced during the workflow run. Once registered, the secret value will
 * be replaced with asterisks (***) whenever it appears in console output, logs,
 * or error messages.
 *
 * This is useful for protecting sensitive information such as:
 * - API keys
 * - Access tokens
 * - Authentication credentials
 * - URL parameters containing signatures (SAS tokens)
 *
 * Note that masking only affects future logs; any previous appearances of the
 * secret in logs before calling this function will remain unmasked.
 *
 * @example
 * ```typescript
 * // Register an API token as a secret
 * const apiToken = "abc123xyz456";
 * setSecret(apiToken);
 *
 * // Now any logs containing this value will show *** instead
 * console.log(`Using token: ${apiToken}`); // Outputs: "Using token: ***"
 * ```
 */
function setSecret(secret) {
    issueCommand('add-mask', {}, secret);
}
/**
 * Prepends inputPath to the PATH (for this action and future actions)
 * @param inputPath
 */
function addPath(inputPath) {
    const filePath = process.env['GITHUB_PATH'] || '';
    if (filePath) {
        issueFileCommand('PATH', inputPath);
    }
    else {
        issueCommand('add-path', {}, inputPath);
    }
    process.env['PATH'] = `${inputPath}${external_path_.delimiter}${process.env['PATH']}`;
}
/**
 * Gets the value of an input.
 * Unless trimWhitespace is set to false in InputOptions, the value is also trimmed.
 * Returns an empty string if the value is not defined.
 *
 * @param     name     name of the input to get
 * @param     options  optional. See InputOptions.
 * @returns   string
 */
function getInput(name, options) {
    const val = process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] || '';
    if (options && options.required && !val) {
        throw new Error(`Input required and not supplied: ${name}`);
    }
    if (options && options.trimWhitespace === false) {
        return val;
    }
    return val.trim();
}
/**
 * Gets the values of an multiline input.  Each value is also trimmed.
 *
 * @param     name     name of the input to get
 * @param     options  optional. See InputOptions.
 * @returns   string[]
 *
 */
function getMultilineInput(name, options) {
    const inputs = getInput(name, options)
        .split('\n')
        .filter(x => x !== '');
    if (options && options.trimWhitespace === false) {
        return inputs;
    }
    return inputs.map(input => input.trim());
}
/**
 * Gets the input value of the boolean type in the YAML 1.2 "core schema" specification.
 * Support boolean input list: `true | True | TRUE | false | False | FALSE` .
 * The return value is also in boolean type.
 * ref: https://yaml.org/spec/1.2/spec.html#id2804923
 *
 * @param     name     name of the input to get
 * @param     options  optional. See InputOptions.
 * @returns   boolean
 */
function getBooleanInput(name, options) {
    const trueValue = ['true', 'True', 'TRUE'];
    const falseValue = ['false', 'False', 'FALSE'];
    const val = getInput(name, options);
    if (trueValue.includes(val))
        return true;
    if (falseValue.includes(val))
        return false;
    throw new TypeError(`Input does not meet YAML 1.2 "Core Schema" specification: ${name}\n` +
        `Support boolean input list: \`true | True | TRUE | false | False | FALSE\``);
}
/**
 * Sets the value of an output.
 *
 * @param     name     name of the output to set
 * @param     value    value to store. Non-string values will be converted to a string via JSON.stringify
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function setOutput(name, value) {
    const filePath = process.env['GITHUB_OUTPUT'] || '';
    if (filePath) {
        return issueFileCommand('OUTPUT', prepareKeyValueMessage(name, value));
    }
    process.stdout.write(external_os_.EOL);
    issueCommand('set-output', { name }, toCommandValue(value));
}
/**
 * Enables or disables the echoing of commands into stdout for the rest of the step.
 * Echoing is disabled by default if ACTIONS_STEP_DEBUG is not set.
 *
 */
function setCommandEcho(enabled) {
    issue('echo', enabled ? 'on' : 'off');
}
//-----------------------------------------------------------------------
// Results
//-----------------------------------------------------------------------
/**
 * Sets the action status to failed.
 * When the action exits it will be with an exit code of 1
 * @param message add error issue message
 */
function setFailed(message) {
    process.exitCode = ExitCode.Failure;
    error(message);
}
//-----------------------------------------------------------------------
// Logging Commands
//-----------------------------------------------------------------------
/**
 * Gets whether Actions Step Debug is on or not
 */
function isDebug() {
    return process.env['RUNNER_DEBUG'] === '1';
}
/**
 * Writes debug message to user log
 * @param message debug message
 */
function debug(message) {
    issueCommand('debug', {}, message);
}
/**
 * Adds an error issue
 * @param message error issue message. Errors will be converted to string via toString()
 * @param properties optional properties to add to the annotation.
 */
function error(message, properties = {}) {
    issueCommand('error', toCommandProperties(properties), message instanceof Error ? message.toString() : message);
}
/**
 * Adds a warning issue
 * @param message warning issue message. Errors will be converted to string via toString()
 * @param properties optional properties to add to the annotation.
 */
function warning(message, properties = {}) {
    issueCommand('warning', toCommandProperties(properties), message instanceof Error ? message.toString() : message);
}
/**
 * Adds a notice issue
 * @param message notice issue message. Errors will be converted to string via toString()
 * @param properties optional properties to add to the annotation.
 */
function notice(message, properties = {}) {
    issueCommand('notice', toCommandProperties(properties), message instanceof Error ? message.toString() : message);
}
/**
 * Writes info to log with console.log.
 * @param message info message
 */
function info(message) {
    process.stdout.write(message + external_os_.EOL);
}
/**
 * Begin an output group.
 *
 * Output until the next `groupEnd` will be foldable in this group
 *
 * @param name The name of the output group
 */
function startGroup(name) {
    issue('group', name);
}
/**
 * End an output group.
 */
function endGroup() {
    issue('endgroup');
}
/**
 * Wrap an asynchronous function call in a group.
 *
 * Returns the same type as the function itself.
 *
 * @param name The name of the group
 * @param fn The function to wrap in the group
 */
function group(name, fn) {
    return core_awaiter(this, void 0, void 0, function* () {
        startGroup(name);
        let result;
        try {
            result = yield fn();
        }
        finally {
            endGroup();
        }
        return result;
    });
}
//-----------------------------------------------------------------------
// Wrapper action state
//-----------------------------------------------------------------------
/**
 * Saves state for current action, the state can only be retrieved by this action's post job execution.
 *
 * @param     name     name of the state to store
 * @param     value    value to store. Non-string values will be converted to a string via JSON.stringify
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function saveState(name, value) {
    const filePath = process.env['GITHUB_STATE'] || '';
    if (filePath) {
        return issueFileCommand('STATE', prepareKeyValueMessage(name, value));
    }
    issueCommand('save-state', { name }, toCommandValue(value));
}
/**
 * Gets the value of an state set by this action's main execution.
 *
 * @param     name     name of the state to get
 * @returns   string
 */
function getState(name) {
    return process.env[`STATE_${name}`] || '';
}
function getIDToken(aud) {
    return core_awaiter(this, void 0, void 0, function* () {
        const { OidcClient } = yield Promise.all(/* import() */[__nccwpck_require__.e(119), __nccwpck_require__.e(998)]).then(__nccwpck_require__.bind(__nccwpck_require__, 7998));
        return yield OidcClient.getIDToken(aud);
    });
}
/**
 * Summary exports
 */

/**
 * @deprecated use core.summary
 */

/**
 * Path exports
 */

/**
 * Platform utilities exports
 */

//# sourceMappingURL=core.js.map

/***/ }),

/***/ 9783:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   s: () => (/* binding */ getProxyUrl)
/* harmony export */ });
/* unused harmony export checkBypass */
function getProxyUrl(reqUrl) {
    const usingSsl = reqUrl.protocol === 'https:';
    if (checkBypass(reqUrl)) {
        return undefined;
    }
    const proxyVar = (() => {
        if (usingSsl) {
            return process.env['https_proxy'] || process.env['HTTPS_PROXY'];
        }
        else {
            return process.env['http_proxy'] || process.env['HTTP_PROXY'];
        }
    })();
    if (proxyVar) {
        try {
            return new DecodedURL(proxyVar);
        }
        catch (_a) {
            if (!proxyVar.startsWith('http://') && !proxyVar.startsWith('https://'))
                return new DecodedURL(`http://${proxyVar}`);
        }
    }
    else {
        return undefined;
    }
}
function checkBypass(reqUrl) {
    if (!reqUrl.hostname) {
        return false;
    }
    const reqHost = reqUrl.hostname;
    if (isLoopbackAddress(reqHost)) {
        return true;
    }
    const noProxy = process.env['no_proxy'] || process.env['NO_PROXY'] || '';
    if (!noProxy) {
        return false;
    }
    // Determine the request port
    let reqPort;
    if (reqUrl.port) {
        reqPort = Number(reqUrl.port);
    }
    else if (reqUrl.protocol === 'http:') {
        reqPort = 80;
    }
    else if (reqUrl.protocol === 'https:') {
        reqPort = 443;
    }
    // Format the request hostname and hostname with port
    const upperReqHosts = [reqUrl.hostname.toUpperCase()];
    if (typeof reqPort === 'number') {
        upperReqHosts.push(`${upperReqHosts[0]}:${reqPort}`);
    }
    // Compare request host against noproxy
    for (const upperNoProxyItem of noProxy
        .split(',')
        .map(x => x.trim().toUpperCase())
        .filter(x => x)) {
        if (upperNoProxyItem === '*' ||
            upperReqHosts.some(x => x === upperNoProxyItem ||
                x.endsWith(`.${upperNoProxyItem}`) ||
                (upperNoProxyItem.startsWith('.') &&
                    x.endsWith(`${upperNoProxyItem}`)))) {
            return true;
        }
    }
    return false;
}
function isLoopbackAddress(host) {
    const hostLower = host.toLowerCase();
    return (hostLower === 'localhost' ||
        hostLower.startsWith('127.') ||
        hostLower.startsWith('[::1]') ||
        hostLower.startsWith('[0:0:0:0:0:0:0:1]'));
}
class DecodedURL extends URL {
    constructor(url, base) {
        super(url, base);
        this._decodedUsername = decodeURIComponent(super.username);
        this._decodedPassword = decodeURIComponent(super.password);
    }
    get username() {
        return this._decodedUsername;
    }
    get password() {
        return this._decodedPassword;
    }
}
//# sourceMappingURL=proxy.js.map

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
/******/ 		__webpack_modules__[moduleId].call(module.exports, module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/create fake namespace object */
/******/ (() => {
/******/ 	var getProto = Object.getPrototypeOf ? (obj) => (Object.getPrototypeOf(obj)) : (obj) => (obj.__proto__);
/******/ 	var leafPrototypes;
/******/ 	// create a fake namespace object
/******/ 	// mode & 1: value is a module id, require it
/******/ 	// mode & 2: merge all properties of value into the ns
/******/ 	// mode & 4: return value when already ns object
/******/ 	// mode & 16: return value when it's Promise-like
/******/ 	// mode & 8|1: behave like require
/******/ 	__nccwpck_require__.t = function(value, mode) {
/******/ 		if(mode & 1) value = this(value);
/******/ 		if(mode & 8) return value;
/******/ 		if(typeof value === 'object' && value) {
/******/ 			if((mode & 4) && value.__esModule) return value;
/******/ 			if((mode & 16) && typeof value.then === 'function') return value;
/******/ 		}
/******/ 		var ns = Object.create(null);
/******/ 		__nccwpck_require__.r(ns);
/******/ 		var def = {};
/******/ 		leafPrototypes = leafPrototypes || [null, getProto({}), getProto([]), getProto(getProto)];
/******/ 		for(var current = mode & 2 && value; typeof current == 'object' && !~leafPrototypes.indexOf(current); current = getProto(current)) {
/******/ 			Object.getOwnPropertyNames(current).forEach((key) => (def[key] = () => (value[key])));
/******/ 		}
/******/ 		def['default'] = () => (value);
/******/ 		__nccwpck_require__.d(ns, def);
/******/ 		return ns;
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
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	// no baseURI
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
var __webpack_exports__ = {};

;// CONCATENATED MODULE: ./src/fail-closed.ts
// Imported first by index.ts, so that it runs before any other module. A cancel that arrives while the
// bundle is still loading (the runner sends SIGINT, then SIGTERM) is held here rather than killing the
// process with no verdict and no summary; run() sees it and reports the cancel. And until run() decides,
// the step fails: a process that ends for any reason before a decision exits 1, never 0.
const cancelled = new AbortController();
// The first signal asks run() to stop and report; a second (the runner's SIGTERM, 7.5 s after SIGINT)
// ends the process at once, failing unless run() had already decided a pass.
const onSignal = () => (cancelled.signal.aborted ? process.exit() : cancelled.abort());
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
process.exitCode = 1;

;// CONCATENATED MODULE: external "node:fs"
const external_node_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 6 modules
var core = __nccwpck_require__(6251);
;// CONCATENATED MODULE: ./src/commit/resolve-target.ts
/**
 * Which commit and branch a workflow run is about. On a pull request `GITHUB_SHA` is a merge commit
 * that nobody pushed and the service has never scored, so each event is read from the field that names
 * the commit the author actually pushed. Pure: it takes the event name, its payload and the variables.
 */
class ResolveError extends Error {
    constructor(message) {
        super(message);
        this.name = 'ResolveError';
    }
}
const PULL_REQUEST_EVENTS = new Set([
    'pull_request',
    'pull_request_target',
    'pull_request_review',
    'pull_request_review_comment'
]);
/** A whole SHA-1 or SHA-256 commit id, lower-case: a short one could name more than one commit. */
const FULL_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
/** Events whose own commit is the run's ref: `GITHUB_SHA` and `GITHUB_REF_NAME` name it. */
const REF_EVENTS = new Set(['push', 'workflow_dispatch', 'schedule', 'release']);
/** Every event the action knows the commit of, for messages and the README. */
const SUPPORTED_EVENTS = [
    ...PULL_REQUEST_EVENTS,
    'merge_group',
    'workflow_run',
    'check_suite',
    'check_run',
    ...REF_EVENTS
];
/** Returns the commit to gate, preferring the overrides, or throws a ResolveError that says what to set. */
function resolveTarget(context, overrides = {}) {
    const found = findInEvent(context);
    if (found === undefined && (overrides.commitSha === undefined || overrides.branch === undefined)) {
        // Guessing here would gate whatever GITHUB_SHA is (often the default branch's tip), not the change.
        throw new ResolveError(`The '${context.eventName || '(none)'}' event does not say which commit to gate. ` +
            `Set both the commit-sha and branch inputs, or run the gate on one of: ${SUPPORTED_EVENTS.join(', ')}.`);
    }
    const sha = overrides.commitSha ?? resolve_target_text(found?.sha);
    const shaSource = overrides.commitSha !== undefined ? 'input commit-sha' : found.shaSource;
    const branch = overrides.branch ?? resolve_target_text(found?.branch)?.replace(/^refs\/heads\//, '');
    const branchSource = overrides.branch !== undefined ? 'input branch' : found.branchSource;
    if (sha === undefined) {
        throw new ResolveError(`Could not find the commit to gate for the '${context.eventName}' event (looked at ${found.shaSource}). ` +
            'Set the commit-sha input.');
    }
    const commitSha = sha.toLowerCase();
    if (!FULL_SHA.test(commitSha)) {
        throw new ResolveError(`${shaSource} is not a full commit SHA: ${JSON.stringify(sha.slice(0, 80))}. Set the commit-sha input.`);
    }
    if (branch === undefined || branch === '') {
        throw new ResolveError(`Could not find the branch for the '${context.eventName}' event (looked at ${found.branchSource}). Set the branch input.`);
    }
    return { commitSha, branch, shaSource, branchSource };
}
function findInEvent({ eventName, payload, env }) {
    if (PULL_REQUEST_EVENTS.has(eventName)) {
        // Never fall back to GITHUB_SHA here: it is the merge commit (or, for pull_request_target, the base tip).
        const head = field(payload, 'pull_request', 'head');
        return {
            sha: field(head, 'sha'),
            shaSource: `${eventName} payload pull_request.head.sha`,
            branch: resolve_target_text(field(head, 'ref')) ?? resolve_target_text(env.GITHUB_HEAD_REF),
            branchSource: `${eventName} payload pull_request.head.ref`
        };
    }
    if (eventName === 'merge_group') {
        const group = field(payload, 'merge_group');
        return {
            sha: field(group, 'head_sha') ?? env.GITHUB_SHA,
            shaSource: 'merge_group payload merge_group.head_sha',
            branch: field(group, 'head_ref'),
            branchSource: 'merge_group payload merge_group.head_ref'
        };
    }
    if (eventName === 'workflow_run') {
        const run = field(payload, 'workflow_run');
        return {
            sha: field(run, 'head_sha'),
            shaSource: 'workflow_run payload workflow_run.head_sha',
            branch: field(run, 'head_branch'),
            branchSource: 'workflow_run payload workflow_run.head_branch'
        };
    }
    if (eventName === 'check_suite') {
        const suite = field(payload, 'check_suite');
        return {
            sha: field(suite, 'head_sha'),
            shaSource: 'check_suite payload check_suite.head_sha',
            branch: field(suite, 'head_branch'),
            branchSource: 'check_suite payload check_suite.head_branch'
        };
    }
    if (eventName === 'check_run') {
        const run = field(payload, 'check_run');
        return {
            sha: field(run, 'head_sha'),
            shaSource: 'check_run payload check_run.head_sha',
            branch: field(run, 'check_suite', 'head_branch'),
            branchSource: 'check_run payload check_run.check_suite.head_branch'
        };
    }
    if (REF_EVENTS.has(eventName)) {
        return {
            sha: env.GITHUB_SHA,
            shaSource: `GITHUB_SHA (${eventName} event)`,
            branch: resolve_target_text(env.GITHUB_REF_NAME) ?? resolve_target_text(env.GITHUB_REF)?.replace(/^refs\/(?:heads|tags)\//, ''),
            branchSource: `GITHUB_REF_NAME (${eventName} event)`
        };
    }
    return undefined;
}
/** Reads a nested field of untyped JSON, or undefined when any step is missing. */
function field(value, ...path) {
    let current = value;
    for (const key of path) {
        if (current === null || typeof current !== 'object')
            return undefined;
        current = current[key];
    }
    return current;
}
function resolve_target_text(value) {
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
/** True when a pull request's head lives in another repository (or in one that was deleted). */
function isForkPullRequest(context) {
    if (!PULL_REQUEST_EVENTS.has(context.eventName))
        return false;
    const head = field(context.payload, 'pull_request', 'head', 'repo');
    const base = field(context.payload, 'repository', 'full_name');
    if (head === null)
        return true;
    const headName = field(head, 'full_name');
    return typeof headName === 'string' && typeof base === 'string' && headName !== base;
}

;// CONCATENATED MODULE: ./src/report/links.ts
/**
 * Links back to GitHub that the action writes itself (never the service): the repository's address from
 * the runner's variables, only when both look like what the runner sets, so that no odd value can end up
 * inside a link in the summary or the comment.
 */
function repositoryUrl(env) {
    const server = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
    const repository = env.GITHUB_REPOSITORY ?? '';
    if (!/^[\w.-]+\/[\w.-]+$/.test(repository) || !/^https?:\/\/[^\s()<>"']+$/.test(server))
        return undefined;
    return `${server}/${repository}`;
}

;// CONCATENATED MODULE: ./src/untrusted/redact.ts
/**
 * Removing the API key from text the action did not write (the service's answers, the event) before
 * that text is clipped, escaped or shown anywhere. The runner masks the key in the log too, but only in
 * the forms it knows: an escaped form, or a piece of the key left by cutting text short, gets through.
 * So any run of text that is made of pieces of the key at least PIECE characters long goes, in any
 * case and after decoding `\uXXXX`, `\xXX`, `%XX` and JSON's `\\`, `\/` and `\"` escapes, up to
 * DECODE_ROUNDS times (a URL encoded twice, JSON inside JSON), not only the whole key. (A service that
 * set out to hide the key in some other encoding could still do so; these are the ways an echo is shown.)
 */
/** Pieces shorter than this are too common to mean the key (and a key's public prefix is about this long). */
const PIECE = 8;
const REDACTED = '***';
/** A redactor for some secrets (the API key, the GitHub token); with none it returns text as it is. */
function redactor(...secrets) {
    const given = secrets.filter((secret) => secret !== '');
    if (given.length === 0) {
        const scan = () => ({ add: () => undefined, mayHide: () => false });
        return Object.assign((text) => text, { mayHide: () => false, holdsPiece: () => false, scan });
    }
    const size = Math.min(PIECE, ...given.map((secret) => secret.length));
    const pieces = new Set();
    for (const secret of given) {
        for (let i = 0; i + size <= secret.length; i++)
            pieces.add(secret.slice(i, i + size).toLowerCase());
    }
    const escaped = [...pieces].map(escapeForPattern);
    // Finds whether any piece occurs at all, in any case; the rare text that holds one is then cut precisely.
    const any = new RegExp(escaped.join('|'), 'i');
    /** Cuts every run of pieces out of the text as it stands. */
    const cut = (text) => {
        if (text.length < size || !any.test(text))
            return text;
        const lower = text.replace(/[A-Z]/g, (c) => c.toLowerCase());
        const covered = new Uint8Array(text.length);
        for (let i = 0; i + size <= text.length; i++) {
            if (pieces.has(lower.slice(i, i + size)))
                covered.fill(1, i, i + size);
        }
        let out = '';
        for (let i = 0; i < text.length;) {
            const end = covered.indexOf(covered[i] ? 0 : 1, i);
            const stop = end < 0 ? text.length : end;
            out += covered[i] ? REDACTED : text.slice(i, stop);
            i = stop;
        }
        return out;
    };
    const redact = (raw) => {
        // The text as it stands first: an escape-like prefix (`%Ab`, `\uc123`) must not hide the key after it.
        let shown = cut(raw);
        // Then decoded, a round at a time: an escaped key (`\u0065gk…`, `%65gk…`, `%2565gk…`) is still the
        // key to whoever decodes it. A layer that holds a piece is shown decoded and cut, and decoding goes
        // on from what is left, so that a second copy escaped once more does not survive the first.
        let layer = shown;
        for (let round = 0; round < DECODE_ROUNDS && ESCAPE.test(layer); round++) {
            layer = decodeEscapes(layer);
            if (any.test(layer))
                shown = layer = cut(layer);
        }
        return shown;
    };
    // Each piece (8 characters from position i) holds the 4-character block of its secret that starts at the
    // next multiple of 4. A pattern of a secret's few blocks is quick over a large answer, where one of all
    // its pieces is not (a 40-character key has 33 pieces and 10 blocks: about 3 ms against 30 on 2 MB);
    // only around a block that turns up are the pieces looked for.
    const blocks = size < 7
        ? []
        : given.map((secret) => {
            const starts = Array.from({ length: Math.floor(secret.length / 4) }, (_, i) => 4 * i);
            const found = new Set(starts.map((i) => secret.slice(i, i + 4).toLowerCase()));
            return new RegExp([...found].map(escapeForPattern).join('|'), 'gi');
        });
    const piecesIn = (text) => {
        if (blocks.length === 0)
            return any.test(text);
        return blocks.some((block) => {
            block.lastIndex = 0;
            for (let found = block.exec(text); found; found = block.exec(text)) {
                if (any.test(text.slice(Math.max(0, found.index - size), found.index + size + 4)))
                    return true;
                block.lastIndex = found.index + 1;
            }
            return false;
        });
    };
    const holdsPiece = (text) => piecesIn(text) || decodings(text).some(piecesIn);
    // Without `\\` or `%` a text has no escapes to decode: it hides a piece only where one stands as it is.
    const mayHide = (json) => mayEscape(json) || piecesIn(json);
    // A run of `size` characters lies inside one piece, or inside the seam: the last size - 1 characters
    // before a piece and its first size - 1. The piece is scanned as it is, never joined to what came before
    // (that would copy it).
    const scan = () => {
        let tail = '';
        let found = false;
        return {
            add: (piece) => {
                if (found || piece === '')
                    return;
                const seam = tail + piece.slice(0, size - 1);
                found = mayEscape(piece) || piecesIn(piece) || piecesIn(seam);
                const last = piece.length >= size - 1 ? piece : seam;
                tail = last.slice(Math.max(0, last.length - (size - 1)));
            },
            mayHide: () => found
        };
    };
    return Object.assign(redact, { mayHide, holdsPiece, scan });
}
/** Whether a text holds the sign any escape begins with, `\\` or `%`. */
function mayEscape(text) {
    return text.includes('\\') || text.includes('%');
}
function escapeForPattern(text) {
    return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
const ESCAPE = /\\u([0-9a-f]{4})|\\x([0-9a-f]{2})|%([0-9a-f]{2})|\\(["/\\])/i;
const ESCAPES = new RegExp(ESCAPE.source, 'gi');
/** How many layers of escapes are read: twice-encoded text is a real echo; more is not. */
const DECODE_ROUNDS = 3;
/** Decodes `\uXXXX`, `\xXX`, `%XX`, `\\`, `\/` and `\"` escapes, one character each, wherever they stand. */
function decodeEscapes(text) {
    return text.replace(ESCAPES, (_, u, x, p, j) => j ?? String.fromCharCode(parseInt(u ?? x ?? p, 16)));
}
/** The text decoded once, twice, ... while it still holds escapes: each layer a reader might see. */
function decodings(text) {
    const layers = [];
    for (let layer = text; layers.length < DECODE_ROUNDS && ESCAPE.test(layer);) {
        layer = decodeEscapes(layer);
        layers.push(layer);
    }
    return layers;
}
/** How deep a service's item may nest before the rest of it is replaced by a note. */
const MAX_DEPTH = 32;
const TOO_DEEP = '[nested too deeply to show]';
/**
 * A copy of parsed JSON with the key removed from every string, object keys included, and anything
 * nested deeper than MAX_DEPTH replaced by TOO_DEEP (JSON.stringify would overflow the stack on it).
 * Values that need no change are returned as they are, so a large clean answer costs no copying.
 */
function redactValue(value, redact, depth = 0) {
    if (typeof value === 'string')
        return { value: redact(value), cut: false };
    if (value === null || typeof value !== 'object')
        return { value, cut: false };
    if (depth >= MAX_DEPTH)
        return { value: TOO_DEEP, cut: true };
    let cut = false;
    if (Array.isArray(value)) {
        let copy;
        for (let i = 0; i < value.length; i++) {
            const inner = redactValue(value[i], redact, depth + 1);
            cut ||= inner.cut;
            if (inner.value !== value[i])
                (copy ??= value.slice())[i] = inner.value;
        }
        return { value: copy ?? value, cut };
    }
    const record = value;
    let copy;
    const keys = Object.keys(record);
    for (const key of keys) {
        const inner = redactValue(record[key], redact, depth + 1);
        cut ||= inner.cut;
        const cleanKey = redact(key);
        if (!copy && (inner.value !== record[key] || cleanKey !== key)) {
            // The first change: copy the keys before this one, which needed none.
            copy = {};
            for (const k of keys) {
                if (k === key)
                    break;
                redact_define(copy, k, record[k]);
            }
        }
        if (copy)
            redact_define(copy, cleanKey, inner.value);
    }
    return { value: copy ?? value, cut };
}
/** Sets an own property even for the key `__proto__`, which JSON.parse allows and plain assignment would not. */
function redact_define(target, key, value) {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

;// CONCATENATED MODULE: ./src/untrusted/visible.ts
/**
 * Characters that change how text around them is read without showing themselves: controls, line and
 * paragraph separators, bidirectional overrides and isolates (which can make a log line or a table cell
 * read in another order), zero-width characters and other format characters. In text from the service
 * or the event they are shown as `\uXXXX` (`\u{XXXXX}` beyond four digits), so a reader sees that they
 * were there and nothing is reordered.
 *
 * The pattern is built at its first use, not written as a literal: V8 checks a literal's syntax when it
 * compiles the module, and for these Unicode classes that means building them from ICU's tables, a
 * millisecond or so that a run whose texts keep to the common characters below (most runs) need not pay.
 */
let visible_hidden;
const hiddenPattern = () => (visible_hidden ??= new RegExp('[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}]', 'gu'));
/**
 * Anything outside the ranges that hold no hidden character and that most texts keep to: printable ASCII,
 * Latin-1's letters and signs but the soft hyphen, and the dashes, quotes, bullets and ellipsis of
 * U+2010–U+2027 and U+2030–U+205E (this action's own lines use `…` and `—`). A test checks every code
 * point of them against the full pattern.
 */
const MAYBE_HIDDEN = /[^\x20-\x7e\xa0-\xac\xae-\xff\u2010-\u2027\u2030-\u205e]/;
function showHidden(text) {
    if (!MAYBE_HIDDEN.test(text))
        return text;
    return text.replace(hiddenPattern(), writtenOut);
}
/**
 * JSON with its hidden characters written as JSON escapes (`\u202e`; beyond four digits, as the two
 * escapes of its surrogates): the same value to any JSON reader, and inert wherever the text itself is
 * shown (a later step that echoes an output into its log). JSON.stringify already escapes C0 controls
 * and lone surrogates; these are the rest, and in its output they can only stand inside strings.
 */
function inertJson(json) {
    if (!MAYBE_HIDDEN.test(json))
        return json;
    return json.replace(hiddenPattern(), (c) => Array.from({ length: c.length }, (_, i) => unitEscape(c.charCodeAt(i))).join(''));
}
/** `\u200b`; beyond four digits `\u{e0041}`, which cannot be read as `\ue004` and a `1`. */
function writtenOut(c) {
    const code = c.codePointAt(0);
    return code > 0xffff ? `\\u{${code.toString(16)}}` : unitEscape(code);
}
/** A UTF-16 code unit as `\uXXXX`: how JSON, JavaScript and this action's log lines write one. */
function unitEscape(unit) {
    return `\\u${unit.toString(16).padStart(4, '0')}`;
}
/** Untrusted text (the key already removed) as a JSON string for a sentence, cut to `max` characters first. */
function quoted(text, max = 200) {
    return JSON.stringify(clipText(text, max));
}
/**
 * Cuts text to at most `max` code points, never inside a surrogate pair, marking the cut with "…". Reads
 * no further than the cut: a 16 MiB text is not split into characters to keep a hundred of them.
 */
function clipText(text, max) {
    if (text.length <= max)
        return text;
    let at = 0;
    let cut = 0;
    for (let kept = 0; kept < max; kept++) {
        if (at >= text.length)
            return text;
        if (kept === max - 1)
            cut = at;
        at += text.codePointAt(at) > 0xffff ? 2 : 1;
    }
    return at >= text.length ? text : `${text.slice(0, cut)}…`;
}

;// CONCATENATED MODULE: ./src/report/items-json.ts
/**
 * The blocked metrics as JSON for the `blocked-metrics` output. A later step usually reads an output
 * through `env:`, and Linux refuses to start a process with one environment string over 128 KiB; GitHub
 * allows 1 MB of outputs per job, counted as UTF-16. So the list holds whole items, in the service's
 * order, up to 64 KiB, while `blocked-count` is always the true count and the report file holds them all.
 * Hidden characters in it are JSON escapes: the same items to a JSON reader, inert in a log that echoes it.
 */


const MAX_ITEMS_JSON_BYTES = 64 * 1024;
const NO_SECRETS = redactor();
/** Printable ASCII only: nothing in it to escape, and a byte per character. */
const PLAIN = /^[\x20-\x7e]*$/;
/**
 * The longest prefix of the items whose JSON list fits `limit` bytes; `escape` makes each item's JSON
 * inert. An item's JSON is the one `itemJson` wrote while the answer was read, when it was.
 */
function boundedItemsJson(items, limit = MAX_ITEMS_JSON_BYTES, escape = inertJson) {
    const parts = [];
    let chars = 2; // the brackets
    let cut = false;
    for (const item of items) {
        let part;
        try {
            part = itemJson(item);
        }
        catch {
            // Nested too deeply to write out: the item goes in with its deepest parts replaced by a note.
            part = JSON.stringify(redactValue(item, NO_SECRETS).value) ?? 'null';
            cut = true;
        }
        // No UTF-16 unit takes less than a byte, and escaping only lengthens: an item too long in characters
        // stops here, before its escapes are written (a 16 MiB string of hidden characters would take seconds).
        const size = part.length + (parts.length > 0 ? 1 : 0);
        if (chars + size > limit)
            break;
        parts.push(part);
        chars += size;
    }
    const list = parts.join(',');
    // Most lists are printable ASCII: then what fits in characters fits in bytes, with nothing to escape.
    if (PLAIN.test(list))
        return { json: `[${list}]`, count: parts.length, cut };
    let bytes = 2;
    let count = 0;
    for (; count < parts.length; count++) {
        parts[count] = escape(parts[count]);
        const size = Buffer.byteLength(parts[count], 'utf8') + (count > 0 ? 1 : 0);
        if (bytes + size > limit)
            break;
        bytes += size;
    }
    return { json: `[${parts.slice(0, count).join(',')}]`, count, cut };
}
const written = new WeakMap();
/**
 * An item's JSON, written once: the slices reader measures the items it keeps by it, and the output is
 * made of the same strings. Throws as JSON.stringify does (an item nested too deeply to write).
 */
function itemJson(item) {
    if (item === null || typeof item !== 'object')
        return JSON.stringify(item) ?? 'null';
    let json = written.get(item);
    if (json === undefined)
        written.set(item, (json = JSON.stringify(item)));
    return json;
}
function outputCutNote(shown, count) {
    return (`The blocked-metrics output holds the first ${shown} of ${count} metrics (it is kept under 64 KiB so later ` +
        'steps can read it); blocked-count is the true count and the report file has them all.');
}

;// CONCATENATED MODULE: ./src/report/metric.ts
/**
 * One blocked metric, read from whatever shape the service sent, and how it compares with its
 * threshold. The service does not say whether a higher score is better (faithfulness) or worse
 * (toxicity), so a comparison states which side of the threshold the score fell on and by how much,
 * never "too low".
 */

const NAME_KEYS = ['name', 'metric', 'metric_name', 'id', 'key'];
/** Renders any item: objects with name/score/threshold are likely, but nothing is assumed. */
function readMetric(item) {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
        const name = valueText(item);
        return name === TOO_DEEP ? { name, extra: [], tooDeep: true } : { name, extra: [] };
    }
    const record = item;
    const nameKey = NAME_KEYS.find((key) => typeof record[key] === 'string' || typeof record[key] === 'number');
    const metric = { name: nameKey ? String(record[nameKey]) : '(unnamed)', extra: [] };
    for (const [key, value] of Object.entries(record)) {
        if (key === nameKey)
            continue;
        if (key === 'score')
            metric.score = valueText(value);
        else if (key === 'threshold')
            metric.threshold = valueText(value);
        else
            metric.extra.push([key, valueText(value)]);
    }
    metric.comparison = compare(record.score, record.threshold);
    if ([metric.score, metric.threshold, ...metric.extra.map(([, v]) => v)].includes(TOO_DEEP))
        metric.tooDeep = true;
    return metric;
}
function valueText(value) {
    if (typeof value === 'string')
        return value;
    try {
        return JSON.stringify(value) ?? String(value);
    }
    catch {
        // Nesting deep enough to overflow the stack: JSON.parse took it, JSON.stringify cannot give it back.
        return TOO_DEEP;
    }
}
function asNumber(value) {
    if (typeof value === 'number')
        return Number.isFinite(value) ? value : undefined;
    if (typeof value !== 'string' || !/^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?\s*$/i.test(value))
        return undefined;
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
}
function compare(scoreValue, thresholdValue) {
    const score = asNumber(scoreValue);
    const threshold = asNumber(thresholdValue);
    if (score === undefined || threshold === undefined)
        return undefined;
    const margin = Math.abs(score - threshold);
    return {
        score,
        threshold,
        relation: score < threshold ? '<' : score > threshold ? '>' : '=',
        margin,
        relative: threshold !== 0 && Number.isFinite(margin / threshold) ? margin / Math.abs(threshold) : undefined
    };
}
/** A number as a person writes it: at most four significant digits, no float noise (0.09, not 0.09000000000000008). */
function formatNumber(n) {
    if (n === 0)
        return '0';
    const abs = Math.abs(n);
    if (abs >= 1e6 || abs < 1e-4)
        return n.toPrecision(3);
    // Most scores and thresholds are short already (0.42, 0.8, 0.875): then their own text is the answer
    // (four characters hold at most four digits, and so does `0.` and four more), and the regular
    // expressions and toPrecision (slow: a table of 200 rows calls this 800 times) are for the rest.
    const text = String(n);
    if (text.length <= 4 || (text.length <= 6 && text.startsWith('0.')))
        return text;
    if (text.replace(/^-?[0.]*/, '').replace('.', '').length <= 4)
        return text;
    return String(Number(n.toPrecision(4)));
}
/** "0.71 < 0.8", as the reader compares them. */
function relationText(c) {
    return `${formatNumber(c.score)} ${c.relation} ${formatNumber(c.threshold)}`;
}
/** "0.09 below the threshold (11%)", or "at the threshold". */
function marginText(c) {
    if (c.relation === '=')
        return 'at the threshold';
    const side = c.relation === '<' ? 'below' : 'above';
    const share = c.relative !== undefined ? ` (${formatNumber(Math.round(c.relative * 1000) / 10)}%)` : '';
    return `${formatNumber(c.margin)} ${side} the threshold${share}`;
}
const BAR_WIDTH = 20;
/**
 * A bar of the score on a scale that holds both numbers, with the threshold marked `│`:
 * `██████████████░░│░░░` is 0.71 against 0.8 on 0 to 1. Undefined when a bar would mislead (negatives).
 */
function scoreBar(c, width = BAR_WIDTH) {
    if (c.score < 0 || c.threshold < 0)
        return undefined;
    const top = c.score <= 1 && c.threshold <= 1 ? 1 : Math.max(c.score, c.threshold) * 1.25;
    const cell = (value) => Math.min(width - 1, Math.max(0, Math.round((value / top) * width)));
    const filled = Math.min(width, Math.round((c.score / top) * width));
    const bar = '█'.repeat(filled) + '░'.repeat(width - filled);
    const mark = cell(c.threshold);
    return `${bar.slice(0, mark)}│${bar.slice(mark + 1)}`;
}
/**
 * One line about a metric, for an annotation or the log: "faithfulness: 0.71 < 0.8, 0.09 below the
 * threshold (11%)". `show` makes a piece of the service's text fit the place it goes.
 */
function describeMetric(metric, show) {
    const parts = [];
    if (metric.comparison)
        parts.push(`${relationText(metric.comparison)}, ${marginText(metric.comparison)}`);
    else {
        if (metric.score !== undefined)
            parts.push(`score ${show(metric.score, 60)}`);
        if (metric.threshold !== undefined)
            parts.push(`threshold ${show(metric.threshold, 60)}`);
    }
    for (const [key, value] of metric.extra.slice(0, 4))
        parts.push(`${show(key, 40)} ${show(value, 60)}`);
    const name = show(metric.name, 200);
    return parts.length > 0 ? `${name}: ${parts.join(', ')}` : name;
}

;// CONCATENATED MODULE: ./src/report/report.ts



/**
 * The most rows any place shows (the job summary); only these items are read into `metrics`. More than
 * this is no longer read at a glance: the report file holds the rest.
 */
const MAX_SHOWN_METRICS = 200;
/**
 * Builds the report, and takes the parsed answer out of `facts` as it does: from here on the report
 * holds only what is shown, so a long list (30,000 items, say) is garbage before anything is written,
 * and no garbage collection while the places are written has to copy it.
 */
function buildReport(facts, redact, now = Date.now()) {
    const { items, answerJson, cut } = cleanAnswer(facts, redact);
    facts.items = facts.answer = undefined;
    const notes = (facts.notes ?? []).map(redact);
    const metrics = items.slice(0, MAX_SHOWN_METRICS).map(readMetric);
    const itemsJson = boundedItemsJson(items);
    if (cut || itemsJson.cut || metrics.some((m) => m.tooDeep)) {
        notes.push('Some metrics nest too deeply to show in full; their deepest parts are left out.');
    }
    const itemCount = facts.outcome === 'error' ? null : facts.itemCount === undefined ? items.length : facts.itemCount;
    if (itemCount !== null && itemsJson.count < itemCount)
        notes.push(outputCutNote(itemsJson.count, itemCount));
    const target = facts.target && {
        ...facts.target,
        branch: redact(facts.target.branch),
        shaSource: redact(facts.target.shaSource),
        branchSource: redact(facts.target.branchSource)
    };
    return {
        outcome: facts.outcome,
        warnOnly: facts.warnOnly,
        projectId: facts.projectId === undefined ? undefined : redact(facts.projectId),
        eventName: redact(facts.eventName),
        target,
        commitUrl: facts.commitUrl,
        itemCount,
        metrics,
        itemsJson,
        answerJson,
        notes,
        problem: facts.problem && {
            message: redact(facts.problem.message),
            hint: facts.problem.hint === undefined ? undefined : redact(facts.problem.hint)
        },
        requests: facts.requests ?? 0,
        waits: facts.waits ?? [],
        startedAt: facts.startedAt,
        finishedAt: now
    };
}
/**
 * The items and the answer's JSON with the key removed. When the raw answer cannot hide a piece of the
 * key (one scan of its text), both are used as they arrived: no walk over 30,000 items, and the answer's
 * own text goes to the report file unchanged. Otherwise every string is cleaned; the answer's text is
 * still filed as sent when cleaning changed nothing (a `50%` in a description, say), so that numbers no
 * JavaScript number holds exactly (`1e400`, 20-digit integers) stay as the service wrote them, and it
 * is written again from the cleaned copy only when something had to be removed or cut.
 */
function cleanAnswer(facts, redact) {
    const items = facts.items ?? [];
    // A text found clean as it arrived (every list read in slices was) is not scanned a second time.
    if (facts.answerText !== undefined && (facts.answerClean === true || !redact.mayHide(facts.answerText))) {
        return { items, answerJson: facts.answerBytes ?? facts.answerText, cut: false };
    }
    // No JSON text: no verdict at all, or a block read from text that is not JSON. Nothing to file.
    if (facts.answer === undefined || facts.answerText === undefined) {
        const cleanItems = redactValue(items, redact);
        return { items: cleanItems.value, answerJson: null, cut: cleanItems.cut };
    }
    const cleanAnswer = redactValue(facts.answer, redact);
    // The items are the answer's own list: cleaned once, with it, not a second time on their own.
    const cleanList = cleanAnswer.value.blocked_metrics;
    const cleanItems = facts.answer.blocked_metrics === items && Array.isArray(cleanList)
        ? { value: cleanList, cut: cleanAnswer.cut }
        : redactValue(items, redact);
    // Unchanged and with nothing cut unread, the parsed answer holds no key. Its text may still hold one that
    // JSON.parse dropped (a repeated key keeps only its last value), escaped or not: holdsPiece reads the
    // whole text as it stands and decoded, so the text is filed as sent only when that finds none either.
    const asSent = cleanAnswer.value === facts.answer && !cleanAnswer.cut && !redact.holdsPiece(facts.answerText);
    return {
        items: cleanItems.value,
        answerJson: asSent ? (facts.answerBytes ?? facts.answerText) : JSON.stringify(cleanAnswer.value),
        cut: cleanItems.cut || cleanAnswer.cut
    };
}
/**
 * Which items of a large list the report needs, as they are read: the MAX_SHOWN_METRICS it shows, and
 * enough for the bounded output (items whose JSON, unescaped, passes its limit: escaped and counted in
 * bytes they take at least as much).
 */
function itemsTheReportNeeds() {
    let chars = 0;
    let measured = 0;
    return (kept) => {
        for (; measured < kept.length; measured++)
            chars += jsonLength(kept[measured]);
        return kept.length < MAX_SHOWN_METRICS || chars <= MAX_ITEMS_JSON_BYTES;
    };
}
function jsonLength(item) {
    try {
        return itemJson(item).length;
    }
    catch {
        return 0; // nested too deeply to write: more items are kept, never fewer
    }
}
/** "3 metrics failed their thresholds", without claiming which way any of them should have gone. */
function blockedCount(report) {
    const count = report.itemCount;
    if (count === null)
        return 'its list of metrics could not be read';
    if (count === 0)
        return 'it named no metrics';
    // Read from the rows that are shown: each blocked metric that has a score and a threshold failed it.
    const compared = report.metrics.length > 0 && report.metrics.every((m) => m.comparison !== undefined);
    const s = count === 1 ? '' : 's';
    return compared
        ? `${count} metric${s} failed ${count === 1 ? 'its threshold' : 'their thresholds'}`
        : `${count} metric${s} blocked it`;
}
/** What a blocked result asks of the reader. */
const NEXT_STEPS_BLOCKED = "Look at this commit's blocked metrics in the evaluation service, fix the regression and push again. " +
    'If a threshold is wrong, change it in the service and re-run this job. ' +
    'To report without blocking while thresholds are calibrated, set `fail-on-blocked: false`.';

;// CONCATENATED MODULE: ./src/service/answer-slices.ts
/**
 * A large answer read a slice at a time, so that its list of blocked metrics is never held whole: the
 * report shows the first few hundred and counts the rest. Parsing 30,000 metrics at once makes 3.6 MB of
 * young objects that a garbage collection copies while they are still held; parsed 64 KiB at a time,
 * each slice is dropped once its first items are kept, and memory stays bounded by the slice whatever
 * the list holds.
 *
 * It reads exactly what JSON.parse of the whole text reads, or gives up (and the caller parses it whole):
 *
 * - The list is taken to start where `"blocked_metrics"` first appears followed by `:` and `[`, and to
 *   end at one of the text's last few `]`. The text with that span replaced by a string holding a random
 *   nonce must parse, with that string as the top level's `blocked_metrics`. Then the span stood in the
 *   place of the value JSON.parse would have read there (a repeated key keeps its last value, so it is
 *   the value JSON.parse keeps), and all the rest of the answer is as JSON.parse reads it.
 * - The inside of the list is cut at commas after a `}`, about every 64 KiB, and each piece parsed as a
 *   list of its own. A piece that parses and holds at least one item is whole items: a cut inside a
 *   string leaves that string open, and a cut inside a nested value leaves its bracket open, and neither
 *   parses. A piece that does not parse is joined to the next one. So the pieces parse exactly when the
 *   whole list does, into the same items in the same order.
 * - Once the caller keeps no more items, the rest of the list is only counted, when it is a list of flat
 *   objects written compactly (see FLAT_ITEM): a pattern checks that it is exactly such a list, which
 *   JSON.parse would read as those items, and counts them without building them. A list of any other
 *   form goes on being parsed a piece at a time.
 */
/** Answers shorter than this are parsed whole: slicing them would save nothing. */
const SLICE_FROM_CHARS = 256 * 1024;
const SLICE_CHARS = 64 * 1024;
/** How many of the text's last `]` may end the list, and how many cuts a piece may try, before giving up. */
const MAX_ENDS = 4;
const MAX_CUTS = 16;
/**
 * Reads a large answer in slices, or returns undefined: when the text is short, when its list cannot
 * be found as described above, when `wanted` says the top level does not need it read so (a verdict
 * other than blocked is read whole), or when the text is not JSON.
 * @param keep  whether to keep one more item, given those kept so far
 */
function readInSlices(body, wanted, keep) {
    if (body.length < SLICE_FROM_CHARS)
        return undefined;
    const open = listStart(body);
    if (open < 0)
        return undefined;
    const nonce = `\ud800${Math.random()}`;
    const stand = JSON.stringify(nonce);
    let end = body.length;
    let top;
    for (let tries = 0; tries < MAX_ENDS && top === undefined; tries++) {
        end = body.lastIndexOf(']', end - 1);
        if (end <= open)
            return undefined;
        const read = parsed(body.slice(0, open) + stand + body.slice(end + 1));
        if (isRecord(read) && read.blocked_metrics === nonce)
            top = read;
    }
    if (top === undefined || !wanted(top))
        return undefined;
    const kept = [];
    let count = 0;
    // Pieces that fail are parsed again, joined to the next: a text built so that every cut fails must not
    // cost much more than one JSON.parse of the whole. Past twice the list's length, the whole is parsed.
    let budget = 2 * (end - open) + SLICE_CHARS;
    const piece = (from, to) => {
        budget -= to - from;
        return budget < 0 ? undefined : parsed(`[${body.slice(from, to)}]`);
    };
    // Each piece runs from after the list's `[` or a cut's comma to the next cut or the list's `]`; one
    // left empty after a last comma (a trailing comma) is read too, and refused.
    let counting = true;
    for (let start = open + 1;;) {
        if (counting && !keep(kept)) {
            // Tried once: a list that is not all flat items is parsed from here, never scanned again.
            counting = false;
            const rest = countFlatItems(body.slice(start, end));
            if (rest !== undefined) {
                count += rest;
                break;
            }
        }
        let cut = nextCut(body, start + SLICE_CHARS, end);
        let items = piece(start, cut);
        for (let tries = 1; !Array.isArray(items) && cut < end && budget >= 0; tries++) {
            if (tries === MAX_CUTS)
                return undefined;
            cut = nextCut(body, cut + 1, end);
            items = piece(start, cut);
        }
        if (!Array.isArray(items))
            return undefined;
        // An empty piece between two commas (`1, ,2`) parses alone but not in the whole list.
        if (items.length === 0 && (start > open + 1 || cut < end))
            return undefined;
        count += items.length;
        for (const item of items) {
            if (!keep(kept))
                break;
            kept.push(item);
        }
        if (cut === end)
            break;
        start = cut + 1;
    }
    top.blocked_metrics = kept;
    return { top, count };
}
/**
 * One item of a list as most services write it: an object of strings, numbers, true, false and null,
 * with at most a space after its `:` and `,`, and strings with no escape or control character (the
 * answers read in slices hold no `\` at all). Then a comma that another item follows, or the end of the
 * text. Each part can be read one way only, so a text that is not such a list fails at its first wrong
 * character, and the pattern never backtracks further than the items of one match.
 */
const FLAT_ITEM = (() => {
    const string = '"[^"\\\\\\u0000-\\u001f]*"';
    const number = '-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?';
    const member = `${string}: ?(?:${string}|${number}|true|false|null)`;
    return ` ?\\{(?:${member}(?:, ?${member})*)?\\}(?:,(?= ?\\{)|$)`;
})();
/** Items are matched this many at a time: one match per item would cost more than the matching. */
const GROUP = 32;
const FLAT_GROUPS = new RegExp(`(?:${FLAT_ITEM}){${GROUP}}`, 'gy');
const FLAT_ITEMS = new RegExp(FLAT_ITEM, 'gy');
/**
 * How many items `list` (the inside of a list, from after a comma to its `]`) holds, when it is all flat
 * items one after another (the sticky patterns match from where the last match ended, or not at all, so
 * matches that cover the whole text leave nothing between them); otherwise undefined.
 */
function countFlatItems(list) {
    if (list === '')
        return undefined; // a trailing comma, or an empty list: the pieces read it
    try {
        const groups = list.match(FLAT_GROUPS) ?? [];
        let covered = groups.reduce((sum, group) => sum + group.length, 0);
        const items = covered === list.length ? [] : (list.slice(covered).match(FLAT_ITEMS) ?? []);
        covered += items.reduce((sum, item) => sum + item.length, 0);
        return covered === list.length ? groups.length * GROUP + items.length : undefined;
    }
    catch {
        return undefined; // the pattern ran out of backtracking stack (a string of megabytes, say)
    }
}
/** Where the first `"blocked_metrics"` key's list opens (`[`), or -1. */
function listStart(body) {
    const key = body.indexOf('"blocked_metrics"');
    if (key < 0)
        return -1;
    let at = skipBlanks(body, key + '"blocked_metrics"'.length);
    if (body[at] !== ':')
        return -1;
    at = skipBlanks(body, at + 1);
    return body[at] === '[' ? at : -1;
}
function skipBlanks(body, at) {
    while (body[at] === ' ' || body[at] === '\t' || body[at] === '\n' || body[at] === '\r')
        at++;
    return at;
}
/** The first comma after a `}` at or after `from` (where a piece may end), or `end`. */
function nextCut(body, from, end) {
    if (from >= end)
        return end;
    const brace = body.indexOf('},', from);
    return brace < 0 || brace + 1 >= end ? end : brace + 1;
}
function parsed(text) {
    try {
        return JSON.parse(text);
    }
    catch {
        return undefined;
    }
}
function isRecord(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value);
}

;// CONCATENATED MODULE: ./src/service/answer.ts
/**
 * Reading the service's answer. A pass counts only when it is exact and unambiguous; anything that
 * says `blocked` is a block, whatever else is wrong with the answer, so that no malformed answer can
 * let a commit through.
 */



/**
 * Text that still says blocked, read from the raw answer when it cannot be read whole: a verdict key
 * (any case, in double, single or no quotes, with blanks inside the quotes or anything but JSON's
 * structure, a comment say, before its colon) whose value mentions "blocked" anywhere: a string, a list
 * or an object, however long or deep. A body that is cut short, too large, trailed by junk or that
 * repeats its keys is then still a block, never an error that `fail-on-error: false` would let
 * through. JSON may spell any letter as `\uXXXX`, and a service may send JSON inside a JSON string, so
 * the text is also read with its escapes decoded (as the redactor decodes them).
 */
const VERDICT_KEY = /["']?\s*verdict\s*["']?[^:,{}[\]"]{0,256}:\s*/gi;
function saysBlockedInText(body) {
    if (verdictInTextSaysBlocked(body))
        return true;
    // Escapes read, JSON inside a JSON string included: `"{\"verdict\":\"blocked\"}"`.
    return /[\\%]/.test(body) && verdictInTextSaysBlocked(decodeEscapes(body));
}
function verdictInTextSaysBlocked(body) {
    const keys = new RegExp(VERDICT_KEY);
    for (let key = keys.exec(body); key; key = keys.exec(body)) {
        const start = key.index + key[0].length;
        const value = answer_valueText(body, start);
        if (/blocked/i.test(value))
            return true;
        // A verdict key inside this value says nothing this value did not: each character is read once.
        keys.lastIndex = Math.max(keys.lastIndex, start + value.length);
    }
    return false;
}
/**
 * The text of the JSON value that starts at `start`, as far as it goes: a string to its closing quote,
 * a list or object to its closing bracket (strings skipped), anything else to the next `,`, `]` or `}`;
 * cut at the end of the body.
 */
function answer_valueText(body, start) {
    const end = body.length;
    const open = body[start];
    if (open === "'") {
        const close = body.indexOf("'", start + 1);
        return body.slice(start, close < 0 ? end : close + 1);
    }
    if (open !== '"' && open !== '[' && open !== '{') {
        const stop = body.slice(start, end).search(/[,}\]]/);
        return body.slice(start, stop < 0 ? end : start + stop);
    }
    let depth = 0;
    for (let i = start; i < end; i++) {
        const c = body[i];
        if (c === '"') {
            i++;
            while (i < end && body[i] !== '"')
                i += body[i] === '\\' ? 2 : 1;
            if (depth === 0)
                return body.slice(start, i + 1);
        }
        else if (c === '[' || c === '{')
            depth++;
        else if ((c === ']' || c === '}') && --depth === 0)
            return body.slice(start, i + 1);
    }
    return body.slice(start, end);
}
/** A byte-order mark before the JSON: not JSON, but no reason to refuse an answer. */
const withoutBom = (body) => (body.charCodeAt(0) === 0xfeff ? body.slice(1) : body);
/**
 * Reads the body of a 2xx answer of `POST /gates/evaluate`. With `slicing`, a large blocked answer whose
 * text is clean is read a slice at a time and only the items the report needs are kept (see
 * answer-slices.ts); what it decides is the same.
 */
function interpretAnswer(raw, quote = quoted, slicing) {
    const body = withoutBom(raw);
    const invalid = (problem) => blockedInText(body, `the answer could not be used: ${problem}`, quote) ?? { kind: 'invalid', problem };
    const sliced = slicing?.clean ? readInSlices(body, (top) => saysBlocked(top.verdict), slicing.keep) : undefined;
    if (sliced)
        return readBlocked(sliced.top, body, quote, sliced.count);
    let parsed;
    try {
        parsed = JSON.parse(body);
    }
    catch {
        return invalid(`the answer is not JSON (${describeBody(body, quote)})`);
    }
    if (!answer_isRecord(parsed))
        return invalid(`the answer is JSON but not an object (${describeBody(body, quote)})`);
    // The verdict is read first, as the API says.
    const verdict = parsed.verdict;
    if (saysBlocked(verdict))
        return readBlocked(parsed, body, quote);
    if (verdict !== 'pass') {
        const text = typeof verdict === 'string' ? verdict : jsonOf(verdict);
        const shown = verdict === undefined ? 'no verdict field' : `verdict ${quote(text, 80)}`;
        return invalid(`the answer has ${shown}; expected "pass" or "blocked"`);
    }
    const list = parsed.blocked_metrics;
    if (list !== undefined && list !== null && !Array.isArray(list)) {
        return invalid(`the verdict is "pass" but blocked_metrics is ${typeName(list)}, not a list`);
    }
    if (Array.isArray(list) && list.length > 0) {
        // A pass that names blocking metrics contradicts itself; trusting either half could be wrong.
        return invalid(`the verdict is "pass" but blocked_metrics lists ${list.length} metric(s); the answer contradicts itself`);
    }
    // JSON.parse keeps the last of repeated keys, so `{"verdict":"blocked","verdict":"pass"}` reads as a
    // pass; a key in another case (`"Blocked_Metrics"`, or with a Kelvin sign for its k) may be what
    // another reader takes. Neither passes.
    const keys = topLevelKeys(body);
    const repeated = keys.find((key, i) => keys.indexOf(key) !== i);
    if (repeated !== undefined)
        return invalid(`the answer gives ${quote(repeated, 40)} more than once; it is ambiguous`);
    const lookalike = keys.find((key) => ['verdict', 'blocked_metrics'].some((name) => key !== name && sameInAnyCase(key, name)));
    if (lookalike !== undefined)
        return invalid(`the answer also has a key ${quote(lookalike, 40)}; it is ambiguous`);
    return { kind: 'verdict', verdict: 'pass', items: [], notes: [], answer: parsed, text: body };
}
/**
 * For an answer that is not a 2xx (a refusal, or the last of a run of failures), or one too large to
 * read: a body that still says `blocked` is a block.
 */
function blockedInErrorBody(raw, why, quote = quoted) {
    const body = withoutBom(raw);
    let parsed;
    try {
        parsed = JSON.parse(body);
    }
    catch {
        return blockedInText(body, why, quote);
    }
    if (!answer_isRecord(parsed) || !saysBlocked(parsed.verdict))
        return blockedInText(body, why, quote);
    const answer = readBlocked(parsed, body, quote);
    if (answer.kind === 'verdict')
        answer.notes.unshift(`${why}, but its body says blocked.`);
    return answer;
}
/** A block read from raw text alone: no metric can be shown, but the commit does not pass. */
function blockedInText(body, why, quote) {
    if (!saysBlockedInText(body))
        return undefined;
    // The body is quoted once: `why` may already have quoted it (the answer is not JSON, it starts …).
    const described = describeBody(body, quote);
    const seen = why.includes(described) ? '' : ` (${described})`;
    const notes = [`${why.replace(/[.]$/, '')}; its text still says blocked${seen}, so it is read as blocked.`];
    return { kind: 'verdict', verdict: 'blocked', items: [], itemCount: null, notes, answer: {} };
}
/**
 * A verdict that mentions `blocked` anywhere (in any case, with blanks around it, inside a list or an
 * object, as a key or a value, however deep) blocks: a near miss must never read as a pass, nor as an
 * error that `fail-on-error: false` lets through. Walked without recursion, since JSON.parse builds
 * values nested far deeper than a stack goes; the walk is as long as the answer, which is capped.
 */
function saysBlocked(verdict) {
    const waiting = [verdict];
    while (waiting.length > 0) {
        const value = waiting.pop();
        if (typeof value === 'string') {
            if (/blocked/i.test(value))
                return true;
        }
        else if (Array.isArray(value)) {
            for (const inner of value)
                waiting.push(inner);
        }
        else if (value !== null && typeof value === 'object') {
            for (const key in value) {
                if (Object.hasOwn(value, key))
                    waiting.push(key, value[key]);
            }
        }
    }
    return false;
}
/** A blocked answer, parsed from `text`; `count` is how many items its list holds when `blocked_metrics` is only their first. */
function readBlocked(answer, text, quote, count) {
    const notes = [];
    const verdict = answer.verdict;
    const list = answer.blocked_metrics;
    if (verdict !== 'blocked') {
        const text = typeof verdict === 'string' ? verdict : jsonOf(verdict);
        notes.push(`The verdict was written ${quote(text, 40)}; read as blocked.`);
    }
    const blocked = (items, itemCount) => ({
        kind: 'verdict',
        verdict: 'blocked',
        items,
        itemCount,
        notes,
        answer,
        text
    });
    if (namesListAmbiguously(text)) {
        notes.push('blocked_metrics is given more than once, or also spelled another way, so which metrics were named is unknown.');
        return blocked([], null);
    }
    // A list that is missing (or null) is an empty one, as the API says.
    if (list === undefined || list === null)
        return blocked([]);
    if (Array.isArray(list))
        return blocked(list, count);
    notes.push(`blocked_metrics was ${typeName(list)}, not a list, so no metric can be shown.`);
    return blocked([], null);
}
/**
 * Whether the top level gives `blocked_metrics` more than once (JSON.parse keeps the last), or also under
 * a key another reader could take for it (`Blocked_Metrics`): which list the service meant is then
 * unknown. In a text without a `\` every key is spelled as it reads, so one that mentions the name at
 * most once, and then as it should be spelled, has no second such key, and its keys need not be walked.
 */
function namesListAmbiguously(text) {
    const mentions = text.match(LIST_NAME_IN_ANY_CASE) ?? [];
    if (mentions.length <= 1 && mentions.every((name) => name === 'blocked_metrics') && !text.includes('\\')) {
        return false;
    }
    const keys = topLevelKeys(text).filter((key) => sameInAnyCase(key, 'blocked_metrics'));
    return keys.length > 1 || keys.some((key) => key !== 'blocked_metrics');
}
/**
 * Whether a reader that matches keys without regard to case could take `key` for `name` (lower case):
 * Unicode's case mappings included, which make a Kelvin sign a `k`, a long `ſ` an `s` and a dotless `ı`
 * an `i` (Go's encoding/json, for one, matches keys so).
 */
function sameInAnyCase(key, name) {
    return key.toUpperCase().toLowerCase() === name;
}
/** `blocked_metrics` in any case, the letters that only Unicode's mappings make `k`, `i` and `s` included. */
const LIST_NAME_IN_ANY_CASE = /bloc[k\u212a]ed_metr[i\u0131]c[s\u017f]/gi;
function answer_isRecord(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value);
}
/**
 * The keys of a JSON object's top level, in order and with repeats, from text that JSON.parse accepted.
 * Strings are skipped whole (escapes included), so brackets and quotes inside them are not counted.
 */
function topLevelKeys(json) {
    const keys = [];
    let depth = 0;
    for (let i = 0; i < json.length; i++) {
        const c = json[i];
        if (c === '"') {
            let end = i + 1;
            while (end < json.length && json[end] !== '"')
                end += json[end] === '\\' ? 2 : 1;
            let next = end + 1;
            while (next < json.length && /\s/.test(json[next]))
                next++;
            if (depth === 1 && json[next] === ':')
                keys.push(JSON.parse(json.slice(i, end + 1)));
            i = end;
        }
        else if (c === '{' || c === '[')
            depth++;
        else if (c === '}' || c === ']')
            depth--;
    }
    return keys;
}
/** JSON for a value that may nest too deeply to write out. */
function jsonOf(value) {
    try {
        return JSON.stringify(value) ?? '';
    }
    catch {
        return typeName(value);
    }
}
function typeName(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'a list';
    return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
function describeBody(body, quote) {
    if (body.trim() === '')
        return 'the body is empty';
    return `it starts ${quote(body, 120)}`;
}
/** What the service said in an error body: a JSON `error`, `message` or `detail` field, or the text. */
function serverMessage(body) {
    const text = body.trim();
    if (text === '')
        return '';
    try {
        const parsed = JSON.parse(text);
        if (parsed !== null && typeof parsed === 'object') {
            for (const key of ['error', 'message', 'detail']) {
                const value = parsed[key];
                if (typeof value === 'string' && value.trim() !== '')
                    return value.trim();
                if (value !== null && typeof value === 'object') {
                    const inner = value.message;
                    if (typeof inner === 'string' && inner.trim() !== '')
                        return inner.trim();
                    return JSON.stringify(value) ?? '';
                }
            }
        }
    }
    catch {
        // Not JSON: the text itself is the message.
    }
    return text;
}

// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __nccwpck_require__(7067);
;// CONCATENATED MODULE: external "node:string_decoder"
const external_node_string_decoder_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:string_decoder");
// EXTERNAL MODULE: ./node_modules/@actions/http-client/lib/proxy.js
var proxy = __nccwpck_require__(9783);
;// CONCATENATED MODULE: ./src/service/http.ts
/**
 * One HTTP POST, and nothing more: no redirects followed, no retries, a body size cap, and a promise
 * that settles on every way the exchange can end.
 *
 * Node's request emits neither `response` nor `error` in some endings: an answer that switches
 * protocols (101) emits only `upgrade`, and aborting a request that has no socket yet (a CONNECT still
 * waiting on a silent proxy) emits nothing at all. So the signal is handled here rather than handed to
 * Node: an abort settles the promise at once and then tears the request down, and a request that
 * closes without an answer settles too.
 *
 * `https_proxy`/`http_proxy`/`no_proxy` are read by `@actions/http-client`'s own rules, and when they
 * send a request through a proxy, http-client chooses the agent (a CONNECT tunnel), as in every other
 * action. The request itself is made here because http-client's own `request()` cannot be aborted and
 * follows redirects with the Authorization header still attached when the header is set anywhere but
 * per request. http-client (with the tunnel and undici it imports) and TLS are loaded only when a
 * request needs them: a run that needs neither does not pay for them at start-up.
 */



/** The answer went past the size limit; what arrived before it is its partial answer. */
class BodyTooLargeError extends Error {
    limit;
    constructor(limit) {
        super(`the answer is larger than ${limit} bytes`);
        this.limit = limit;
        this.name = 'BodyTooLargeError';
    }
}
/** The exchange was stopped by its signal (deadline, per-request limit or cancel). */
class AbortedError extends Error {
    constructor() {
        super('the request was stopped before an answer arrived');
        this.name = 'AbortedError';
    }
}
const partials = new WeakMap();
function withPartial(cause, partial) {
    partials.set(cause, partial);
    return cause;
}
/** The part of an answer that had arrived when `cause` ended the exchange, if an answer had begun. */
function partialAnswer(cause) {
    return cause instanceof Error ? partials.get(cause) : undefined;
}
/** Pieces smaller than this are copied into blocks of BLOCK_BYTES; larger ones are kept as they are. */
const SMALL_PIECE_BYTES = 4 * 1024;
const BLOCK_BYTES = 64 * 1024;
/**
 * A body as it arrives, as bytes and as text. Small pieces are copied into blocks: an answer sent a byte
 * at a time would otherwise cost a Buffer and a string per byte (hundreds of bytes each), gigabytes for
 * a body under the size limit. Text is decoded block by block and joined: V8 parses such a joined string
 * several milliseconds faster per megabyte than one decoded from a single large Buffer. Each decoded
 * piece is also given to `onText`, as it is decoded.
 */
class BodyReader {
    onText;
    size = 0;
    blocks = [];
    block = Buffer.alloc(0);
    used = 0;
    decoder = new external_node_string_decoder_namespaceObject.StringDecoder('utf8');
    decoded = '';
    constructor(onText = () => undefined) {
        this.onText = onText;
    }
    add(piece) {
        this.size += piece.length;
        if (piece.length >= SMALL_PIECE_BYTES) {
            this.flush();
            return this.keep(piece);
        }
        if (this.used + piece.length > this.block.length) {
            this.flush();
            this.block = Buffer.allocUnsafe(BLOCK_BYTES);
        }
        piece.copy(this.block, this.used);
        this.used += piece.length;
    }
    /** All the text so far; a character cut off at the end reads as U+FFFD. */
    text() {
        this.flush();
        this.append(this.decoder.end());
        return this.decoded;
    }
    /** All the bytes so far, in order. */
    bytes() {
        this.flush();
        return this.blocks;
    }
    keep(piece) {
        this.blocks.push(piece);
        this.append(this.decoder.write(piece));
    }
    append(text) {
        if (text === '')
            return;
        this.decoded += text;
        this.onText(text);
    }
    /** Keeps the filled part of the current block; what is left of it takes the next small pieces. */
    flush() {
        if (this.used === 0)
            return;
        this.keep(this.block.subarray(0, this.used));
        this.block = this.block.subarray(this.used);
        this.used = 0;
    }
}
/** The agent for a URL: http-client's proxy agent when a proxy applies, else a fresh one with no keep-alive. */
async function agentFor(url) {
    if ((0,proxy/* getProxyUrl */.s)(url) === undefined)
        return false;
    const { HttpClient } = await Promise.all(/* import() */[__nccwpck_require__.e(119), __nccwpck_require__.e(779)]).then(__nccwpck_require__.bind(__nccwpck_require__, 2779));
    return new HttpClient().getAgent(url.href);
}
async function postJson(url, payload, options) {
    const target = new URL(url);
    const transport = target.protocol === 'https:' ? process.getBuiltinModule('node:https') : external_node_http_;
    const agent = await agentFor(target);
    return new Promise((resolve, reject) => {
        if (options.signal.aborted)
            return reject(new AbortedError());
        const request = transport.request(target, {
            method: 'POST',
            agent,
            headers: { ...options.headers, 'Content-Length': String(Buffer.byteLength(payload)) }
        });
        let settled = false;
        const settle = (done) => {
            if (settled)
                return;
            settled = true;
            options.signal.removeEventListener('abort', onAbort);
            done();
        };
        /** Once an answer has begun, what arrived of it goes with any error that ends it. */
        let received;
        const fail = (cause) => settle(() => {
            reject(received ? withPartial(cause, received()) : cause);
            request.destroy();
        });
        const onAbort = () => fail(new AbortedError());
        options.signal.addEventListener('abort', onAbort, { once: true });
        request.on('response', (response) => {
            const status = response.statusCode ?? 0;
            const body = new BodyReader(options.onText);
            received = () => ({ status, body: body.text() });
            response.on('data', (chunk) => {
                if (body.size + chunk.length > options.maxBodyBytes)
                    return fail(new BodyTooLargeError(options.maxBodyBytes));
                body.add(chunk);
            });
            response.on('end', () => settle(() => {
                const text = body.text();
                // A body that was not valid UTF-8 reads with U+FFFD in it: its bytes are then not that text.
                const bytes = text.includes('\uFFFD') ? undefined : body.bytes();
                resolve({ status, headers: response.headers, body: text, bytes });
            }));
            // A connection that dies mid-body may end in 'error', 'aborted' or only in 'close'. What arrived goes
            // with the error: a cut-off answer that says blocked must not end as a mere network fault.
            response.on('error', fail);
            response.on('close', () => fail(new Error('the connection closed before the answer was complete')));
        });
        request.on('upgrade', (response, socket) => {
            socket.destroy();
            fail(new Error(`the service answered ${response.statusCode ?? '?'} and tried to switch protocols`));
        });
        request.on('error', fail);
        // After a response this fires once the body is read (already settled); before one, nothing else will.
        request.on('close', () => fail(new Error('the connection closed without an answer')));
        request.end(payload);
    });
}

;// CONCATENATED MODULE: ./src/service/retry-timing.ts
/**
 * When to try again: reading the service's rate-limit headers, exponential backoff, jitter and the
 * deadline. Pure: the clock and the random source are arguments.
 */
/** Unix times in seconds pass this after September 2001; smaller numbers are read as seconds from now. */
const UNIX_SECONDS_FLOOR = 1e9;
/** Unix times in milliseconds pass this after September 2001. */
const UNIX_MILLIS_FLOOR = 1e12;
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_CAP_MS = 30_000;
/** Jitter spreads the retries of parallel jobs that were told the same reset time. */
const JITTER_MAX_MS = 1_000;
/**
 * Added after a reset the service named: the runner's and the service's clocks differ a little, and a
 * timer may fire a millisecond early, so a retry aimed exactly at the reset could arrive just before it.
 */
const RESET_MARGIN_MS = 100;
/**
 * Reads `X-RateLimit-Reset` as an absolute time (milliseconds since the epoch), whatever its form:
 * Unix seconds, Unix milliseconds, seconds from now, an HTTP date or an ISO 8601 date.
 * Returns undefined when the value is none of these.
 */
function parseResetHeader(value, nowMs) {
    const text = value?.trim();
    if (!text)
        return undefined;
    if (/^\d+(?:\.\d+)?$/.test(text)) {
        const n = Number(text);
        if (!Number.isFinite(n))
            return undefined;
        if (n >= UNIX_MILLIS_FLOOR)
            return n;
        if (n >= UNIX_SECONDS_FLOOR)
            return n * 1000;
        return nowMs + n * 1000;
    }
    return parseDate(text);
}
/** Reads `Retry-After`: delay-seconds or an HTTP date (RFC 9110), as an absolute time. */
function parseRetryAfter(value, nowMs) {
    const text = value?.trim();
    if (!text)
        return undefined;
    if (/^\d+(?:\.\d+)?$/.test(text))
        return nowMs + Number(text) * 1000;
    return parseDate(text);
}
const ISO_8601 = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;
// IMF-fixdate, the obsolete RFC 850 form, and asctime: each starts with a day name.
const HTTP_DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? +[\w -]+\d{2}:\d{2}:\d{2}(?: +(?:GMT|UTC|\d{4}))?$/i;
function parseDate(text) {
    let candidate;
    const iso = ISO_8601.exec(text);
    if (iso) {
        // A time without a zone is read as UTC, as the runners' clocks are, not as this machine's local time.
        candidate = text.replace(' ', 'T').replace(',', '.') + (iso[1] ? '' : 'Z');
    }
    else if (HTTP_DATE.test(text)) {
        candidate = /GMT|UTC/i.test(text) ? text : `${text} GMT`;
    }
    else {
        return undefined;
    }
    const ms = Date.parse(candidate);
    return Number.isFinite(ms) ? ms : undefined;
}
/** `min(cap, base * 2^attempt)`: attempt 0 waits the base. */
function backoffMs(attempt) {
    return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
}
/** A random extra wait in [0, JITTER_MAX_MS); `random` returns a number in [0, 1). */
function jitterMs(random) {
    return Math.floor(Math.max(0, Math.min(0.999999, random())) * JITTER_MAX_MS);
}
/**
 * The wait before retrying after a 429: until the reset the service gave, then Retry-After, then
 * exponential backoff. A reset in the past still waits a backoff, never zero, and jitter always adds,
 * so a retry never arrives before the time it was told.
 */
function rateLimitWait(headers, attempt, nowMs, random) {
    const jitter = jitterMs(random);
    const fromReset = parseResetHeader(headers.reset, nowMs);
    const named = fromReset ?? parseRetryAfter(headers.retryAfter, nowMs);
    if (named !== undefined) {
        const basis = fromReset !== undefined ? 'X-RateLimit-Reset' : 'Retry-After';
        if (named > nowMs)
            return { delayMs: named - nowMs + RESET_MARGIN_MS + jitter, resetAtMs: named, basis };
        return { delayMs: backoffMs(attempt) + jitter, resetAtMs: named, basis: 'backoff (reset already past)' };
    }
    return { delayMs: backoffMs(attempt) + jitter, basis: 'backoff' };
}
/** The wait before retrying after a network fault, a timeout or a 5xx answer. */
function faultWait(attempt, random) {
    return backoffMs(attempt) + jitterMs(random);
}
/** True when sleeping `delayMs` from `nowMs` and then making at least a short request still fits the deadline. */
function fitsBudget(delayMs, nowMs, deadlineMs) {
    return Number.isFinite(delayMs) && nowMs + delayMs < deadlineMs;
}
/** The largest time a Date can hold (±8.64e15 ms); a reset past it cannot be shown as a date. */
const MAX_DATE_MS = 8.64e15;
/** "at 2026-11-21T12:00:30.000Z", or undefined for no time or one no date can hold (it would throw). */
function formatTime(ms) {
    if (ms === undefined || !Number.isFinite(ms) || Math.abs(ms) > MAX_DATE_MS)
        return undefined;
    return `at ${new Date(ms).toISOString()}`;
}
/** A duration for a log line: "1.5 s". */
function seconds(ms) {
    return `${(ms / 1000).toFixed(1)} s`;
}
/** How far away a wait ends, readable at any size: "in 12.0 s", "in 3.2 hours", "more than a year away". */
function describeWait(ms) {
    if (!Number.isFinite(ms) || ms > 366 * 86_400_000)
        return 'more than a year away';
    if (ms > 2 * 86_400_000)
        return `in ${(ms / 86_400_000).toFixed(1)} days`;
    if (ms > 2 * 3_600_000)
        return `in ${(ms / 3_600_000).toFixed(1)} hours`;
    return `in ${seconds(ms)}`;
}

;// CONCATENATED MODULE: ./src/version.ts
/** The action's version, sent in the User-Agent. A test keeps it equal to package.json's. */
const VERSION = '1.0.0';

;// CONCATENATED MODULE: ./src/service/gate-client.ts
/**
 * Asks the service for a verdict: `POST {base-url}/gates/evaluate`, retried through rate limits,
 * network faults and 5xx answers, all inside one deadline. It never decides the step's outcome; it
 * returns either a verdict or an error that says what went wrong and what to do. Every message it
 * returns or logs has had the API key removed already; the items are left to the report.
 */






/** No single request may take longer than this, so one hung connection cannot eat the whole budget. */
const PER_REQUEST_MS = 60_000;
/** Verdicts are small; this bounds memory whatever the server sends (30,000 metrics fit easily). */
const MAX_BODY_BYTES = 16 * 1024 * 1024;
const USER_AGENT = `eval-gate-action/${VERSION}`;
/** A host name that does not resolve twice is a typo, not a passing fault: waiting out the budget helps no one. */
const MAX_DNS_FAILURES = 2;
const HINTS = {
    auth: 'Check the api-key secret: the service did not accept the key for this project.',
    notFound: 'Check project-id, and that base-url is the service address ending in /v1 (for example https://eval.example.com/v1).',
    rejected: 'The service rejected the request; its message says why. Check project-id, commit-sha and branch.',
    network: 'Check that base-url is reachable from the runner: its host name, the network, and any proxy settings (https_proxy, no_proxy).',
    dns: 'Check the host name in base-url (and, behind a proxy, that https_proxy is set): it does not resolve from the runner.',
    tls: 'The service\u2019s TLS certificate was not accepted. Check that base-url names the host the certificate is for; ' +
        'if a private certificate authority signed it, set NODE_EXTRA_CA_CERTS on the runner to that CA\u2019s bundle.',
    timeout: 'The service did not answer in time. Check its status, or raise timeout-seconds.',
    server: 'The service kept failing. Check its status and run the job again.',
    invalid: 'The service answered, but not with a verdict. Check that base-url points at the evaluation service (ending in /v1).',
    redirect: 'Set base-url to the address the service redirects to. Redirects are not followed, so that the API key is never sent to another address.',
    rateLimit: 'Raise timeout-seconds, or spread the jobs that share this project\u2019s rate limit.',
    cancelled: 'Run the job again.',
    broken: 'The action\u2019s files are incomplete: use a released version (uses: eval-gate/eval-gate@v1) or rebuild dist/.'
};
/** Error codes for a certificate the runner does not trust: no retry can change that. */
const TLS_CODES = /^(?:CERT_|ERR_TLS_|ERR_SSL_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH)/;
async function evaluateGate(request, deps) {
    const deadline = deps.now() + request.timeoutMs;
    const perRequestMs = request.perRequestMs ?? PER_REQUEST_MS;
    // Timers that keep the process alive until they fire: AbortSignal.timeout's do not, and a request
    // that never settles would then let the process drain and exit as if nothing had happened.
    const budget = timerSignal(request.timeoutMs);
    const stop = deps.signal ? AbortSignal.any([budget.signal, deps.signal]) : budget.signal;
    const redact = redactor(request.apiKey);
    const log = (message) => deps.log(redact(message));
    /** The service's own words inside a sentence: key removed first, then cut, then quoted as JSON. */
    const theirs = (text, max = 500) => quoted(redact(text), max);
    const url = `${request.baseUrl}/gates/evaluate`;
    // Exactly the three documented fields, nothing else.
    const payload = JSON.stringify({
        project_id: request.projectId,
        commit_sha: request.commitSha,
        branch: request.branch
    });
    const headers = {
        // Passed per request, never through a shared agent option, and redirects are not followed.
        Authorization: `Bearer ${request.apiKey}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'User-Agent': USER_AGENT
    };
    const budgetText = `timeout-seconds (${seconds(request.timeoutMs)})`;
    const exchange = { requests: 0, waits: [] };
    let faults = 0;
    let limited = 0;
    let dnsFailures = 0;
    let lastProblem = '';
    let lastHint = HINTS.server;
    /**
     * The last answer that was not a verdict but still said blocked (a refusal, a 5xx, a body cut off or
     * too large): if no verdict follows, the result is that block, whatever failed after it.
     */
    let saidBlocked;
    const heard = (body, why) => {
        const read = body.trim() === '' ? undefined : blockedInErrorBody(body, why, theirs);
        if (read?.kind === 'verdict')
            saidBlocked = read;
    };
    // The items are returned as sent: the report removes the key from them, once, with everything else.
    const verdict = (answer, answerBytes, answerClean) => ({
        kind: 'verdict',
        verdict: answer.verdict,
        items: answer.items,
        notes: answer.notes.map(redact),
        answer: answer.answer,
        answerText: answer.text,
        answerBytes,
        itemCount: answer.itemCount,
        answerClean,
        ...exchange
    });
    const error = (message, hint) => {
        if (saidBlocked)
            return verdict(saidBlocked);
        return { kind: 'error', message: redact(message), hint, ...exchange };
    };
    const outOfTime = () => deps.signal?.aborted
        ? error('The check was cancelled before a verdict arrived.', HINTS.cancelled)
        : error(`No verdict within ${budgetText}${lastProblem ? `; last problem: ${lastProblem}` : ''}.`, HINTS.timeout);
    const pause = async (ms, why) => {
        exchange.waits.push({ afterRequest: exchange.requests, ms, why });
        await deps.sleep(ms, stop);
    };
    /** Sleeps before the next try if that still fits the deadline; returns an error result if it does not. */
    const retryAfter = async (delayMs, why) => {
        if (!fitsBudget(delayMs, deps.now(), deadline)) {
            return error(`Gave up after ${exchange.requests} request(s): ${why}. The next try would not fit in ${budgetText}.`, lastHint);
        }
        log(`Request ${exchange.requests} failed: ${why}. Retrying in ${seconds(delayMs)}.`);
        await pause(delayMs, why);
        return stop.aborted ? outOfTime() : undefined;
    };
    try {
        for (;;) {
            if (stop.aborted || deps.now() >= deadline)
                return outOfTime();
            exchange.requests++;
            // A per-request limit only when it ends before the whole check does; otherwise the two would race.
            const perRequest = perRequestMs < deadline - deps.now() ? timerSignal(perRequestMs) : undefined;
            let answer;
            const scan = deps.slicing?.scan();
            try {
                answer = await postJson(url, payload, {
                    headers,
                    signal: perRequest ? AbortSignal.any([stop, perRequest.signal]) : stop,
                    maxBodyBytes: MAX_BODY_BYTES,
                    onText: scan?.add
                });
            }
            catch (cause) {
                // An answer cut off (by its size, the network, the deadline or a cancel) still blocks if what
                // arrived says so.
                const partial = partialAnswer(cause);
                if (partial) {
                    const tooLarge = cause instanceof BodyTooLargeError;
                    heard(partial.body, tooLarge
                        ? `The answer was larger than ${cause.limit} bytes`
                        : `The answer (HTTP ${partial.status}) was cut off`);
                }
                if (stop.aborted || deps.now() >= deadline)
                    return outOfTime();
                if (cause instanceof BodyTooLargeError) {
                    return error(`The service's answer was too large: ${cause.message}.`, HINTS.invalid);
                }
                const code = errorCode(cause);
                if (TLS_CODES.test(code))
                    return error(`Could not connect securely: ${describeNetworkError(cause)}.`, HINTS.tls);
                if (code.startsWith('ERR_MODULE_')) {
                    // A file of the action's own bundle is missing (the proxy agent loads on demand): no retry finds it.
                    return error(`eval-gate could not load a part of itself: ${describeNetworkError(cause)}.`, HINTS.broken);
                }
                const timedOut = cause instanceof AbortedError && perRequest?.signal.aborted === true;
                lastProblem = timedOut ? `no answer within ${seconds(perRequestMs)}` : describeNetworkError(cause);
                lastHint = timedOut ? HINTS.timeout : code === 'ENOTFOUND' ? HINTS.dns : HINTS.network;
                if (code === 'ENOTFOUND' && ++dnsFailures >= MAX_DNS_FAILURES) {
                    return error(`The host name in base-url does not resolve: ${lastProblem}, ${dnsFailures} tries.`, HINTS.dns);
                }
                const stopped = await retryAfter(faultWait(faults++, deps.random), lastProblem);
                if (stopped)
                    return stopped;
                continue;
            }
            finally {
                perRequest?.clear();
            }
            const remaining = header(answer, 'x-ratelimit-remaining');
            if (remaining !== undefined)
                log(`Rate limit: ${theirs(remaining, 40)} request(s) left in this window.`);
            const { status } = answer;
            if (status >= 200 && status < 300) {
                const clean = scan !== undefined && !scan.mayHide();
                const read = interpretAnswer(answer.body, theirs, deps.slicing && { clean, keep: deps.slicing.keep });
                if (read.kind === 'invalid')
                    return error(`The service answered ${status}, but ${read.problem}.`, HINTS.invalid);
                return verdict(read, read.text === answer.body ? answer.bytes : undefined, clean);
            }
            heard(answer.body, `The service answered HTTP ${status}`);
            if (status === 429) {
                const reset = header(answer, 'x-ratelimit-reset');
                const wait = rateLimitWait({ reset, retryAfter: header(answer, 'retry-after') }, limited++, deps.now(), deps.random);
                const at = formatTime(wait.resetAtMs);
                lastProblem = `rate limited (429); the limit resets ${at ?? 'at a time the service did not give'}`;
                lastHint = HINTS.rateLimit;
                if (!fitsBudget(wait.delayMs, deps.now(), deadline)) {
                    return error(`Rate limited (429): the project's limit resets ${at ? `${at}, ` : ''}${describeWait(wait.delayMs)}, ` +
                        `after ${budgetText} runs out. Not waiting for it.`, HINTS.rateLimit);
                }
                const shown = reset !== undefined ? ` (X-RateLimit-Reset: ${theirs(reset, 64)})` : '';
                log(`Request ${exchange.requests}: rate limited (429)${shown}; waiting ${seconds(wait.delayMs)} by ${wait.basis}.`);
                await pause(wait.delayMs, `rate limited (429); waited by ${wait.basis}`);
                if (stop.aborted)
                    return outOfTime();
                continue;
            }
            const message = serverMessage(answer.body);
            const said = message ? `: ${theirs(message)}` : '';
            if (status >= 500 || status === 408) {
                lastProblem = `the service answered ${status}${said}`;
                lastHint = HINTS.server;
                const stopped = await retryAfter(faultWait(faults++, deps.random), lastProblem);
                if (stopped)
                    return stopped;
                continue;
            }
            if (status >= 300 && status < 400) {
                const location = header(answer, 'location');
                return error(`The service answered ${status}, a redirect${location ? ` to ${theirs(location, 300)}` : ''}.`, HINTS.redirect);
            }
            const hint = status === 401 || status === 403 ? HINTS.auth : status === 404 ? HINTS.notFound : HINTS.rejected;
            return error(`The service refused the request with ${status}${said}.`, hint);
        }
    }
    finally {
        budget.clear();
    }
}
/** An AbortSignal that fires after `ms` on a timer that keeps the process alive until then. */
function timerSignal(ms) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), ms);
    return { signal: controller.signal, clear: () => clearTimeout(timer) };
}
function header(answer, name) {
    const value = answer.headers[name];
    const text = Array.isArray(value) ? value[0] : value;
    return text === undefined || text.trim() === '' ? undefined : text.trim();
}
function errorCode(cause) {
    const code = cause?.code;
    return typeof code === 'string' ? code : '';
}
function describeNetworkError(cause) {
    const code = errorCode(cause);
    const message = cause instanceof Error ? cause.message : String(cause);
    return `network error (${code ? `${code}: ` : ''}${message})`;
}
/** A sleep that ends early when the signal aborts (deadline or cancel). */
function sleep(ms, signal) {
    return new Promise((resolve) => {
        if (signal.aborted)
            return resolve();
        const done = () => {
            clearTimeout(timer);
            signal.removeEventListener('abort', done);
            resolve();
        };
        const timer = setTimeout(done, ms);
        signal.addEventListener('abort', done, { once: true });
    });
}

;// CONCATENATED MODULE: ./src/settings/settings.ts
/**
 * All of the action's inputs, read and checked in one place. Nothing here talks to the network or to
 * the runner: `readSettings` takes a function that returns an input's raw text, so it can be tested
 * with plain values.
 */

const COMMENT_MODES = ['failures', 'always', 'off'];
/** A problem with one input. The message names the input and never contains the API key. */
class InputError extends Error {
    input;
    constructor(input, message) {
        super(`Input '${input}': ${message}`);
        this.input = input;
        this.name = 'InputError';
    }
}
/** Jobs on hosted runners stop after 6 hours, so a longer budget is always a mistake. */
const MAX_TIMEOUT_SECONDS = 6 * 60 * 60;
const MIN_TIMEOUT_SECONDS = 1;
function readSettings(read, context) {
    const warnings = [];
    const apiKey = readApiKey(read, context);
    const projectId = readRequired(read, 'project-id');
    if (/[\s\u0000-\u001f\u007f]/.test(projectId)) {
        throw new InputError('project-id', `must not contain whitespace or control characters (got ${quote(projectId)}).`);
    }
    const baseUrl = readBaseUrl(read, warnings);
    const commitSha = optional(read('commit-sha'))?.toLowerCase();
    if (commitSha !== undefined && !FULL_SHA.test(commitSha)) {
        throw new InputError('commit-sha', `must be a full commit SHA (40 or 64 hexadecimal characters), got ${quote(commitSha)}. ` +
            'A short SHA could name more than one commit.');
    }
    const branch = readBranch(read);
    return {
        apiKey,
        projectId,
        baseUrl,
        commitSha,
        branch,
        failOnBlocked: readBoolean(read, 'fail-on-blocked', true),
        failOnError: readBoolean(read, 'fail-on-error', true),
        timeoutMs: readTimeout(read),
        prComment: readCommentMode(read),
        githubToken: read('github-token').trim(),
        warnings
    };
}
function readApiKey(read, context) {
    const apiKey = read('api-key').trim();
    if (apiKey === '') {
        if (context.isForkPullRequest) {
            throw new InputError('api-key', 'is empty. This run is for a pull request from a fork, and GitHub does not give secrets to ' +
                'workflows run for fork pull requests, so the key cannot reach this step. ' +
                'See "Fork pull requests" in the README for the ways to gate them.');
        }
        throw new InputError('api-key', 'is required but empty. Pass the project API key from a secret: api-key: ${{ secrets.EVAL_GATE_API_KEY }}.');
    }
    // The key itself is never quoted in these messages: it is a secret even when it is wrong.
    if (/\s/.test(apiKey)) {
        throw new InputError('api-key', 'contains whitespace; a key is a single token. Check the secret for a pasted line break or space.');
    }
    if (!/^[\x21-\x7e]+$/.test(apiKey)) {
        throw new InputError('api-key', 'contains characters that cannot be sent in an HTTP header; a key is plain ASCII.');
    }
    if (/[<>]/.test(apiKey) || /^(?:\$\{\{.*\}\}|(?:YOUR_)?API_KEY|xxx+|changeme|\*+)$/i.test(apiKey)) {
        throw new InputError('api-key', 'looks like a placeholder, not a key. Store the real project API key in a secret and pass that.');
    }
    return apiKey;
}
function readRequired(read, name) {
    const value = read(name).trim();
    if (value === '')
        throw new InputError(name, 'is required but empty.');
    return value;
}
function readBaseUrl(read, warnings) {
    const raw = readRequired(read, 'base-url');
    let url;
    try {
        url = new URL(raw);
    }
    catch {
        throw new InputError('base-url', `must be an absolute http(s) URL such as https://eval.example.com/v1, got ${quote(raw)}.`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
        throw new InputError('base-url', `must use http or https, got ${quote(url.protocol)} in ${quote(raw)}.`);
    }
    if (url.username !== '' || url.password !== '') {
        throw new InputError('base-url', 'must not contain credentials; the API key goes in the api-key input.');
    }
    if (url.search !== '' || url.hash !== '') {
        throw new InputError('base-url', `must not have a query or fragment, got ${quote(raw)}.`);
    }
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
        warnings.push(`base-url uses plain http to ${url.host}: the API key and the verdict cross the network unencrypted. Use https.`);
    }
    return url.href.replace(/\/+$/, '');
}
function readBranch(read) {
    const given = optional(read('branch'));
    const branch = given?.replace(/^refs\/heads\//, '');
    if (given !== undefined && branch === '')
        throw new InputError('branch', `names no branch (got ${quote(given)}).`);
    if (branch !== undefined && /[\u0000-\u001f\u007f]/.test(branch)) {
        throw new InputError('branch', `must not contain control characters (got ${quote(branch)}).`);
    }
    return branch === '' ? undefined : branch;
}
function readBoolean(read, name, fallback) {
    const value = read(name).trim();
    if (value === '')
        return fallback;
    if (/^true$/i.test(value))
        return true;
    if (/^false$/i.test(value))
        return false;
    throw new InputError(name, `must be true or false, got ${quote(value)}.`);
}
function readTimeout(read) {
    const raw = read('timeout-seconds').trim();
    if (raw === '')
        return 300_000;
    const seconds = /^\d+(?:\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
    // Under a second no request can finish: such a budget only ever ends in "no verdict".
    if (!(seconds >= MIN_TIMEOUT_SECONDS) || seconds > MAX_TIMEOUT_SECONDS) {
        throw new InputError('timeout-seconds', `must be a number of seconds from ${MIN_TIMEOUT_SECONDS} to ${MAX_TIMEOUT_SECONDS}, got ${quote(raw)}.`);
    }
    return Math.round(seconds * 1000);
}
function readCommentMode(read) {
    const value = read('pr-comment').trim().toLowerCase();
    if (value === '')
        return 'failures';
    const mode = COMMENT_MODES.find((m) => m === value);
    if (mode === undefined) {
        throw new InputError('pr-comment', `must be one of ${COMMENT_MODES.join(', ')}, got ${quote(value)}.`);
    }
    return mode;
}
function optional(value) {
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
}
function isLoopbackHost(hostname) {
    const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
    return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}
/** Quotes a value for an error message, cut short so a huge input cannot flood the log. */
function quote(value) {
    const shown = value.length > 80 ? `${value.slice(0, 80)}…` : value;
    return JSON.stringify(shown);
}

;// CONCATENATED MODULE: ./src/show/annotations.ts
/**
 * The annotations and log lines of a report. GitHub shows 10 annotations of each type per step: one
 * error is kept for the step's own failure (or, warn-only, one warning for the headline), the rest name
 * metrics. Annotation text goes through `@actions/core`, which escapes it inside the command; log lines
 * carry the service's text only in `quoted` form (see log-text.ts).
 */



const ANNOTATION_SLOTS = 9;
const LOG_ROWS = 50;
/** For an annotation: the text as it is, hidden characters shown, cut at `max`. */
const plain = (text, max) => showHidden(clipText(text, max));
/** The one-line reason the step failed (or warned), naming the first few metrics. */
function headline(report) {
    if (report.outcome === 'pass')
        return 'The evaluation service passed this commit.';
    if (report.outcome === 'error') {
        const problem = report.problem ?? { message: 'No verdict.' };
        return plain(`${problem.message} ${problem.hint ?? ''}`.trim(), 3_000);
    }
    const named = report.metrics.slice(0, 3).map((m) => plain(m.name, 60));
    const count = report.itemCount ?? 0;
    const more = count > 3 ? ` and ${count - 3} more` : '';
    const list = named.length > 0 ? ` (${named.join(', ')}${more})` : '';
    return `The evaluation service blocked this commit: ${blockedCount(report)}${list}.`;
}
function annotateMetrics(report, out) {
    const annotate = (message) => report.warnOnly
        ? out.warning(message, { title: 'Blocked metric' })
        : out.error(message, { title: 'Blocked metric' });
    const slots = report.warnOnly ? ANNOTATION_SLOTS - 1 : ANNOTATION_SLOTS;
    const count = report.itemCount ?? 0;
    const shown = count <= slots ? report.metrics : report.metrics.slice(0, slots - 1);
    for (const metric of shown)
        annotate(describeMetric(metric, plain));
    if (shown.length < count)
        annotate(`…and ${count - shown.length} more blocked metric(s); the job summary lists them.`);
}
function logMetrics(report, out) {
    const lines = report.metrics.slice(0, LOG_ROWS).map((metric) => `  blocked: ${describeMetric(metric, quoted)}`);
    const count = report.itemCount ?? 0;
    if (count > LOG_ROWS)
        lines.push(`  …and ${count - LOG_ROWS} more.`);
    for (const note of report.notes)
        lines.push(`  note: ${quoted(note, 300)}`);
    if (lines.length > 0)
        out.infoLines(lines);
}

;// CONCATENATED MODULE: ./src/show/log-text.ts
/**
 * Text on the step's log. The runner reads workflow commands from every line of stdout and stderr (a
 * line starting with `::` after blanks, and `##[command]` anywhere in a line), and the problem matchers
 * that earlier steps registered (`actions/setup-node` adds tsc and eslint ones) turn lines shaped like
 * `x.ts(12,5): error TS2304: …` into annotations on any file.
 *
 * So text that came from the service or the event is only ever put into a sentence as a JSON string
 * (`quoted`), and every log line goes through `logLine`, which escapes the colons and `#` inside those
 * strings (every common matcher needs a colon between a file and its line, or right after it), shows
 * hidden characters, and keeps the line one line that cannot start a command.
 */

/** The message of anything thrown, for a log line or an error. */
function errorMessage(cause) {
    return cause instanceof Error ? cause.message : String(cause);
}
const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;
/** A line for the log: one line, no command, and no matcher-shaped text inside quoted pieces. */
function logLine(text) {
    return neutralize(showHidden(text).replace(JSON_STRING, (s) => s.replace(/:/g, '\\u003a').replace(/#/g, '\\u0023')));
}
/**
 * For text on a workflow command or a log line: one line, not starting with `::` (the runner trims
 * white space first), and no `##[` anywhere. The marks that break them are visible backslashes.
 */
function neutralize(text) {
    return text
        .replace(/[\u0000-\u0008\u000a-\u001f\u007f\u0085\u2028\u2029]/g, (c) => unitEscape(c.charCodeAt(0)))
        .replace(/^(\s*)::/, '$1\\::')
        .replace(/##\[/g, '##\\[');
}

;// CONCATENATED MODULE: ./src/show/markdown.ts
/**
 * The report as GitHub Flavored Markdown, for the job summary and the pull-request comment: one
 * renderer, two budgets. Pure: it takes a report and returns text that fits its place's cap (over 1 MiB
 * the runner shows no summary at all; over 65,536 characters GitHub refuses a comment). Rows are shed
 * whole, never cut mid-way, and the true count is always given.
 *
 * Text from the service or the event is shown only inside code: a code span in a sentence, or
 * `<code>` with HTML escaped in the tables, which are HTML blocks. GitHub interprets nothing there: no
 * Markdown, no entities (so a masked secret cannot come back through `&#95;`), no autolinked URLs,
 * no @mentions, no #references. Hidden and reordering characters are shown as `\uXXXX`.
 */



/** The runner drops any summary over 1,048,576 bytes; this leaves room to spare. */
const SUMMARY_BUDGET_BYTES = 1_000_000;
/** GitHub refuses a comment body over 65,536 characters; this leaves room to spare. */
const COMMENT_BUDGET_CHARS = 65_000;
const SUMMARY_PLACE = {
    budget: SUMMARY_BUDGET_BYTES,
    measure: (text) => Buffer.byteLength(text, 'utf8'),
    maxRows: MAX_SHOWN_METRICS,
    elsewhere: 'the file named by the `report-file` output has the full list'
};
function commentPlace(header, footer) {
    return {
        budget: COMMENT_BUDGET_CHARS,
        measure: (text) => text.length,
        maxRows: 100,
        elsewhere: `the job summary lists up to ${MAX_SHOWN_METRICS} and the \`report-file\` output has them all`,
        header,
        footer
    };
}
const MAX_CELL_CHARS = 200;
const HTML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
function escapeHtml(text) {
    return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}
/** Printable ASCII with nothing HTML would read (no `"&'<>`): text that every step below leaves as it is. */
const markdown_PLAIN = /^[ !#-%(-;=?-~]*$/;
/** Untrusted text for an HTML table cell: one line, hidden characters shown, clipped, escaped, in `<code>`. */
function codeCell(text, max = MAX_CELL_CHARS) {
    if (text === '')
        return '';
    if (text.length <= max && markdown_PLAIN.test(text))
        return `<code>${text}</code>`;
    return `<code>${escapeHtml(shownText(text, max))}</code>`;
}
/** Untrusted text for a Markdown sentence: a code span whose fence is longer than any run of backticks inside. */
function codeSpan(text, max = MAX_CELL_CHARS) {
    const clean = shownText(text, max);
    if (clean.trim() === '')
        return '`-`';
    const longest = Math.max(0, ...(clean.match(/`+/g) ?? []).map((run) => run.length));
    const fence = '`'.repeat(longest + 1);
    const pad = clean.startsWith('`') || clean.endsWith('`') || clean.startsWith(' ') ? ' ' : '';
    return `${fence}${pad}${clean}${pad}${fence}`;
}
/**
 * Untrusted text on one line, hidden characters shown, clipped to `max` characters. The text is clipped
 * first to twice that, which changes nothing (a line break takes at most two characters and becomes one;
 * showing a hidden character only lengthens it) but spares writing out the hidden characters of a 16 MiB
 * text to keep a hundred.
 */
function shownText(text, max) {
    return clipText(showHidden(oneLine(clipText(text, 2 * max))), max);
}
function oneLine(text) {
    return text.replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, ' ');
}
const HEADINGS = {
    pass: '## ✅ Eval gate: pass',
    blocked: '## ❌ Eval gate: blocked',
    error: '## ⚠️ Eval gate: no verdict (error)'
};
function renderMarkdown(report, place) {
    const head = [
        ...(place.header ?? []),
        HEADINGS[report.outcome],
        '',
        leadSentence(report),
        '',
        ...contextTable(report),
        ''
    ];
    const tail = [...closingLines(report), ...(place.footer ?? [])];
    const join = (lines) => `${lines.join('\n')}\n`;
    if (report.outcome !== 'blocked' || !report.itemCount)
        return join([...head, ...tail]);
    const fixed = place.measure(join([...head, ...tail])) + 600;
    return join([...head, ...metricsTable(report, place, place.budget - fixed), '', ...tail]);
}
function leadSentence(report) {
    const commit = report.target ? `commit ${commitLink(report)}` : 'the commit';
    const on = report.target ? ` on ${codeSpan(report.target.branch)}` : '';
    switch (report.outcome) {
        case 'pass':
            return `The evaluation service passed ${commit}${on}.`;
        case 'blocked':
            return `The evaluation service **blocked** ${commit}${on}: ${blockedCount(report)}.`;
        case 'error':
            return `No trustworthy verdict could be had for ${commit}${on}, so it was not checked.`;
    }
}
function commitLink(report) {
    const short = report.target.commitSha.slice(0, 7);
    return report.commitUrl ? `[\`${short}\`](${report.commitUrl})` : `\`${short}\``;
}
function contextTable(report) {
    const commit = report.target
        ? report.commitUrl
            ? `<a href="${escapeHtml(report.commitUrl)}"><code>${report.target.commitSha.slice(0, 7)}</code></a>`
            : `<code>${report.target.commitSha.slice(0, 7)}</code>`
        : '-';
    const cells = [
        report.projectId === undefined ? '-' : codeCell(report.projectId),
        commit,
        report.target ? codeCell(report.target.branch) : '-',
        codeCell(report.eventName || '-')
    ];
    return [
        '<table>',
        '<tr><th>Project</th><th>Commit</th><th>Branch</th><th>Event</th></tr>',
        `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`,
        '</table>'
    ];
}
function closingLines(report) {
    const lines = [];
    if (report.notes.length > 0) {
        lines.push('**What could not be shown:**', '');
        for (const note of report.notes.slice(0, 10))
            lines.push(`- ${codeSpan(note, 300)}`);
        lines.push('');
    }
    if (report.problem) {
        lines.push(`**What went wrong:** ${codeSpan(report.problem.message, 2_000)}`, '');
        if (report.problem.hint)
            lines.push(`**What to do:** ${codeSpan(report.problem.hint, 2_000)}`, '');
    }
    if (report.outcome === 'blocked')
        lines.push(`**What to do next:** ${NEXT_STEPS_BLOCKED}`, '');
    if (report.warnOnly && report.outcome === 'blocked') {
        lines.push('> [!WARNING]', '> The step did not fail because `fail-on-blocked` is `false`. This commit did **not** pass the gate.', '');
    }
    if (report.warnOnly && report.outcome === 'error') {
        lines.push('> [!WARNING]', '> The step did not fail because `fail-on-error` is `false`. This commit was **not** checked.', '');
    }
    return lines;
}
function metricsTable(report, place, budget) {
    const lines = [
        '### Blocked metrics',
        '',
        '<table>',
        '<tr><th>Metric</th><th>Score vs threshold</th><th>Margin</th><th>Score against threshold</th><th>Other fields</th></tr>'
    ];
    let used = place.measure(lines.join('\n'));
    let rows = 0;
    for (const metric of report.metrics.slice(0, place.maxRows)) {
        const row = metricRow(metric);
        const size = place.measure(row) + 1;
        if (used + size > budget)
            break;
        lines.push(row);
        used += size;
        rows++;
    }
    lines.push('</table>');
    const left = (report.itemCount ?? 0) - rows;
    if (left > 0) {
        lines.push('', `_Showing ${rows} of ${report.itemCount} blocked metrics; ${place.elsewhere}._`);
    }
    return lines;
}
function metricRow(metric) {
    const c = metric.comparison;
    const result = c
        ? `<code>${relationText(c).replace('<', '&lt;').replace('>', '&gt;')}</code>`
        : [
            metric.score !== undefined ? `score ${codeCell(metric.score, 60)}` : '',
            metric.threshold !== undefined ? `threshold ${codeCell(metric.threshold, 60)}` : ''
        ]
            .filter(Boolean)
            .join(', ') || '-';
    const bar = c && scoreBar(c);
    const other = metric.extra
        .slice(0, 6)
        .map(([key, value]) => `${codeCell(key, 40)}: ${codeCell(value, 80)}`)
        .join('<br>');
    const more = metric.extra.length > 6 ? `<br>and ${metric.extra.length - 6} more field(s)` : '';
    const cells = [
        codeCell(metric.name),
        result,
        c ? marginText(c) : '-',
        bar ? `<code>${bar}</code>` : '-',
        other + more
    ];
    return `<tr>${cells.map((cell) => `<td>${cell || '-'}</td>`).join('')}</tr>`;
}

;// CONCATENATED MODULE: ./src/show/comment/comment-plan.ts
/** The pull-request events: only these have a pull request to tell. */
const COMMENT_EVENTS = new Set([
    'pull_request',
    'pull_request_target',
    'pull_request_review',
    'pull_request_review_comment'
]);
/**
 * The hidden line that marks this action's comment for one project, so two gates on one pull request
 * keep a comment each. The project id is percent-encoded: it may not close the HTML comment early.
 */
function commentMarker(projectId) {
    return `<!-- eval-gate:comment project=${encodeURIComponent(projectId)} -->`;
}
/**
 * Our comment: it carries the marker **and** was written by the token's own account. Anyone can paste
 * the marker into a comment of their own; such a comment is never taken for ours, so never edited.
 */
function findOwnComment(comments, login, marker) {
    if (login === '')
        return undefined;
    // A comment edited in the browser may come back with CRLF line ends.
    return comments.find((c) => c.user?.login === login && (c.body ?? '').split('\n', 1)[0].replace(/\r$/, '') === marker);
}
/**
 * `failures` writes a comment when the outcome is blocked or error and keeps an existing one current on
 * every outcome (so a later pass replaces a stale "blocked"); `always` also writes one on a first pass.
 */
function planComment(mode, outcome, existing) {
    if (existing)
        return { write: 'update' };
    if (outcome !== 'pass' || mode === 'always')
        return { write: 'create' };
    return { write: 'none', why: 'the commit passed and there is no earlier comment to bring up to date' };
}

;// CONCATENATED MODULE: ./src/show/comment/pull-request-comment.ts
/**
 * The pull-request comment: one per pull request and project, found by its marker and by being the
 * token's own, edited in place (an edit notifies nobody) and created only when there is none.
 *
 * It never changes the step's outcome: every way GitHub can fail ends in at most one warning, and all of
 * GitHub's calls together share one time limit, so a hung GitHub cannot hold the step. `@actions/github`
 * is loaded here, on first use, so that runs that never comment do not pay for it.
 */




/** All of GitHub's calls together; past this the comment is left as it was. */
const GITHUB_BUDGET_MS = 30_000;
/** Pages of 100 comments read at most while looking for ours: 10,000 comments, and never a loop. */
const MAX_COMMENT_PAGES = 100;
/** Writes or updates the comment when this run should; returns its URL, or '' when there is none. */
async function commentOnPullRequest(report, context) {
    const { mode, say } = context;
    if (mode === 'off')
        return '';
    if (!COMMENT_EVENTS.has(context.eventName)) {
        say(`No pull-request comment: the '${context.eventName}' event has no pull request to tell.`);
        return '';
    }
    const number = pullRequestNumber(context.payload);
    const repository = /^([\w.-]+)\/([\w.-]+)$/.exec(context.env.GITHUB_REPOSITORY ?? '');
    if (!report.target || report.projectId === undefined || number === undefined || !repository) {
        say('No pull-request comment: the pull request, the repository or the commit is not known.');
        return '';
    }
    if (context.token === '') {
        say('No pull-request comment: github-token is empty.');
        return '';
    }
    const budget = new AbortController();
    const timer = setTimeout(() => budget.abort(), context.budgetMs ?? GITHUB_BUDGET_MS);
    const signal = AbortSignal.any([budget.signal, context.signal]);
    try {
        // The race ends the wait when the signal fires even if some call did not take the signal: a hung or
        // looping GitHub cannot hold the step. (index.ts ends the process once run() has decided.)
        return await Promise.race([
            write(report, context, { owner: repository[1], repo: repository[2], number, signal }),
            aborted(signal)
        ]);
    }
    catch (cause) {
        if (context.signal.aborted)
            context.say('The run was cancelled; the pull-request comment was left as it was.');
        else
            context.warn(explain(cause, budget.signal.aborted, context.budgetMs ?? GITHUB_BUDGET_MS, context.redact));
        return '';
    }
    finally {
        clearTimeout(timer);
    }
}
async function write(report, context, where) {
    const { owner, repo, number, signal } = where;
    const request = { signal };
    const { getOctokit } = await Promise.all(/* import() */[__nccwpck_require__.e(119), __nccwpck_require__.e(542)]).then(__nccwpck_require__.bind(__nccwpck_require__, 542));
    const baseUrl = (context.env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, '');
    const octokit = getOctokit(context.token, { baseUrl });
    // Every request carries the signal, the pages of a paginated list included (paginate does not pass
    // per-call request options on to the pages after the first).
    octokit.hook.before('request', (options) => {
        options.request = { ...options.request, signal };
    });
    // A newer push may have started a newer run: its result, not this one, belongs on the pull request.
    const { data: pull } = await octokit.rest.pulls.get({ owner, repo, pull_number: number, request });
    const head = typeof pull?.head?.sha === 'string' ? pull.head.sha : '';
    if (pull?.state !== 'open' || head !== report.target.commitSha) {
        const state = typeof pull?.state === 'string' && /^\w{1,20}$/.test(pull.state) ? pull.state : 'not open';
        const now = pull?.state !== 'open' ? `is ${state}` : `now has head ${head.slice(0, 7)}`;
        context.say(`No pull-request comment: pull request #${number} ${now}; the comment is left to the newer run.`);
        return '';
    }
    const viewer = await octokit.graphql('query { viewer { login } }', { request });
    const login = viewer?.viewer?.login;
    if (typeof login !== 'string' || login === '') {
        throw new Error('GitHub did not say which account the token writes as, so its comment cannot be told apart');
    }
    const marker = commentMarker(report.projectId);
    // Only comments that could be ours are kept, and the reading stops at ours or at the page limit.
    let pages = 0;
    const own = (await octokit.paginate(octokit.rest.issues.listComments, { owner, repo, issue_number: number, per_page: 100, request }, (response, done) => {
        if (!Array.isArray(response.data))
            throw new Error('GitHub listed the comments in a form it does not use');
        const found = findOwnComment(response.data, login, marker);
        if (found || ++pages >= MAX_COMMENT_PAGES)
            done();
        if (!found && pages >= MAX_COMMENT_PAGES) {
            throw new Error(`the pull request has more than ${MAX_COMMENT_PAGES} pages of comments; ours was not among them`);
        }
        return found ? [found] : [];
    }))[0];
    const step = planComment(context.mode, report.outcome, own !== undefined);
    if (step.write === 'none') {
        context.say(`No pull-request comment: ${step.why}.`);
        return '';
    }
    const body = renderMarkdown(report, commentPlace([marker], footer(report, context.env)));
    if (own) {
        const { data } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: own.id, body, request });
        return said(context, 'Updated', data.html_url);
    }
    const { data } = await octokit.rest.issues.createComment({ owner, repo, issue_number: number, body, request });
    return said(context, 'Wrote', data.html_url);
}
/** Logs the comment's address and returns it for the output, when it is one. */
function said(context, done, url) {
    const address = typeof url === 'string' && /^https?:\/\/\S+$/.test(url) ? url : '';
    context.say(`${done} the pull-request comment${address ? `: ${address}` : '.'}`);
    return address;
}
/** A promise that rejects when the signal aborts. */
function aborted(signal) {
    return new Promise((_, reject) => {
        const stop = () => reject(new Error('stopped'));
        if (signal.aborted)
            stop();
        else
            signal.addEventListener('abort', stop, { once: true });
    });
}
function pullRequestNumber(payload) {
    const pull = payload.pull_request;
    const number = pull?.number ?? payload.number;
    return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : undefined;
}
/** A last line pointing back at the run that wrote the comment, for the rest of the list. */
function footer(report, env) {
    const repository = repositoryUrl(env);
    const runId = env.GITHUB_RUN_ID ?? '';
    const run = repository && /^\d+$/.test(runId)
        ? `[the run's job summary](${repository}/actions/runs/${runId})`
        : "the run's job summary";
    const commit = report.target ? ` for commit \`${report.target.commitSha.slice(0, 7)}\`` : '';
    return [`<sub>Written by eval-gate${commit}; ${run} and its \`report-file\` output have the details.</sub>`];
}
/** One warning that says what happened and what to change; GitHub's own words are quoted, never obeyed. */
function explain(cause, timedOut, budgetMs, redact) {
    const after = ' The gate\u2019s result is unchanged.';
    if (timedOut)
        return `GitHub did not answer within ${budgetMs / 1000} s; the pull-request comment was left as it was.${after}`;
    const status = cause.status;
    const message = redact(cause instanceof Error ? cause.message : String(cause));
    if (status === 403 || status === 404) {
        return (`Could not write the pull-request comment: GitHub answered ${status} (${quoted(message, 200)}). ` +
            'Give the job `permissions: pull-requests: write` (pull requests from forks only ever get a read-only token), ' +
            `or set \`pr-comment: off\`.${after}`);
    }
    if (status === 401)
        return `Could not write the pull-request comment: github-token was refused (401).${after}`;
    return `Could not write the pull-request comment: ${quoted(message, 300)}.${after}`;
}

;// CONCATENATED MODULE: ./src/show/outputs.ts
function outputsOf(report, reportFile) {
    return {
        verdict: report.outcome,
        'blocked-metrics': report.itemsJson.json,
        'blocked-count': report.itemCount === null ? '' : String(report.itemCount),
        'commit-sha': report.target?.commitSha ?? '',
        branch: report.target?.branch ?? '',
        'report-file': reportFile
    };
}

;// CONCATENATED MODULE: external "node:os"
const external_node_os_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");
;// CONCATENATED MODULE: external "node:path"
const external_node_path_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");
;// CONCATENATED MODULE: ./src/show/report-file.ts
/**
 * The report file: the whole result as JSON under RUNNER_TEMP, for later steps that want more than the
 * outputs can carry (every blocked metric, the requests made, the waits and the timings). Its shape is
 * versioned by `schema_version` and documented in the README.
 */



const REPORT_SCHEMA_VERSION = 1;
/** The report file's text, in three parts: the small facts, the service's answer, and the end. */
function reportFileParts(report) {
    const document = {
        schema_version: REPORT_SCHEMA_VERSION,
        verdict: report.outcome,
        warn_only: report.warnOnly,
        project_id: report.projectId ?? null,
        commit_sha: report.target?.commitSha ?? null,
        branch: report.target?.branch ?? null,
        event: report.eventName || null,
        commit_source: report.target?.shaSource ?? null,
        blocked_count: report.itemCount,
        problem: report.problem ?? null,
        notes: report.notes,
        requests: report.requests,
        waits: report.waits.map((w) => ({ after_request: w.afterRequest, ms: w.ms, why: w.why })),
        timings: {
            started_at: new Date(report.startedAt).toISOString(),
            finished_at: new Date(report.finishedAt).toISOString(),
            duration_ms: report.finishedAt - report.startedAt,
            waited_ms: report.waits.reduce((sum, w) => sum + w.ms, 0)
        }
    };
    // The answer goes last and whole, as the service wrote it (key removed), so a reader of the file sees
    // the small facts first, and a large answer costs no second serialisation.
    const head = JSON.stringify(document, null, 2);
    return [`${head.slice(0, -2)},\n  "answer": `, report.answerJson ?? 'null', '\n}\n'];
}
/** Where this step's report goes: one file per step (GITHUB_ACTION names the step), in the job's temp folder. */
function reportFilePath(env) {
    const step = (env.GITHUB_ACTION ?? '').replace(/[^\w.-]+/g, '_').replace(/^\.+/, '') || 'step';
    return (0,external_node_path_namespaceObject.join)(env.RUNNER_TEMP || (0,external_node_os_namespaceObject.tmpdir)(), 'eval-gate', `report-${step}.json`);
}
/**
 * Writes the report file and returns its path; throws when it cannot be written whole (and removes what
 * was written of it, so no later step reads half a report). The answer's bytes go out in the pieces
 * they arrived in, in one synchronous writev: a large answer costs no copy and no encoding, and no
 * thread of the pool is started for it (a write in the background measured no faster: the thread
 * competes with the rest of the step for the runner's few cores, and the step waits for it to end).
 */
function writeReportFile(report, env) {
    const path = reportFilePath(env);
    (0,external_node_fs_namespaceObject.mkdirSync)((0,external_node_path_namespaceObject.join)(path, '..'), { recursive: true });
    const [head, answer, tail] = reportFileParts(report);
    // Bytes, never text pieces joined as text: a character may be split between two pieces.
    const buffers = [head, ...(typeof answer === 'string' ? [answer] : answer), tail].map((piece) => typeof piece === 'string' ? Buffer.from(piece) : piece);
    const size = buffers.reduce((sum, buffer) => sum + buffer.length, 0);
    const fd = (0,external_node_fs_namespaceObject.openSync)(path, 'w', 0o600);
    try {
        // libuv writes any number of buffers, IOV_MAX at a time, and goes on after a short write; an error
        // after some bytes were written comes back only as a short count.
        const count = (0,external_node_fs_namespaceObject.writevSync)(fd, buffers);
        if (count !== size)
            throw new Error(`wrote ${count} of ${size} bytes`);
    }
    catch (cause) {
        (0,external_node_fs_namespaceObject.closeSync)(fd);
        // The write's own error is the one to report, whether or not the half-written file can be removed.
        try {
            (0,external_node_fs_namespaceObject.rmSync)(path, { force: true });
        }
        catch {
            // left as it is: the report-file output stays empty, so no later step is pointed at it
        }
        throw cause;
    }
    (0,external_node_fs_namespaceObject.closeSync)(fd);
    return path;
}

;// CONCATENATED MODULE: ./src/main.ts
/**
 * The step: read the inputs, find the commit, ask the service, build one report, and show it in every
 * place (outputs, report file, job summary, annotations, log). `run` is the only place that decides
 * whether the step fails, and it fails unless it positively decided otherwise: index.ts sets the failing
 * exit code before anything runs, and any way the process can end before a decision (a throw, a promise
 * left pending while the event loop drains, an exit) is reported as verdict `error`.
 */
















const STOPPED_HINT = 'This is a fault of the action or of the runner, not of the commit. Run the job again.';
async function run() {
    const startedAt = Date.now();
    // Masked before anything else runs, so no later line (even an error) can show the key.
    const rawKey = core.getInput('api-key');
    if (rawKey !== '')
        core.setSecret(rawKey);
    const token = core.getInput('github-token');
    if (token !== '')
        core.setSecret(token);
    const redact = redactor(rawKey.trim(), token);
    /** Every log line goes through here: the key removed, quoted pieces made inert, one line, no command. */
    const safe = (message) => logLine(redact(message));
    const say = (message) => core.info(safe(message));
    const out = { ...core, info: say, infoLines: (lines) => core.info(lines.map(safe).join('\n')) };
    const event = readEvent();
    /** What is known so far, so that a run stopped at any point still reports what it had. */
    const known = { outcome: 'error', warnOnly: false, eventName: event.eventName, startedAt };
    let decided;
    const decide = (facts) => {
        decided ??= show(buildReport(facts, redact), out);
        return decided;
    };
    const stopUndecided = (why) => {
        if (decided)
            return;
        decide({ ...known, outcome: 'error', warnOnly: false, problem: { message: why, hint: STOPPED_HINT } });
    };
    // The last line of defence: none of these may end the process without a decision.
    const onBeforeExit = () => stopUndecided('eval-gate stopped before a verdict: its work ended without an answer and without an error.');
    const onExit = () => stopUndecided('eval-gate was ended before a verdict.');
    const onFault = (cause) => {
        stopUndecided(`eval-gate stopped before a verdict: ${errorMessage(cause)}`);
        process.exit();
    };
    // On cancel or timeout-minutes the runner sends SIGINT, then SIGTERM: stop waiting and report.
    // fail-closed.ts listens from the first moment; its signal says whether one came.
    const cancel = cancelled.signal;
    process.on('beforeExit', onBeforeExit);
    process.on('exit', onExit);
    process.on('uncaughtException', onFault);
    process.on('unhandledRejection', onFault);
    try {
        const { facts, settings } = await gate(event, known, say, cancel, redact);
        const report = decide(facts);
        // Only now, with the outcome settled: the comment may fail or time out, and changes nothing of it.
        const url = settings
            ? await commentOnPullRequest(report, {
                mode: settings.prComment,
                token: settings.githubToken,
                eventName: event.eventName,
                payload: event.payload,
                env: process.env,
                signal: cancel,
                say,
                warn: (message) => core.warning(safe(message)),
                redact
            })
            : '';
        core.setOutput('comment-url', url);
    }
    catch (cause) {
        stopUndecided(`eval-gate could not finish: ${errorMessage(cause)}`);
    }
    finally {
        process.removeListener('beforeExit', onBeforeExit);
        process.removeListener('exit', onExit);
        process.removeListener('uncaughtException', onFault);
        process.removeListener('unhandledRejection', onFault);
    }
}
/** Reads the settings, resolves the commit and asks the service; `known` fills in as facts arrive. */
async function gate(event, known, say, signal, redact) {
    let settings;
    try {
        settings = readSettings((name) => core.getInput(name), { isForkPullRequest: isForkPullRequest(event) });
        known.projectId = settings.projectId;
        known.target = resolveTarget(event, settings);
    }
    catch (cause) {
        if (!(cause instanceof InputError || cause instanceof ResolveError))
            throw cause;
        // A configuration problem: nothing is sent, and the step fails whatever fail-on-error says,
        // because a misconfigured gate would otherwise pass every commit without anyone noticing.
        return {
            facts: { ...known, problem: { message: cause.message, hint: 'Fix the step\u2019s inputs; no request was sent.' } }
        };
    }
    const target = known.target;
    known.commitUrl = commitUrl(target.commitSha);
    for (const warning of settings.warnings)
        core.warning(warning);
    say(`Gating commit ${target.commitSha} on branch ${quoted(target.branch)} of project ${quoted(settings.projectId)}.`);
    say(`  commit from ${target.shaSource}; branch from ${target.branchSource}; event ${quoted(event.eventName)}.`);
    const result = await evaluateGate({ ...settings, ...target }, {
        now: Date.now,
        random: Math.random,
        sleep: sleep,
        log: say,
        signal,
        slicing: { scan: redact.scan, keep: itemsTheReportNeeds() }
    });
    known.requests = result.requests;
    known.waits = result.waits;
    if (result.kind === 'error') {
        const problem = { message: result.message, hint: result.hint };
        return { facts: { ...known, warnOnly: !settings.failOnError, problem }, settings };
    }
    const facts = {
        ...known,
        outcome: result.verdict,
        items: result.items,
        answer: result.answer,
        answerText: result.answerText,
        answerBytes: result.answerBytes,
        itemCount: result.itemCount,
        answerClean: result.answerClean,
        notes: result.notes,
        warnOnly: result.verdict === 'blocked' && !settings.failOnBlocked
    };
    return { facts, settings };
}
/**
 * Shows the report everywhere and sets the step's result. The exit code is settled first, from the
 * outcome alone; a place that cannot be written never turns a failure into a pass.
 */
function show(report, out) {
    process.exitCode = report.outcome === 'pass' || report.warnOnly ? 0 : 1;
    out.info(`Answer after ${report.requests} request(s): ${report.outcome}.`);
    let reportFile = '';
    try {
        reportFile = writeReportFile(report, process.env);
    }
    catch (cause) {
        core.warning(`Could not write the report file: ${errorMessage(cause)}`);
    }
    writeSummary(renderMarkdown(report, SUMMARY_PLACE));
    try {
        for (const [name, value] of Object.entries(outputsOf(report, reportFile)))
            core.setOutput(name, value);
    }
    catch (cause) {
        // Later steps would read no verdict at all: the step cannot be called a pass.
        core.setFailed(neutralize(`eval-gate could not finish: could not write its outputs: ${errorMessage(cause)}`));
    }
    logMetrics(report, out);
    if (report.outcome === 'blocked')
        annotateMetrics(report, out);
    const reason = headline(report);
    if (report.outcome === 'pass')
        out.info(reason);
    else if (!report.warnOnly)
        core.setFailed(reason);
    else if (report.outcome === 'blocked')
        core.warning(`${reason} The step passes because fail-on-blocked is false.`);
    else
        core.warning(`No verdict: ${reason} The step passes because fail-on-error is false; the commit was not checked.`);
    return report;
}
function writeSummary(markdown) {
    const path = process.env.GITHUB_STEP_SUMMARY;
    if (!path)
        return;
    try {
        (0,external_node_fs_namespaceObject.appendFileSync)(path, markdown, 'utf8');
    }
    catch (cause) {
        core.warning(`Could not write the job summary: ${errorMessage(cause)}`);
    }
}
function readEvent() {
    const env = process.env;
    let payload = {};
    if (env.GITHUB_EVENT_PATH) {
        try {
            const parsed = JSON.parse((0,external_node_fs_namespaceObject.readFileSync)(env.GITHUB_EVENT_PATH, 'utf8'));
            if (parsed !== null && typeof parsed === 'object')
                payload = parsed;
        }
        catch (cause) {
            core.warning(`Could not read the event payload at GITHUB_EVENT_PATH: ${errorMessage(cause)}`);
        }
    }
    return { eventName: env.GITHUB_EVENT_NAME ?? '', payload, env };
}
function commitUrl(sha) {
    const repository = repositoryUrl(process.env);
    return repository && `${repository}/commit/${sha}`;
}

;// CONCATENATED MODULE: ./src/index.ts
// The entry the runner starts (through dist/index.js). All the work is in main.ts.


// Once run() has decided, nothing may hold the step: a connection left behind by a silent proxy or a
// hung host would keep the process alive until the job's timeout. The timer does not itself keep it alive.
void run().finally(() => setTimeout(() => process.exit(), 1_000).unref());

